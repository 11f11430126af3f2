import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A trigram index for infix name search (`search_name LIKE '%rong vang%'`) where the server can
 * have it: pg_trgm is a trusted extension on PostgreSQL 13 and later, so the database owner may
 * create it. PGlite loads extensions only when opened with them, and a hosted server may forbid
 * extensions: there the block gives up quietly and the search scans the merchant's rows, which
 * gives the same answers (docs/games-catalogue.md). Without the pending list (fastupdate off) new
 * games are searchable through the index at once; the catalogue is written rarely.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX games_search_trgm_idx ON games USING gin (search_name gin_trgm_ops) WITH (fastupdate = off);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm is not available; game name search scans instead';
    END
    $$
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
