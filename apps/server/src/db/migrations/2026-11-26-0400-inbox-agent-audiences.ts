import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Inbox audiences for the agent centre: `agents` (an operator's message to every agent account) and
 * `team` / `direct` (an agent's notice to its whole downline or its direct downline). An agent's
 * notice names its sender member instead of an operator; who sees it is worked out when a member
 * reads, from the member's upline, so nothing is written per member when it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_audience_check;
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_audience_check
      CHECK (audience IN ('all', 'members', 'label', 'agents', 'team', 'direct'));
    ALTER TABLE inbox_messages ALTER COLUMN created_by DROP NOT NULL;
    ALTER TABLE inbox_messages ADD COLUMN sender_member_id bigint REFERENCES members(id);
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_sender_check
      CHECK ((audience IN ('team', 'direct')) = (sender_member_id IS NOT NULL) AND (sender_member_id IS NULL) = (created_by IS NOT NULL));
    CREATE INDEX inbox_messages_sender_idx ON inbox_messages (sender_member_id, created_at DESC, id DESC) WHERE sender_member_id IS NOT NULL;
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
