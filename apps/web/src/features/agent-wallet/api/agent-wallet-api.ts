import type { AgentWalletMoveRequest, AgentWalletMoveValue, AgentWalletValue } from '@platform/contracts/agents/agent-network';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../api/agent-network.ts';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The agent's main and agent wallet balances. */
export function useAgentWallet() {
  const id = useCustomerId();
  return useQuery({
    queryKey: agentKeys.wallet(id),
    queryFn: ({ signal }) => apiGet<AgentWalletValue>('/wps/agent/wallet', signal),
    enabled: id !== 0,
  });
}

/** Moves money between the two wallets; afterwards both balances and the header's balance are read again. */
export function useAgentWalletMove() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentWalletMoveRequest) => apiSend<AgentWalletMoveValue>('POST', '/wps/agent/wallet/move', body),
    onSuccess: (result) => {
      queryClient.setQueryData<AgentWalletValue>(agentKeys.wallet(id), {
        currency: result.currency,
        mainBalance: result.mainBalance,
        agentBalance: result.agentBalance,
      });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
