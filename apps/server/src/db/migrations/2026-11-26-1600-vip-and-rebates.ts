import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * VIP levels and rebates (docs/vip-and-rebates.md): the merchant's ladder, each member's level and
 * its changes, the upgrade bonuses (once per member and level), the rebate rules, one rebate line per
 * (member, rule, period) with the inputs that explain it, and the members' claims.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE vip_levels (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      level integer NOT NULL CHECK (level >= 0),
      code text NOT NULL,
      names jsonb NOT NULL,
      min_deposit bigint NOT NULL CHECK (min_deposit >= 0),
      min_valid_bet bigint NOT NULL CHECK (min_valid_bet >= 0),
      keep_deposit bigint NOT NULL CHECK (keep_deposit >= 0),
      keep_valid_bet bigint NOT NULL CHECK (keep_valid_bet >= 0),
      upgrade_bonus bigint NOT NULL CHECK (upgrade_bonus >= 0),
      periodic_bonus bigint NOT NULL CHECK (periodic_bonus >= 0),
      periodic_period text CHECK (periodic_period IN ('W', 'M')),
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX vip_levels_level_key ON vip_levels (merchant_id, level);

    CREATE TABLE vip_member_levels (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      level integer NOT NULL CHECK (level >= 0),
      -- The day the member reached the level (a downgrade waits for a whole window at it).
      reached_on date NOT NULL,
      -- The last evaluation day: each day is evaluated once per member.
      evaluated_on date NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX vip_member_levels_merchant_idx ON vip_member_levels (merchant_id, level);

    CREATE TABLE vip_level_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      from_level integer NOT NULL,
      to_level integer NOT NULL,
      deposits bigint NOT NULL,
      valid_bet bigint NOT NULL,
      created_at timestamptz NOT NULL,
      CHECK (from_level <> to_level)
    );
    CREATE UNIQUE INDEX vip_level_changes_day_key ON vip_level_changes (member_id, day);

    CREATE TABLE vip_upgrade_bonuses (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      level integer NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('paid', 'withheld')),
      transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX vip_upgrade_bonuses_level_key ON vip_upgrade_bonuses (member_id, level);

    CREATE TABLE rebate_rules (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      vip_level integer NOT NULL CHECK (vip_level >= 0),
      category text NOT NULL,
      period text NOT NULL CHECK (period IN ('D', 'W', 'H', 'M')),
      mode text NOT NULL CHECK (mode IN ('auto', 'claim')),
      rate_ppm integer NOT NULL CHECK (rate_ppm > 0),
      max_amount bigint CHECK (max_amount > 0),
      is_enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX rebate_rules_key ON rebate_rules (merchant_id, vip_level, category, period);

    CREATE TABLE rebate_claims (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      lines integer NOT NULL CHECK (lines > 0),
      transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX rebate_claims_request_key ON rebate_claims (member_id, request_id);

    CREATE TABLE rebate_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      rule_id bigint NOT NULL REFERENCES rebate_rules(id),
      period text NOT NULL CHECK (period IN ('D', 'W', 'H', 'M')),
      period_start date NOT NULL,
      period_end date NOT NULL,
      category text NOT NULL,
      vip_level integer NOT NULL,
      currency char(3) NOT NULL,
      -- The inputs: valid bet of the category over the period (the rollups), the rate, and the result.
      bet_base bigint NOT NULL CHECK (bet_base >= 0),
      rate_ppm integer NOT NULL CHECK (rate_ppm > 0),
      max_amount bigint,
      amount bigint NOT NULL CHECK (amount >= 0),
      mode text NOT NULL CHECK (mode IN ('auto', 'claim')),
      status text NOT NULL CHECK (status IN ('paid', 'accrued', 'claimed', 'withheld')),
      transfer_id bigint REFERENCES ledger_transfers(id),
      claim_id bigint REFERENCES rebate_claims(id),
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      CHECK (period_end >= period_start),
      CHECK ((status = 'claimed') = (claim_id IS NOT NULL)),
      CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX rebate_lines_period_key ON rebate_lines (member_id, rule_id, period_start);
    CREATE INDEX rebate_lines_member_idx ON rebate_lines (member_id, period_start DESC);
    CREATE INDEX rebate_lines_accrued_idx ON rebate_lines (member_id) WHERE status = 'accrued';
  `,
  );
}
