import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { type Expression, expressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers, type TeamRoot, teamMembers } from '../accounts/member-directory.ts';
import type { BetRecordStatus, BetRecordsTable } from './bet-records.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type BetRecordRow = {
  id: number;
  merchantId: number;
  memberId: number;
  username: string;
  vendorCode: string;
  gameCode: string;
  gameCategory: string;
  roundId: string;
  currency: string;
  isTrial: boolean;
  status: BetRecordStatus;
  stake: number;
  rolledBackStake: number;
  payout: number;
  validBet: number;
  winLoss: number;
  betCount: number;
  openedAt: Date;
  settledAt: Date | null;
  updatedAt: Date;
  outcome: RoundOutcome | null;
};

const COLUMNS = [
  'id',
  'merchant_id as merchantId',
  'member_id as memberId',
  'username',
  'vendor_code as vendorCode',
  'game_code as gameCode',
  'game_category as gameCategory',
  'round_id as roundId',
  'currency',
  'is_trial as isTrial',
  'status',
  'stake',
  'rolled_back_stake as rolledBackStake',
  'payout',
  'valid_bet as validBet',
  'win_loss as winLoss',
  'bet_count as betCount',
  'opened_at as openedAt',
  'settled_at as settledAt',
  'updated_at as updatedAt',
  'outcome',
] as const;

/** bigint columns arrive as strings from node-postgres; the amounts all fit a safe integer. */
function toRow(raw: Record<string, unknown>): BetRecordRow {
  return {
    ...(raw as BetRecordRow),
    id: Number(raw.id),
    merchantId: Number(raw.merchantId),
    memberId: Number(raw.memberId),
    stake: Number(raw.stake),
    rolledBackStake: Number(raw.rolledBackStake),
    payout: Number(raw.payout),
    validBet: Number(raw.validBet),
    winLoss: Number(raw.winLoss),
    betCount: Number(raw.betCount),
  };
}

export type RoundKey = { vendorCode: string; roundId: string; memberId: number };

