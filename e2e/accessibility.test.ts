import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

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
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    site = await startSiteServer();
    ({ baseUrl } = site);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
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
