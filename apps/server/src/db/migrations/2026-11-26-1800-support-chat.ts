import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE support_conversations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      is_vip boolean NOT NULL DEFAULT false,
      -- The newest message each side has read, for the unread counts.
      member_last_read_id bigint NOT NULL DEFAULT 0,
      operator_last_read_id bigint NOT NULL DEFAULT 0,
      last_message_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by bigint
    );
    -- One open conversation per member.
    CREATE UNIQUE INDEX support_conversations_open_idx ON support_conversations (member_id) WHERE status = 'open';
    CREATE INDEX support_conversations_merchant_idx ON support_conversations (merchant_id, status, id);
    CREATE INDEX support_conversations_member_idx ON support_conversations (member_id, id);

    CREATE TABLE support_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES support_conversations(id),
      author text NOT NULL CHECK (author IN ('member', 'operator')),
      -- The operator who wrote it; null for the member's messages.
      admin_id bigint,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_messages_conversation_idx ON support_messages (conversation_id, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
