import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The results round looks up official draws by date (today's and the last days' still open) every
 * time it runs; fast games' periods make the table large, and official draws are a small part of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE INDEX lottery_periods_official_by_date ON lottery_periods (draw_date) WHERE result_source = 'official';
    `,
  );
}
