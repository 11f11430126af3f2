import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import type { SettingsTreeNode } from '@platform/contracts/system';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { agentContractsAdminRoutes } from './agent-contracts.admin-routes.ts';
import { dividendPeriodsBefore, type SlotKind, slotsBefore } from './agent-contracts.periods.ts';
import { createContractRecordsReader } from './agent-contracts.records.ts';
import { agentContractsRoutes } from './agent-contracts.routes.ts';
import { type AgentContractsService, createAgentContractsService } from './agent-contracts.service.ts';
import { contractPolicySetting } from './agent-contracts.settings.ts';

const DAILY_WAGE_SETTLEMENT_JOB = 'agent-contracts-daily-wage';
/** Every hour at :30: a day's wages are paid within the first hour after the merchant's midnight. */
const DAILY_WAGE_SETTLEMENT_CRON = '30 * * * *';
/** Days before today each run settles: a missed run (or a node down over midnight) is caught up. */
const DAILY_WAGE_CATCH_UP_DAYS = 3;
const DIVIDEND_SETTLEMENT_JOB = 'agent-contracts-dividend';
/** Every hour at :40: a period's dividends are paid within the first hour after it ends. */
const DIVIDEND_SETTLEMENT_CRON = '40 * * * *';
/** Periods before the current one each run settles, for each period length: a missed run is caught up. */
const DIVIDEND_CATCH_UP_PERIODS = 2;
const HOURLY_WAGE_SETTLEMENT_JOB = 'agent-contracts-hourly-wage';
/** Every hour at :05: an hour's wages are paid within 5 minutes after it ends. */
const HOURLY_WAGE_SETTLEMENT_CRON = '5 * * * *';
/** Complete hours each run settles, the last first-paid: two missed runs are caught up. */
const HOURLY_WAGE_CATCH_UP_HOURS = 3;
const REALTIME_SALARY_SETTLEMENT_JOB = 'agent-contracts-realtime-salary';
/** Every 5 minutes. */
const REALTIME_SALARY_SETTLEMENT_CRON = '*/5 * * * *';
/** Complete slots each run settles (half an hour): five missed runs are caught up. */
const REALTIME_SALARY_CATCH_UP_SLOTS = 6;
/**
 * A slot is settled once it ended this long ago: a round settling at its last instant commits a moment
 * later, and the cron fires a moment after the minute starts.
 */
const SLOT_SETTLEMENT_DELAY_MS = 60_000;
const CORRECTION_JOB = 'agent-contracts-corrections';
/** Once a day (03:50 of the server's clock): late rounds of the paid periods are corrected. */
const CORRECTION_CRON = '50 3 * * *';
/** Paid periods that ended on one of the last days of the merchant's calendar (today included) are compared again. */
const CORRECTION_WINDOW_DAYS = 3;

