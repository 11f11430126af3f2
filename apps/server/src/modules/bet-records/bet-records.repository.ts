import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordStatus } from './bet-records.tables.ts';

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
      opened_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.columns(['vendor_code', 'round_id', 'member_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return raw && toRow(raw);
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
  >,
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

function filtered<O>(query: SelectQueryBuilder<DB, 'bet_records', O>, filter: HistoryFilter) {
  let q = query.where('member_id', '=', filter.memberId);
  if (filter.gameCategory) q = q.where('game_category', '=', filter.gameCategory);
  if (filter.vendorCode) q = q.where('vendor_code', '=', filter.vendorCode);
  if (filter.gameCode) q = q.where('game_code', '=', filter.gameCode);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('opened_at', '>=', filter.from);
  if (filter.to) q = q.where('opened_at', '<', filter.to);
  return q;
}

export type Totals = { count: number; stake: number; validBet: number; payout: number; winLoss: number };

export async function findPage(
  db: Executor,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BetRecordRow[]; totals: Totals }> {
  const rows = await filtered(db.selectFrom('bet_records').select(COLUMNS), filter)
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const totals = await filtered(
    db
      .selectFrom('bet_records')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.coalesce(eb.fn.sum<string>('stake'), sql<string>`0`).as('stake'),
        eb.fn.coalesce(eb.fn.sum<string>('valid_bet'), sql<string>`0`).as('validBet'),
        eb.fn.coalesce(eb.fn.sum<string>('payout'), sql<string>`0`).as('payout'),
        eb.fn.coalesce(eb.fn.sum<string>('win_loss'), sql<string>`0`).as('winLoss'),
      ]),
    filter,
  ).executeTakeFirstOrThrow();
  return {
    rows: rows.map(toRow),
    totals: {
      count: Number(totals.count),
      stake: Number(totals.stake),
      validBet: Number(totals.validBet),
      payout: Number(totals.payout),
      winLoss: Number(totals.winLoss),
    },
  };
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

/** Usernames of members, for the rankings (ids come from the ledger). */
export async function findUsernames(db: Executor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('id', 'in', [...memberIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
