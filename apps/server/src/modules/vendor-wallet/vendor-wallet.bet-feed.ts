import { BET_FEED_PAGE_SIZE_MAX, type VendorFeedRound } from '@platform/contracts/vendor-protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordService, SettledRound } from '../bet-records/bet-records.service.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { TransferVendorAdapter } from './transfer-adapter.ts';
import type { IntegrationService } from './vendor-wallet.integrations.ts';
import * as repo from './vendor-wallet.repository.ts';

const BET_FEED_JOB_NAME = 'vendor-bet-feed';
const BET_FEED_CRON = '* * * * *';
/** A new feed starts this far back (a vendor enabled today brings in the rounds already played). */
const BET_FEED_FIRST_LOOKBACK_MS = 24 * 60 * 60_000;
/** Each run asks again this far behind the watermark, for rounds a vendor files late. */
export const BET_FEED_OVERLAP_MS = 10 * 60_000;
/** A run reads up to this long before now: rounds settling at this instant may not be listed yet. */
export const BET_FEED_SETTLE_LAG_MS = 5_000;
/** The longest window asked at once; the watermark moves after each, so a long catch-up resumes where it stopped. */
export const BET_FEED_WINDOW_MAX_MS = 60 * 60_000;
/** Pages of one window at most (a guard against a vendor that always says there is more). */
const BET_FEED_PAGES_MAX = 10_000;

/** A game's category in the catalogue, for rounds the feed brings (null: the catalogue does not list it). */
export type GameCategoryResolver = (game: { merchantId: number; vendorCode: string; gameCode: string }) => Promise<string | null>;

export type BetFeedRun = { vendorCode: string; windows: number; rounds: number; recorded: number; unknownPlayers: number };

/**
 * The bet feed of transfer-style vendors. Their rounds are played in their own wallet, so no wallet
 * call of ours sees them; the vendor lists them by settle time and we pull them window by window:
 * `[watermark − overlap, now − lag)`, cut into windows of at most an hour, every page of a window
 * written through the bet records service (a round already recorded stays as it is), then the
 * watermark moves to the window's end. A run that dies part-way leaves the watermark before the
 * window it was reading, so the next run reads that window again and records only what is missing.
 */
export function createBetFeed(deps: {
  db: Kysely<DB>;
  integrations: IntegrationService;
  adapterOf: (vendorCode: string) => Promise<TransferVendorAdapter | undefined>;
  betRecords: Pick<BetRecordService, 'recordSettledRounds'>;
  gameCategoryOf: GameCategoryResolver;
  logger: JobLogger;
  now: () => Date;
  pageSize?: number;
}) {
  const { db, logger, now } = deps;
  const pageSize = Math.min(deps.pageSize ?? BET_FEED_PAGE_SIZE_MAX, BET_FEED_PAGE_SIZE_MAX);

  /** The rounds of one page as bet records: players we know (from their transfers), with the game's category. */
  async function toSettledRounds(vendorCode: string, rounds: readonly VendorFeedRound[]) {
    const players = new Map(
      (
        await repo.findPlayers(
          db,
          vendorCode,
          rounds.map((r) => r.playerId),
        )
      ).map((p) => [p.playerId, p]),
    );
    const categories = new Map<string, string>();
    const known: SettledRound[] = [];
    let unknownPlayers = 0;
    for (const round of rounds) {
      const player = players.get(round.playerId);
      if (!player || player.currency !== round.currency) {
        unknownPlayers++;
        continue;
      }
      const categoryKey = `${player.merchantId}\n${round.gameCode}`;
      let category = categories.get(categoryKey);
      if (category === undefined) {
        category = (await deps.gameCategoryOf({ merchantId: player.merchantId, vendorCode, gameCode: round.gameCode })) ?? 'OTHER';
        categories.set(categoryKey, category);
      }
      known.push({
        merchantId: player.merchantId,
        memberId: player.memberId,
        username: player.username,
        vendorCode,
        gameCode: round.gameCode,
        gameCategory: category,
        roundId: round.roundId,
        currency: round.currency,
        stake: round.stake,
        payout: round.payout,
        settledAt: new Date(round.settledAt),
        outcome: round.outcome,
      });
    }
    if (unknownPlayers > 0) logger.warn({ vendorCode, unknownPlayers }, 'bet feed: rounds of players we never sent money for are left out');
    return { known, unknownPlayers };
  }

  /** One vendor's feed from its watermark up to now − lag. */
  async function runVendor(vendorCode: string): Promise<BetFeedRun> {
    const run: BetFeedRun = { vendorCode, windows: 0, rounds: 0, recorded: 0, unknownPlayers: 0 };
    const adapter = await deps.adapterOf(vendorCode);
    const betHistory = adapter?.betHistory;
    if (!betHistory) return run;
    const startedAt = now();
    await repo.insertBetFeedIfMissing(db, vendorCode, new Date(startedAt.getTime() - BET_FEED_FIRST_LOOKBACK_MS), startedAt);
    const feed = await repo.findBetFeed(db, vendorCode);
    if (!feed) throw new Error(`bet feed of ${vendorCode} vanished`);
    const end = startedAt.getTime() - BET_FEED_SETTLE_LAG_MS;
    let from = feed.watermark.getTime() - BET_FEED_OVERLAP_MS;
    try {
      while (from < end) {
        const to = Math.min(from + BET_FEED_WINDOW_MAX_MS, end);
        let recorded = 0;
        for (let page = 1; page <= BET_FEED_PAGES_MAX; page++) {
          const answer = await betHistory({ from, to, page, pageSize });
          const inWindow = answer.rounds.filter((r) => r.settledAt >= from && r.settledAt < to);
          const { known, unknownPlayers } = await toSettledRounds(vendorCode, inWindow);
          recorded += await deps.betRecords.recordSettledRounds(known);
          run.rounds += inWindow.length;
          run.unknownPlayers += unknownPlayers;
          if (!answer.hasMore) break;
        }
        // Every round of [from, to) is recorded: the watermark may pass it.
        await repo.advanceBetFeed(db, vendorCode, new Date(to), recorded, now());
        run.recorded += recorded;
        run.windows++;
        from = to;
      }
    } catch (err) {
      await repo.noteBetFeedError(db, vendorCode, err instanceof Error ? err.message : String(err), now());
      throw err;
    }
    return run;
  }

  /** Every enabled transfer-style vendor's feed; one vendor's failure does not stop the others. */
  async function runAll(): Promise<BetFeedRun[]> {
    const vendors = (await deps.integrations.list()).filter((i) => i.isEnabled && i.walletStyle === 'transfer');
    const runs: BetFeedRun[] = [];
    for (const integration of vendors) {
      try {
        runs.push(await runVendor(integration.vendorCode));
      } catch (err) {
        logger.warn({ err, vendorCode: integration.vendorCode }, 'bet feed run stopped; the next run resumes from the watermark');
      }
    }
    return runs;
  }

  return {
    runVendor,
    runAll,
    /** Where a vendor's feed stands: the watermark, rounds recorded, the last run and its error. */
    status: (vendorCode: string) => repo.findBetFeed(db, vendorCode),
    /** Every minute, on one node (a schedule runs once per slot). */
    registerJobs: (jobs: JobRunner) =>
      jobs.schedule(BET_FEED_JOB_NAME, BET_FEED_CRON, async () => {
        await runAll();
      }),
  };
}
