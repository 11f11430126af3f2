import type { MemberPromotion } from '@platform/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { useSessionStore } from '../state/session-store.ts';

/** The member's promotions: the list (with `availableCount`) is read by the promotions pages and the avatar badge. */
export type MemberPromotionList = { list: MemberPromotion[]; availableCount: number };

export const PROMOTIONS_BASE = '/wps/member/promotions';

/** The list's query key per member and language (titles and bodies come in the page's language); the pages' other keys start with `all`. */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (customerId: number, language: string) => [...promotionKeys.all, 'list', customerId, language] as const,
};

/** The promotions in the member's language, with the member's status and grant of each. */
export function usePromotionList(language: string) {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const isReal = useSessionStore((s) => s.isLogin && !s.isTrial);
  return useQuery({
    queryKey: promotionKeys.list(customerId, language),
    queryFn: ({ signal }) => apiGet<MemberPromotionList>(`${PROMOTIONS_BASE}/MCSFE_getPromotions`, signal),
    enabled: customerId !== 0 && isReal,
    staleTime: 30_000,
    retry: false,
  });
}

/** The avatar badge's `availablePromoCount`: promotions the member can join, claim or apply for now; null until known. */
export function useAvailablePromoCount(language: string): number | null {
  return usePromotionList(language).data?.availableCount ?? null;
}
