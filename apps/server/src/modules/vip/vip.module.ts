import { CASHBACK_PERIODS, REBATE_PERIODS, VIP_BONUS_PERIODS } from '@platform/contracts/vip';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { vipAdminRoutes } from './vip.admin-routes.ts';
import type { VipDeps } from './vip.levels.ts';
import { rebatePeriodsBefore } from './vip.periods.ts';
import { vipRoutes } from './vip.routes.ts';
import { createVipService, type VipService } from './vip.service.ts';
import { vipPolicySetting } from './vip.settings.ts';

const VIP_EVALUATION_JOB = 'vip-evaluation';
/** Every hour at :15: a day's levels are evaluated within the first hour after the merchant's midnight. */
const VIP_EVALUATION_CRON = '15 * * * *';
/** Days before today each run evaluates, oldest first: a missed run is caught up. */
const VIP_CATCH_UP_DAYS = 3;
const REBATE_SETTLEMENT_JOB = 'rebate-settlement';
/** Every hour at :25, after the evaluation: rebates use the level the member holds when its period is settled. */
const REBATE_SETTLEMENT_CRON = '25 * * * *';
/** Periods before the current one each run settles, per length (3 for days). */
const REBATE_CATCH_UP_PERIODS = { D: 3, W: 2, H: 2, M: 2 } as const;

/** VIP levels and rebates (docs/vip-and-rebates.md). */
export function createVipModule(
  deps: VipDeps & {
    merchants: Pick<MerchantService, 'current'>;
    /** Brings the daily rollups up to date before a job reads them (the daily-stats module). */
    refreshRollups: () => Promise<unknown>;
    logger: JobLogger;
  },
): PlatformModule<'vip', VipService> {
  const vip = createVipService(deps);
  return {
    name: 'vip',
    service: vip,
    routes: vipRoutes(vip),
    adminRoutes: vipAdminRoutes(vip),
    settings: [vipPolicySetting],
    jobs: async (runner) => {
      await runner.schedule(VIP_EVALUATION_JOB, VIP_EVALUATION_CRON, async () => {
        const merchant = await deps.merchants.current();
        await deps.refreshRollups();
        const today = localDateOf(deps.now(), await deps.timeZoneOf(merchant.id));
        for (let back = VIP_CATCH_UP_DAYS; back >= 1; back -= 1) {
          const day = addDays(today, -back);
          const summary = await vip.levels.evaluateDay(merchant.id, day);
          if (summary.evaluated > 0) deps.logger.info({ job: VIP_EVALUATION_JOB, day, ...summary }, 'vip levels evaluated');
        }
        // The periodic bonuses of the last week and month that are over, to the levels held after the evaluation.
        for (const period of VIP_BONUS_PERIODS) {
          for (const range of rebatePeriodsBefore(period, today, 1)) {
            const paid = await vip.levels.payPeriodicBonuses(merchant.id, period, range.start);
            if (paid > 0) deps.logger.info({ job: VIP_EVALUATION_JOB, period, ...range, paid }, 'vip periodic bonuses paid');
          }
        }
      });
      await runner.schedule(REBATE_SETTLEMENT_JOB, REBATE_SETTLEMENT_CRON, async () => {
        const merchant = await deps.merchants.current();
        await deps.refreshRollups();
        const today = localDateOf(deps.now(), await deps.timeZoneOf(merchant.id));
        for (const period of REBATE_PERIODS) {
          for (const range of rebatePeriodsBefore(period, today, REBATE_CATCH_UP_PERIODS[period])) {
            const settled = await vip.rebates.settlePeriod(merchant.id, period, range.start);
            if (settled && settled.written > 0) deps.logger.info({ job: REBATE_SETTLEMENT_JOB, period, ...settled }, 'rebates settled');
          }
        }
        // Cashback on the net loss of the same periods (no half-months).
        for (const period of CASHBACK_PERIODS) {
          for (const range of rebatePeriodsBefore(period, today, REBATE_CATCH_UP_PERIODS[period])) {
            const settled = await vip.cashback.settlePeriod(merchant.id, period, range.start);
            if (settled && settled.written > 0) deps.logger.info({ job: REBATE_SETTLEMENT_JOB, period, ...settled }, 'cashback settled');
          }
        }
      });
    },
  };
}
