import type { WalletBalanceValue } from '@platform/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';

export const walletKeys = {
  all: ['wallet'] as const,
  balance: (customerId: number) => [...walletKeys.all, 'balance', customerId] as const,
};

export function getBalance(signal?: AbortSignal): Promise<WalletBalanceValue> {
  return apiGet<WalletBalanceValue>('/wps/v2/wallets/balance', signal);
}

/** The logged-in bar's balance; an unavailable call (404 before the wallet exists) is not retried. */
export function useBalance(customerId: number | null) {
  return useQuery({
    queryKey: walletKeys.balance(customerId ?? 0),
    queryFn: ({ signal }) => getBalance(signal),
    enabled: customerId !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
