import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DifferenceKind } from './daily-stats.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** One row of `member_daily_game_stats`, day as `YYYY-MM-DD`. */
export type GameDayRow = {
  merchantId: number;
  memberId: number;
  day: string;
  category: string;
  betCount: number;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
};

/** One row of `member_daily_money_stats`, day as `YYYY-MM-DD`. */
export type MoneyDayRow = {
  merchantId: number;
  memberId: number;
  day: string;
  depositAmount: number;
  depositCount: number;
  withdrawalAmount: number;
  withdrawalCount: number;
  bonusAmount: number;
  transferInAmount: number;
  transferOutAmount: number;
};

export type DayFilter = { memberIds: readonly number[]; from: string; to: string };

const DAY_TEXT = sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day');

const GAME_DAY_COLUMNS = [
  'merchant_id as merchantId',
  'member_id as memberId',
  DAY_TEXT,
  'category',
  'bet_count as betCount',
  'stake',
  'valid_bet as validBet',
  'payout',
  'win_loss as winLoss',
] as const;

const MONEY_DAY_COLUMNS = [
  'merchant_id as merchantId',
  'member_id as memberId',
  DAY_TEXT,
  'deposit_amount as depositAmount',
  'deposit_count as depositCount',
  'withdrawal_amount as withdrawalAmount',
  'withdrawal_count as withdrawalCount',
  'bonus_amount as bonusAmount',
  'transfer_in_amount as transferInAmount',
  'transfer_out_amount as transferOutAmount',
] as const;

/** Bigint and numeric columns arrive as strings from PostgreSQL: every figure back to a number. */
function toGameDayRow(r: { [K in keyof GameDayRow]: GameDayRow[K] | string | bigint }): GameDayRow {
  return {
    merchantId: Number(r.merchantId),
    memberId: Number(r.memberId),
    day: String(r.day),
    category: String(r.category),
    betCount: Number(r.betCount),
    stake: Number(r.stake),
    validBet: Number(r.validBet),
    payout: Number(r.payout),
    winLoss: Number(r.winLoss),
  };
}

function toMoneyDayRow(r: { [K in keyof MoneyDayRow]: MoneyDayRow[K] | string | bigint }): MoneyDayRow {
  return {
    merchantId: Number(r.merchantId),
    memberId: Number(r.memberId),
    day: String(r.day),
    depositAmount: Number(r.depositAmount),
    depositCount: Number(r.depositCount),
    withdrawalAmount: Number(r.withdrawalAmount),
    withdrawalCount: Number(r.withdrawalCount),
    bonusAmount: Number(r.bonusAmount),
    transferInAmount: Number(r.transferInAmount),
    transferOutAmount: Number(r.transferOutAmount),
  };
}

/** The game rollups of the given members for days `from`..`to` (both included), by member, day and category. */
export async function findGameDays(db: Executor, filter: DayFilter): Promise<GameDayRow[]> {
  if (filter.memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select(GAME_DAY_COLUMNS)
    .where('member_id', 'in', filter.memberIds)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .orderBy('member_id')
    .orderBy('day')
    .orderBy('category')
    .execute();
  return rows.map(toGameDayRow);
}

/** The money rollups of the given members for days `from`..`to` (both included), by member and day. */
export async function findMoneyDays(db: Executor, filter: DayFilter): Promise<MoneyDayRow[]> {
  if (filter.memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_daily_money_stats')
    .select(MONEY_DAY_COLUMNS)
    .where('member_id', 'in', filter.memberIds)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .orderBy('member_id')
    .orderBy('day')
    .execute();
  return rows.map(toMoneyDayRow);
}

/** A member's sums over a range of days: valid bet per game category, or deposits. */
export type MemberCategoryTotal = { memberId: number; category: string; validBet: number };
export type MemberDepositTotal = { memberId: number; depositAmount: number };

/**
 * Every member of the merchant with rounds over days `from`..`to` (both included): the valid bet per
 * category, summed over the days (one grouped read of the merchant's day index).
 */
export async function sumValidBetByMemberAndCategory(
  db: Executor,
  filter: { merchantId: number; from: string; to: string },
): Promise<MemberCategoryTotal[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select(['member_id as memberId', 'category', sql<string>`sum(valid_bet)::text`.as('validBet')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy(['member_id', 'category'])
    .orderBy('member_id')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), category: r.category, validBet: Number(r.validBet) }));
}

