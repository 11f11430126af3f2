import type { JobLogger } from '../jobs/job-runner.ts';
import type { PlatformModule } from '../module.ts';
import { pointsAdminRoutes } from './points.admin-routes.ts';
import { pointsRoutes } from './points.routes.ts';
import { createPointsService, type PointsService, type PointsServiceDeps } from './points.service.ts';

export const POINTS_VALID_BET_JOB_NAME = 'points-valid-bet';
/** Every minute, after the rollups' own minute: a member passing a valid-bet threshold earns within a minute or two. */
export const POINTS_VALID_BET_CRON = '* * * * *';

/** Loyalty points: earning rules, awards and balances in the ledger's points currency, and the points mall. */
export function createPointsModule(deps: PointsServiceDeps & { logger: JobLogger }): PlatformModule<'points', PointsService> {
  const points = createPointsService(deps);
  return {
    name: 'points',
    service: points,
    routes: pointsRoutes(points),
    adminRoutes: pointsAdminRoutes(points),
    jobs: (runner) =>
      runner.schedule(POINTS_VALID_BET_JOB_NAME, POINTS_VALID_BET_CRON, async () => {
        const done = await points.payValidBetRules();
        if (done.awarded > 0) deps.logger.info({ job: POINTS_VALID_BET_JOB_NAME, ...done }, 'valid-bet points paid');
      }),
  };
}
