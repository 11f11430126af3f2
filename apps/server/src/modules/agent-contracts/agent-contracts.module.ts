import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import type { SettingsTreeNode } from '@platform/contracts/system';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { agentContractsAdminRoutes } from './agent-contracts.admin-routes.ts';
import { dividendPeriodsBefore } from './agent-contracts.periods.ts';
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

/** Agent contracts: dividend, daily wage, hourly wage and real-time salary terms along the downline (docs/agent-contracts.md). */
export function createAgentContractsModule(deps: {
  db: Kysely<DB>;
  agents: AgentsService;
  settings: SettingsService;
  inbox: Pick<InboxService, 'platform'>;
  ledger: LedgerService;
  /** The daily team rollups settlement reads (the daily-stats module). */
  teamStats: Pick<TeamStatsService, 'gameByDay' | 'qualifiedMembers'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The merchant's settings tree (the system module's setting): a kind whose node is off is refused to agents. */
  settingsTree: (merchantId: number) => Promise<readonly SettingsTreeNode[]>;
  merchants: Pick<MerchantService, 'current'>;
  /** Brings the daily rollups up to date before a settlement reads them (the daily-stats module). */
  refreshRollups: () => Promise<unknown>;
  logger: JobLogger;
  now: () => Date;
}): PlatformModule<'agentContracts', AgentContractsService> {
  const contracts = createAgentContractsService(deps);
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
    },
  };
}
