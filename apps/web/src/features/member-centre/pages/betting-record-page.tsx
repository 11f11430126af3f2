import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Betting record: the member's bets by game and date, with stake, valid bet and result.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function BettingRecordPage() {
  return <PlannedPage page="personalHistoryCopy" />;
}
