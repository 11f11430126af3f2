import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Withdraw: the bank account, the amount, the withdrawal password and the request's status.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function WithdrawPage() {
  return <PlannedPage page="withdraw" />;
}
