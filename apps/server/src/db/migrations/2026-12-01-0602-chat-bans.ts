import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Chat moderation (docs/chat-room.md): a mute may be a ban (the member can neither read nor post
 * until it ends), and each mute carries the member's merchant so operators list their merchant's
 * muted members from this table alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE chat_mutes ADD COLUMN is_ban boolean NOT NULL DEFAULT false;
    ALTER TABLE chat_mutes ADD COLUMN merchant_id bigint REFERENCES merchants(id);
    UPDATE chat_mutes SET merchant_id = members.merchant_id FROM members WHERE members.id = chat_mutes.member_id;
    ALTER TABLE chat_mutes ALTER COLUMN merchant_id SET NOT NULL;
    CREATE INDEX chat_mutes_merchant_idx ON chat_mutes (merchant_id, muted_until);
  `,
  );
}
