import { PlannedPage } from '../planned-page.tsx';

/**
 * Rewards: promotions and rewards to claim, and those claimed.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function RewardCenterPage() {
  return <PlannedPage page="rewardCenter" />;
}
