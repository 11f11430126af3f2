import type { memberDepositChannelSchema, memberDepositOrderSchema } from '@platform/contracts/deposits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { walletKeys } from '../../../api/get-balance.ts';
import { moneyKeys } from '../../../api/money-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type DepositChannel = z.infer<typeof memberDepositChannelSchema>;
export type DepositOrder = z.infer<typeof memberDepositOrderSchema>;
export type DepositPage = { list: DepositOrder[]; pageNo: number; pageSize: number; totalCount: number; totalPages: number };

export const DEPOSIT_HISTORY_PAGE_SIZE = 10;

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The channels the operator offers, with limits and the tutorial in the page's language. */
export function useDepositChannels() {
  const customerId = useCustomerId();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: moneyKeys.depositChannels(customerId, i18n.language),
    queryFn: ({ signal }) => apiGet<{ list: DepositChannel[] }>('/wps/member/deposit/channels', signal),
  });
}

export function useDepositHistory(pageNo: number) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...moneyKeys.deposits(customerId), pageNo],
    queryFn: ({ signal }) =>
      apiGet<DepositPage>(`/wps/member/deposit/orders?pageNo=${pageNo}&pageSize=${DEPOSIT_HISTORY_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One deposit, asked again every few seconds while it is pending: after the gateway sends the
 * player back, the callback credits it shortly; the balance is refreshed when it turns paid.
 */
export function useDepositOrder(orderNo: string | null) {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: moneyKeys.deposit(customerId, orderNo ?? ''),
    enabled: orderNo !== null,
    queryFn: async ({ signal }) => {
      const order = await apiGet<DepositOrder>(`/wps/member/deposit/orders/${encodeURIComponent(orderNo ?? '')}`, signal);
      if (order.status !== 'pending') {
        void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
        void queryClient.invalidateQueries({ queryKey: moneyKeys.deposits(customerId) });
      }
      return order;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
}

export function useCreateDeposit() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { channelId: number; amount: number }) => apiSend<DepositOrder>('POST', '/wps/member/deposit/orders', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.deposits(customerId) }),
  });
}
