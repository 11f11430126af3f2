import type { MissionSummary } from '@platform/contracts/missions';
import type { ClaimableRewards } from '@platform/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { useSessionStore } from '../state/session-store.ts';

/**
 * The missions summary and the claimable rewards, read by the missions and rewards pages and by the
 * member centre's badges; claiming on one page refreshes the other through these keys.
 */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  missions: (customerId: number, language: string) => [...loyaltyKeys.all, 'missions', customerId, language] as const,
  rewards: (customerId: number, language: string) => [...loyaltyKeys.all, 'rewards', customerId, language] as const,
  leaderboard: (customerId: number, period: string) => [...loyaltyKeys.all, 'leaderboard', customerId, period] as const,
};

export const MISSIONS_BASE = '/wps/member/missions';
export const REWARDS_BASE = '/wps/member/rewards';

/** Progress is live: read again every half minute while shown. */
const LIVE_MS = 30_000;

function useRealMember(): number {
  return useSessionStore((s) => (s.isLogin && !s.isTrial ? (s.userInfo?.customerId ?? 0) : 0));
}

/** MCSFE_getMissionSummaryDetails: missions with progress, the sign-in calendar, the badge count. */
export function useMissionSummary(language: string) {
  const customerId = useRealMember();
  return useQuery({
    queryKey: loyaltyKeys.missions(customerId, language),
    queryFn: ({ signal }) => apiGet<MissionSummary>(`${MISSIONS_BASE}/MCSFE_getMissionSummaryDetails`, signal),
    enabled: customerId !== 0,
    refetchInterval: LIVE_MS,
    retry: false,
  });
}

/** Every reward the member may claim now, from every source, and how many. */
export function useClaimableRewards(language: string) {
  const customerId = useRealMember();
  return useQuery({
    queryKey: loyaltyKeys.rewards(customerId, language),
    queryFn: ({ signal }) => apiGet<ClaimableRewards>(REWARDS_BASE, signal),
    enabled: customerId !== 0,
    refetchInterval: LIVE_MS,
    retry: false,
  });
}
