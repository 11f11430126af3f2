import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { BonusWallet } from '../promotions/bonus-wallet.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { createLotteryAdmin } from './lottery.admin.ts';
import { lotteryAdminRoutes } from './lottery.admin-routes.ts';
import { createLotteryChanges } from './lottery.changes.ts';
import { createHttpResultsSource, createReplayResultsSource, type ResultsSource } from './lottery.import.ts';
import { createLotteryQueries } from './lottery.queries.ts';
import { findOfficialStations } from './lottery.repository.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { createLotteryService, type LotteryService, type LotteryStakeGuard } from './lottery.service.ts';

export const LOTTERY_JOB_NAME = 'lottery-draws';
/** Every minute: periods ahead, due house draws, settlement and unfinished voids. */
export const LOTTERY_JOB_CRON = '* * * * *';

/**
 * The Vietnamese lottery house game: the lottery page's calls, the operator's games, odds, results
 * and voids, and the every-minute job (periods ahead, house draws, settlement, unfinished voids).
 */
export function createLotteryModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  merchants: MerchantService;
  realtime: RealtimeHub;
  logger: JobLogger;
  now: () => Date;
  stakeGuard?: LotteryStakeGuard;
  /** Bonus money a ticket draws on once the cash is spent (promotions, ADR 0032). */
  bonusWallet?: BonusWallet | undefined;
  /** The official results feed, when the operator has one. */
  resultsFeedUrl?: string | undefined;
  /** Without a feed, replay published sheets as the official results (the demo: docs/lottery.md). */
  replayPublishedResults?: boolean | undefined;
}): PlatformModule<'lottery', LotteryService> {
  const lottery = createLotteryService({
    db: deps.db,
    ledger: deps.ledger,
    betRecords: deps.betRecords,
    now: deps.now,
    stakeGuard: deps.stakeGuard,
    bonusWallet: deps.bonusWallet,
    publish: (memberId, message) => deps.realtime.publish(memberId, message),
    resultsSource: resultsSourceOf(deps),
    onRefusedResults: (refused) => deps.logger.warn({ job: LOTTERY_JOB_NAME, refused }, 'official results refused'),
  });
  const queries = createLotteryQueries({ db: deps.db, now: deps.now });
  return {
    name: 'lottery',
    service: lottery,
    routes: lotteryRoutes({ lottery, queries, merchants: deps.merchants }),
    adminRoutes: lotteryAdminRoutes({
      admin: createLotteryAdmin({ db: deps.db, now: deps.now }),
      changes: createLotteryChanges({ db: deps.db, now: deps.now, markVoided: lottery.markVoided, refundVoided: lottery.refundVoided }),
      lottery,
    }),
    jobs: (runner) =>
      runner.schedule(LOTTERY_JOB_NAME, LOTTERY_JOB_CRON, async () => {
        const counts = await lottery.runJobRound();
        if (counts.drawn > 0 || counts.imported > 0 || counts.settled > 0 || counts.voided > 0)
          deps.logger.info({ job: LOTTERY_JOB_NAME, ...counts }, 'lottery round');
      }),
  };
}

function resultsSourceOf(deps: {
  db: Kysely<DB>;
  resultsFeedUrl?: string | undefined;
  replayPublishedResults?: boolean | undefined;
}): ResultsSource | undefined {
  if (deps.resultsFeedUrl) return createHttpResultsSource(deps.resultsFeedUrl);
  if (deps.replayPublishedResults) return createReplayResultsSource(() => findOfficialStations(deps.db));
  return undefined;
}
