import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A scheduled platform message is announced to the members' open tabs when it goes out, like a
 * message sent at once (docs/inbox.md): `announced_at` marks the ones the job has told, so each is
 * told once. Scheduled messages already out when this lands count as announced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE inbox_messages ADD COLUMN announced_at timestamptz;
    UPDATE inbox_messages SET announced_at = send_at WHERE send_at IS NOT NULL AND send_at <= now();
    CREATE INDEX inbox_messages_due_idx ON inbox_messages (send_at) WHERE send_at IS NOT NULL AND announced_at IS NULL;
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
