import type { Kysely, Transaction } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { RollupSources } from './daily-stats.maintenance.ts';
import { foldMovements } from './daily-stats.maintenance.ts';
import { MONEY_FIELDS } from './daily-stats.money-rules.ts';
import * as repo from './daily-stats.repository.ts';
import type { DifferenceKind } from './daily-stats.tables.ts';
import * as teamRepo from './team-rollups.repository.ts';

/**
 * The reconciliation of one merchant's day: the rollups recomputed from the raw records (settled
 * real-money bet records, ledger transfers) and compared, figure by figure, member by member, and
 * each ancestor's team rows compared with the sums of its team's member rows (ADR 0018). Any
 * difference is stored (`daily_stats_differences`, read by the operator calls), logged, and counted
 * in the `daily_stats_reconciliation_differences` gauge.
 *
 * The day is done in chunks of members, each in its own transaction that writes the chunk's
 * differences and moves the run's `after_member_id`: a run killed mid-way leaves the chunks it
 * finished and a `running` row, and the next run of that day goes on from there. A run of a finished
 * day starts again from the first member and replaces the day's differences, so running it twice
 * gives the same result (idempotent per merchant and day).
 *
 * The rollups lag the records by one consumer step, so the consumer catches up first; a chunk that
 * shows differences is read again after another catch-up, so a round settling during the run is not
 * reported.
 */

const RECONCILIATION_CHUNK_MEMBERS = 2_000;
export const DAILY_STATS_RECONCILIATION_JOB = 'daily-stats-reconciliation';

type Figures = Readonly<Record<string, unknown>>;

const GAME_FIELDS = ['betCount', 'stake', 'validBet', 'payout', 'winLoss'] as const;
const GAME_COLUMNS = ['bet_count', 'stake', 'valid_bet', 'payout', 'win_loss'] as const;
const MONEY_COLUMNS = [
  'deposit_amount',
  'deposit_count',
  'withdrawal_amount',
  'withdrawal_count',
  'bonus_amount',
  'transfer_in_amount',
  'transfer_out_amount',
] as const;

