import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { lotteryAdminRoutes } from './lottery.admin.routes.ts';
import { createLotteryAdmin } from './lottery.admin.ts';
import { createHttpResultsSource } from './lottery.import.ts';
import { createLotteryQueries } from './lottery.queries.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { createLotteryService, type LotteryService, type LotteryStakeGuard } from './lottery.service.ts';

export const LOTTERY_JOB_NAME = 'lottery-draws';
/** Every minute: periods ahead, due house draws, settlement and unfinished voids. */
export const LOTTERY_JOB_CRON = '* * * * *';

/** Builds the lottery service and schedules its job (handlers run once the runner starts). */
export async function createLotteryModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  realtime: RealtimeHub;
  jobs: JobRunner;
  logger: JobLogger;
  now: () => Date;
  stakeGuard?: LotteryStakeGuard;
  /** The official results feed, when the operator has one. */
  resultsFeedUrl?: string | undefined;
}): Promise<LotteryService> {
  const lottery = createLotteryService({
    db: deps.db,
    ledger: deps.ledger,
    betRecords: deps.betRecords,
    now: deps.now,
    stakeGuard: deps.stakeGuard,
    publish: (memberId, message) => deps.realtime.publish(memberId, message),
    resultsSource: deps.resultsFeedUrl ? createHttpResultsSource(deps.resultsFeedUrl) : undefined,
    onRefusedResults: (refused) => deps.logger.warn({ job: LOTTERY_JOB_NAME, refused }, 'official results refused'),
  });
  await deps.jobs.schedule(LOTTERY_JOB_NAME, LOTTERY_JOB_CRON, async () => {
    const counts = await lottery.runJobRound();
    if (counts.drawn > 0 || counts.imported > 0 || counts.settled > 0 || counts.voided > 0)
      deps.logger.info({ job: LOTTERY_JOB_NAME, ...counts }, 'lottery round');
  });
  return lottery;
}

export async function registerLotteryRoutes(
  app: FastifyInstance,
  deps: { lottery: LotteryService; db: Kysely<DB>; merchants: MerchantService; now: () => Date },
): Promise<void> {
  await app.register(
    lotteryRoutes({ lottery: deps.lottery, queries: createLotteryQueries({ db: deps.db, now: deps.now }), merchants: deps.merchants }),
  );
  await app.register(lotteryAdminRoutes(createLotteryAdmin({ db: deps.db, now: deps.now })));
}
