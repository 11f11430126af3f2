import type { consolidatedFundsValueSchema } from '@platform/contracts/deposits';
import type {
  betHistoryValueSchema,
  betRecordSchema,
  profitValueSchema,
  walletTransferValueSchema,
} from '@platform/contracts/games-wallet';
import type { TransactionHistoryValue } from '@platform/contracts/records';
import type { RgSetLimitsRequest, RgStateValue } from '@platform/contracts/responsible-gaming';
import type { MemberTransferValue, TransferPermissionsValue } from '@platform/contracts/transfers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { walletKeys } from '../../../api/get-balance.ts';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

type ConsolidatedFundsValue = z.infer<typeof consolidatedFundsValueSchema>;
type WalletTransferValue = z.infer<typeof walletTransferValueSchema>;
export type BetHistoryValue = z.infer<typeof betHistoryValueSchema>;
export type BetRecord = z.infer<typeof betRecordSchema>;
/** Profit and loss from the betting record: per day and game category, the same sums as its totals. */
export type BetProfitValue = z.infer<typeof profitValueSchema>;

/** The wallet, records and responsible-gaming calls of the member centre, keyed per member. */
const recordsKeys = {
  // Under the wallet's keys: whatever refreshes the wallet after money moved refreshes the total too.
  funds: (id: number) => [...walletKeys.all, 'funds', id] as const,
  transferPermissions: (id: number) => [...memberCentreKeys.all, 'transfer-permissions', id] as const,
  bets: (id: number, query: string) => [...memberCentreKeys.all, 'bets', id, query] as const,
  betProfit: (id: number, query: string) => [...memberCentreKeys.all, 'bet-profit', id, query] as const,
  transactions: (id: number, query: string) => [...memberCentreKeys.all, 'transactions', id, query] as const,
  responsibleGaming: (id: number) => [...memberCentreKeys.all, 'responsible-gaming', id] as const,
};

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** A query string of the defined values, in a stable order (it is also the cache key). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export function useConsolidatedFunds() {
  const id = useCustomerId();
  return useQuery({
    queryKey: recordsKeys.funds(id),
    queryFn: ({ signal }) => apiGet<ConsolidatedFundsValue>('/wps/member/info/funds/consolidated', signal),
  });
}

/** After money moved: every balance on screen and in the bar is read again (the vendor wallets' and the total's keys sit under the wallet's). */
function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export function useWalletTransfer() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (body: { fromWallet: string; toWallet: string; amount: number; requestId: string }) =>
      apiSend<WalletTransferValue>('POST', '/wps/relay/GCS_walletTransfer', body),
    onSettled: refresh,
  });
}

export function useTransferPermissions() {
  const id = useCustomerId();
  return useQuery({
    queryKey: recordsKeys.transferPermissions(id),
    queryFn: ({ signal }) => apiGet<TransferPermissionsValue>('/wps/member/transfer/permissions', signal),
  });
}

export function useUplineTransfer() {
  const refresh = useRefreshBalances();
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; note?: string; paymentPassword?: string; requestId: string }) =>
      apiSend<MemberTransferValue>('POST', '/wps/member/transfer/upline', body),
    onSettled: () => {
      refresh();
      // The permissions carry the balance of the wallet the transfer left from.
      void queryClient.invalidateQueries({ queryKey: recordsKeys.transferPermissions(id) });
    },
  });
}

export type BetHistoryParams = {
  gameCategory?: string;
  vendorCode?: string;
  status?: string;
  beginDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
};

export function useBetHistory(params: BetHistoryParams, enabled = true) {
  const id = useCustomerId();
  const query = queryString(params);
  return useQuery({
    enabled,
    queryKey: recordsKeys.bets(id, query),
    queryFn: ({ signal }) => apiGet<BetHistoryValue>(`/wps/relay/GCS_personalHistory?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBetProfit(params: { beginDate: string; endDate: string }, enabled = true) {
  const id = useCustomerId();
  const query = queryString(params);
  return useQuery({
    enabled,
    queryKey: recordsKeys.betProfit(id, query),
    queryFn: ({ signal }) => apiGet<BetProfitValue>(`/wps/relay/GCS_personalProfit?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(params: { types?: string; from: string; to: string; pageNo: number; pageSize: number }, enabled = true) {
  const id = useCustomerId();
  const query = queryString(params);
  return useQuery({
    enabled,
    queryKey: recordsKeys.transactions(id, query),
    queryFn: ({ signal }) => apiGet<TransactionHistoryValue>(`/wps/member/records/transactions?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useResponsibleGaming() {
  const id = useCustomerId();
  return useQuery({
    queryKey: recordsKeys.responsibleGaming(id),
    queryFn: ({ signal }) => apiGet<RgStateValue>('/wps/member/responsible-gaming', signal),
  });
}

function useRgMutation<TBody>(method: 'PUT' | 'POST', path: string) {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => apiSend<RgStateValue>(method, path, body),
    onSuccess: (state) => {
      if (state && typeof state === 'object' && 'limits' in state) queryClient.setQueryData(recordsKeys.responsibleGaming(id), state);
      else void queryClient.invalidateQueries({ queryKey: recordsKeys.responsibleGaming(id) });
      // The reminder follows a new interval at once.
      void queryClient.invalidateQueries({ queryKey: ['realityCheck'] });
    },
  });
}

export const useSetRgLimits = () => useRgMutation<RgSetLimitsRequest>('PUT', '/wps/member/responsible-gaming/limits');
export const useTakeBreak = () => useRgMutation<{ days: number }>('POST', '/wps/member/responsible-gaming/break');
export const useSelfExclude = () =>
  useRgMutation<{ months: number } | { permanent: true }>('POST', '/wps/member/responsible-gaming/self-exclusion');
export const useSetRealityCheck = () => useRgMutation<{ minutes: number | null }>('PUT', '/wps/member/responsible-gaming/reality-check');
