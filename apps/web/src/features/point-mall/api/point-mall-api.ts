import type { Page } from '@platform/contracts/pagination';
import type {
  EarningRuleSummary,
  ExchangeRecord,
  MallItem,
  MallOrderStatusName,
  PointTransaction,
  RedeemRequest,
} from '@platform/contracts/points';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

const POINTS_BASE = '/wps/member/points';

const pointKeys = {
  all: ['points'] as const,
};

export type PointConfig = {
  balance: number;
  currency: string;
  neverExpire: true;
  earningRules: EarningRuleSummary[];
  statuses: MallOrderStatusName[];
};

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The mall's items in the page's language, with the member's balance. */
export function usePointRewards(language: string) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...pointKeys.all, 'rewards', customerId, language],
    queryFn: ({ signal }) => apiGet<{ list: MallItem[]; balance: number }>(`${POINTS_BASE}/MCSFE_getPointRewards`, signal),
    enabled: customerId !== 0,
  });
}

/** The balance, how to earn, and the record statuses. */
export function usePointConfig() {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...pointKeys.all, 'config', customerId],
    queryFn: ({ signal }) => apiGet<PointConfig>(`${POINTS_BASE}/MCSFE_getPointConfig`, signal),
    enabled: customerId !== 0,
  });
}

/** The member's exchange records, a page at a time, optionally of one status. */
export function useRedeemList(pageNo: number, status: MallOrderStatusName | null) {
  const customerId = useCustomerId();
  const query = new URLSearchParams({ pageNo: String(pageNo), pageSize: '10' });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...pointKeys.all, 'records', customerId, pageNo, status],
    queryFn: ({ signal }) => apiGet<Page<ExchangeRecord>>(`${POINTS_BASE}/MCSFE_getRedeemList?${query.toString()}`, signal),
    enabled: customerId !== 0,
  });
}

/** The member's points movements, a page at a time. */
export function usePointTransactions(pageNo: number) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: [...pointKeys.all, 'transactions', customerId, pageNo],
    queryFn: ({ signal }) =>
      apiGet<Page<PointTransaction>>(`${POINTS_BASE}/MCSFE_getPointTransactions?pageNo=${pageNo}&pageSize=10`, signal),
    enabled: customerId !== 0,
  });
}

/** Redeems a gift (`MCS2_redeemReward`) or converts points to game points (`MCS2_convertPoints`); the points and the wallet are read again. */
export function useRedeem() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: RedeemRequest & { kind: MallItem['kind'] }) =>
      apiSend<{ record: ExchangeRecord; balance: number }>(
        'POST',
        `${POINTS_BASE}/${kind === 'gift' ? 'MCS2_redeemReward' : 'MCS2_convertPoints'}`,
        body,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
    },
  });
}
