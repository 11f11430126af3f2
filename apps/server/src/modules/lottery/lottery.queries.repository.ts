import type { LotteryRegion } from '@platform/games/lottery';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The lottery page's reads (`lottery.queries.ts`): menu, recent and popular games, draws, odds. They write nothing. */

const drawColumns = [
  'g.code',
  'p.numero',
  'p.draw_date',
  'p.draw_at',
  'p.status',
  'p.result',
  'p.seed_commitment',
  'p.seed',
  'p.result_source',
] as const;

/** Enabled games with their open draw (the earliest not locked at `at`), in the operator's order. */
export async function findMenuRows(db: Kysely<DB>, merchantId: number, at: Date, gameIds?: readonly number[]) {
  let query = db
    .selectFrom('lottery_games as g')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('lottery_periods')
          .distinctOn('game_id')
          .select(['game_id', 'numero', 'draw_at', 'seed_commitment'])
          .where('status', '=', 'open')
          .where('locks_at', '>', at)
          .orderBy('game_id')
          .orderBy('draw_at')
          .as('p'),
      (join) => join.onRef('p.game_id', '=', 'g.id'),
    )
    .select(['g.id', 'g.code', 'g.name', 'g.menu_tag', 'g.category', 'g.region', 'g.draw_days', 'g.draw_time', 'g.interval_seconds'])
    .select(['g.lock_seconds', 'p.numero', 'p.draw_at', 'p.seed_commitment'])
    .where('g.merchant_id', '=', merchantId)
    .where('g.is_enabled', '=', true)
    .orderBy('g.sort')
    .orderBy('g.id');
  if (gameIds) query = query.where('g.id', 'in', gameIds.length > 0 ? gameIds : [0]);
  return query.execute();
}

/** The games a member bet on most recently, newest first. */
export async function findRecentlyPlayedGames(db: Kysely<DB>, memberId: number, count: number) {
  return db
    .selectFrom('lottery_tickets')
    .select(['game_id', sql<Date>`max(created_at)`.as('last')])
    .where('member_id', '=', memberId)
    .groupBy('game_id')
    .orderBy('last', 'desc')
    .limit(count)
    .execute();
}

export async function findGameCodes(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('lottery_games')
    .select(['id', 'code'])
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .execute();
}

/** Tickets and stake per game of a merchant since `since`. */
export async function sumPlayedSince(db: Kysely<DB>, merchantId: number, since: Date) {
  return db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_games as g', 'g.id', 't.game_id')
    .select(['g.code', sql<string>`count(*)`.as('tickets'), sql<string>`sum(t.total_stake)`.as('stake')])
    .where('g.merchant_id', '=', merchantId)
    .where('t.created_at', '>=', since)
    .groupBy('g.code')
    .execute();
}

/** A game's drawn, settled or voided periods up to `at`, newest first. */
export async function findDrawHistory(db: Kysely<DB>, merchantId: number, gameCode: string, at: Date, count: number) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(drawColumns)
    .where('g.merchant_id', '=', merchantId)
    .where('g.code', '=', gameCode)
    .where('p.status', 'in', ['drawn', 'settled', 'voided'])
    .where('p.draw_at', '<=', at)
    .orderBy('p.draw_at', 'desc')
    .limit(count)
    .execute();
}

/** The latest period with a result of each enabled game. */
export async function findLatestDraws(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .distinctOn('p.game_id')
    .select(drawColumns)
    .where('g.merchant_id', '=', merchantId)
    .where('g.is_enabled', '=', true)
    .where('p.result', 'is not', null)
    .orderBy('p.game_id')
    .orderBy('p.draw_at', 'desc')
    .execute();
}

export async function findEnabledGameCategory(db: Kysely<DB>, merchantId: number, gameCode: string) {
  return db
    .selectFrom('lottery_games')
    .select(['code', 'category'])
    .where('merchant_id', '=', merchantId)
    .where('code', '=', gameCode)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
}

export async function findEnabledGameStakes(db: Kysely<DB>, merchantId: number, gameCode: string) {
  return db
    .selectFrom('lottery_games')
    .select(['code', 'region', 'min_stake', 'max_stake'])
    .where('merchant_id', '=', merchantId)
    .where('code', '=', gameCode)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
}

export async function findEnabledOddsOf(db: Kysely<DB>, merchantId: number, region: LotteryRegion) {
  return db
    .selectFrom('lottery_odds')
    .select(['bet_type', 'odds_milli', 'stake_multiplier'])
    .where('merchant_id', '=', merchantId)
    .where('region', '=', region)
    .where('is_enabled', '=', true)
    .execute();
}

/** A period of a game with its draw columns and the game's region. */
export async function findDraw(db: Kysely<DB>, merchantId: number, gameCode: string, numero: string) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select([...drawColumns, 'g.region'])
    .where('g.merchant_id', '=', merchantId)
    .where('g.code', '=', gameCode)
    .where('p.numero', '=', numero)
    .executeTakeFirst();
}
