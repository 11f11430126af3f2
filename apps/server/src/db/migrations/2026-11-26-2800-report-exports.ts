import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The reports' CSV exports: one-time download links (`report_downloads`, owned by the reports
 * module), and a new permission, `report:export`, for the stored roles that read reports (finance and
 * risk by default). The administrator holds every permission whatever is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE report_downloads (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      admin_session_id bigint NOT NULL REFERENCES admin_sessions(id) ON DELETE CASCADE,
      target text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX report_downloads_expires_idx ON report_downloads (expires_at);

    UPDATE admin_roles
       SET permissions = permissions || '["report:export"]'::jsonb
     WHERE permissions ? 'report:read'
       AND NOT permissions ? 'report:export';
    `,
  );
}