/**
 * The same sums as `sumValidBetByMemberAndCategory`, as a subquery for a set-based reader to join
 * (columns `member_id`, `category`, `valid_bet`), not run here: a period's rebates are computed in SQL
 * from it.
 */
export function validBetByMemberAndCategorySource(
  db: Executor,
  filter: { merchantId: number; from: string; to: string },
): RawBuilder<unknown> {
  const query = db
    .selectFrom('member_daily_game_stats')
    .select(['member_id', 'category', sql<string>`sum(valid_bet)`.as('valid_bet')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy(['member_id', 'category']);
  return sql`(${query})`;
}

/**
 * The valid bet per member, category and vendor over days `from`..`to` (both included), as a
 * subquery (columns `member_id`, `category`, `vendor_code`, `valid_bet`), not run here: rebate rules
 * per vendor are settled in SQL from it.
 */
export function validBetByVendorSource(db: Executor, filter: { merchantId: number; from: string; to: string }): RawBuilder<unknown> {
  const query = db
    .selectFrom('member_daily_vendor_stats')
    .select(['member_id', 'category', 'vendor_code', sql<string>`sum(valid_bet)`.as('valid_bet')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy(['member_id', 'category', 'vendor_code']);
  return sql`(${query})`;
}

/**
 * Replaces the vendor rows of recomputed (member, day, category) keys: the keys' rows go, the
 * vendors with rounds are written (key order, as `replaceGameDays`).
 */
export async function replaceVendorDays(
  trx: Transaction<DB>,
  keys: readonly { memberId: number; day: string; category: string }[],
  rows: readonly {
    merchantId: number;
    memberId: number;
    day: string;
    category: string;
    vendorCode: string;
    betCount: number;
    validBet: number;
  }[],
): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    DELETE FROM member_daily_vendor_stats s
     USING unnest(${sql.val(keys.map((k) => k.memberId))}::bigint[], ${sql.val(keys.map((k) => k.day))}::date[],
                  ${sql.val(keys.map((k) => k.category))}::text[]) AS e(member_id, day, category)
     WHERE s.member_id = e.member_id AND s.day = e.day AND s.category = e.category`.execute(trx);
  const kept = rows
    .filter((r) => r.betCount > 0)
    .sort(
      (a, b) =>
        a.memberId - b.memberId ||
        a.day.localeCompare(b.day) ||
        a.category.localeCompare(b.category) ||
        a.vendorCode.localeCompare(b.vendorCode),
    );
  if (kept.length === 0) return;
  await sql`
    INSERT INTO member_daily_vendor_stats (merchant_id, member_id, day, category, vendor_code, bet_count, valid_bet)
    SELECT * FROM unnest(${sql.val(kept.map((r) => r.merchantId))}::bigint[], ${sql.val(kept.map((r) => r.memberId))}::bigint[],
                         ${sql.val(kept.map((r) => r.day))}::date[], ${sql.val(kept.map((r) => r.category))}::text[],
                         ${sql.val(kept.map((r) => r.vendorCode))}::text[], ${sql.val(kept.map((r) => r.betCount))}::integer[],
                         ${sql.val(kept.map((r) => r.validBet))}::bigint[])`.execute(trx);
}

/** Every member of the merchant whose rounds over days `from`..`to` (both included) lost money, with the loss (− the win/loss). */
export async function sumNetLossByMember(
  db: Executor,
  filter: { merchantId: number; from: string; to: string },
): Promise<{ memberId: number; netLoss: number }[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select(['member_id as memberId', sql<string>`(-sum(win_loss))::text`.as('netLoss')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy('member_id')
    .having(sql`sum(win_loss)`, '<', 0)
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), netLoss: Number(r.netLoss) }));
}

/** Every member of the merchant with deposits over days `from`..`to` (both included), summed. */
export async function sumDepositsByMember(
  db: Executor,
  filter: { merchantId: number; from: string; to: string },
): Promise<MemberDepositTotal[]> {
  const rows = await db
    .selectFrom('member_daily_money_stats')
    .select(['member_id as memberId', sql<string>`sum(deposit_amount)::text`.as('depositAmount')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('deposit_amount', '>', 0)
    .groupBy('member_id')
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), depositAmount: Number(r.depositAmount) }));
}

// The consumer's cursors (see daily-stats.maintenance.ts). Xids travel as decimal text.

export type CursorSource = 'bet_records' | 'ledger_transfers';

/** The cursor's position, locked for the rest of the transaction (one consumer per source at a time). */
export async function lockCursor(trx: Transaction<DB>, source: CursorSource): Promise<string> {
  const row = await sql<{ position: string }>`
    SELECT position::text AS position FROM daily_stats_cursors WHERE source = ${source} FOR UPDATE`.execute(trx);
  const position = row.rows[0]?.position;
  if (position === undefined) throw new Error(`daily stats cursor ${source} is missing`);
  return position;
}

/**
 * The oldest transaction still running, as this statement sees it: every transaction with a lower
 * xid has committed or rolled back, and every later one gets a higher xid.
 */
/**
 * The oldest transaction id that may still write this database's rows: every transaction below it
 * has finished. The snapshot's own xmin counts every database of the server (transaction ids are
 * shared), so a long transaction in another database would hold the rollups back; a running id
 * whose lock is held by a backend of another database is left out. An id that cannot be placed (a
 * prepared transaction, one that ended meanwhile) counts, which only ever waits longer. The step's
 * own transaction id (taken by the cursor's row lock) counts too.
 */
export async function oldestRunningXid(trx: Transaction<DB>): Promise<string> {
  const row = await sql<{ xmin: string }>`
    WITH snap AS (SELECT pg_current_snapshot() AS s),
    running AS (
      SELECT x FROM snap, pg_snapshot_xip(snap.s) AS x
       WHERE NOT EXISTS (
         SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock' AND l.granted
            AND l.transactionid = x::xid
            AND a.datid IS NOT NULL AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))
      UNION ALL
      SELECT pg_current_xact_id_if_assigned() WHERE pg_current_xact_id_if_assigned() IS NOT NULL
      UNION ALL
      SELECT pg_snapshot_xmax(snap.s) FROM snap
    )
    SELECT min(x)::text AS xmin FROM running`.execute(trx);
  return row.rows[0]?.xmin ?? '0';
}

export async function moveCursor(trx: Transaction<DB>, source: CursorSource, position: string, at: Date): Promise<void> {
  await sql`UPDATE daily_stats_cursors SET position = ${position}::xid8, updated_at = ${at} WHERE source = ${source}`.execute(trx);
}

export type GameDayFigures = Omit<GameDayRow, 'merchantId'> & { merchantId: number };

/**
 * Writes recomputed game days: a day with rounds gets its figures (replacing what was there), a day
 * left with none is deleted. Rows go in key order, so two writers never wait on each other in a cycle.
 */
export async function replaceGameDays(trx: Transaction<DB>, rows: readonly GameDayFigures[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day) || a.category.localeCompare(b.category));
  const kept = sorted.filter((r) => r.betCount > 0);
  const emptied = sorted.filter((r) => r.betCount === 0);
  if (kept.length > 0) {
    await sql`
      INSERT INTO member_daily_game_stats (merchant_id, member_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
      SELECT * FROM unnest(${sql.val(kept.map((r) => r.merchantId))}::bigint[], ${sql.val(kept.map((r) => r.memberId))}::bigint[],
                           ${sql.val(kept.map((r) => r.day))}::date[], ${sql.val(kept.map((r) => r.category))}::text[],
                           ${sql.val(kept.map((r) => r.betCount))}::integer[], ${sql.val(kept.map((r) => r.stake))}::bigint[],
                           ${sql.val(kept.map((r) => r.validBet))}::bigint[], ${sql.val(kept.map((r) => r.payout))}::bigint[],
                           ${sql.val(kept.map((r) => r.winLoss))}::bigint[])
      ON CONFLICT (member_id, day, category) DO UPDATE
         SET bet_count = excluded.bet_count, stake = excluded.stake, valid_bet = excluded.valid_bet,
             payout = excluded.payout, win_loss = excluded.win_loss`.execute(trx);
  }
  if (emptied.length > 0) {
    await sql`
      DELETE FROM member_daily_game_stats s
       USING unnest(${sql.val(emptied.map((r) => r.memberId))}::bigint[], ${sql.val(emptied.map((r) => r.day))}::date[],
                    ${sql.val(emptied.map((r) => r.category))}::text[]) AS e(member_id, day, category)
       WHERE s.member_id = e.member_id AND s.day = e.day AND s.category = e.category`.execute(trx);
  }
}

/** Adds money deltas to members' days (a row is created at zero first), in key order. */
export async function addMoneyDeltas(trx: Transaction<DB>, rows: readonly Omit<MoneyDayRow, never>[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day));
  const col = <K extends keyof MoneyDayRow>(key: K) => sql.val(sorted.map((r) => r[key]));
  await sql`
    INSERT INTO member_daily_money_stats (merchant_id, member_id, day, deposit_amount, deposit_count, withdrawal_amount,
                                          withdrawal_count, bonus_amount, transfer_in_amount, transfer_out_amount)
    SELECT * FROM unnest(${col('merchantId')}::bigint[], ${col('memberId')}::bigint[], ${col('day')}::date[],
                         ${col('depositAmount')}::bigint[], ${col('depositCount')}::integer[], ${col('withdrawalAmount')}::bigint[],
                         ${col('withdrawalCount')}::integer[], ${col('bonusAmount')}::bigint[], ${col('transferInAmount')}::bigint[],
                         ${col('transferOutAmount')}::bigint[])
    ON CONFLICT (member_id, day) DO UPDATE
       SET deposit_amount = member_daily_money_stats.deposit_amount + excluded.deposit_amount,
           deposit_count = member_daily_money_stats.deposit_count + excluded.deposit_count,
           withdrawal_amount = member_daily_money_stats.withdrawal_amount + excluded.withdrawal_amount,
           withdrawal_count = member_daily_money_stats.withdrawal_count + excluded.withdrawal_count,
           bonus_amount = member_daily_money_stats.bonus_amount + excluded.bonus_amount,
           transfer_in_amount = member_daily_money_stats.transfer_in_amount + excluded.transfer_in_amount,
           transfer_out_amount = member_daily_money_stats.transfer_out_amount + excluded.transfer_out_amount`.execute(trx);
}

// Reconciliation (see daily-stats.reconciliation.ts).

/** Members of a merchant with a rollup row on the day, ascending. */
export async function findMembersWithRollups(db: Executor, filter: { merchantId: number; day: string }): Promise<number[]> {
  const result = await sql<{ member_id: number }>`
    SELECT member_id FROM member_daily_game_stats WHERE merchant_id = ${filter.merchantId} AND day = ${filter.day}::date
    UNION
    SELECT member_id FROM member_daily_money_stats WHERE merchant_id = ${filter.merchantId} AND day = ${filter.day}::date
    ORDER BY member_id`.execute(db);
  return result.rows.map((r) => Number(r.member_id));
}

export type MemberRange = { merchantId: number; day: string; afterMemberId: number; uptoMemberId: number };

export async function findGameDaysOfRange(db: Executor, range: MemberRange): Promise<GameDayRow[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select(GAME_DAY_COLUMNS)
    .where('merchant_id', '=', range.merchantId)
    .where('day', '=', range.day)
    .where('member_id', '>', range.afterMemberId)
    .where('member_id', '<=', range.uptoMemberId)
    .execute();
  return rows.map(toGameDayRow);
}

export async function findMoneyDaysOfRange(db: Executor, range: MemberRange): Promise<MoneyDayRow[]> {
  const rows = await db
    .selectFrom('member_daily_money_stats')
    .select(MONEY_DAY_COLUMNS)
    .where('merchant_id', '=', range.merchantId)
    .where('day', '=', range.day)
    .where('member_id', '>', range.afterMemberId)
    .where('member_id', '<=', range.uptoMemberId)
    .execute();
  return rows.map(toMoneyDayRow);
}

export type ReconciliationRow = {
  merchantId: number;
  day: string;
  status: 'running' | 'clean' | 'differences';
  afterMemberId: number;
  membersChecked: number;
  differenceCount: number;
  startedAt: Date;
  finishedAt: Date | null;
  node: string | null;
};

const RECONCILIATION_COLUMNS = [
  'merchant_id as merchantId',
  sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
  'status',
  'after_member_id as afterMemberId',
  'members_checked as membersChecked',
  'difference_count as differenceCount',
  'started_at as startedAt',
  'finished_at as finishedAt',
  'node',
] as const;

function toReconciliation(r: Record<string, unknown>): ReconciliationRow {
  return {
    ...(r as ReconciliationRow),
    merchantId: Number(r.merchantId),
    afterMemberId: Number(r.afterMemberId),
    membersChecked: Number(r.membersChecked),
    differenceCount: Number(r.differenceCount),
    startedAt: new Date(r.startedAt as Date),
    finishedAt: r.finishedAt ? new Date(r.finishedAt as Date) : null,
  };
}

/** The day's reconciliation row, locked (a second run of the same day waits for the first chunk). */
export async function lockReconciliation(
  trx: Transaction<DB>,
  key: { merchantId: number; day: string },
): Promise<ReconciliationRow | undefined> {
  const row = await trx
    .selectFrom('daily_stats_reconciliations')
    .select(RECONCILIATION_COLUMNS)
    .where('merchant_id', '=', key.merchantId)
    .where('day', '=', key.day)
    .forUpdate()
    .executeTakeFirst();
  return row && toReconciliation(row);
}

/** Starts the day's reconciliation from the first member: the earlier result and its differences go. */
export async function startReconciliation(
  trx: Transaction<DB>,
  row: { merchantId: number; day: string; at: Date; node: string | null },
): Promise<void> {
  await trx.deleteFrom('daily_stats_differences').where('merchant_id', '=', row.merchantId).where('day', '=', row.day).execute();
  await sql`
    INSERT INTO daily_stats_reconciliations (merchant_id, day, status, after_member_id, members_checked, difference_count, started_at, finished_at, node)
    VALUES (${row.merchantId}, ${row.day}::date, 'running', 0, 0, 0, ${row.at}, NULL, ${row.node})
    ON CONFLICT (merchant_id, day) DO UPDATE
       SET status = 'running', after_member_id = 0, members_checked = 0, difference_count = 0,
           started_at = excluded.started_at, finished_at = NULL, node = excluded.node`.execute(trx);
}

export type DifferenceRow = {
  memberId: number;
  kind: DifferenceKind;
  category: string;
  field: string;
  expected: number;
  actual: number;
};

/** Records a chunk: its differences (replacing any of the same members) and how far the run got. */
export async function recordChunk(
  trx: Transaction<DB>,
  chunk: MemberRange & { members: number; differences: readonly DifferenceRow[]; at: Date },
): Promise<void> {
  await trx
    .deleteFrom('daily_stats_differences')
    .where('merchant_id', '=', chunk.merchantId)
    .where('day', '=', chunk.day)
    .where('member_id', '>', chunk.afterMemberId)
    .where('member_id', '<=', chunk.uptoMemberId)
    .execute();
  if (chunk.differences.length > 0) {
    await trx
      .insertInto('daily_stats_differences')
      .values(
        chunk.differences.map((d) => ({
          merchant_id: chunk.merchantId,
          day: chunk.day,
          member_id: d.memberId,
          kind: d.kind,
          category: d.category,
          field: d.field,
          expected: d.expected,
          actual: d.actual,
          found_at: chunk.at,
        })),
      )
      .execute();
  }
  await trx
    .updateTable('daily_stats_reconciliations')
    .set((eb) => ({
      after_member_id: chunk.uptoMemberId,
      members_checked: eb('members_checked', '+', chunk.members),
    }))
    .where('merchant_id', '=', chunk.merchantId)
    .where('day', '=', chunk.day)
    .execute();
}

/** Closes the day's run: its status and difference count from the differences table. */
export async function finishReconciliation(
  trx: Transaction<DB>,
  key: { merchantId: number; day: string; at: Date },
): Promise<ReconciliationRow> {
  const count = await trx
    .selectFrom('daily_stats_differences')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', key.merchantId)
    .where('day', '=', key.day)
    .executeTakeFirstOrThrow();
  const differenceCount = Number(count.n);
  const row = await trx
    .updateTable('daily_stats_reconciliations')
    .set({ status: differenceCount === 0 ? 'clean' : 'differences', difference_count: differenceCount, finished_at: key.at })
    .where('merchant_id', '=', key.merchantId)
    .where('day', '=', key.day)
    .returning(RECONCILIATION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toReconciliation(row);
}

export async function findReconciliations(
  db: Executor,
  filter: { merchantId: number; limit: number; offset: number },
): Promise<{ rows: ReconciliationRow[]; totalCount: number }> {
  const rows = await db
    .selectFrom('daily_stats_reconciliations')
    .select(RECONCILIATION_COLUMNS)
    .where('merchant_id', '=', filter.merchantId)
    .orderBy('day', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const total = await db
    .selectFrom('daily_stats_reconciliations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', filter.merchantId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toReconciliation), totalCount: Number(total.n) };
}

export async function findReconciliation(db: Executor, key: { merchantId: number; day: string }): Promise<ReconciliationRow | undefined> {
  const row = await db
    .selectFrom('daily_stats_reconciliations')
    .select(RECONCILIATION_COLUMNS)
    .where('merchant_id', '=', key.merchantId)
    .where('day', '=', key.day)
    .executeTakeFirst();
  return row && toReconciliation(row);
}

export async function findDifferences(
  db: Executor,
  filter: { merchantId: number; day: string; limit: number; offset: number },
): Promise<{ rows: DifferenceRow[]; totalCount: number }> {
  const rows = await db
    .selectFrom('daily_stats_differences')
    .select(['member_id as memberId', 'kind', 'category', 'field', 'expected', 'actual'])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '=', filter.day)
    .orderBy('member_id')
    .orderBy('kind')
    .orderBy('category')
    .orderBy('field')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const total = await db
    .selectFrom('daily_stats_differences')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '=', filter.day)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => ({ ...r, memberId: Number(r.memberId), expected: Number(r.expected), actual: Number(r.actual) })),
    totalCount: Number(total.n),
  };
}

/** Differences in the merchant's latest finished reconciliation (for the metric). */
export async function findLatestDifferenceCount(db: Executor): Promise<{ day: string; count: number } | undefined> {
  const row = await db
    .selectFrom('daily_stats_reconciliations')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'difference_count as count'])
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { day: row.day, count: Number(row.count) };
}

// Merchant-wide reads for the back-office reports (modules/reports). Days inclusive, `YYYY-MM-DD`.

type MerchantDays = { merchantId: number; from: string; to: string };

/** The merchant's game figures per day and category, with how many members played. */
export type MerchantGameDay = {
  day: string;
  category: string;
  players: number;
  betCount: number;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
};

export async function sumMerchantGameDays(db: Executor, filter: MerchantDays): Promise<MerchantGameDay[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'category',
      sql<string>`count(DISTINCT member_id)::text`.as('players'),
      sql<string>`sum(bet_count)::text`.as('betCount'),
      sql<string>`sum(stake)::text`.as('stake'),
      sql<string>`sum(valid_bet)::text`.as('validBet'),
      sql<string>`sum(payout)::text`.as('payout'),
      sql<string>`sum(win_loss)::text`.as('winLoss'),
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy(['day', 'category'])
    .orderBy('day')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    category: r.category,
    players: Number(r.players),
    betCount: Number(r.betCount),
    stake: Number(r.stake),
    validBet: Number(r.validBet),
    payout: Number(r.payout),
    winLoss: Number(r.winLoss),
  }));
}

/** Members with a settled real-money round, per day (each member once a day, whatever it played). */
export async function countActivePlayersByDay(db: Executor, filter: MerchantDays): Promise<{ day: string; players: number }[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`count(DISTINCT member_id)::text`.as('players')])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('bet_count', '>', 0)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, players: Number(r.players) }));
}

/** Members with at least one distinct member over the whole range (a count of distinct members is no sum of days). */
export async function countActivePlayers(db: Executor, filter: MerchantDays): Promise<number> {
  const row = await db
    .selectFrom('member_daily_game_stats')
    .select(sql<string>`count(DISTINCT member_id)::text`.as('players'))
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('bet_count', '>', 0)
    .executeTakeFirst();
  return Number(row?.players ?? 0);
}

/** The merchant's money figures per day, with how many members deposited. */
export type MerchantMoneyDay = {
  day: string;
  depositAmount: number;
  depositCount: number;
  depositors: number;
  withdrawalAmount: number;
  withdrawalCount: number;
  bonusAmount: number;
};

export async function sumMerchantMoneyDays(db: Executor, filter: MerchantDays): Promise<MerchantMoneyDay[]> {
  const rows = await db
    .selectFrom('member_daily_money_stats')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(deposit_amount)::text`.as('depositAmount'),
      sql<string>`sum(deposit_count)::text`.as('depositCount'),
      sql<string>`count(*) FILTER (WHERE deposit_count > 0)::text`.as('depositors'),
      sql<string>`sum(withdrawal_amount)::text`.as('withdrawalAmount'),
      sql<string>`sum(withdrawal_count)::text`.as('withdrawalCount'),
      sql<string>`sum(bonus_amount)::text`.as('bonusAmount'),
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    depositAmount: Number(r.depositAmount),
    depositCount: Number(r.depositCount),
    depositors: Number(r.depositors),
    withdrawalAmount: Number(r.withdrawalAmount),
    withdrawalCount: Number(r.withdrawalCount),
    bonusAmount: Number(r.bonusAmount),
  }));
}

