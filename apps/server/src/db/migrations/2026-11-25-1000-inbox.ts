import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE inbox_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      category text NOT NULL CHECK (category IN ('system', 'promotion', 'account')),
      title text NOT NULL,
      body_html text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('all', 'members', 'label')),
      label_id bigint REFERENCES member_labels(id),
      created_by bigint NOT NULL REFERENCES admin_users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      withdrawn_by bigint REFERENCES admin_users(id),
      CHECK ((audience = 'label') = (label_id IS NOT NULL))
    );
    CREATE INDEX inbox_messages_merchant_idx ON inbox_messages (merchant_id, created_at DESC, id DESC);

    CREATE TABLE inbox_message_recipients (
      message_id bigint NOT NULL REFERENCES inbox_messages(id),
      member_id bigint NOT NULL REFERENCES members(id),
      PRIMARY KEY (message_id, member_id)
    );
    CREATE INDEX inbox_message_recipients_member_idx ON inbox_message_recipients (member_id, message_id);

    CREATE TABLE inbox_message_states (
      member_id bigint NOT NULL REFERENCES members(id),
      message_id bigint NOT NULL REFERENCES inbox_messages(id),
      read_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id)
    );
    CREATE INDEX inbox_message_states_message_idx ON inbox_message_states (message_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
