import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The site's pictures uploaded by operators (module `media`, docs/media.md):
 * - `media_files`: a picture's bytes stored once by the sha256 of its content, with its type and the
 *   size its header states; served at `/media/<sha256>.<ext>`.
 * - `media_uploads`: which merchant's operators uploaded which picture, and when last (their list).
 * - The permission `media:write` joins the default roles that stored their permissions before and
 *   write promotions, mall items or site content (finance, support, content).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE media_files (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE media_uploads (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      sha256 text NOT NULL REFERENCES media_files(sha256),
      uploaded_by bigint NOT NULL REFERENCES admin_users(id),
      uploaded_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, sha256)
    );
    CREATE INDEX media_uploads_latest_idx ON media_uploads (merchant_id, uploaded_at DESC);

    UPDATE admin_roles
       SET permissions = permissions || '["media:write"]'::jsonb
     WHERE code IN ('finance', 'support', 'content') AND NOT permissions ? 'media:write';
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
