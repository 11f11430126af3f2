import { PlannedPage } from '../planned-page.tsx';

/**
 * Rebate: the rebates paid on valid bets, per period (D, W, H, M).
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function RebatePage() {
  return <PlannedPage page="bonusDetails" />;
}
