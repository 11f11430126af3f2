import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import type { DB } from '@platform/server/db/schema';
import { SerialPGliteDialect } from '@platform/server/db/serial-pglite-dialect';
import type { DemoFundingTargets } from '@platform/server/seed/demo-funding';
import { seedDemoData } from '@platform/server/seed/demo-seed';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { makePostgresTemplate } from '../apps/server/test/global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated and holding the demo seed, dumped once for the whole run ('' on PostgreSQL). */
    siteDumpPath: string;
    /** With E2E_DATABASE_URL: the PostgreSQL template database holding the same ('' on PGlite). */
    siteTemplate: string;
    /** Who the seed made, for funding the demo members as `npm start` does. */
    siteSeed: DemoFundingTargets;
  }
}

/**
 * With E2E_DATABASE_URL (`.ci/run` sets it), the sites run on the machine's PostgreSQL instead: a
 * template migrated and seeded once, each file's site on a copy, dropped at the end.
 *
 * Creating a PGlite, migrating it and seeding the demo costs seconds that every browser test file
 * would spend on the same bytes: this does it once per run, and each file's site loads the dump
 * (site-server.ts). The seed dates what it makes from now, so the dump is never kept across runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (adminUrl) {
    // On the machine's PostgreSQL: each file's site gets a copy of this template (site-server.ts).
    const { template, prepared, drop } = await makePostgresTemplate(adminUrl, 'e2e_site', async (db) => {
      await migrateToLatest(db);
      return seedDemoData(db);
    });
    if (!prepared.isCreated) throw new Error('a fresh database should take the demo seed');
    project.provide('siteDumpPath', '');
    project.provide('siteTemplate', template);
    provideSeed(project, prepared);
    return drop;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-site-'));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<DB>({ dialect: new SerialPGliteDialect(pglite) });
  await migrateToLatest(db);
  const seeded = await seedDemoData(db);
  if (!seeded.isCreated) throw new Error('a fresh database should take the demo seed');
  const dumpPath = path.join(dir, 'seeded.tar');
  await writeFile(dumpPath, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('siteDumpPath', dumpPath);
  project.provide('siteTemplate', '');
  provideSeed(project, seeded);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

function provideSeed(project: TestProject, seeded: Extract<Awaited<ReturnType<typeof seedDemoData>>, { isCreated: true }>): void {
  project.provide('siteSeed', {
    merchant: { id: seeded.merchant.id, currency: seeded.merchant.currency },
    members: seeded.members.map((m) => ({ id: m.id, username: m.username, role: m.role })),
  });
}
