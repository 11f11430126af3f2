import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';

/**
 * Each test file gets a database of its own, already migrated:
 * - on PGlite (always), a copy loaded from the migrated data folder that global setup dumped;
 * - on PostgreSQL (when TEST_DATABASE_URL is set), a new database made from the migrated template.
 * TEST_DB_KIND picks which one this run uses; vitest's projects run the suite once per kind.
 */
export type TestDatabase = Database & { name: string };

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') return createPostgresTestDatabase();
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: await migratedDump() });
  return { ...database, name: 'pglite-memory' };
}

/**
 * The migrated dump, read once per worker: a Blob is immutable, so every database of every file the
 * worker runs loads from the same one (copying the 45 MB into a new Blob cost more than the read).
 */
let dumpBlob: Promise<Blob> | undefined;
function migratedDump(): Promise<Blob> {
  const dumpPath = inject('pgliteDumpPath');
  dumpBlob ??= readFile(dumpPath).then((dump) => new Blob([dump]));
  return dumpBlob;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('TEST_DATABASE_URL and the template from global setup are required.');
  return copyDatabaseFromTemplate(adminUrl, template, 60);
}

/**
 * A new database on the server of `adminUrl`, copied from `template` (`<template>_<random>`, so the
 * template's clean-up finds it); closing it drops it. The browser tests' sites use it too.
 */
export async function copyDatabaseFromTemplate(adminUrl: string, template: string, poolSize: number): Promise<TestDatabase> {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', connectionString: withDatabase(adminUrl, name), poolSize });
  return {
    ...database,
    name,
    close: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * pool.end() resolves before every socket has closed; forcing the drop at once would kill those
 * connections mid-close. Wait for them to go, and force only as a last resort.
 */
const DROP_ATTEMPTS = 50;
const DROP_RETRY_MS = 100;

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; attempt <= DROP_ATTEMPTS; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
        return;
      } catch (err) {
        const inUse = (err as { code?: string }).code === '55006';
        if (!inUse) throw err;
        await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export { withDatabase };
