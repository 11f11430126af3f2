import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Deposit: the payment methods, the amount limits and the deposit request.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function DepositPage() {
  return <PlannedPage page="depositv2" />;
}
