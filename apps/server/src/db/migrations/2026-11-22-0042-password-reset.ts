import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      ip text
    );
    CREATE INDEX password_reset_tokens_member_idx ON password_reset_tokens (member_id, created_at);

    CREATE TABLE email_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
