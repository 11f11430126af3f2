import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';

/** Issue 26, player-site defects: the ones a browser shows best, at a phone's and a desktop's width. */
describe('player-site defects', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    site = await startSiteServer({});
    baseUrl = site.baseUrl;
    // The demo accounts' first login asks for a new password; this one makes the browser's the second.
    const response = await fetch(`${baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await sealForSite(baseUrl, { username: 'player03', password: PLAYER_PASSWORD }),
    });
    expect(response.status).toBe(200);
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
    } finally {
      await context.close();
    }
  }

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill('player03');
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
  }

  it('opens the draw of the lottery card that was clicked on /elott (not Miền Bắc)', async () => {
    await withPage(390, 844, async (page) => {
      await logIn(page);
      await page.goto(`${baseUrl}/elott`, { waitUntil: 'networkidle' });
      await page.locator('li.game-card[data-game="EL3"] .game-card__launch').click();
      await page.waitForURL(/\/lottery\?gameCode=EL3&vendor=TCG_LOTTO_VN$/);
      await page.getByRole('heading', { name: 'Xổ số nhanh 3 phút' }).waitFor();
      await screenshot(page, 'defects-lottery-el3-390x844');
    });
  });

  it('has no sideways scroll on a 390 px phone, and states minimum bets in đồng', async () => {
    await withPage(390, 844, async (page) => {
      for (const path of ['/index', '/rng', '/elott', '/games']) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBe(0);
      }
      // The winner board at its widest: long game and member names, amounts in the billions.
      await page.route('**/wps/relay/GCSGAME_getRankList*', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            value: {
              list: Array.from({ length: 5 }, (_, i) => ({
                iconUrl: null,
                customerName: `nguoichoi_rat_dai_${i}***`,
                gameName: 'Kho báu Rồng Vàng Phương Đông Siêu Cấp',
                gameCode: `G${i}`,
                vendorCode: 'DEMO',
                winAmount: 1_234_567_890 * (i + 1),
                currency: 'VND',
                winTime: '2026-11-26T10:00:00Z',
              })),
            },
          }),
        }),
      );
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      await page.locator('.winners__row').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'winner board').toBe(
        0,
      );
      await screenshot(page, 'defects-winners-390x844');
      await page.unroute('**/wps/relay/GCSGAME_getRankList*');
      await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
      const meta = (await page.locator('.game-card__meta').first().textContent())?.replace(/\s/g, ' ');
      expect(meta).toMatch(/^Cược từ [\d.]+ ₫$/);
      await screenshot(page, 'defects-rng-390x844');
    });
  });

  it('launches a home hot game itself, and shows the w_login banner in the login popup', async () => {
    await withPage(1366, 768, async (page) => {
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog', { name: 'Đăng nhập' }).locator('.popup-banner__image').waitFor();
      await screenshot(page, 'defects-login-banner-1366x768');
      await logIn(page);
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      await page.locator('.hot__card').first().click();
      await page.waitForURL(/\/(game|lottery)\?/);
      await screenshot(page, 'defects-hot-game-1366x768');
    });
  });
});
