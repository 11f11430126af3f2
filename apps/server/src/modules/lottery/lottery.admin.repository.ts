import type { LotteryRegion } from '@platform/games/lottery';
import type { Kysely } from 'kysely';
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
