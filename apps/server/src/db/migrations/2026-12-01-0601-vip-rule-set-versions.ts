import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The version of each rule set an operator saves whole (the VIP ladder, the rebate rules, the
 * cashback rules) per merchant: a save names the version it read and moves it on by one, so a save
 * over someone else's newer change is refused (docs/vip-and-rebates.md). No row: version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE vip_rule_set_versions (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      rule_set text NOT NULL CHECK (rule_set IN ('levels', 'rebates', 'cashback')),
      version integer NOT NULL CHECK (version > 0),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, rule_set)
    );
  `,
  );
}
