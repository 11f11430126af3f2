import type {
  AgentIncomeValue,
  SubordinateProfitValue,
  TeamBetsValue,
  TeamOverviewValue,
  TeamTransactionsValue,
} from '@platform/contracts/agents/agent-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Query keys of the agent reports, per agent, so a sign-in as someone else never shows stale figures. */
export const agentReportKeys = {
  all: ['agent-reports'] as const,
  report: (agentId: number, report: string, query: string) => [...agentReportKeys.all, agentId, report, query] as const,
};

/** A query string of the defined values, in a stable order (it is also the cache key). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export type PeriodParams = { period: string; from?: string | undefined; to?: string | undefined };

function useReport<T>(report: string, path: string, params: Record<string, string | number | undefined>, enabled: boolean) {
  const agentId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const query = queryString(params);
  return useQuery({
    enabled,
    queryKey: agentReportKeys.report(agentId, report, query),
    queryFn: ({ signal }) => apiGet<T>(`${path}?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamOverview(params: PeriodParams, enabled = true) {
  return useReport<TeamOverviewValue>('overview', '/wps/agent/reports/overview', params, enabled);
}

export type TeamBetsParams = PeriodParams & {
  username?: string | undefined;
  level?: number | undefined;
  gameCategory?: string | undefined;
  vendorCode?: string | undefined;
  status?: string | undefined;
  pageNo: number;
  pageSize: number;
};

export function useTeamBets(params: TeamBetsParams, enabled = true) {
  return useReport<TeamBetsValue>('team-bets', '/wps/agent/reports/team-bets', params, enabled);
}

export function useSubordinateProfit(
  params: PeriodParams & { parent?: string | undefined; pageNo: number; pageSize: number },
  enabled = true,
) {
  return useReport<SubordinateProfitValue>('subordinate-pl', '/wps/agent/reports/subordinate-pl', params, enabled);
}

export function useAgentIncome(params: PeriodParams & { kind?: string | undefined; pageNo: number; pageSize: number }, enabled = true) {
  return useReport<AgentIncomeValue>('income', '/wps/agent/reports/income', params, enabled);
}

export function useTeamTransactions(
  params: PeriodParams & { username?: string | undefined; kind?: string | undefined; pageNo: number; pageSize: number },
  enabled = true,
) {
  return useReport<TeamTransactionsValue>('team-transactions', '/wps/agent/reports/team-transactions', params, enabled);
}
