import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE member_labels (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      name text NOT NULL,
      rank_level integer CHECK (rank_level BETWEEN 0 AND 99),
      sort integer NOT NULL DEFAULT 0,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX member_labels_code_idx ON member_labels (merchant_id, lower(code));

    CREATE TABLE member_label_assignments (
      member_id bigint NOT NULL REFERENCES members(id),
      label_id bigint NOT NULL REFERENCES member_labels(id),
      assigned_by bigint NOT NULL,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, label_id)
    );
    CREATE INDEX member_label_assignments_label_idx ON member_label_assignments (label_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
