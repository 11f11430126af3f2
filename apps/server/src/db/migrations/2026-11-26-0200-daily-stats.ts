import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Daily rollups per member (module `daily-stats`, see docs/daily-stats.md). `day` is the calendar day
 * in the merchant's time zone (setting `members.timeZone`); amounts are minor units as in
 * `bet_records` and the ledger. Only real money is rolled up (trial rounds and play money are not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE member_daily_game_stats (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      category text NOT NULL,
      bet_count integer NOT NULL DEFAULT 0,
      stake bigint NOT NULL DEFAULT 0,
      valid_bet bigint NOT NULL DEFAULT 0,
      payout bigint NOT NULL DEFAULT 0,
      win_loss bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day, category)
    );
    CREATE INDEX member_daily_game_stats_day_idx ON member_daily_game_stats (merchant_id, day);

    CREATE TABLE member_daily_money_stats (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      deposit_amount bigint NOT NULL DEFAULT 0,
      deposit_count integer NOT NULL DEFAULT 0,
      withdrawal_amount bigint NOT NULL DEFAULT 0,
      withdrawal_count integer NOT NULL DEFAULT 0,
      bonus_amount bigint NOT NULL DEFAULT 0,
      transfer_in_amount bigint NOT NULL DEFAULT 0,
      transfer_out_amount bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day)
    );
    CREATE INDEX member_daily_money_stats_day_idx ON member_daily_money_stats (merchant_id, day);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
