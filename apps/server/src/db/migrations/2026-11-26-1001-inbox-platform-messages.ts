import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Platform messages: a message to listed members that the platform itself sends (an agent contract
 * ended by a rule, docs/agent-contracts.md) names neither an operator nor an agent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_sender_check;
    ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_sender_check
      CHECK (
        (audience IN ('team', 'direct')) = (sender_member_id IS NOT NULL)
        AND (sender_member_id IS NULL OR created_by IS NULL)
        AND (created_by IS NOT NULL OR sender_member_id IS NOT NULL OR audience = 'members')
      );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
