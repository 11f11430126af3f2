import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@platform/server/app';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { seedDemoData } from '@platform/server/seed/demo-seed';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser.ts';

const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * axe-core runs inside the page. The test context bypasses the page's Content-Security-Policy only so
 * that the checker itself can be injected; the site's own scripts are the same as in production.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of home and the account popups', () => {
  let database: Database;
  let app: FastifyInstance;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('apps/web/dist/index.html is missing: run `npm run build` before `npm run test:e2e`.');
    }
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR });
    app = await buildApp({ env, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server did not listen on a TCP port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await database?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`has no serious or critical axe violation on home, login and register at ${viewport.width}x${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}/index`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await seriousViolations(page), 'home').toEqual([]);

        await page.goto(`${baseUrl}/login`);
        await page.getByRole('dialog').waitFor();
        expect(await seriousViolations(page), 'login popup').toEqual([]);

        await page.goto(`${baseUrl}/register`);
        await page.getByRole('dialog').waitFor();
        expect(await seriousViolations(page), 'register popup').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
