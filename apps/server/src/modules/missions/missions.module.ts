import type { JobLogger } from '../jobs/job-runner.ts';
import type { PlatformModule } from '../module.ts';
import { missionsAdminRoutes } from './missions.admin-routes.ts';
import { missionsRoutes } from './missions.routes.ts';
import { createMissionsService, type MissionsDeps, type MissionsService } from './missions.service.ts';

const MISSION_EVALUATION_JOB = 'mission-evaluation';
/** Every five minutes: missions met by members who played, for the leaderboard. */
const MISSION_EVALUATION_CRON = '*/5 * * * *';

/** Missions and the sign-in calendar (docs/loyalty.md). */
export function createMissionsModule(
  deps: MissionsDeps & { logger: JobLogger; merchantIds: () => Promise<number[]> },
): PlatformModule<'missions', MissionsService> {
  const missions = createMissionsService(deps);
  return {
    name: 'missions',
    service: missions,
    routes: missionsRoutes(missions),
    adminRoutes: missionsAdminRoutes(missions),
    jobs: (runner) =>
      runner.schedule(MISSION_EVALUATION_JOB, MISSION_EVALUATION_CRON, async () => {
        const looked = await missions.evaluateActive(await deps.merchantIds());
        if (looked > 0) deps.logger.info({ job: MISSION_EVALUATION_JOB, looked }, 'missions evaluated');
      }),
  };
}
