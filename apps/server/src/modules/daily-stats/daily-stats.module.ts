import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { dailyStatsAdminRoutes } from './daily-stats.admin-routes.ts';
import type { RollupSources } from './daily-stats.maintenance.ts';
import { DAILY_STATS_RECONCILIATION_JOB } from './daily-stats.reconciliation.ts';
import { createDailyStatsService, type DailyStatsService } from './daily-stats.service.ts';

const DAILY_STATS_CATCH_UP_JOB = 'daily-stats-catch-up';
/** Every minute: the rollups follow the records within a minute even when no reader asks. */
const CATCH_UP_CRON = '* * * * *';
/** Every hour at :20, yesterday (in the merchant's zone) is reconciled again: late changes show up. */
const RECONCILIATION_CRON = '20 * * * *';

/**
 * Daily rollups per member (game categories and money), kept as rounds settle and money moves, and
 * their reconciliation against the raw records. Team reads (`team-stats.*`) join them with the tree.
 */
export function createDailyStatsModule(
  deps: RollupSources & {
    db: Kysely<DB>;
    merchants: Pick<MerchantService, 'current'>;
    now: () => Date;
    logger: JobLogger;
    metrics: Registry;
    node: string;
  },
): PlatformModule<'dailyStats', DailyStatsService> {
  const dailyStats = createDailyStatsService(deps);
  return {
    name: 'dailyStats',
    service: dailyStats,
    adminRoutes: dailyStatsAdminRoutes(dailyStats),
    jobs: async (runner) => {
      await runner.schedule(DAILY_STATS_CATCH_UP_JOB, CATCH_UP_CRON, async () => {
        await dailyStats.refresh();
      });
      await runner.schedule(DAILY_STATS_RECONCILIATION_JOB, RECONCILIATION_CRON, async () => {
        const merchant = await deps.merchants.current();
        await dailyStats.reconciliation.run({ merchantId: merchant.id, day: await dailyStats.reconciliation.yesterdayOf(merchant.id) });
      });
    },
  };
}
