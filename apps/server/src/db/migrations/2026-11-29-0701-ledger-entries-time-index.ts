import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A time index on the ledger entries for the transactions export of any range (docs/reports.md): a
 * BRIN index on `created_at` (entries are appended in time order, so each block range covers a short
 * span of time). The export first finds the range's first and last entry ids through it, reading only
 * the blocks of the range, then walks the primary key between them; without it an old range walked
 * every newer entry. A BRIN index is a few pages for millions of rows and costs the ledger's writes
 * next to nothing (unlike a B-tree on a column every write fills).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(db, `CREATE INDEX ledger_entries_created_brin_idx ON ledger_entries USING brin (created_at);`);
}