/** Inserts the round unless it exists; returns the new row (locked by the insert), or undefined. */
export async function insertIfMissing(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    username: string;
    vendorCode: string;
    gameCode: string;
    gameCategory: string;
    roundId: string;
    currency: string;
    isTrial: boolean;
    at: Date;
    /** A first stake the new round is opened with (one bet of this amount). */
    stake?: number | undefined;
    /** What the bet showed when it was placed (an open sportsbook bet's legs). */
    outcome?: RoundOutcome | undefined;
  },
): Promise<BetRecordRow | undefined> {
  const raw = await db
    .insertInto('bet_records')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      username: row.username,
      vendor_code: row.vendorCode,
      game_code: row.gameCode,
      game_category: row.gameCategory,
      round_id: row.roundId,
      currency: row.currency,
      is_trial: row.isTrial,
      status: 'open',
      ...(row.stake !== undefined ? { stake: row.stake, bet_count: 1 } : {}),
      ...(row.outcome ? { outcome: JSON.stringify(row.outcome) } : {}),
      opened_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.columns(['vendor_code', 'round_id', 'member_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return raw && toRow(raw);
}

/** A round that arrives settled (a transfer-style vendor's bet feed), with its figures worked out. */
type SettledRoundRow = Omit<ImportedRound, 'openedAt'> & { at: Date; outcome?: RoundOutcome | undefined };

/** Inserts the rounds that are not recorded yet (by vendor, round and member); answers how many were new. */
export async function insertSettledIfMissing(db: Executor, rows: readonly SettledRoundRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('bet_records')
    .values(
      rows.map((row) => ({
        merchant_id: row.merchantId,
        member_id: row.memberId,
        username: row.username,
        vendor_code: row.vendorCode,
        game_code: row.gameCode,
        game_category: row.gameCategory,
        round_id: row.roundId,
        currency: row.currency,
        is_trial: false,
        status: 'settled' as const,
        stake: row.stake,
        payout: row.payout,
        valid_bet: row.validBet,
        win_loss: row.winLoss,
        bet_count: 1,
        opened_at: row.settledAt,
        settled_at: row.settledAt,
        updated_at: row.at,
        outcome: row.outcome ? JSON.stringify(row.outcome) : null,
      })),
    )
    .onConflict((oc) => oc.columns(['vendor_code', 'round_id', 'member_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export async function findByKey(db: Executor, key: RoundKey, options: { isForUpdate: boolean }): Promise<BetRecordRow | undefined> {
  let query = db
    .selectFrom('bet_records')
    .select(COLUMNS)
    .where('vendor_code', '=', key.vendorCode)
    .where('round_id', '=', key.roundId)
    .where('member_id', '=', key.memberId);
  if (options.isForUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toRow(raw);
}

export async function findById(db: Executor, id: number, options: { isForUpdate: boolean }): Promise<BetRecordRow | undefined> {
  let query = db.selectFrom('bet_records').select(COLUMNS).where('id', '=', id);
  if (options.isForUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toRow(raw);
}

export async function update(
  db: Executor,
  id: number,
  values: Pick<
    BetRecordRow,
    'status' | 'stake' | 'rolledBackStake' | 'payout' | 'validBet' | 'winLoss' | 'betCount' | 'settledAt' | 'updatedAt'
  > & { outcome?: RoundOutcome | null | undefined },
): Promise<void> {
  await db
    .updateTable('bet_records')
    .set({
      status: values.status,
      stake: values.stake,
      rolled_back_stake: values.rolledBackStake,
      payout: values.payout,
      valid_bet: values.validBet,
      win_loss: values.winLoss,
      bet_count: values.betCount,
      settled_at: values.settledAt,
      updated_at: values.updatedAt,
      ...(values.outcome !== undefined ? { outcome: values.outcome === null ? null : JSON.stringify(values.outcome) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Adds a payout to many rounds and settles them, in one statement: the same status, valid bet and
 * win/loss `validBetOf` and `winLossOf` give one round at a time (a stake paid back exactly is no
 * valid bet; a trial round never is).
 */
export async function addPayouts(db: Executor, items: readonly { id: number; amount: number }[], at: Date): Promise<void> {
  if (items.length === 0) return;
  await sql`
    UPDATE bet_records b
       SET status = 'settled',
           payout = b.payout + x.amount,
           settled_at = coalesce(b.settled_at, ${at}::timestamptz),
           updated_at = ${at}::timestamptz,
           valid_bet = CASE WHEN b.is_trial OR b.payout + x.amount = b.stake THEN 0 ELSE b.stake END,
           win_loss = b.payout + x.amount - b.stake
      FROM unnest(${sql.val(items.map((i) => i.id))}::bigint[], ${sql.val(items.map((i) => i.amount))}::bigint[]) AS x(id, amount)
     WHERE b.id = x.id`.execute(db);
}

export type HistoryFilter = {
  memberId: number;
  gameCategory?: string | undefined;
  vendorCode?: string | undefined;
  gameCode?: string | undefined;
  status?: BetRecordStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** The rounds as the history reads name them: `b`, so a team's read can join its members beside them. */
type Rounds = { b: BetRecordsTable };

function rounds(db: Executor) {
  return db.selectFrom('bet_records as b');
}

const ROUND_COLUMNS = COLUMNS.map((c) => `b.${c}` as const);

/**
 * Every filter a history of rounds takes, a member's own or an agent's team's, as one condition on
 * `b`: the round's member, currency, category, vendor, game and status, and when it opened (`from`
 * inclusive, `to` exclusive). A filter left out matches every round.
 */
function roundConditions(filter: Omit<HistoryFilter, 'memberId'> & { memberId?: number | undefined; currency?: string | undefined }) {
  const eb = expressionBuilder<Rounds, 'b'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.memberId !== undefined) conditions.push(eb('b.member_id', '=', filter.memberId));
  if (filter.currency !== undefined) conditions.push(eb('b.currency', '=', filter.currency));
  if (filter.gameCategory) conditions.push(eb('b.game_category', '=', filter.gameCategory));
  if (filter.vendorCode) conditions.push(eb('b.vendor_code', '=', filter.vendorCode));
  if (filter.gameCode) conditions.push(eb('b.game_code', '=', filter.gameCode));
  if (filter.status) conditions.push(eb('b.status', '=', filter.status));
  if (filter.from) conditions.push(eb('b.opened_at', '>=', filter.from));
  if (filter.to) conditions.push(eb('b.opened_at', '<', filter.to));
  return eb.and(conditions);
}

export type Totals = { count: number; stake: number; validBet: number; payout: number; winLoss: number };

/** The totals a history shows under its page: every round its filters match, not just the page's. */
const TOTAL_COLUMNS = (() => {
  const eb = expressionBuilder<Rounds, 'b'>();
  return [
    eb.fn.countAll<string>().as('count'),
    eb.fn.coalesce(eb.fn.sum<string>('b.stake'), sql<string>`0`).as('stake'),
    eb.fn.coalesce(eb.fn.sum<string>('b.valid_bet'), sql<string>`0`).as('validBet'),
    eb.fn.coalesce(eb.fn.sum<string>('b.payout'), sql<string>`0`).as('payout'),
    eb.fn.coalesce(eb.fn.sum<string>('b.win_loss'), sql<string>`0`).as('winLoss'),
  ] as const;
})();

function toTotals(raw: { count: string; stake: string; validBet: string; payout: string; winLoss: string }): Totals {
  return {
    count: Number(raw.count),
    stake: Number(raw.stake),
    validBet: Number(raw.validBet),
    payout: Number(raw.payout),
    winLoss: Number(raw.winLoss),
  };
}

export async function findPage(
  db: Executor,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BetRecordRow[]; totals: Totals }> {
  const where = roundConditions(filter);
  const rows = await rounds(db)
    .select(ROUND_COLUMNS)
    .where(where)
    .orderBy('b.opened_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const totals = await rounds(db).select(TOTAL_COLUMNS).where(where).executeTakeFirstOrThrow();
  return { rows: rows.map(toRow), totals: toTotals(totals) };
}

export type ProfitRow = {
  day: string;
  gameCategory: string;
  count: number;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
};

/** Settled rounds grouped by day (in the report's time zone, as a fixed offset) and category. */
export async function sumByDayAndCategory(
  db: Executor,
  filter: { memberId: number; from: Date; to: Date; utcOffsetMinutes: number },
): Promise<ProfitRow[]> {
  const day = sql<string>`to_char((settled_at AT TIME ZONE 'UTC') + make_interval(mins => ${sql.lit(filter.utcOffsetMinutes)}), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('bet_records')
    .select((eb) => [
      day.as('day'),
      'game_category as gameCategory',
      eb.fn.countAll<string>().as('count'),
      eb.fn.sum<string>('stake').as('stake'),
      eb.fn.sum<string>('valid_bet').as('validBet'),
      eb.fn.sum<string>('payout').as('payout'),
      eb.fn.sum<string>('win_loss').as('winLoss'),
    ])
    .where('member_id', '=', filter.memberId)
    .where('status', '=', 'settled')
    .where('settled_at', '>=', filter.from)
    .where('settled_at', '<', filter.to)
    .groupBy([day, 'game_category'])
    .orderBy(day, 'desc')
    .orderBy('game_category')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    gameCategory: r.gameCategory,
    count: Number(r.count),
    stake: Number(r.stake),
    validBet: Number(r.validBet),
    payout: Number(r.payout),
    winLoss: Number(r.winLoss),
  }));
}

export type WinRow = { memberId: number; username: string; vendorCode: string; gameCode: string; payout: number; settledAt: Date };

/** The biggest real-money wins settled since `from`, one row per round. */
export async function findTopWins(
  db: Executor,
  filter: { merchantId: number; gameCategory?: string | undefined; from: Date; limit: number },
): Promise<WinRow[]> {
  let query = db
    .selectFrom('bet_records')
    .select([
      'member_id as memberId',
      'username',
      'vendor_code as vendorCode',
      'game_code as gameCode',
      'payout',
      'settled_at as settledAt',
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('status', '=', 'settled')
    .where('is_trial', '=', false)
    .where('payout', '>', 0)
    .where('settled_at', '>=', filter.from);
  if (filter.gameCategory) query = query.where('game_category', '=', filter.gameCategory);
  const rows = await query.orderBy('payout', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((r) => ({ ...r, memberId: Number(r.memberId), payout: Number(r.payout), settledAt: r.settledAt as Date }));
}

export type MemberSumRow = { memberId: number; username: string; total: number };

/** Members ranked by their valid bet over rounds settled in [from, to). */
export async function sumValidBetByMember(
  db: Executor,
  filter: { merchantId: number; currency: string; from: Date; to: Date; limit: number },
): Promise<MemberSumRow[]> {
  const rows = await db
    .selectFrom('bet_records')
    .select((eb) => ['member_id as memberId', eb.fn.max('username').as('username'), eb.fn.sum<string>('valid_bet').as('total')])
    .where('merchant_id', '=', filter.merchantId)
    .where('currency', '=', filter.currency)
    .where('status', '=', 'settled')
    .where('is_trial', '=', false)
    .where('settled_at', '>=', filter.from)
    .where('settled_at', '<', filter.to)
    .groupBy('member_id')
    .having((eb) => eb.fn.sum('valid_bet'), '>', 0)
    .orderBy('total', 'desc')
    .orderBy('member_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), username: String(r.username), total: Number(r.total) }));
}

/** A member's real-money rounds opened since `since` (cancelled ones left out): how many, staked and paid. */
export async function sumRealRoundsSince(db: Executor, memberId: number, since: Date) {
  return db
    .selectFrom('bet_records')
    .select((eb) => [
      eb.fn.countAll<string>().as('rounds'),
      eb.fn.coalesce(eb.fn.sum<string>('stake'), eb.lit(0)).as('stake'),
      eb.fn.coalesce(eb.fn.sum<string>('payout'), eb.lit(0)).as('payout'),
    ])
    .where('member_id', '=', memberId)
    .where('is_trial', '=', false)
    .where('status', '!=', 'cancelled')
    .where('opened_at', '>=', since)
    .executeTakeFirstOrThrow();
}

/*
 * Reads for the daily rollups (module daily-stats): which settled real-money rounds changed, by the
 * transaction that last wrote them (`change_xid`, migration 2026-11-26-0201), and their sums. Xids
 * travel as decimal text.
 */

/** The predicate of `bet_records_change_xid_idx`; queries repeat it so the index serves them. */
const ROLLUP_ROUNDS = sql`settled_at IS NOT NULL AND NOT is_trial`;

/**
 * Where a batch of at most `rows` changed rounds after `fromXid` ends (exclusive), below `toXid`: the
 * xid of the first round past the batch, so a transaction's rounds are never split; `toXid` when
 * fewer rounds are left.
 */
export async function findRollupBatchEnd(db: Executor, range: { fromXid: string; toXid: string; rows: number }): Promise<string> {
  const result = await sql<{ xid: string }>`
    SELECT change_xid::text AS xid FROM bet_records
     WHERE ${ROLLUP_ROUNDS} AND change_xid >= ${range.fromXid}::xid8 AND change_xid < ${range.toXid}::xid8
     ORDER BY change_xid OFFSET ${range.rows} LIMIT 1`.execute(db);
  return result.rows[0]?.xid ?? range.toXid;
}

export type ChangedRoundGroup = { merchantId: number; memberId: number; category: string; firstBin: Date; lastBin: Date };

/**
 * The settled real-money rounds written by transactions `fromXid` ≤ xid < `toXid`, as (merchant,
 * member, category) with the first and last quarter hour of settlement among them. Every time zone's
 * offset is a whole number of quarter hours, so a quarter hour falls inside one local day whatever
 * the zone, and the changed days of a group lie between its first and last quarter hour's days. One
 * row per (member, category), however many rounds a batch holds (a whole day's rounds written in one
 * transaction are read at once).
 */
export async function findChangedRoundGroups(db: Executor, range: { fromXid: string; toXid: string }): Promise<ChangedRoundGroup[]> {
  const result = await sql<{
    merchant_id: number;
    member_id: number;
    game_category: string;
    first_bin: Date | string;
    last_bin: Date | string;
  }>`
    SELECT merchant_id, member_id, game_category,
           date_bin('15 minutes', min(settled_at), '2000-01-01T00:00:00Z') AS first_bin,
           date_bin('15 minutes', max(settled_at), '2000-01-01T00:00:00Z') AS last_bin
      FROM bet_records
     WHERE ${ROLLUP_ROUNDS} AND change_xid >= ${range.fromXid}::xid8 AND change_xid < ${range.toXid}::xid8
     GROUP BY merchant_id, member_id, game_category`.execute(db);
  return result.rows.map((r) => ({
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    category: r.game_category,
    firstBin: new Date(r.first_bin),
    lastBin: new Date(r.last_bin),
  }));
}

export type RoundSums = { rounds: number; stake: number; validBet: number; payout: number; winLoss: number };

/** A group's sums, and its rounds and valid bet per vendor (vendors with rounds only). */
type GroupSums = RoundSums & { byVendor: { vendorCode: string; rounds: number; validBet: number }[] };

/**
 * For each group (a member's category over [from, to)), the sums of its settled real-money rounds by
 * settlement time, with the rounds and valid bet per vendor; a group with none gets zeros. Answers in
 * the order of `groups`.
 */
export async function sumSettledRoundsOfGroups(
  db: Executor,
  groups: readonly { memberId: number; category: string; from: Date; to: Date }[],
): Promise<GroupSums[]> {
  if (groups.length === 0) return [];
  const result = await sql<{
    n: string;
    vendor_code: string | null;
    rounds: string;
    stake: string;
    valid_bet: string;
    payout: string;
    win_loss: string;
  }>`
    SELECT g.n::text AS n, b.vendor_code, count(b.id)::text AS rounds, coalesce(sum(b.stake), 0)::text AS stake,
           coalesce(sum(b.valid_bet), 0)::text AS valid_bet, coalesce(sum(b.payout), 0)::text AS payout,
           coalesce(sum(b.win_loss), 0)::text AS win_loss
      FROM unnest(${sql.val(groups.map((g) => g.memberId))}::bigint[], ${sql.val(groups.map((g) => g.category))}::text[],
                  ${sql.val(groups.map((g) => g.from.toISOString()))}::timestamptz[], ${sql.val(groups.map((g) => g.to.toISOString()))}::timestamptz[])
           WITH ORDINALITY AS g(member_id, category, from_at, to_at, n)
      LEFT JOIN bet_records b
        ON b.member_id = g.member_id AND b.game_category = g.category AND b.settled_at IS NOT NULL AND NOT b.is_trial
       AND b.settled_at >= g.from_at AND b.settled_at < g.to_at AND b.status = 'settled'
     GROUP BY g.n, b.vendor_code`.execute(db);
  const sums: GroupSums[] = groups.map(() => ({ rounds: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0, byVendor: [] }));
  for (const r of result.rows) {
    const sum = sums[Number(r.n) - 1] as GroupSums;
    const rounds = Number(r.rounds);
    sum.rounds += rounds;
    sum.stake += Number(r.stake);
    sum.validBet += Number(r.valid_bet);
    sum.payout += Number(r.payout);
    sum.winLoss += Number(r.win_loss);
    if (r.vendor_code !== null && rounds > 0) sum.byVendor.push({ vendorCode: r.vendor_code, rounds, validBet: Number(r.valid_bet) });
  }
  return sums;
}

export type MemberCategorySums = RoundSums & { memberId: number; category: string };

/**
 * A merchant's settled real-money rounds over [from, to) by member and category, for members
 * `afterMemberId` < id ≤ `uptoMemberId` (the reconciliation of a day, chunk by chunk).
 */
export async function sumSettledRoundsByMember(
  db: Executor,
  filter: { merchantId: number; from: Date; to: Date; afterMemberId: number; uptoMemberId: number },
): Promise<MemberCategorySums[]> {
  const result = await sql<{
    member_id: string;
    game_category: string;
    rounds: string;
    stake: string;
    valid_bet: string;
    payout: string;
    win_loss: string;
  }>`
    SELECT member_id::text, game_category, count(*)::text AS rounds, sum(stake)::text AS stake, sum(valid_bet)::text AS valid_bet,
           sum(payout)::text AS payout, sum(win_loss)::text AS win_loss
      FROM bet_records
     WHERE merchant_id = ${filter.merchantId} AND status = 'settled' AND NOT is_trial
       AND settled_at >= ${filter.from} AND settled_at < ${filter.to}
       AND member_id > ${filter.afterMemberId} AND member_id <= ${filter.uptoMemberId}
     GROUP BY member_id, game_category`.execute(db);
  return result.rows.map((r) => ({
    memberId: Number(r.member_id),
    category: r.game_category,
    rounds: Number(r.rounds),
    stake: Number(r.stake),
    validBet: Number(r.valid_bet),
    payout: Number(r.payout),
    winLoss: Number(r.win_loss),
  }));
}

/** Members of a merchant with a settled real-money round in [from, to), ascending. */
export async function findMembersWithSettledRounds(db: Executor, filter: { merchantId: number; from: Date; to: Date }): Promise<number[]> {
  const result = await sql<{ member_id: string }>`
    SELECT DISTINCT member_id FROM bet_records
     WHERE merchant_id = ${filter.merchantId} AND status = 'settled' AND NOT is_trial
       AND settled_at >= ${filter.from} AND settled_at < ${filter.to}
     ORDER BY member_id`.execute(db);
  return result.rows.map((r) => Number(r.member_id));
}

export type MemberPlayRow = { memberId: number; uplinePath: string; stake: number; validBet: number; winLoss: number };

/**
 * The settled real-money rounds of a merchant's members over [from, to), by settlement time (the
 * time the daily rollups count a round on, so the hours and slots of a day add up to its rollups),
 * summed per member with the member's upline path: the whole merchant, or one agent's team (every
 * member below it, never itself). A range scan of `bet_records_settled_idx` (merchant, settled
 * time); members without a round in the range are absent.
 */
export async function sumSettledRoundsByMemberBetween(
  db: Executor,
  filter: { merchantId: number; from: Date; to: Date; team?: TeamRoot | undefined },
): Promise<MemberPlayRow[]> {
  const members = filter.team === undefined ? publicMembers(db) : teamMembers(db, filter.team);
  const rows = await db
    .selectFrom('bet_records as b')
    .innerJoin(members.as('m'), 'm.id', 'b.member_id')
    .select((eb) => [
      'b.member_id',
      'm.upline_path',
      eb.fn.sum<string>('b.stake').as('stake'),
      eb.fn.sum<string>('b.valid_bet').as('valid_bet'),
      eb.fn.sum<string>('b.win_loss').as('win_loss'),
    ])
    .where('b.merchant_id', '=', filter.merchantId)
    .where('b.status', '=', 'settled')
    .where('b.is_trial', '=', false)
    .where('b.settled_at', '>=', filter.from)
    .where('b.settled_at', '<', filter.to)
    .groupBy(['b.member_id', 'm.upline_path'])
    .orderBy('b.member_id')
    .execute();
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    uplinePath: r.upline_path,
    stake: Number(r.stake),
    validBet: Number(r.valid_bet),
    winLoss: Number(r.win_loss),
  }));
}

export type ImportedRound = {
  merchantId: number;
  memberId: number;
  username: string;
  vendorCode: string;
  gameCode: string;
  gameCategory: string;
  roundId: string;
  currency: string;
  stake: number;
  payout: number;
  validBet: number;
  winLoss: number;
  openedAt: Date;
  settledAt: Date;
};

/** Inserts settled rounds of one bet each, set-based (history being loaded); returns their ids by round id. */
export async function insertSettledRounds(db: Executor, rounds: readonly ImportedRound[]): Promise<Map<string, number>> {
  if (rounds.length === 0) return new Map();
  const col = <T>(pick: (r: ImportedRound) => T) => sql.val(rounds.map(pick));
  const result = await sql<{ id: number; round_id: string }>`
    INSERT INTO bet_records (merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, is_trial, status,
                             stake, rolled_back_stake, payout, valid_bet, win_loss, bet_count, opened_at, settled_at, updated_at)
    SELECT r.merchant_id, r.member_id, r.username, r.vendor_code, r.game_code, r.game_category, r.round_id, r.currency, false, 'settled',
           r.stake, 0, r.payout, r.valid_bet, r.win_loss, 1, r.opened_at, r.settled_at, r.settled_at
      FROM unnest(${col((r) => r.merchantId)}::bigint[], ${col((r) => r.memberId)}::bigint[], ${col((r) => r.username)}::text[],
                  ${col((r) => r.vendorCode)}::text[], ${col((r) => r.gameCode)}::text[], ${col((r) => r.gameCategory)}::text[],
                  ${col((r) => r.roundId)}::text[], ${col((r) => r.currency)}::text[], ${col((r) => r.stake)}::bigint[],
                  ${col((r) => r.payout)}::bigint[], ${col((r) => r.validBet)}::bigint[], ${col((r) => r.winLoss)}::bigint[],
                  ${col((r) => r.openedAt.toISOString())}::timestamptz[], ${col((r) => r.settledAt.toISOString())}::timestamptz[])
           AS r(merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, stake, payout, valid_bet, win_loss, opened_at, settled_at)
    RETURNING id, round_id`.execute(db);
  return new Map(result.rows.map((r) => [r.round_id, Number(r.id)]));
}

export type TeamHistoryFilter = {
  /** The agent whose whole team (every level below it, never itself) is read. */
  team: TeamRoot;
  currency: string;
  memberId?: number | undefined;
  /** Levels below the agent: 1 is its direct downline. */
  level?: number | undefined;
  gameCategory?: string | undefined;
  vendorCode?: string | undefined;
  status?: BetRecordStatus | undefined;
  from: Date;
  to: Date;
};

export type TeamBetRow = BetRecordRow & { uplinePath: string };

/** Slashes in an upline path: one more than the member's depth in the tree. */
function depthOf(path: string): number {
  return path.split('/').length - 1;
}

function teamFiltered(db: Executor, filter: TeamHistoryFilter) {
  let q = rounds(db).innerJoin(teamMembers(db, filter.team).as('m'), 'm.id', 'b.member_id').where(roundConditions(filter));
  if (filter.level !== undefined) {
    const slashes = depthOf(filter.team.uplinePath) + filter.level;
    q = q.where(sql<number>`length(m.upline_path) - length(replace(m.upline_path, '/', ''))`, '=', slashes);
  }
  return q;
}

/**
 * A page of the team's rounds, newest first, and the totals of every round the filters match: the
 * team is the member directory's team sub-query (a prefix match on the path index), never a walk of
 * the tree.
 */
export async function findTeamPage(
  db: Executor,
  filter: TeamHistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TeamBetRow[]; totals: Totals }> {
  const rows = await teamFiltered(db, filter)
    .select(ROUND_COLUMNS)
    .select('m.upline_path as uplinePath')
    .orderBy('b.opened_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const totals = await teamFiltered(db, filter).select(TOTAL_COLUMNS).executeTakeFirstOrThrow();
  return {
    rows: rows.map((raw) => ({ ...toRow(raw as Record<string, unknown>), uplinePath: String(raw.uplinePath) })),
    totals: toTotals(totals),
  };
}

// Merchant-wide reads for the back-office reports (modules/reports).

export type VendorSums = RoundSums & { vendorCode: string; players: number };

/** The merchant's settled real-money rounds settled in [from, to), summed per vendor (as the daily rollups count rounds). */
export async function sumSettledRoundsByVendor(db: Executor, filter: { merchantId: number; from: Date; to: Date }): Promise<VendorSums[]> {
  const rows = await db
    .selectFrom('bet_records')
    .select([
      'vendor_code as vendorCode',
      sql<string>`count(*)::text`.as('rounds'),
      sql<string>`count(DISTINCT member_id)::text`.as('players'),
      sql<string>`coalesce(sum(stake), 0)::text`.as('stake'),
      sql<string>`coalesce(sum(valid_bet), 0)::text`.as('validBet'),
      sql<string>`coalesce(sum(payout), 0)::text`.as('payout'),
      sql<string>`coalesce(sum(win_loss), 0)::text`.as('winLoss'),
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('status', '=', 'settled')
    .where('is_trial', '=', false)
    .where('settled_at', '>=', filter.from)
    .where('settled_at', '<', filter.to)
    .groupBy('vendor_code')
    .orderBy('vendor_code')
    .execute();
  return rows.map((r) => ({
    vendorCode: r.vendorCode,
    rounds: Number(r.rounds),
    players: Number(r.players),
    stake: Number(r.stake),
    validBet: Number(r.validBet),
    payout: Number(r.payout),
    winLoss: Number(r.winLoss),
  }));
}

/** The merchant's real-money rounds still open: how many and their stakes. */
export async function sumOpenRounds(db: Executor, merchantId: number): Promise<{ rounds: number; stake: number; players: number }> {
  const row = await db
    .selectFrom('bet_records')
    .select([
      sql<string>`count(*)::text`.as('rounds'),
      sql<string>`coalesce(sum(stake - rolled_back_stake), 0)::text`.as('stake'),
      sql<string>`count(DISTINCT member_id)::text`.as('players'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'open')
    .where('is_trial', '=', false)
    .executeTakeFirst();
  return { rounds: Number(row?.rounds ?? 0), stake: Number(row?.stake ?? 0), players: Number(row?.players ?? 0) };
}

/**
 * One chunk of the merchant's rounds settled in [from, to), newest first, after the keyset
 * (`before`: the last row's settled time and id), through the settled-rounds index: the export walks
 * the rounds chunk by chunk without an offset.
 */
export async function findSettledRoundsBefore(
  db: Executor,
  filter: { merchantId: number; from: Date; to: Date; before: { settledAt: Date; id: number } | null; limit: number },
): Promise<BetRecordRow[]> {
  let query = db
    .selectFrom('bet_records')
    .select(COLUMNS)
    .where('merchant_id', '=', filter.merchantId)
    .where('status', '=', 'settled')
    .where('settled_at', '>=', filter.from)
    .where('settled_at', '<', filter.to);
  const before = filter.before;
  if (before) {
    query = query
      .where('settled_at', '<=', before.settledAt)
      .where((eb) => eb.or([eb('settled_at', '<', before.settledAt), eb('id', '<', before.id)]));
  }
  const rows = await query.orderBy('settled_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((r) => toRow(r as Record<string, unknown>));
}

/**
 * Valid bet per category of a member's real-money rounds opened at or after `from` and settled
 * before `to` (null: now), by the rule of `validBetOf`: settled, not play money, payout other than
 * the stake.
 */
export async function sumValidBetByCategory(
  db: Executor,
  filter: { memberId: number; currency: string; from: Date; to: Date | null; maxStakePerBet?: number | null },
): Promise<{ category: string; validBet: number }[]> {
  let query = db
    .selectFrom('bet_records')
    .select((eb) => ['game_category as category', eb.fn.sum<string>('stake').as('validBet')])
    .where('member_id', '=', filter.memberId)
    .where('currency', '=', filter.currency)
    .where('status', '=', 'settled')
    .where('is_trial', '=', false)
    .where(sql<SqlBool>`payout <> stake`)
    .where('opened_at', '>=', filter.from)
    .where('settled_at', '>=', filter.from);
  if (filter.to) query = query.where('settled_at', '<', filter.to);
  if (filter.maxStakePerBet != null) {
    const perBet = filter.maxStakePerBet;
    query = query.where(sql<SqlBool>`stake <= ${perBet}::bigint * greatest(bet_count, 1)`);
  }
  const rows = await query.groupBy('game_category').execute();
  return rows.map((r) => ({ category: r.category.trim(), validBet: Number(r.validBet) }));
}
