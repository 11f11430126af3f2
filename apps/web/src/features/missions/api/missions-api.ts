import type { MissionLeaderboard } from '@platform/contracts/missions';
import type { ClaimRewardResult } from '@platform/contracts/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { loyaltyKeys, MISSIONS_BASE, REWARDS_BASE } from '../../../api/loyalty.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

type SignInValue = { day: string; streak: number; rewardKey: string | null; isReplay: boolean };

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** MCSFE_getMissionLeaderboard for today or this week. */
export function useMissionLeaderboard(period: 'daily' | 'weekly') {
  const id = useCustomerId();
  return useQuery({
    queryKey: loyaltyKeys.leaderboard(id, period),
    queryFn: ({ signal }) => apiGet<MissionLeaderboard>(`${MISSIONS_BASE}/MCSFE_getMissionLeaderboard?period=${period}`, signal),
    enabled: id !== 0,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** After a sign-in or a claim: the missions, the rewards (and their badges), the board and the balance read again. */
function useRefreshAfter() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: loyaltyKeys.all });
    void client.invalidateQueries({ queryKey: walletKeys.all });
  };
}

export function useSignIn() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: () => apiSend<SignInValue>('POST', `${MISSIONS_BASE}/sign-in`), onSettled: refresh });
}

/** Claims a met mission's reward (the rewards centre's claim). */
export function useClaimMissionReward() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (key: string) => apiSend<ClaimRewardResult>('POST', `${REWARDS_BASE}/claim`, { key }),
    onSettled: refresh,
  });
}
