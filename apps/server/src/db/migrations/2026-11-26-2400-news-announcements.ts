import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/** News (type N): the site's news page lists announcements of this type. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE content_announcements DROP CONSTRAINT content_announcements_type_check;
    ALTER TABLE content_announcements
      ADD CONSTRAINT content_announcements_type_check CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H', 'N'));
    `,
  );
}
