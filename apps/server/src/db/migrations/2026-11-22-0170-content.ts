import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE content_banners (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      group_name text NOT NULL,
      image_url text NOT NULL,
      linkage_type text,
      linkage_target text,
      title_vi text NOT NULL DEFAULT '',
      title_en text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      starts_at timestamptz,
      ends_at timestamptz,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT content_banners_linkage_check CHECK (
        (linkage_type IS NULL AND linkage_target IS NULL) OR (linkage_type IN ('ROUTE', 'URL') AND linkage_target IS NOT NULL)
      ),
      CONSTRAINT content_banners_window_check CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
    );
    CREATE INDEX content_banners_group_idx ON content_banners (merchant_id, group_name, sort, id);

    CREATE TABLE content_announcements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
      title_vi text NOT NULL DEFAULT '',
      title_en text NOT NULL DEFAULT '',
      body_vi text NOT NULL DEFAULT '',
      body_en text NOT NULL DEFAULT '',
      platform text NOT NULL DEFAULT 'ALL' CHECK (platform IN ('ALL', 'W', 'M')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT content_announcements_title_check CHECK (title_vi <> '' OR title_en <> ''),
      CONSTRAINT content_announcements_window_check CHECK (ends_at IS NULL OR ends_at > starts_at)
    );
    CREATE INDEX content_announcements_type_idx ON content_announcements (merchant_id, type, starts_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
