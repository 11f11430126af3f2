import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@platform/server/app';
import type { Database } from '@platform/server/db/database';
import { parseEnv } from '@platform/server/env';
import { maintenanceSetting, regionRestrictionSetting } from '@platform/server/modules/system/system.settings';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { openSeededDatabase, switchOffDemoPopups } from './site-server.ts';

const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

describe('the root view a visitor sees', () => {
  let database: Database;
  let app: FastifyInstance;
  let browser: Browser;
  let baseUrl: string;
  let merchantId: number;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('apps/web/dist/index.html is missing: run `npm run build` before `npm run test:e2e`.');
    }
    const seeded = await openSeededDatabase();
    database = seeded.database;
    merchantId = seeded.seed.merchant.id;
    await switchOffDemoPopups(database);
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

  beforeEach(async () => {
    const settings = app.services.settings;
    await settings.set(merchantId, maintenanceSetting, { ...(await settings.get(merchantId, maintenanceSetting)), enabled: false }, 'e2e');
    await settings.set(merchantId, regionRestrictionSetting, regionRestrictionSetting.defaultValue, 'e2e');
  });

  type VisitOptions = {
    /** Runs before the page loads, to intercept calls. */
    beforeLoad?: (page: Page) => Promise<void>;
    /** Console errors the scenario causes on purpose (a call made to fail). */
    expectedConsoleError?: RegExp;
  };

  /** Opens the site at each viewport, runs the checks, saves a screenshot, and asserts a clean console. */
  async function visit(state: string, check: (page: Page) => Promise<void>, options: VisitOptions = {}): Promise<void> {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const watch = await watchPage(page);
      try {
        await options.beforeLoad?.(page);
        await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
        await check(page);
        await screenshot(page, `${state}-${viewport.width}x${viewport.height}`);
        expect(await watch.cspViolations()).toEqual([]);
        const expected = options.expectedConsoleError;
        expect(expected ? watch.consoleErrors.filter((e) => !expected.test(e)) : watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }

  it('shows the home frame in Vietnamese by default', async () => {
    await visit('normal', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
      expect(await page.getByRole('banner').getByText('LOTUS', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'VI', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(
        await page.getByRole('region', { name: 'Danh mục trò chơi' }).getByRole('listitem').filter({ hasText: 'Xổ số' }).isVisible(),
      ).toBe(true);
      expect(await page.getByRole('contentinfo').getByText('Chơi có trách nhiệm').first().isVisible()).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    });
  });

  it('switches the home frame to English and remembers the choice after a reload', async () => {
    await visit('normal-en', async (page) => {
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome to Lotus' }).waitFor();
      expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Welcome to Lotus' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.getByRole('button', { name: 'EN', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(
        await page.getByRole('region', { name: 'Game categories' }).getByRole('listitem').filter({ hasText: 'Lottery' }).isVisible(),
      ).toBe(true);
    });
  });

  it('shows an error page with a retry when the status call fails, and recovers on retry', async () => {
    let isFailing = true;
    await visit(
      'status-error',
      async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Không thể tải trang' }).waitFor();
        expect(await page.getByText('Sự cố mạng, vui lòng thử lại.').isVisible()).toBe(true);
        await screenshot(page, `status-error-shown-${page.viewportSize()?.width}`);
        isFailing = false;
        await page.getByRole('button', { name: 'Thử lại' }).click();
        await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
        isFailing = true;
      },
      {
        beforeLoad: async (page) => {
          await page.route('**/wps/system/status**', (route) => (isFailing ? route.abort('connectionrefused') : route.continue()));
        },
        expectedConsoleError: /Failed to load resource: net::ERR_CONNECTION_REFUSED/,
      },
    );
  });

  it('shows a loading page until the status arrives', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/wps/system/status**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('status').getByText('Đang tải…').waitFor();
      await screenshot(page, 'loading-390x844');
      release();
      await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
      // The full-page loader is gone (the home page's own parts may still announce their loading).
      expect(await page.locator('.full-page[role="status"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the maintenance page with the operator title, text and a customer-service button', async () => {
    const settings = app.services.settings;
    await settings.set(merchantId, maintenanceSetting, { ...(await settings.get(merchantId, maintenanceSetting)), enabled: true }, 'e2e');
    await visit('maintenance', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Hệ thống đang bảo trì' }).waitFor();
      expect(await page.getByText('Chúng tôi đang nâng cấp hệ thống').isVisible()).toBe(true);
      // The demo's customer service is the house live chat: a visitor there is asked to log in (docs/customer-service.md).
      const button = page.getByRole('button', { name: 'Chăm sóc khách hàng' });
      expect(await button.isVisible()).toBe(true);
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Chăm sóc khách hàng' });
      await dialog.getByText('Vui lòng đăng nhập để trò chuyện với chăm sóc khách hàng.').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByRole('heading', { name: 'Chào mừng đến với Lotus' }).count()).toBe(0);
    });
    await visit('maintenance-en', async (page) => {
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Scheduled maintenance' }).waitFor();
      expect(await page.getByRole('button', { name: 'Customer service' }).isVisible()).toBe(true);
    });
  });

  it('shows the region-blocked page with the visitor IP when 127.0.0.0/8 is blocked', async () => {
    await app.services.settings.set(
      merchantId,
      regionRestrictionSetting,
      { enabled: true, blockedCountries: [], blockedCidrs: ['127.0.0.0/8'], allowedCidrs: [] },
      'e2e',
    );
    await visit('region-blocked', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Truy cập bị hạn chế' }).waitFor();
      expect(await page.getByText('Địa chỉ IP của bạn').isVisible()).toBe(true);
      expect((await page.locator('code').textContent())?.trim()).toBe('127.0.0.1');
      expect(await page.getByRole('button', { name: 'Chăm sóc khách hàng' }).isVisible()).toBe(true);
    });
  });

  it('lets the allow-list open the site again for a blocked range', async () => {
    await app.services.settings.set(
      merchantId,
      regionRestrictionSetting,
      { enabled: true, blockedCountries: [], blockedCidrs: ['127.0.0.0/8'], allowedCidrs: ['127.0.0.1/32'] },
      'e2e',
    );
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
