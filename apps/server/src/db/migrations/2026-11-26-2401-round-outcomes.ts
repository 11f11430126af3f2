import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/** What a round showed (reels, dice, cards…), when its vendor reports it; the betting record draws it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE bet_records ADD COLUMN outcome jsonb;
    `,
  );
}
