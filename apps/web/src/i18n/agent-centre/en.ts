import type { AgentCentreTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const agentCentreEn: AgentCentreTranslation = {
  title: 'Agent centre',
  menuLabel: 'Agent centre pages',
  team: 'Your team: {{count}} members',
  noPages: 'The agent centre has no pages yet.',
  pages: {
    agentAnnouncement: { title: 'Announcements', description: 'Notices for agents, and the notices you send to your downline.' },
    agentTeamOverview: {
      title: 'Overview',
      description: 'Team size by level, new and active members, deposits, withdrawals, valid bet and profit and loss by period.',
    },
    registerCenter: { title: 'Open an account', description: 'Open accounts in your downline; your invitation code and link.' },
    downlineManagmentView: {
      title: 'Team management',
      description: 'Your direct downline, level by level, search by username and transfers to a member.',
    },
    personalHistoryCopy: { title: 'Team betting', description: "Your whole team's bets, by member, level, game category and date." },
    palStatementsAgentCopy: {
      title: 'Subordinate profit and loss',
      description: 'Profit and loss of each direct downline with its whole team.',
    },
    agentRevenueReport: { title: 'My income', description: 'Every income you received, by period.' },
    agentDownlineTransactionDetailsCopy: {
      title: 'Team transactions',
      description: "Your team's deposits, withdrawals, transfers and bonuses, with filters and totals.",
    },
    agentDividendRecordCopy2: { title: 'Dividend', description: "Your and your downline's dividend contracts, and the settled periods." },
    agentDailyWages2: { title: 'Daily wages', description: "Your and your downline's daily wage contracts, and the settled days." },
    agentHourSalary: { title: 'Hourly salary', description: "Your and your downline's hourly wage contracts, and the settled hours." },
    agentRealtimeSalary: {
      title: 'Real-time salary',
      description: "Your and your downline's real-time salary contracts, and the settled periods.",
    },
    agentRedEnvelope: { title: 'Red envelopes', description: 'Send red envelopes to your team and see the ones you sent.' },
    agentWallet: {
      title: 'Agent wallet',
      description: 'Move money between your main wallet and your agent wallet. Transfers to your downline are paid from the agent wallet.',
    },
  },
};
