import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE admin_users ADD COLUMN status text NOT NULL DEFAULT 'active';
    ALTER TABLE admin_users ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
    ALTER TABLE admin_users ADD COLUMN locked_until timestamptz;
    ALTER TABLE admin_users ADD COLUMN last_login_at timestamptz;

    CREATE TABLE admin_sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      admin_id bigint NOT NULL REFERENCES admin_users(id),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text
    );
    CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id);

    CREATE TABLE game_sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      currency text NOT NULL,
      vendor_code text NOT NULL,
      game_code text NOT NULL,
      game_category text NOT NULL,
      is_trial boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz
    );
    CREATE INDEX game_sessions_member_idx ON game_sessions (member_id, created_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
