import type { AgentSelfValue } from '@platform/contracts/agents/agent-network';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';

/** Query keys of the agent calls, per agent, so a sign-in as someone else never shows stale data. */
export const agentKeys = {
  all: ['agent'] as const,
  self: (customerId: number) => [...agentKeys.all, 'self', customerId] as const,
  wallet: (customerId: number) => [...agentKeys.all, 'wallet', customerId] as const,
};

/** The session agent: its type, whom it may open and its team size per level (the agent centre's header). */
export function useAgentSelf(customerId: number | null) {
  return useQuery({
    queryKey: agentKeys.self(customerId ?? 0),
    queryFn: ({ signal }) => apiGet<AgentSelfValue>('/wps/agent/network/me', signal),
    enabled: customerId !== null,
  });
}
