import type { PlayerRankValue } from '@platform/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Query keys per member and language (the level names come in the page's language). */
export const vipKeys = {
  all: ['vip'] as const,
  rank: (customerId: number, language: string) => [...vipKeys.all, 'rank', customerId, language] as const,
};

/** The member's VIP level, its progress and the ladder (`playerRank`). */
export function usePlayerRank(language: string) {
  const id = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery({
    queryKey: vipKeys.rank(id, language),
    queryFn: ({ signal }) => apiGet<PlayerRankValue>('/wps/member/vip/MCSFE_getPlayerRank', signal),
    enabled: id !== 0,
  });
}