/** Agent contracts: dividend, daily wage, hourly wage and real-time salary terms along the downline (docs/agent-contracts.md). */
export function createAgentContractsModule(deps: {
  db: Kysely<DB>;
  agents: AgentsService;
  settings: SettingsService;
  inbox: Pick<InboxService, 'platform'>;
  ledger: LedgerService;
  /** The daily team rollups settlement reads (the daily-stats module). */
  teamStats: Pick<TeamStatsService, 'ofTeams'>;
  /** The bet records' reads by time the hourly wage and the real-time salary use (the bet-records module). */
  betRecords: Pick<BetRecordService, 'playBetween'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The merchant's settings tree (the system module's setting): a kind whose node is off is refused to agents. */
  settingsTree: (merchantId: number, executor?: Kysely<DB>) => Promise<readonly SettingsTreeNode[]>;
  merchants: Pick<MerchantService, 'current'>;
  /** Brings the daily rollups up to date before a settlement reads them (the daily-stats module). */
  refreshRollups: () => Promise<unknown>;
  logger: JobLogger;
  now: () => Date;
}): PlatformModule<'agentContracts', AgentContractsService> {
  const contracts = createAgentContractsService(deps);

  /**
   * The job of a slot kind: the last complete slots (ended at least `SLOT_SETTLEMENT_DELAY_MS` ago),
   * oldest first. They read the bet records directly, not the rollups, so nothing is refreshed first.
   */
  const settleRecentSlots = (kind: SlotKind, job: string, count: number) => async () => {
    const merchant = await deps.merchants.current();
    const timeZone = await deps.timeZoneOf(merchant.id);
    const until = new Date(deps.now().getTime() - SLOT_SETTLEMENT_DELAY_MS);
    for (const slot of slotsBefore(kind, until, timeZone, count)) {
      const settled =
        kind === 'hourlyWage'
          ? await contracts.settlement.settleHourlyWages(merchant.id, slot.from)
          : await contracts.settlement.settleRealtimeSalaries(merchant.id, slot.from);
      const paid = settled.filter((s) => !s.isReplay);
      if (paid.length > 0) deps.logger.info({ job, slot: slot.from.toISOString(), paid: paid.length }, 'contract slot paid');
    }
  };
  return {
    name: 'agentContracts',
    service: contracts,
    routes: agentContractsRoutes(contracts, createContractRecordsReader(deps)),
    adminRoutes: agentContractsAdminRoutes(contracts),
    settings: [contractPolicySetting],
    jobs: async (runner) => {
      await runner.schedule(DAILY_WAGE_SETTLEMENT_JOB, DAILY_WAGE_SETTLEMENT_CRON, async () => {
        const merchant = await deps.merchants.current();
        await deps.refreshRollups();
        const today = localDateOf(deps.now(), await deps.timeZoneOf(merchant.id));
        for (let back = DAILY_WAGE_CATCH_UP_DAYS; back >= 1; back -= 1) {
          const day = addDays(today, -back);
          const settled = await contracts.settlement.settleDailyWages(merchant.id, day);
          const paid = settled.filter((s) => !s.isReplay);
          if (paid.length > 0) deps.logger.info({ job: DAILY_WAGE_SETTLEMENT_JOB, day, paid: paid.length }, 'daily wages paid');
        }
      });
      await runner.schedule(DIVIDEND_SETTLEMENT_JOB, DIVIDEND_SETTLEMENT_CRON, async () => {
        const merchant = await deps.merchants.current();
        await deps.refreshRollups();
        const today = localDateOf(deps.now(), await deps.timeZoneOf(merchant.id));
        // Each contract keeps the period it was offered with, so every length in use is settled.
        for (const length of DIVIDEND_PERIODS) {
          for (const period of dividendPeriodsBefore(length, today, DIVIDEND_CATCH_UP_PERIODS)) {
            const settled = await contracts.settlement.settleDividends(merchant.id, length, period.start);
            const paid = settled.filter((s) => !s.isReplay);
            if (paid.length > 0) deps.logger.info({ job: DIVIDEND_SETTLEMENT_JOB, period, paid: paid.length }, 'dividends paid');
          }
        }
      });
      await runner.schedule(CORRECTION_JOB, CORRECTION_CRON, async () => {
        const merchant = await deps.merchants.current();
        await deps.refreshRollups();
        const today = localDateOf(deps.now(), await deps.timeZoneOf(merchant.id));
        const corrected = await contracts.settlement.correctPaidSince(merchant.id, addDays(today, -CORRECTION_WINDOW_DAYS));
        if (corrected.length > 0) deps.logger.info({ job: CORRECTION_JOB, corrected: corrected.length }, 'contract periods corrected');
      });
      await runner.schedule(
        HOURLY_WAGE_SETTLEMENT_JOB,
        HOURLY_WAGE_SETTLEMENT_CRON,
        settleRecentSlots('hourlyWage', HOURLY_WAGE_SETTLEMENT_JOB, HOURLY_WAGE_CATCH_UP_HOURS),
      );
      await runner.schedule(
        REALTIME_SALARY_SETTLEMENT_JOB,
        REALTIME_SALARY_SETTLEMENT_CRON,
        settleRecentSlots('realtimeSalary', REALTIME_SALARY_SETTLEMENT_JOB, REALTIME_SALARY_CATCH_UP_SLOTS),
      );
    },
  };
}
