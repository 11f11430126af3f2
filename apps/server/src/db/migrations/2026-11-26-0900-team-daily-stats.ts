import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Team daily rollups (module `daily-stats`, ADR 0018): for every member with a team, the sums of its
 * whole team (every member below it, not itself) per day, so a team report reads a handful of rows
 * per day instead of every team member's rows.
 *
 * - team_daily_game_stats: per ancestor, day and game category, the sums of the team's member rows;
 * - team_daily_money_stats: per ancestor and day, the sums of the team's money rows;
 * - team_daily_activity: per ancestor and day, how many team members played (a member counts once a
 *   day whatever it played; a count over several days is not the sum of these, see the ADR).
 *
 * The consumer that writes the member rows adds the same deltas to every ancestor in the member's
 * upline path in the same transaction; a move of a subtree moves its totals in the move's transaction.
 * The existing member rows are folded in here. Reconciliation differences gain the team kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE team_daily_game_stats (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      ancestor_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      category text NOT NULL,
      bet_count integer NOT NULL DEFAULT 0,
      stake bigint NOT NULL DEFAULT 0,
      valid_bet bigint NOT NULL DEFAULT 0,
      payout bigint NOT NULL DEFAULT 0,
      win_loss bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (ancestor_id, day, category)
    );
    CREATE INDEX team_daily_game_stats_day_idx ON team_daily_game_stats (merchant_id, day);

    CREATE TABLE team_daily_money_stats (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      ancestor_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      deposit_amount bigint NOT NULL DEFAULT 0,
      deposit_count integer NOT NULL DEFAULT 0,
      withdrawal_amount bigint NOT NULL DEFAULT 0,
      withdrawal_count integer NOT NULL DEFAULT 0,
      bonus_amount bigint NOT NULL DEFAULT 0,
      transfer_in_amount bigint NOT NULL DEFAULT 0,
      transfer_out_amount bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (ancestor_id, day)
    );
    CREATE INDEX team_daily_money_stats_day_idx ON team_daily_money_stats (merchant_id, day);

    CREATE TABLE team_daily_activity (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      ancestor_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      active_members integer NOT NULL DEFAULT 0,
      PRIMARY KEY (ancestor_id, day)
    );
    CREATE INDEX team_daily_activity_day_idx ON team_daily_activity (merchant_id, day);

    INSERT INTO team_daily_game_stats (merchant_id, ancestor_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT s.merchant_id, a.id, s.day, s.category, sum(s.bet_count), sum(s.stake), sum(s.valid_bet), sum(s.payout), sum(s.win_loss)
      FROM member_daily_game_stats s
      JOIN members m ON m.id = s.member_id
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
     WHERE a.id <> m.id
     GROUP BY s.merchant_id, a.id, s.day, s.category;

    INSERT INTO team_daily_money_stats (merchant_id, ancestor_id, day, deposit_amount, deposit_count, withdrawal_amount,
                                        withdrawal_count, bonus_amount, transfer_in_amount, transfer_out_amount)
    SELECT s.merchant_id, a.id, s.day, sum(s.deposit_amount), sum(s.deposit_count), sum(s.withdrawal_amount),
           sum(s.withdrawal_count), sum(s.bonus_amount), sum(s.transfer_in_amount), sum(s.transfer_out_amount)
      FROM member_daily_money_stats s
      JOIN members m ON m.id = s.member_id
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
     WHERE a.id <> m.id
     GROUP BY s.merchant_id, a.id, s.day;

    INSERT INTO team_daily_activity (merchant_id, ancestor_id, day, active_members)
    SELECT s.merchant_id, a.id, s.day, count(DISTINCT s.member_id)
      FROM member_daily_game_stats s
      JOIN members m ON m.id = s.member_id
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
     WHERE a.id <> m.id AND s.bet_count > 0
     GROUP BY s.merchant_id, a.id, s.day;

    ALTER TABLE daily_stats_differences DROP CONSTRAINT daily_stats_differences_kind_check;
    ALTER TABLE daily_stats_differences ADD CONSTRAINT daily_stats_differences_kind_check
      CHECK (kind IN ('game', 'money', 'team_game', 'team_money', 'team_activity'));
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
