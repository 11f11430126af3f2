import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Account record: deposits, withdrawals, transfers, bonuses and rebates, by date and type.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function AccountRecordPage() {
  return <PlannedPage page="transactionHistory" />;
}
