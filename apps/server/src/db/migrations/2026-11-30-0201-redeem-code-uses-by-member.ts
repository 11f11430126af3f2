import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/** The rewards centre's history reads a member's redeemed codes, newest first (docs/loyalty.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(db, `CREATE INDEX redeem_code_uses_member_idx ON redeem_code_uses (member_id, redeemed_at DESC);`);
}
