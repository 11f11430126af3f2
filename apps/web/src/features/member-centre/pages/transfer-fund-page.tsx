import { PlannedPage } from '../components/planned-page.tsx';

/**
 * My wallet: the balance of each wallet and transfers between the main wallet and the game wallets (GCS_walletTransfer, merchant wallet).
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function TransferFundPage() {
  return <PlannedPage page="transferFund" />;
}
