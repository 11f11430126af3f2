import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE member_known_ips (
      member_id bigint NOT NULL REFERENCES members(id),
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, ip)
    );

    CREATE TABLE member_totp (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      secret_base32 text NOT NULL,
      confirmed_at timestamptz,
      last_counter bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE login_challenges (
      token_hash text PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      ip text,
      methods text NOT NULL,
      context jsonb NOT NULL DEFAULT '{}'::jsonb,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
