import type { Bank, BankCardValue, BindBankCardRequest } from '@platform/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyKeys } from '../../../api/money-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type BankCardList = { list: BankCardValue[]; cardsMax: number; payeeName: string | null };

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

export function useBankCards() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: moneyKeys.bankCards(customerId),
    queryFn: ({ signal }) => apiGet<BankCardList>('/wps/member/bank-cards', signal),
  });
}

export function useBanks(enabled: boolean) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: moneyKeys.banks(customerId),
    queryFn: ({ signal }) => apiGet<Bank[]>('/wps/member/banks', signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function useBindBankCard() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BindBankCardRequest) => apiSend<BankCardValue>('POST', '/wps/member/bank-cards', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.bankCards(customerId) }),
  });
}

export function useRemoveBankCard() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => apiSend<{ removed: true }>('DELETE', `/wps/member/bank-cards/${cardId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.bankCards(customerId) }),
  });
}
