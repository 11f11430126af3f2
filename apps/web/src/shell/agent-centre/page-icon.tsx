import type { AgentCentrePage } from '../../state/agent-centre-pages.ts';

/** One line icon per page, drawn like the member centre's (stroke follows the text colour). */
const PATHS: Record<AgentCentrePage, string> = {
  agentAnnouncement: 'M4 10v4h3l6 4V6l-6 4H4zm13-1a4 4 0 010 6',
  agentTeamOverview: 'M4 19h16M7 16v-5M12 16V6M17 16v-8',
  registerCenter: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M18 8v6M15 11h6',
  downlineManagmentView: 'M12 4v5M12 9H6v4M12 9h6v4M4 13h4v4H4zM16 13h4v4h-4zM10 3h4v3h-4z',
  personalHistoryCopy: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  palStatementsAgentCopy: 'M4 19h16M6 15l4-4 3 3 5-6',
  agentRevenueReport: 'M12 3v18M16 7H10a3 3 0 000 6h4a3 3 0 010 6H7',
  agentDownlineTransactionDetailsCopy: 'M4 7h16M4 12h16M4 17h10M18 15l2 2-2 2',
  agentDividendRecordCopy2: 'M12 3a9 9 0 109 9h-9zM15 3.5A9 9 0 0120.5 9H15z',
  agentDailyWages2: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15h6',
  agentHourSalary: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  agentRealtimeSalary: 'M13 3L5 13h6l-1 8 8-10h-6z',
  agentRedEnvelope: 'M5 3h14v18H5zM5 8l7 4 7-4M12 14v2',
  agentWallet: 'M3 7h15a3 3 0 013 3v7a3 3 0 01-3 3H6a3 3 0 01-3-3V7zm0 0l12-3v3m2 7h.01',
};

export function AgentPageIcon({ page }: { page: AgentCentrePage }) {
  return (
    <svg
      className="icon member-centre__menu-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[page]} />
    </svg>
  );
}