/** Members with a deposit over the whole range. */
export async function countDepositors(db: Executor, filter: MerchantDays): Promise<number> {
  const row = await db
    .selectFrom('member_daily_money_stats')
    .select(sql<string>`count(DISTINCT member_id)::text`.as('n'))
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('deposit_count', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Members by their result over the range (payout − stake): the biggest winners or the biggest losers first. */
export async function findMemberResults(
  db: Executor,
  filter: MerchantDays & { order: 'winners' | 'losers'; limit: number },
): Promise<{ memberId: number; betCount: number; stake: number; validBet: number; payout: number; winLoss: number }[]> {
  const rows = await db
    .selectFrom('member_daily_game_stats')
    .select([
      'member_id as memberId',
      sql<string>`sum(bet_count)::text`.as('betCount'),
      sql<string>`sum(stake)::text`.as('stake'),
      sql<string>`sum(valid_bet)::text`.as('validBet'),
      sql<string>`sum(payout)::text`.as('payout'),
      sql<string>`sum(win_loss)::text`.as('winLoss'),
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .groupBy('member_id')
    .having(sql`sum(win_loss)`, filter.order === 'winners' ? '>' : '<', 0)
    .orderBy(sql`sum(win_loss)`, filter.order === 'winners' ? 'desc' : 'asc')
    .orderBy('member_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({
    memberId: Number(r.memberId),
    betCount: Number(r.betCount),
    stake: Number(r.stake),
    validBet: Number(r.validBet),
    payout: Number(r.payout),
    winLoss: Number(r.winLoss),
  }));
}
