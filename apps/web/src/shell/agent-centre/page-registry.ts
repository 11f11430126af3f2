import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import {
  AGENT_CENTRE_PAGE_FLAGS,
  AGENT_CENTRE_PAGES,
  type AgentCentrePage,
  DEFAULT_AGENT_CENTRE_PAGE,
} from '../../state/agent-centre-pages.ts';

type PageModule = { default: ComponentType };

/** The contract page of one kind: one component for the four kinds. */
function contractPage(kind: ContractKind) {
  return async (): Promise<PageModule> => {
    const { ContractPage } = await import('../../features/agent-contracts/components/contract-page.tsx');
    return { default: () => createElement(ContractPage, { kind }) };
  };
}

/**
 * The agent centre's pages: page key → its component, each its own chunk loaded the first time it
 * is shown. Each feature that builds a page adds its line here; the menu lists only the pages found
 * here, in the order of AGENT_CENTRE_PAGES, so a page that is not built yet is not offered.
 */
const LOADERS: Partial<Record<AgentCentrePage, () => Promise<PageModule>>> = {
  agentTeamOverview: async () => ({
    default: (await import('../../features/agent-reports/components/team-overview-page.tsx')).TeamOverviewPage,
  }),
  personalHistoryCopy: async () => ({ default: (await import('../../features/agent-reports/components/team-bets-page.tsx')).TeamBetsPage }),
  palStatementsAgentCopy: async () => ({
    default: (await import('../../features/agent-reports/components/subordinate-profit-page.tsx')).SubordinateProfitPage,
  }),
  agentRevenueReport: async () => ({
    default: (await import('../../features/agent-reports/components/agent-income-page.tsx')).AgentIncomePage,
  }),
  agentDownlineTransactionDetailsCopy: async () => ({
    default: (await import('../../features/agent-reports/components/team-transactions-page.tsx')).TeamTransactionsPage,
  }),
  agentAnnouncement: async () => ({
    default: (await import('../../features/agent-team/components/announcement-page.tsx')).AnnouncementPage,
  }),
  registerCenter: async () => ({
    default: (await import('../../features/agent-team/components/register-center-page.tsx')).RegisterCenterPage,
  }),
  downlineManagmentView: async () => ({ default: (await import('../../features/agent-team/components/downline-page.tsx')).DownlinePage }),
  agentDividendRecordCopy2: contractPage('dividend'),
  agentDailyWages2: contractPage('dailyWage'),
  agentHourSalary: contractPage('hourlyWage'),
  agentRealtimeSalary: contractPage('realtimeSalary'),
  agentRedEnvelope: async () => ({
    default: (await import('../../features/red-envelopes/components/red-envelope-page.tsx')).RedEnvelopePage,
  }),
  agentWallet: async () => ({ default: (await import('../../features/agent-wallet/components/agent-wallet-page.tsx')).AgentWalletPage }),
};

/**
 * The pages the menu shows, in menu order: those built, less those whose feature flag is off
 * (`isOn` answers for a settings tree node).
 */
export function registeredPages(isOn: (modId: string) => boolean = () => true): AgentCentrePage[] {
  return AGENT_CENTRE_PAGES.filter((page) => LOADERS[page] !== undefined && (AGENT_CENTRE_PAGE_FLAGS[page] ?? []).every(isOn));
}

/** The page the agent centre opens on: the overview once it is built, else the first page there is. */
export function defaultPage(pages: readonly AgentCentrePage[]): AgentCentrePage | null {
  return pages.includes(DEFAULT_AGENT_CENTRE_PAGE) ? DEFAULT_AGENT_CENTRE_PAGE : (pages[0] ?? null);
}

const loaded = new Map<AgentCentrePage, LazyExoticComponent<ComponentType>>();

export function pageComponent(page: AgentCentrePage): LazyExoticComponent<ComponentType> {
  let component = loaded.get(page);
  if (!component) {
    const loader = LOADERS[page];
    if (!loader) throw new Error(`agent centre page ${page} is not registered`);
    component = lazy(loader);
    loaded.set(page, component);
  }
  return component;
}

/** Loads a page's chunk ahead of its first render (a test waits for them all before it renders). */
export async function preloadPage(page: AgentCentrePage): Promise<void> {
  await LOADERS[page]?.();
}

/** After a failed chunk load: the next render asks the network again instead of the cached failure. */
export function forgetPage(page: AgentCentrePage): void {
  loaded.delete(page);
}
