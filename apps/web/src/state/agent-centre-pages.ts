/**
 * The agent centre's pages (spec section 2, "Agent center"), in menu order: the eight pages the spec
 * always shows, the four contract pages (dividend, daily wages, hourly and real-time salary) shown
 * while the merchant's flag of their kind is on (AGENT_CENTRE_PAGE_FLAGS), the red envelope page,
 * and the agent's wallet (its main and agent wallets and the moves between them). A page shows in
 * the menu only once its component is in `shell/agent-centre/page-registry.ts`.
 */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'agentRedEnvelope',
  'agentWallet',
] as const;

export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

/**
 * The pages the spec shows only while a feature is on: the settings tree's nodes (`modId`) that must
 * all be on, the agent area, its contracts, and the kind's own node.
 */
export const AGENT_CENTRE_PAGE_FLAGS: Partial<Record<AgentCentrePage, readonly string[]>> = {
  agentDividendRecordCopy2: ['AGENT', 'CONTRACT', 'DIVIDEND'],
  agentDailyWages2: ['AGENT', 'CONTRACT', 'DAILYSALARY'],
  agentHourSalary: ['AGENT', 'CONTRACT', 'HOURSALARY'],
  agentRealtimeSalary: ['AGENT', 'CONTRACT', 'REALTIMESALARY'],
};

/** The query parameter that opens the agent centre on a page: `?ac=agentTeamOverview`. */
export const AGENT_CENTRE_PARAM = 'ac';

export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePage = 'agentTeamOverview';

export function isAgentCentrePage(value: string | null): value is AgentCentrePage {
  return value !== null && (AGENT_CENTRE_PAGES as readonly string[]).includes(value);
}
