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

    it(`has none in the dark theme on home, the lobbies, winners, news, the app page and the agent page at ${viewport.width}x${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport, bypassCSP: true, colorScheme: 'dark' });
      await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
      const page = await context.newPage();
      try {
        for (const [path, ready] of [
          ['/index', 'li.category'],
          ['/rng', 'li.game-card'],
          ['/elott', 'li.game-card'],
          ['/winners', 'h1'],
          ['/news', '.announcement'],
          ['/download', 'h1'],
          ['/join', 'form'],
        ] as const) {
          await page.goto(`${baseUrl}${path}`);
          await page.locator(ready).first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe('dark');
          expect(await seriousViolations(page), path).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
