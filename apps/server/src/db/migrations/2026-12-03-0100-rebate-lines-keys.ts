import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Rebate lines keep the member's foreign key and lose the merchant's and the rule's
 * (docs/vip-and-rebates.md, "Data"): a line's merchant follows from its member, and rules are
 * never deleted (a saved rule set disables the old rules). Each of those two checks locked the same
 * row again for every line a settlement writes, 200,000 times for a day of 100,000 members, the
 * larger part of the lines' insert (docs/performance.md, "Rebate settlement").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE rebate_lines DROP CONSTRAINT rebate_lines_merchant_id_fkey;
    ALTER TABLE rebate_lines DROP CONSTRAINT rebate_lines_rule_id_fkey;
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