export function createDailyStatsReconciliation(
  deps: RollupSources & {
    db: Kysely<DB>;
    now: () => Date;
    catchUp: () => Promise<unknown>;
    logger: JobLogger;
    metrics?: Registry;
    node?: string;
    chunkMembers?: number;
    /** Tests only: runs after each chunk commits (a throw here stands for the process dying). */
    afterChunk?: (chunk: { afterMemberId: number; uptoMemberId: number }) => Promise<void>;
  },
) {
  const { db, now, logger } = deps;
  const chunkMembers = deps.chunkMembers ?? RECONCILIATION_CHUNK_MEMBERS;
  if (deps.metrics) registerMetrics(db, deps.metrics);

  /** The chunk's differences: what the raw records give against what the rollups hold. */
  async function compareChunk(executor: Transaction<DB>, range: repo.MemberRange & { from: Date; to: Date; zone: string }) {
    const rawGames = await deps.betRecords.rollupSource.sumByMember(executor, range);
    const movements = await deps.ledger.movements.ofMembers(
      {
        kind: 'time',
        merchantId: range.merchantId,
        from: range.from,
        to: range.to,
        afterMemberId: range.afterMemberId,
        uptoMemberId: range.uptoMemberId,
      },
      executor,
    );
    const rawMoney = foldMovements(movements, new Map([[range.merchantId, range.zone]]));
    const rolledGames = await repo.findGameDaysOfRange(executor, range);
    const rolledMoney = await repo.findMoneyDaysOfRange(executor, range);

    const differences: repo.DifferenceRow[] = [];
    const compare = (
      memberId: number,
      kind: DifferenceKind,
      category: string,
      fields: readonly string[],
      expected?: Figures,
      actual?: Figures,
    ) => {
      for (const field of fields) {
        const e = Number(expected?.[field] ?? 0);
        const a = Number(actual?.[field] ?? 0);
        if (e !== a) differences.push({ memberId, kind, category, field, expected: e, actual: a });
      }
    };
    const games = new Map<string, { memberId: number; category: string; expected?: Figures; actual?: Figures }>();
    for (const r of rawGames) {
      games.set(`${r.memberId}|${r.category}`, {
        memberId: r.memberId,
        category: r.category,
        expected: { betCount: r.rounds, stake: r.stake, validBet: r.validBet, payout: r.payout, winLoss: r.winLoss },
      });
    }
    for (const r of rolledGames) {
      const key = `${r.memberId}|${r.category}`;
      const entry = games.get(key) ?? { memberId: r.memberId, category: r.category };
      entry.actual = r;
      games.set(key, entry);
    }
    for (const g of games.values()) compare(g.memberId, 'game', g.category, GAME_FIELDS, g.expected, g.actual);

    const money = new Map<number, { expected?: Figures; actual?: Figures }>();
    for (const r of rawMoney) money.set(r.memberId, { expected: r });
    for (const r of rolledMoney) money.set(r.memberId, { ...money.get(r.memberId), actual: r });
    for (const [memberId, m] of money) compare(memberId, 'money', '', MONEY_FIELDS, m.expected, m.actual);

    // The team rows of the ancestors in the range against their teams' member rows (each kind in one
    // statement, so a consumer step or a move committing meanwhile is seen whole or not at all).
    const held = (
      rows: readonly Record<string, string | null>[],
      kind: DifferenceKind,
      columns: readonly string[],
      fields: readonly string[],
    ) => {
      for (const r of rows) {
        const pick = (prefix: string) => Object.fromEntries(columns.map((c, i) => [fields[i], r[`${prefix}${c}`]]));
        compare(Number(r.ancestor_id), kind, r.category ?? '', fields, pick('e_'), pick('a_'));
      }
    };
    held(await teamRepo.compareTeamGame(executor, range), 'team_game', GAME_COLUMNS, GAME_FIELDS);
    held(await teamRepo.compareTeamMoney(executor, range), 'team_money', MONEY_COLUMNS, MONEY_FIELDS);
    held(await teamRepo.compareTeamActivity(executor, range), 'team_activity', ['active_members'], ['activeMembers']);
    return differences;
  }

  /**
   * Reconciles the merchant's day (`YYYY-MM-DD` in its time zone): resumes a run left `running`,
   * else starts one. Returns the finished run.
   */
  async function run(input: { merchantId: number; day: string }) {
    const { merchantId, day } = input;
    const zone = await deps.timeZoneOf(merchantId);
    const from = startOfLocalDate(day, zone);
    const to = startOfLocalDate(addDays(day, 1), zone);
    await deps.catchUp();

    const resumed = await db.transaction().execute(async (trx) => {
      const existing = await repo.lockReconciliation(trx, { merchantId, day });
      if (existing?.status === 'running') return existing.afterMemberId;
      await repo.startReconciliation(trx, { merchantId, day, at: now(), node: deps.node ?? null });
      return 0;
    });

    // Every member the raw records or the rollups name on that day, in id order.
    const members = [
      ...new Set([
        ...(await deps.betRecords.rollupSource.membersWithRounds({ merchantId, from, to })),
        ...(await deps.ledger.movements.membersWith({ merchantId, from, to })),
        ...(await repo.findMembersWithRollups(db, { merchantId, day })),
        // Ancestors whose team rows the day has, or should have.
        ...(await teamRepo.findAncestorsOfDay(db, { merchantId, day })),
      ]),
    ]
      .filter((id) => id > resumed)
      .sort((a, b) => a - b);

    let after = resumed;
    for (let i = 0; i < members.length; i += chunkMembers) {
      const chunk = members.slice(i, i + chunkMembers);
      const upto = chunk[chunk.length - 1] as number;
      const range = { merchantId, day, afterMemberId: after, uptoMemberId: upto, from, to, zone };
      // Differences seen while the consumer lags are read again once it has caught up.
      const first = await db.transaction().execute((trx) => compareChunk(trx, range));
      if (first.length > 0) await deps.catchUp();
      await db.transaction().execute(async (trx) => {
        const current = await repo.lockReconciliation(trx, { merchantId, day });
        // Another run of this day went past this chunk meanwhile.
        if (current?.status !== 'running' || current.afterMemberId !== after) return;
        const differences = first.length > 0 ? await compareChunk(trx, range) : first;
        await repo.recordChunk(trx, { ...range, members: chunk.length, differences, at: now() });
      });
      await deps.afterChunk?.({ afterMemberId: after, uptoMemberId: upto });
      after = upto;
    }

    const finished = await db.transaction().execute(async (trx) => {
      await repo.lockReconciliation(trx, { merchantId, day });
      return repo.finishReconciliation(trx, { merchantId, day, at: now() });
    });
    if (finished.differenceCount > 0) {
      const { rows } = await repo.findDifferences(db, { merchantId, day, limit: 20, offset: 0 });
      for (const difference of rows) logger.error({ merchantId, day, ...difference }, 'daily stats reconciliation difference');
    }
    logger.info(
      { merchantId, day, status: finished.status, membersChecked: finished.membersChecked, differences: finished.differenceCount },
      'daily stats reconciliation finished',
    );
    return finished;
  }

  /** The day before today in the merchant's zone: the day the scheduled job reconciles. */
  async function yesterdayOf(merchantId: number): Promise<string> {
    return addDays(localDateOf(now(), await deps.timeZoneOf(merchantId)), -1);
  }

  return { run, yesterdayOf };
}

function registerMetrics(db: Kysely<DB>, registry: Registry): void {
  new Gauge({
    name: 'daily_stats_reconciliation_differences',
    help: 'Differences between the daily rollups and the raw records found by the latest finished reconciliation',
    registers: [registry],
    async collect() {
      this.reset();
      const latest = await repo.findLatestDifferenceCount(db);
      if (latest) this.set(latest.count);
    },
  });
}
