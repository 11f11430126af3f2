import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Profit and loss over a chosen period, by game category.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function ProfitLossPage() {
  return <PlannedPage page="personalProfit" />;
}
