import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Platform messages from the console (docs/inbox.md): a VIP level segment (`vip`: the members whose
 * level is from vip_min_level to vip_max_level when they look), a sending time (`send_at`: the
 * message reaches the inboxes then; null is at once) and the operator's request id with the
 * fingerprint of its content, so a send repeated after a lost answer makes one message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_audience_check;
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_audience_check
      CHECK (audience IN ('all', 'members', 'label', 'agents', 'team', 'direct', 'vip'));
    ALTER TABLE inbox_messages ADD COLUMN vip_min_level integer;
    ALTER TABLE inbox_messages ADD COLUMN vip_max_level integer;
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_vip_check
      CHECK (
        (audience = 'vip') = (vip_min_level IS NOT NULL AND vip_max_level IS NOT NULL)
        AND (vip_min_level IS NULL OR (vip_min_level >= 0 AND vip_min_level <= vip_max_level))
      );
    ALTER TABLE inbox_messages ADD COLUMN send_at timestamptz;
    ALTER TABLE inbox_messages ADD COLUMN request_id text;
    ALTER TABLE inbox_messages ADD COLUMN request_hash text;
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_request_check CHECK ((request_id IS NULL) = (request_hash IS NULL));
    CREATE UNIQUE INDEX inbox_messages_request_idx ON inbox_messages (merchant_id, created_by, request_id) WHERE request_id IS NOT NULL;
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
