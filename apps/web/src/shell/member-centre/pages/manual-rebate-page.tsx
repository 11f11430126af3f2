import { PlannedPage } from '../planned-page.tsx';

/**
 * Manual rebate: the member claims the rebate on valid bets.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function ManualRebatePage() {
  return <PlannedPage page="manualRebate" />;
}
