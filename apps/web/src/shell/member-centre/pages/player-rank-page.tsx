import { PlannedPage } from '../planned-page.tsx';

/**
 * Player rank: the VIP level, the next level's requirements and the benefits.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function PlayerRankPage() {
  return <PlannedPage page="playerRank" />;
}
