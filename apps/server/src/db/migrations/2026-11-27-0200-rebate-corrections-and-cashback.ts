import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Rebate correction lines and cashback (docs/vip-and-rebates.md): a rebate line has a revision (0 the
 * period's line, 1, 2, … the corrections for rounds settled after it), unique per (member, rule, period
 * start, revision); cashback rules by VIP level and period, and one cashback line per (member, rule,
 * period start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE rebate_lines ADD COLUMN revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0);
    DROP INDEX rebate_lines_period_key;
    CREATE UNIQUE INDEX rebate_lines_period_key ON rebate_lines (member_id, rule_id, period_start, revision);

    CREATE TABLE cashback_rules (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      vip_level integer NOT NULL CHECK (vip_level >= 0),
      period text NOT NULL CHECK (period IN ('D', 'W', 'M')),
      rate_ppm integer NOT NULL CHECK (rate_ppm > 0 AND rate_ppm <= 500000),
      min_loss bigint NOT NULL CHECK (min_loss >= 0),
      max_amount bigint CHECK (max_amount > 0),
      is_enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX cashback_rules_key ON cashback_rules (merchant_id, vip_level, period);

    CREATE TABLE cashback_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      rule_id bigint NOT NULL REFERENCES cashback_rules(id),
      period text NOT NULL CHECK (period IN ('D', 'W', 'M')),
      period_start date NOT NULL,
      period_end date NOT NULL,
      vip_level integer NOT NULL,
      currency char(3) NOT NULL,
      -- The inputs: the member's net loss over the period (the rollups), the rule's minimum, rate and cap.
      net_loss bigint NOT NULL CHECK (net_loss > 0),
      min_loss bigint NOT NULL,
      rate_ppm integer NOT NULL,
      max_amount bigint,
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('paid', 'withheld')),
      transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      CHECK (period_end >= period_start),
      CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX cashback_lines_period_key ON cashback_lines (member_id, rule_id, period_start);
    CREATE INDEX cashback_lines_member_idx ON cashback_lines (member_id, period_start DESC);
    CREATE INDEX cashback_lines_period_idx ON cashback_lines (merchant_id, period, period_start);
  `,
  );
}
