import type { WithdrawalRequest, WithdrawalValue, withdrawalRulesSchema } from '@platform/contracts/withdrawals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { walletKeys } from '../../../api/get-balance.ts';
import { moneyKeys } from '../../../api/money-keys.ts';
import { apiGet, apiSend, apiSendForm } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type WithdrawalRules = z.infer<typeof withdrawalRulesSchema>;
export type WithdrawalPage = { list: WithdrawalValue[]; pageNo: number; pageSize: number; totalCount: number; totalPages: number };

export const WITHDRAWAL_HISTORY_PAGE_SIZE = 10;

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

export function useWithdrawalRules() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: moneyKeys.withdrawalRules(customerId),
    queryFn: ({ signal }) => apiGet<WithdrawalRules>('/wps/member/withdrawals/rules', signal),
  });
}

export function useWithdrawalHistory(pageNo: number) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...moneyKeys.withdrawals(customerId), pageNo],
    queryFn: ({ signal }) =>
      apiGet<WithdrawalPage>(`/wps/member/withdrawals?pageNo=${pageNo}&pageSize=${WITHDRAWAL_HISTORY_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** After anything that moves a withdrawal: the rules (balance, count), the list, the cards and the bar's balance. */
function useRefreshMoney() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawalRules(customerId) });
    void queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawals(customerId) });
    void queryClient.invalidateQueries({ queryKey: moneyKeys.bankCards(customerId) });
    void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
  };
}

export function useCreateWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) => apiSend<WithdrawalValue>('POST', '/wps/member/withdrawals', body),
    onSuccess: refresh,
  });
}

export function useSendWithdrawalCode() {
  return useMutation({
    mutationFn: () => apiSend<{ expiredMinutes: number }>('POST', '/wps/verification/sms/withdrawal', {}),
  });
}

export function useConfirmReceived() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (withdrawalId: number) =>
      apiSend<WithdrawalValue>('POST', `/wps/member/withdrawals/${withdrawalId}/receipt`, { result: 'received' }),
    onSuccess: refresh,
  });
}

export function useReportNotReceived() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ withdrawalId, images, note }: { withdrawalId: number; images: File[]; note: string }) => {
      const form = new FormData();
      for (const image of images) form.append('images', image, image.name);
      if (note.trim() !== '') form.append('note', note.trim());
      return apiSendForm<WithdrawalValue>(`/wps/member/withdrawals/${withdrawalId}/dispute`, form);
    },
    onSuccess: refresh,
  });
}

export function useConfirmAllReceived() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: () => apiSend<{ confirmedCount: number }>('POST', '/wps/member/withdrawals/receipts/all', {}),
    onSuccess: refresh,
  });
}
