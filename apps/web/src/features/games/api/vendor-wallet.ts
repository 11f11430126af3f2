import { apiSend } from '../../../lib/api-client.ts';

export type WalletTransferAnswer = {
  transferId: string;
  vendorCode: string;
  direction: 'IN' | 'OUT';
  amount: number;
  currency: string;
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  mainBalance: number;
};

/** POST /wps/relay/GCS_walletTransfer from the main wallet into a vendor's; the request id makes a retry move nothing more. */
export function transferToVendor(vendorCode: string, amount: number, requestId: string): Promise<WalletTransferAnswer> {
  return apiSend<WalletTransferAnswer>('POST', '/wps/relay/GCS_walletTransfer', {
    fromWallet: 'MAIN',
    toWallet: vendorCode,
    amount,
    requestId,
  });
}
