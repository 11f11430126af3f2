import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, VIEWPORTS } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

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
    it(`has no serious or critical axe violation on home, login, register and the game lobby at ${viewport.width}x${viewport.height}`, async () => {
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

        await page.goto(`${baseUrl}/rng`);
        await page.locator('li.game-card').first().waitFor();
        expect(await seriousViolations(page), 'game lobby').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
