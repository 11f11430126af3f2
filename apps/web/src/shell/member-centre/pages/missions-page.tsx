import { MissionsView } from '../../../features/missions/components/missions-view.tsx';

/** Missions (`missionLeaderboard`): the sign-in calendar, the missions with their progress, the leaderboard (docs/loyalty.md). */
export function MissionsPage() {
  return <MissionsView />;
}
