import type { merchantWalletValueSchema } from '@platform/contracts/deposits';
import type { vendorWalletBalancesValueSchema, walletRecallAllValueSchema } from '@platform/contracts/games-wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { newRequestId } from '../hooks/use-request-id.ts';
import { apiGet, apiSend } from '../lib/api-client.ts';
import { useSessionStore } from '../state/session-store.ts';
import { walletKeys } from './get-balance.ts';
import { moneyKeys } from './money-keys.ts';

export type MerchantWalletValue = z.infer<typeof merchantWalletValueSchema>;
export type VendorWalletBalances = z.infer<typeof vendorWalletBalancesValueSchema>;
type WalletRecallAllValue = z.infer<typeof walletRecallAllValueSchema>;

/**
 * The money kept in transfer-style vendors' wallets, read the same way wherever it shows (the wallet
 * page, a game's transfer prompt, the withdrawal form). Its keys sit under `walletKeys.all`, so any
 * move of money that refreshes the wallet refreshes these too.
 */
export const vendorWalletKeys = {
  mode: () => ['merchant-wallet-mode'] as const,
  balances: (customerId: number) => [...walletKeys.all, 'vendors', customerId] as const,
};

/** GET /wps/relay/GCS_merchantWallet: whether the site has one wallet or vendor wallets besides. */
export function useWalletMode() {
  return useQuery({
    queryKey: vendorWalletKeys.mode(),
    queryFn: ({ signal }) => apiGet<MerchantWalletValue>('/wps/relay/GCS_merchantWallet', signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /wps/relay/GCS_walletBalances: the main wallet and each transfer-style vendor's wallet. */
export function useVendorWalletBalances(enabled = true) {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery({
    queryKey: vendorWalletKeys.balances(customerId),
    queryFn: ({ signal }) => apiGet<VendorWalletBalances>('/wps/relay/GCS_walletBalances', signal),
    enabled,
    retry: false,
  });
}

/** The money in vendor wallets, and whether a vendor did not answer (its share is then unknown). */
export function vendorWalletsTotal(balances: VendorWalletBalances): { total: number; isComplete: boolean } {
  let total = 0;
  let isComplete = true;
  for (const wallet of balances.list) {
    if (wallet.balance === null) isComplete = false;
    else total += wallet.balance;
  }
  return { total, isComplete };
}

/** POST /wps/relay/GCS_walletRecallAll: every vendor wallet back into the main wallet; then every balance is read again. */
export function useRecallAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<WalletRecallAllValue>('POST', '/wps/relay/GCS_walletRecallAll', { requestId: newRequestId() }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
  });
}
