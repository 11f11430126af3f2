import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE member_profiles ADD COLUMN permanent_address text;
    ALTER TABLE member_profiles ADD COLUMN current_address text;
    ALTER TABLE member_profiles ADD COLUMN place_of_birth text;
    ALTER TABLE member_profiles ADD COLUMN nationality text;
    ALTER TABLE member_profiles ADD COLUMN occupation text;
    ALTER TABLE member_profiles ADD COLUMN income_source text;
    ALTER TABLE member_profiles ADD COLUMN birthday text;
    ALTER TABLE member_profiles ADD COLUMN updated_at timestamptz;

    CREATE TABLE member_avatars (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      builtin text,
      content_type text,
      image bytea,
      updated_at timestamptz NOT NULL,
      CHECK ((builtin IS NULL) <> (image IS NULL)),
      CHECK ((image IS NULL) = (content_type IS NULL))
    );

    CREATE INDEX sessions_member_created_idx ON sessions (member_id, created_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
