import type { CashbackRecordsValue, ClaimRebateValue, ManualRebateValue, RebateRecordsValue } from '@platform/contracts/vip';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Query keys per member, so a sign-in as someone else never shows stale rebates. */
export const rebateKeys = {
  all: ['rebates'] as const,
  records: (customerId: number, filter: RecordsFilter) => [...rebateKeys.all, 'records', customerId, filter] as const,
  manual: (customerId: number) => [...rebateKeys.all, 'manual', customerId] as const,
  cashback: (customerId: number, filter: CashbackFilter) => [...rebateKeys.all, 'cashback', customerId, filter] as const,
};

export type CashbackFilter = { from: string; to: string; pageNo: number };

/** The member's cashback lines whose period starts in the range (`bonusDetails`, the cashback tab). */
export function useCashbackRecords(filter: CashbackFilter, isEnabled: boolean) {
  const id = useCustomerId();
  const query = new URLSearchParams({
    from: filter.from,
    to: filter.to,
    pageNo: String(filter.pageNo),
    pageSize: String(REBATE_RECORDS_PAGE_SIZE),
  });
  return useQuery({
    queryKey: rebateKeys.cashback(id, filter),
    queryFn: ({ signal }) => apiGet<CashbackRecordsValue>(`/wps/member/rebates/MCSFE_getCashbackRecords?${query.toString()}`, signal),
    enabled: isEnabled && id !== 0,
    placeholderData: keepPreviousData,
  });
}

export const REBATE_RECORDS_PAGE_SIZE = 10;

export type RecordsFilter = { from: string; to: string; category: string; pageNo: number };

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The member's rebate lines whose period starts in the range (`bonusDetails`). */
export function useRebateRecords(filter: RecordsFilter, isEnabled: boolean) {
  const id = useCustomerId();
  const query = new URLSearchParams({
    from: filter.from,
    to: filter.to,
    pageNo: String(filter.pageNo),
    pageSize: String(REBATE_RECORDS_PAGE_SIZE),
  });
  if (filter.category !== '') query.set('category', filter.category);
  return useQuery({
    queryKey: rebateKeys.records(id, filter),
    queryFn: ({ signal }) => apiGet<RebateRecordsValue>(`/wps/member/rebates/MCSFE_getRebateRecords?${query.toString()}`, signal),
    enabled: isEnabled && id !== 0,
    placeholderData: keepPreviousData,
  });
}

/** What the member may claim now and the periods still running (`manualRebate`); read again every minute while shown. */
export function useManualRebate() {
  const id = useCustomerId();
  return useQuery({
    queryKey: rebateKeys.manual(id),
    queryFn: ({ signal }) => apiGet<ManualRebateValue>('/wps/member/rebates/MCSFE_getManualRebate', signal),
    enabled: id !== 0,
    refetchInterval: 60_000,
  });
}

/** Claims every accrued line; the page, the records and the balance reload. */
export function useClaimRebate() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => apiSend<ClaimRebateValue>('POST', '/wps/member/rebates/MCS2_claimRebate', { requestId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rebateKeys.manual(id) });
      void queryClient.invalidateQueries({ queryKey: [...rebateKeys.all, 'records', id] });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
