import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Rebate rules per vendor (issue 19 "× vendor optionally", issue 24), docs/vip-and-rebates.md:
 * - `member_daily_vendor_stats` (module `daily-stats`): a member's settled real-money rounds of one
 *   category on one day, per vendor: the count and the valid bet, kept by the rollups' consumer
 *   with the category rows. Folded in here from the rounds already settled, by the day of each
 *   merchant's time zone setting (Asia/Ho_Chi_Minh when the merchant has none), as the category
 *   rows were.
 * - `rebate_rules.vendor_code`: '' for the category's rule (every vendor no rule of the same level,
 *   category and period names), else the vendor the rule is for; part of the rule's key.
 * - `rebate_lines.vendor_code`: the rule's vendor, copied with the line's other inputs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE member_daily_vendor_stats (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      category text NOT NULL,
      vendor_code text NOT NULL,
      bet_count integer NOT NULL,
      valid_bet bigint NOT NULL,
      PRIMARY KEY (member_id, day, category, vendor_code)
    );
    CREATE INDEX member_daily_vendor_stats_day_idx ON member_daily_vendor_stats (merchant_id, day);

    INSERT INTO member_daily_vendor_stats (merchant_id, member_id, day, category, vendor_code, bet_count, valid_bet)
    SELECT b.merchant_id, b.member_id,
           (b.settled_at AT TIME ZONE coalesce(s.value #>> '{}', 'Asia/Ho_Chi_Minh'))::date AS day,
           b.game_category, b.vendor_code, count(*), sum(b.valid_bet)
      FROM bet_records b
      LEFT JOIN merchant_settings s ON s.merchant_id = b.merchant_id AND s.key = 'members.timeZone'
     WHERE b.settled_at IS NOT NULL AND NOT b.is_trial AND b.status = 'settled'
     GROUP BY 1, 2, 3, 4, 5;

    ALTER TABLE rebate_rules ADD COLUMN vendor_code text NOT NULL DEFAULT '';
    DROP INDEX rebate_rules_key;
    CREATE UNIQUE INDEX rebate_rules_key ON rebate_rules (merchant_id, vip_level, category, period, vendor_code);

    ALTER TABLE rebate_lines ADD COLUMN vendor_code text NOT NULL DEFAULT '';
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
