import type { Grant, MemberPromotion, PromotionMemberStatus, RaffleEntries } from '@platform/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { walletKeys } from '../../../api/get-balance.ts';
import { moneyKeys } from '../../../api/money-keys.ts';
import { PROMOTIONS_BASE, promotionKeys } from '../../../api/promotions.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type WageringProgress = { grants: Grant[]; remainingTurnover: number; bonusBalance: number };

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** Visitors (and trial accounts) see the public list: the promotions open to anyone who registers. */
export function useIsVisitor(): boolean {
  return useSessionStore((s) => !s.isLogin || s.isTrial);
}

/** The visitor's list in the page's language (no session, nothing of a member). */
export function usePublicPromotions(language: string, enabled: boolean) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'public', language],
    queryFn: ({ signal }) => apiGet<{ list: MemberPromotion[] }>('/wps/relay/MCSFE_getPublicPromotions', signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** One promotion of the visitor's list (`/promoDetail` before logging in). */
export function usePublicPromotion(id: number, language: string, enabled: boolean) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'public', language, id],
    queryFn: ({ signal }) => apiGet<MemberPromotion>(`/wps/relay/MCSFE_getPublicPromotion/${id}`, signal),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** One promotion (`/promoDetail`) with the member's status and latest grant. */
export function usePromotion(id: number, language: string, enabled = true) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...promotionKeys.all, 'detail', customerId, id, language],
    queryFn: ({ signal }) => apiGet<MemberPromotion>(`${PROMOTIONS_BASE}/MCSFE_getPromotion/${id}`, signal),
    enabled: enabled && customerId !== 0 && id > 0,
    retry: false,
  });
}

/** A raffle's public list (entries in the draw's order, masked; the winners once drawn), read when the member opens it. */
export function useRaffleEntries(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'raffle-entries', id],
    queryFn: ({ signal }) => apiGet<RaffleEntries>(`/wps/relay/MCSFE_getRaffleEntries/${id}`, signal),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** The member's active grants, the turnover still blocking a withdrawal and the bonus balance. */
export function useWageringProgress() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...promotionKeys.all, 'wagering', customerId],
    queryFn: ({ signal }) => apiGet<WageringProgress>(`${PROMOTIONS_BASE}/MCSFE_getWageringProgress`, signal),
    enabled: customerId !== 0,
  });
}

/** A proof image as the server takes it (base64 of the file's bytes). */
export type ProofImage = { contentType: 'image/png' | 'image/jpeg'; data: string };

export type PromotionAction =
  | { kind: 'join' }
  | { kind: 'claim' }
  | { kind: 'raffle' }
  | { kind: 'apply'; comment?: string; images?: ProofImage[] };

const PATHS = {
  join: 'MCS2_joinPromotion',
  claim: 'MCS2_claimPromotion',
  raffle: 'MCS2_claimRafflePromotion',
  apply: 'MCS2_applyPromotion',
} as const;

/** Join, claim or apply; afterwards the lists, the badge, the balance and the withdrawal rules are read again. */
export function usePromotionAction(id: number) {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PromotionAction) => {
      const { kind, ...body } = action;
      return apiSend<{ status: PromotionMemberStatus }>(
        'POST',
        `${PROMOTIONS_BASE}/${PATHS[kind]}/${id}`,
        kind === 'join' || kind === 'raffle' ? undefined : body,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawalRules(customerId) });
    },
  });
}

/** The grants this tab last saw (id, status, bonus balance): a change means money moved. */
let seenGrants = '';

/**
 * A deposit grant is issued, and a finished one converted, by the promotions read itself (the
 * server brings grants up to date when it answers), so the header's balance read in parallel may be
 * older: when the grants a page shows differ from the ones this tab last saw, the balance is read again.
 */
export function useBalanceFollowsGrants(grants: readonly (Grant | null)[] | undefined): void {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  const signature = (grants ?? [])
    .flatMap((g) => (g ? [`${g.id}:${g.status}:${g.bonusBalance}`] : []))
    .sort()
    .join(',');
  useEffect(() => {
    if (grants === undefined || signature === seenGrants) return;
    seenGrants = signature;
    void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
  }, [grants, signature, customerId, queryClient]);
}
