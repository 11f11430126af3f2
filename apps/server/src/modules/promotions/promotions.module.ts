import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { promotionsAdminRoutes } from './promotions.admin-routes.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService, type PromotionsDeps, type PromotionsService } from './promotions.service.ts';

const GRANT_SETTLING_JOB = 'promotion-grants';
/** Every five minutes: expiries and completions of grants nobody looked at. */
const GRANT_SETTLING_CRON = '*/5 * * * *';
const LOSS_PERIODS_JOB = 'promotion-loss-periods';
/** Every hour at :40 (after the rebate settlement): loss promotions' finished periods and their late rounds. */
const LOSS_PERIODS_CRON = '40 * * * *';

/** Promotions and bonus grants (docs/promotions.md, ADR 0024). */
export function createPromotionsModule(
  deps: PromotionsDeps & {
    logger: JobLogger;
    merchants: Pick<MerchantService, 'current'>;
    /** Brings the daily rollups up to date (the loss job reads them). */
    refreshRollups: () => Promise<unknown>;
  },
): PlatformModule<'promotions', PromotionsService> {
  const promotions = createPromotionsService(deps);
  return {
    name: 'promotions',
    service: promotions,
    routes: promotionsRoutes(promotions, deps.merchants),
    adminRoutes: promotionsAdminRoutes(promotions),
    jobs: async (runner) => {
      await runner.schedule(GRANT_SETTLING_JOB, GRANT_SETTLING_CRON, async () => {
        const closed = await promotions.settleDue();
        if (closed > 0) deps.logger.info({ job: GRANT_SETTLING_JOB, closed }, 'promotion grants settled');
      });
      await runner.schedule(LOSS_PERIODS_JOB, LOSS_PERIODS_CRON, async () => {
        await deps.refreshRollups();
        const written = await promotions.settleLossPeriods();
        if (written > 0) deps.logger.info({ job: LOSS_PERIODS_JOB, written }, 'promotion loss periods settled');
      });
    },
  };
}
