import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@platform/server/app';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { seedDemoData } from '@platform/server/seed/demo-seed';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

export type SiteServer = { app: FastifyInstance; database: Database; baseUrl: string; merchantId: number; close: () => Promise<void> };

/** The demo's popup announcement would cover what most tests click; only the content tests keep it. */
export async function switchOffDemoPopups(database: Database): Promise<void> {
  await database.db.updateTable('content_announcements').set({ enabled: false }).where('type', '=', 'PU').execute();
}

/**
 * The real site on a fresh in-memory database with the demo data, serving the built web app on a
 * free port: what `npm start` serves, without a data folder.
 */
export async function startSiteServer(
  options: {
    keepPopupAnnouncements?: boolean;
    /** Extra environment, e.g. where the sandbox payment gateway runs. */
    env?: Record<string, string>;
    /** A fixed port, for a site that must know its own address before it listens (gateway return URLs). */
    port?: number;
  } = {},
): Promise<SiteServer> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: run `npm run build` before `npm run test:e2e`.');
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(database.db);
  const seeded = await seedDemoData(database.db);
  if (!seeded.isCreated) throw new Error('a fresh database should take the demo seed');
  if (!options.keepPopupAnnouncements) await switchOffDemoPopups(database);
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR, ...options.env });
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server did not listen on a TCP port');
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${address.port}`,
    merchantId: seeded.merchant.id,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
