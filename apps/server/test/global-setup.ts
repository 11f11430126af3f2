import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { SerialPGliteDialect } from '../src/db/serial-pglite-dialect.ts';
import { withDatabase } from './test-database.ts';

/** Migrates once per run, then every test file copies the result (see test-database.ts). */

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

export async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'platform-test-'));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new SerialPGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteDumpPath', dumpPath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

export async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const template = `tmpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = await openDatabase({ kind: 'postgres', connectionString: withDatabase(adminUrl, template), poolSize: 2 });
  await migrateToLatest(database.db);
  await database.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    // This run's test databases left by a crashed file are cleaned up too.
    const leftovers = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      `${template}_`,
    ]);
    for (const row of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  };
}
