import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../src/db/migrator.ts';
import type { DB } from '../src/db/schema.ts';
import { SerialPGliteDialect } from '../src/db/serial-pglite-dialect.ts';
import { withDatabase } from './test-database.ts';

/** Migrates once (per run on PostgreSQL, per migration set on PGlite), then every test file copies the result (see test-database.ts). */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

export async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteDumpPath', await migratedPgliteDump());
  return async () => {};
}

/**
 * The dump of a freshly migrated PGlite, made once per content of what shapes it (the migrations,
 * the migrator, the extensions, the PGlite version) and kept in node_modules/.cache: creating and
 * migrating a PGlite costs seconds that every later run would spend on the same bytes.
 */
async function migratedPgliteDump(): Promise<string> {
  const cacheDir = path.join(SERVER_DIR, '../../node_modules/.cache/platform-test');
  const dumpPath = path.join(cacheDir, `migrated-${await migrationsFingerprint()}.tar`);
  if (existsSync(dumpPath)) return dumpPath;
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new SerialPGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await mkdir(cacheDir, { recursive: true });
  // Written aside and renamed, so a parallel run never reads half a file.
  const partPath = `${dumpPath}.${randomBytes(4).toString('hex')}.part`;
  await writeFile(partPath, Buffer.from(await dump.arrayBuffer()));
  await rename(partPath, dumpPath);
  // Dumps of earlier migration sets are of no more use.
  for (const file of await readdir(cacheDir)) {
    if (file.startsWith('migrated-') && file.endsWith('.tar') && path.join(cacheDir, file) !== dumpPath) {
      await rm(path.join(cacheDir, file), { force: true });
    }
  }
  return dumpPath;
}

async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...(await readdir(MIGRATIONS_DIR)).sort().map((file) => path.join(MIGRATIONS_DIR, file)),
    path.join(SERVER_DIR, 'src/db/migration-helpers.ts'),
    path.join(SERVER_DIR, 'src/db/migrator.ts'),
    path.join(SERVER_DIR, 'src/db/database.ts'),
    path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
  ];
  for (const file of files) hash.update(path.relative(SERVER_DIR, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

export async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const { template, drop } = await makePostgresTemplate(adminUrl, 'tmpl', (db) => migrateToLatest(db));
  project.provide('postgresTemplate', template);
  return drop;
}

/**
 * A template database on the server of `adminUrl` (`<prefix>_<random>`), prepared by `prepare` (the
 * migrations; the browser tests add the demo seed), for `copyDatabaseFromTemplate` (test-database.ts).
 * `drop` drops it and every copy of it a crashed file left behind.
 */
export async function makePostgresTemplate<T>(
  adminUrl: string,
  prefix: string,
  prepare: (db: Kysely<DB>) => Promise<T>,
): Promise<{ template: string; prepared: T; drop: () => Promise<void> }> {
  const template = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = await openDatabase({ kind: 'postgres', connectionString: withDatabase(adminUrl, template), poolSize: 2 });
  let prepared: T;
  try {
    prepared = await prepare(database.db);
  } finally {
    await database.close();
  }
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    // This run's test databases left by a crashed file are cleaned up too.
    const leftovers = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      `${template}_`,
    ]);
    for (const row of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  };
  return { template, prepared, drop };
}
