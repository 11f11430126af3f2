import type { ClaimRewardResult } from '@platform/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { loyaltyKeys, REWARDS_BASE } from '../../../api/loyalty.ts';
import { promotionKeys } from '../../../api/promotions.ts';
import { apiSend } from '../../../lib/api-client.ts';

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
