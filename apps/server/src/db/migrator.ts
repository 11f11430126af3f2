import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migration files are `YYYY-MM-DD-NNNN-name.ts`; the date prefix orders them. */
export const MIGRATION_FILE_PATTERN = /^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+\.ts$/;

/**
 * Loads the migration files with this module's own dynamic import, so the same code runs under the
 * TypeScript loader of `npm start` and under the test runner.
 */
export const migrationFolderProvider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE_PATTERN.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[file.replace(/\.ts$/, '')] = { up: module.up, ...(module.down ? { down: module.down } : {}) };
    }
    return migrations;
  },
};

export function createMigrator<T>(db: Kysely<T>): Migrator {
  return new Migrator({ db: db as Kysely<unknown>, provider: migrationFolderProvider });
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (a row lock in its lock table) so
 * several nodes starting together run each migration once.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** True when every migration on disk has run: the readiness probe checks it. */
export async function hasPendingMigrations<T>(db: Kysely<T>): Promise<boolean> {
  const migrations = await createMigrator(db).getMigrations();
  return migrations.some((m) => m.executedAt === undefined);
}
