import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE payload_keys (
      kid text PRIMARY KEY,
      purpose text NOT NULL,
      public_jwk jsonb NOT NULL,
      private_jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retired_at timestamptz
    );
    CREATE UNIQUE INDEX payload_keys_active_key ON payload_keys (purpose) WHERE retired_at IS NULL;

    CREATE TABLE payload_nonces (
      nonce text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX payload_nonces_expires_idx ON payload_nonces (expires_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
