import { PlannedPage } from '../planned-page.tsx';

/**
 * Missions: progress and the leaderboard (MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard).
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function MissionsPage() {
  return <PlannedPage page="missionLeaderboard" />;
}
