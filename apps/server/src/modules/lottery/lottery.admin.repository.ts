import type { LotteryRegion } from '@platform/games/lottery';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LotteryGameRow } from './lottery.repository.ts';
import type { LotteryCategory, LotteryRegionColumn, LotteryResultSource } from './lottery.tables.ts';

/** The operator's reads and writes of games and odds (`lottery.admin.ts`). Every function takes the db or a transaction first. */

export async function findGame(
  executor: Kysely<DB>,
  merchantId: number,
  code: string,
  lock?: 'update',
): Promise<LotteryGameRow | undefined> {
  let query = executor.selectFrom('lottery_games').selectAll().where('merchant_id', '=', merchantId).where('code', '=', code);
  if (lock === 'update') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findGamesOf(db: Kysely<DB>, merchantId: number): Promise<LotteryGameRow[]> {
  return db.selectFrom('lottery_games').selectAll().where('merchant_id', '=', merchantId).orderBy('sort').orderBy('id').execute();
}

export async function insertGame(
  trx: Kysely<DB>,
  game: {
    merchant_id: number;
    code: string;
    category: LotteryCategory;
    region: LotteryRegionColumn;
    province: string;
    name: string;
    menu_tag: string;
    draw_days: string;
    draw_time: string | null;
    interval_seconds: number | null;
    lock_seconds: number;
    result_source: LotteryResultSource;
    min_stake: number;
    max_stake: number;
    max_payout_per_number: number;
    sort: number | undefined;
  },
): Promise<void> {
  await trx.insertInto('lottery_games').values(game).execute();
}

export async function updateGame(
  trx: Kysely<DB>,
  gameId: number,
  change: {
    name: string;
    draw_days: string;
    draw_time: string | null;
    interval_seconds: number | null;
    lock_seconds: number;
    result_source: LotteryResultSource;
    min_stake: number;
    max_stake: number;
    max_payout_per_number: number;
    is_enabled: boolean;
    sort: number;
    updated_at: Date;
  },
): Promise<void> {
  await trx.updateTable('lottery_games').set(change).where('id', '=', gameId).execute();
}

export async function findOdds(db: Kysely<DB>, merchantId: number, region: LotteryRegion | undefined) {
  let query = db
    .selectFrom('lottery_odds')
    .select(['region', 'bet_type', 'odds_milli', 'stake_multiplier', 'is_enabled'])
    .where('merchant_id', '=', merchantId);
  if (region) query = query.where('region', '=', region);
  return query.orderBy('region').orderBy('bet_type').execute();
}

export async function lockOdds(trx: Kysely<DB>, merchantId: number, region: LotteryRegion, betType: string) {
  return trx
    .selectFrom('lottery_odds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('region', '=', region)
    .where('bet_type', '=', betType)
    .forUpdate()
    .executeTakeFirst();
}

export async function upsertOdds(
  trx: Kysely<DB>,
  key: { merchantId: number; region: LotteryRegion; betType: string },
  next: { odds_milli: number; stake_multiplier: number; is_enabled: boolean },
  at: Date,
): Promise<void> {
  await trx
    .insertInto('lottery_odds')
    .values({ merchant_id: key.merchantId, region: key.region, bet_type: key.betType, ...next, updated_at: at })
    .onConflict((oc) => oc.columns(['merchant_id', 'region', 'bet_type']).doUpdateSet({ ...next, updated_at: at }))
    .execute();
}

export type ChangeRequestRow = Selectable<DB['lottery_change_requests']>;

export async function insertChangeRequest(
  trx: Kysely<DB>,
  row: {
    merchant_id: number;
    kind: 'odds' | 'void';
    subject: string;
    change: string;
    before: string | null;
    reason: string;
    requested_by_admin_id: number;
    created_at: Date;
  },
): Promise<number> {
  const inserted = await trx
    .insertInto('lottery_change_requests')
    .values({ ...row, status: 'requested' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findChangeRequest(executor: Kysely<DB>, merchantId: number, id: number, lock?: 'update') {
  let query = executor.selectFrom('lottery_change_requests').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id);
  if (lock === 'update') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A merchant's requests of one status (and kind), newest first, with their count. */
export async function findChangeRequests(
  db: Kysely<DB>,
  merchantId: number,
  filter: { status: ChangeRequestRow['status']; kind: 'odds' | 'void' | undefined },
  page: { limit: number; offset: number },
) {
  let base = db.selectFrom('lottery_change_requests').where('merchant_id', '=', merchantId).where('status', '=', filter.status);
  if (filter.kind) base = base.where('kind', '=', filter.kind);
  const rows = await base.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

export async function markChangeDecided(
  trx: Kysely<DB>,
  id: number,
  decision: {
    status: 'approved' | 'rejected' | 'withdrawn';
    decidedBy: number | null;
    note: string | null;
    outcome: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('lottery_change_requests')
    .set({
      status: decision.status,
      decided_by_admin_id: decision.decidedBy,
      decision_note: decision.note,
      outcome: decision.outcome === null ? null : JSON.stringify(decision.outcome),
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function setChangeOutcome(db: Kysely<DB>, id: number, outcome: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('lottery_change_requests')
    .set({ outcome: JSON.stringify(outcome) })
    .where('id', '=', id)
    .execute();
}

/** A draw's tickets still open and their stakes (what a void would refund). */
export async function openTicketTotals(executor: Kysely<DB>, periodId: number): Promise<{ tickets: number; stake: number }> {
  const row = await executor
    .selectFrom('lottery_tickets')
    .select((eb) => [eb.fn.countAll().as('tickets'), eb.fn.coalesce(eb.fn.sum('total_stake'), eb.lit(0)).as('stake')])
    .where('period_id', '=', periodId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { tickets: Number(row.tickets), stake: Number(row.stake) };
}
