import { useQuery } from '@tanstack/react-query';
import { gamesKeys } from '../../../api/games-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

export type VendorWalletBalances = { currency: string; mainBalance: number; list: { vendorCode: string; balance: number | null }[] };
export type WalletTransferAnswer = {
  transferId: string;
  vendorCode: string;
  direction: 'IN' | 'OUT';
  amount: number;
  currency: string;
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  mainBalance: number;
};

/** GET /wps/relay/GCS_walletBalances: the main wallet and each transfer-style vendor wallet. */
export function useVendorWalletBalances(customerId: number | null) {
  return useQuery({
    queryKey: gamesKeys.walletBalances(customerId ?? 0),
    queryFn: ({ signal }) => apiGet<VendorWalletBalances>('/wps/relay/GCS_walletBalances', signal),
    enabled: customerId !== null,
    retry: false,
  });
}

/** POST /wps/relay/GCS_walletTransfer from the main wallet into a vendor's; the request id makes a retry move nothing more. */
export function transferToVendor(vendorCode: string, amount: number, requestId: string): Promise<WalletTransferAnswer> {
  return apiSend<WalletTransferAnswer>('POST', '/wps/relay/GCS_walletTransfer', {
    fromWallet: 'MAIN',
    toWallet: vendorCode,
    amount,
    requestId,
  });
}
