import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE member_contact_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      channel text NOT NULL CHECK (channel IN ('mobile', 'email')),
      address text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    );
    CREATE INDEX member_contact_codes_lookup_idx ON member_contact_codes (member_id, channel, id);

    CREATE TABLE member_contact_verifications (
      member_id bigint NOT NULL REFERENCES members(id),
      channel text NOT NULL CHECK (channel IN ('mobile', 'email')),
      address text NOT NULL,
      verified_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, channel)
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
