import type {
  ReferralInvitee,
  ReferralReward,
  ReferralRules,
  referralClaimResponseSchema,
  referralSummaryResponseSchema,
} from '@platform/contracts/referrals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type ReferralSummary = z.infer<typeof referralSummaryResponseSchema>['value'];
export type ReferralShownRules = Omit<ReferralRules, 'identitySignals' | 'maxRewardsPerReferrer'>;
type ClaimValue = z.infer<typeof referralClaimResponseSchema>['value'];
type InviteesPage = { list: ReferralInvitee[]; pageNo: number; pageSize: number; totalCount: number; totalPages: number };

export const REFERRAL_PAGE_SIZE = 10;

/** Query keys per member, so a sign-in as someone else never shows another player's friends. */
const referralKeys = {
  all: ['referral'] as const,
  summary: (customerId: number) => [...referralKeys.all, 'summary', customerId] as const,
  invitees: (customerId: number, pageNo: number) => [...referralKeys.all, 'invitees', customerId, pageNo] as const,
  rewards: (customerId: number) => [...referralKeys.all, 'rewards', customerId] as const,
};

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The player's code, the rules and the totals; read again every minute while shown (a friend may qualify meanwhile). */
export function useReferralSummary() {
  const id = useCustomerId();
  return useQuery({
    queryKey: referralKeys.summary(id),
    queryFn: ({ signal }) => apiGet<ReferralSummary>('/wps/member/referral', signal),
    enabled: id !== 0,
    refetchInterval: 60_000,
  });
}

export function useReferralInvitees(pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: referralKeys.invitees(id, pageNo),
    queryFn: ({ signal }) => apiGet<InviteesPage>(`/wps/member/referral/invitees?pageNo=${pageNo}&pageSize=${REFERRAL_PAGE_SIZE}`, signal),
    enabled: id !== 0,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useReferralRewards() {
  const id = useCustomerId();
  return useQuery({
    queryKey: referralKeys.rewards(id),
    queryFn: ({ signal }) => apiGet<{ list: ReferralReward[] }>('/wps/member/referral/rewards', signal),
    enabled: id !== 0,
    refetchInterval: 60_000,
  });
}

/** Claims one reward; the page and the balance reload. */
export function useClaimReferralReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: number) => apiSend<ClaimValue>('POST', `/wps/member/referral/rewards/${rewardId}/claim`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: referralKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
