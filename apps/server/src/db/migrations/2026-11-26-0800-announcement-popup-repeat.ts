import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * How often a popup announcement shows: once per browser session (the default), or on every page
 * load when the operator marks it so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE content_announcements
      ADD COLUMN popup_repeat text NOT NULL DEFAULT 'session' CHECK (popup_repeat IN ('session', 'every_load'));
    `,
  );
}
