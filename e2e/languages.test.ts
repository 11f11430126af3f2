import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

describe('a visitor choosing another language', () => {
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

  async function withPage(width: number, height: number, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function documentLanguage(page: Page): Promise<[string | null, string | null]> {
    const html = page.locator('html');
    return [await html.getAttribute('lang'), await html.getAttribute('dir')];
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`switches to Arabic (right to left), to Thai and back to Vietnamese at ${size}`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        const langHeaders: string[] = [];
        page.on('request', (request) => {
          const lang = request.headers().lang;
          if (lang !== undefined) langHeaders.push(lang);
        });
        await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
        expect(await documentLanguage(page)).toEqual(['vi', 'ltr']);

        // Arabic from the language list: the pack loads, the page turns right to left.
        await page.getByRole('combobox', { name: 'Ngôn ngữ khác' }).selectOption('ar');
        await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Lotus' }).waitFor();
        expect(await documentLanguage(page)).toEqual(['ar', 'rtl']);
        expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual(['ar', 'vi']);
        expect(await page.getByRole('combobox', { name: 'لغات أخرى' }).inputValue()).toBe('ar');
        // The header mirrors: the brand sits right of the language list.
        const brand = await page.getByRole('link', { name: /^LOTUS/ }).boundingBox();
        const languages = await page.getByRole('combobox', { name: 'لغات أخرى' }).boundingBox();
        expect(brand && languages && brand.x > languages.x).toBe(true);
        // Nothing sticks out sideways once the header holds the language list.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        await screenshot(page, `lang-home-ar-${size}`);

        // The stored language is loaded again at start-up, and the server is asked in it.
        langHeaders.length = 0;
        await page.reload({ waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Lotus' }).waitFor();
        expect(await documentLanguage(page)).toEqual(['ar', 'rtl']);

        // The login popup opens in Arabic and mirrored: the close button on the left, fields read right to left.
        await page.getByRole('banner').getByRole('button', { name: 'تسجيل الدخول' }).click();
        const login = page.getByRole('dialog', { name: 'تسجيل الدخول' });
        await login.waitFor();
        const dialogBox = await login.boundingBox();
        const closeBox = await login.getByRole('button', { name: 'إغلاق' }).boundingBox();
        expect(dialogBox && closeBox && closeBox.x + closeBox.width / 2 < dialogBox.x + dialogBox.width / 2).toBe(true);
        const username = login.getByRole('textbox', { name: 'اسم المستخدم' });
        expect(await username.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
        await screenshot(page, `lang-login-ar-${size}`);
        expect(langHeaders.length).toBeGreaterThan(0);
        expect(langHeaders.every((lang) => lang === 'ar')).toBe(true);
        await page.keyboard.press('Escape');
        await login.waitFor({ state: 'detached' });

        // Thai: left to right again.
        await page.getByRole('combobox', { name: 'لغات أخرى' }).selectOption('th');
        await page.getByRole('heading', { level: 1, name: 'ยินดีต้อนรับสู่ Lotus' }).waitFor();
        expect(await documentLanguage(page)).toEqual(['th', 'ltr']);
        await screenshot(page, `lang-home-th-${size}`);

        // The quick VI button brings Vietnamese back.
        await page.getByRole('button', { name: 'VI', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
        expect(await documentLanguage(page)).toEqual(['vi', 'ltr']);
        expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual(['vi', 'th']);
      });
    });
  }
});
