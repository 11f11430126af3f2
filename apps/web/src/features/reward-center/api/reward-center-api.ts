import type { ClaimedReward, ClaimRewardResult } from '@platform/contracts/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { loyaltyKeys, REWARDS_BASE } from '../../../api/loyalty.ts';
import { promotionKeys } from '../../../api/promotions.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** After a claim or a code: the rewards, the missions (and their badges), the promotions and the balance read again. */
function useRefreshAfter() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: loyaltyKeys.all });
    void client.invalidateQueries({ queryKey: promotionKeys.all });
    void client.invalidateQueries({ queryKey: walletKeys.all });
  };
}

export function useClaimReward() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (key: string) => apiSend<ClaimRewardResult>('POST', `${REWARDS_BASE}/claim`, { key }),
    onSettled: refresh,
  });
}

export function useRedeemCode() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (code: string) => apiSend<ClaimRewardResult>('POST', `${REWARDS_BASE}/redeem-code`, { code }),
    onSettled: refresh,
  });
}

/** The rewards the member has claimed and the codes redeemed, newest first; read again after each claim (under `loyaltyKeys.all`). */
export function useClaimedRewards(language: string) {
  const customerId = useSessionStore((s) => (s.isLogin && !s.isTrial ? (s.userInfo?.customerId ?? 0) : 0));
  return useQuery({
    queryKey: [...loyaltyKeys.all, 'claimed', customerId, language] as const,
    queryFn: async ({ signal }) => (await apiGet<{ list: ClaimedReward[] }>(`${REWARDS_BASE}/claimed`, signal)).list,
    enabled: customerId !== 0,
    retry: false,
  });
}
