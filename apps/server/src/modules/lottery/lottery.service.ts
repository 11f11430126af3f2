import { randomBytes } from 'node:crypto';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BonusWallet } from '../promotions/bonus-wallet.ts';
import { createLotteryDraws } from './lottery.draws.ts';
import type { ResultsSource } from './lottery.import.ts';
import { createLotteryPlacement, type LotteryStakeGuard } from './lottery.placement.ts';
import * as repo from './lottery.repository.ts';
import { createLotteryResults } from './lottery.results.ts';
import { createLotterySettlement, SETTLE_BATCH } from './lottery.settlement.ts';

export type { LotteryStakeGuard } from './lottery.placement.ts';
export type { LotteryGameRow, LotteryPeriodRow } from './lottery.repository.ts';

export type LotteryService = ReturnType<typeof createLotteryService>;

/**
 * The lottery: periods and house draws (`lottery.draws.ts`), betting (`lottery.placement.ts`),
 * settlement and voids (`lottery.settlement.ts`), official results (`lottery.results.ts`), all
 * reading and writing through `lottery.repository.ts`; this file puts them together and runs the
 * job's round.
 */
export function createLotteryService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  now: () => Date;
  stakeGuard?: LotteryStakeGuard | undefined;
  bonusWallet?: BonusWallet | undefined;
  publish?: ((memberId: number, message: RealtimeServerMessage) => Promise<void> | void) | undefined;
  /** Seed bytes for house draws; tests may pass their own. */
  randomSeed?: () => string;
  /** Tickets settled per transaction (default 5,000). */
  settleChunkSize?: number;
  /** A feed of official results, asked once an official draw's time has passed. */
  resultsSource?: ResultsSource | undefined;
  /** Told about feed results that were refused (wrong date, invalid, or conflicting with the draw's result). */
  onRefusedResults?: ((refused: { gameId: string; numero: string | null; reason: string }[]) => void) | undefined;
}) {
  const { db, ledger, betRecords, now } = deps;
  const randomSeed = deps.randomSeed ?? (() => randomBytes(32).toString('hex'));
  const settleChunkSize = deps.settleChunkSize ?? SETTLE_BATCH;

  const draws = createLotteryDraws({ db, now, randomSeed });
  const placement = createLotteryPlacement({ db, ledger, betRecords, now, stakeGuard: deps.stakeGuard, bonusWallet: deps.bonusWallet });
  const settlement = createLotterySettlement({
    db,
    ledger,
    betRecords,
    now,
    publish: deps.publish,
    settleChunkSize,
    bonusWallet: deps.bonusWallet,
  });
  const results = createLotteryResults({ db, now, settlePeriod: settlement.settlePeriod, resultsSource: deps.resultsSource });

  /** The job's round: create periods ahead, draw what is due, settle drawn draws, finish voided ones. */
  async function runJobRound(): Promise<{ created: number; drawn: number; imported: number; settled: number; voided: number }> {
    const created = await draws.ensurePeriods();
    const drawn = await draws.drawDue();
    const fromFeed = await results.importOfficialResults();
    if (fromFeed.refused.length > 0) deps.onRefusedResults?.(fromFeed.refused);
    let settled = 0;
    let voided = 0;
    const pending = await repo.findPeriodsToFinish(db);
    for (const p of pending) {
      if (p.status === 'drawn') settled += (await settlement.settlePeriod(Number(p.id))).settled;
      else voided += await settlement.refundVoided(Number(p.id));
    }
    return { created, drawn, imported: fromFeed.imported, settled, voided };
  }

  return {
    gameByCode: (merchantId: number, code: string) => repo.gameByCode(db, merchantId, code),
    periodOf: (gameId: number, numero: string) => repo.periodOf(db, gameId, numero),
    ensurePeriods: draws.ensurePeriods,
    drawDue: draws.drawDue,
    placeTicket: placement.placeTicket,
    ticketsOf: placement.ticketsOf,
    settlePeriod: settlement.settlePeriod,
    markVoided: settlement.markVoided,
    refundVoided: settlement.refundVoided,
    enterResult: results.enterResult,
    confirmResult: results.confirmResult,
    rejectResult: results.rejectResult,
    listResultEntries: results.listResultEntries,
    drawsAwaitingResult: results.drawsAwaitingResult,
    resultEntry: results.resultEntry,
    runJobRound,
    importOfficialResults: results.importOfficialResults,
  };
}
