import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE chat_rooms (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL CHECK (code ~ '^[a-z0-9-]{1,32}$'),
      name text NOT NULL,
      language text,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX chat_rooms_code_idx ON chat_rooms (merchant_id, code);
    -- Every merchant has the public room; a merchant made later gets it on its members' first chat call.
    INSERT INTO chat_rooms (merchant_id, code, name) SELECT id, 'public', 'Phòng chung' FROM merchants;

    CREATE TABLE chat_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      room_id bigint NOT NULL REFERENCES chat_rooms(id),
      member_id bigint NOT NULL REFERENCES members(id),
      display_name text NOT NULL,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      hidden_at timestamptz,
      hidden_by bigint
    );
    CREATE INDEX chat_messages_room_idx ON chat_messages (room_id, id);
    CREATE INDEX chat_messages_member_idx ON chat_messages (member_id, created_at);

    CREATE TABLE chat_reads (
      member_id bigint NOT NULL REFERENCES members(id),
      room_id bigint NOT NULL REFERENCES chat_rooms(id),
      last_read_message_id bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, room_id)
    );

    CREATE TABLE chat_mutes (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      muted_until timestamptz NOT NULL,
      reason text NOT NULL,
      muted_by bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
