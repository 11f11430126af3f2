import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Game images an operator uploads (docs/games-catalogue.md, "Images"): the bytes, their sniffed
 * type and SHA-256, kept in the database like the other uploaded images. A game's `image_url`
 * points at its newest one; an upload is a new row, so an image's address never changes content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE game_images (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      game_id bigint NOT NULL REFERENCES games(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
      sha256 text NOT NULL,
      bytes bytea NOT NULL,
      created_by bigint NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX game_images_game_idx ON game_images (game_id);
    `,
  );
}
