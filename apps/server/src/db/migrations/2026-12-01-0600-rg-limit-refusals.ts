import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Responsible-gaming triggers (docs/wallet-records.md): each refusal by a deposit, loss or wager
 * limit counted per member, limit kind and day of the merchant's time zone, one row each, counted by
 * an upsert. The merchant is kept on the row so the per-day report reads this table alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE rg_limit_refusals (
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')),
      day date NOT NULL,
      refusals integer NOT NULL CHECK (refusals > 0),
      last_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, kind, day)
    );
    CREATE INDEX rg_limit_refusals_merchant_day_idx ON rg_limit_refusals (merchant_id, day);
    CREATE INDEX rg_limit_refusals_member_day_idx ON rg_limit_refusals (member_id, day DESC);
  `,
  );
}
