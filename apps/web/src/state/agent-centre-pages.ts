/**
 * The agent centre's pages (spec section 2, "Agent center"), in menu order: the eight pages the spec
 * always shows, the red envelope page, and the agent's wallet (its main and agent wallets and the
 * moves between them). The contract pages (dividend, wages, salaries) come with the contracts. A
 * page shows in the menu only once its component is in `shell/agent-centre/page-registry.ts`.
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
  'agentRedEnvelope',
  'agentWallet',
] as const;

export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

/** The query parameter that opens the agent centre on a page: `?ac=agentTeamOverview`. */
export const AGENT_CENTRE_PARAM = 'ac';

export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePage = 'agentTeamOverview';

export function isAgentCentrePage(value: string | null): value is AgentCentrePage {
  return value !== null && (AGENT_CENTRE_PAGES as readonly string[]).includes(value);
}
