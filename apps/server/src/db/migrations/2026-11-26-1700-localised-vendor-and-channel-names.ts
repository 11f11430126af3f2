import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- Names per language for what a member reads in its language: a game vendor's name and a deposit
    -- channel's. The single-language column stays and answers for a language the map lacks.
    ALTER TABLE game_vendors ADD COLUMN display_names jsonb NOT NULL DEFAULT '{}'::jsonb
      CHECK (jsonb_typeof(display_names) = 'object');
    ALTER TABLE deposit_channels ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb
      CHECK (jsonb_typeof(names) = 'object');
    `,
  );
}
