import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- The operator's authenticator: a second factor every back-office login needs. The time step
    -- of the last accepted code, so a code is accepted once.
    ALTER TABLE admin_users ADD COLUMN totp_secret text;
    ALTER TABLE admin_users ADD COLUMN totp_enrolled_at timestamptz;
    ALTER TABLE admin_users ADD COLUMN totp_last_counter bigint;

    ALTER TABLE admin_sessions ADD COLUMN user_agent text;

    -- Between the password and the code: a short-lived, single-use challenge (only its hash kept).
    -- An operator without an authenticator enrols with the secret the challenge carries.
    CREATE TABLE admin_login_challenges (
      token_hash text PRIMARY KEY,
      admin_id bigint NOT NULL REFERENCES admin_users(id),
      stage text NOT NULL CHECK (stage IN ('totp', 'enrol')),
      enrol_secret text,
      ip text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX admin_login_challenges_expires_idx ON admin_login_challenges (expires_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
