import { insertGames, insertVendor } from '@platform/server/modules/games/games.repository';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { operatorLogin } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
/** One demo player per screen size, so favourites and rounds of one run do not show in the other. */
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const STAKE = 100;
const ROUNDS = 3;

type Totals = { count: number; stake: number; payout: number; winLoss: number };

describe('the game lobby and the demo vendor game', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    // The demo accounts log in with their published passwords, no change asked (docs/demo-data.md).
    for (const username of [...Object.values(PLAYERS), 'player03', 'player04']) {
      const response = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password: PLAYER_PASSWORD }),
      });
      expect(response.status, username).toBe(200);
    }
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
      // A refused launch is a failed request the console reports; nothing else may fail.
      expect(watch.consoleErrors.filter((e) => !/status of (503|403)/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function logIn(page: Page, username: string): Promise<void> {
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.waitFor();
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
  }

  /** The header balance as a number (VND has no minor unit: the digits are the amount). */
  async function headerBalance(page: Page): Promise<number> {
    const output = page.getByRole('banner').locator('.balance__value');
    await page.waitForFunction(() => /\d/.test(document.querySelector('.balance__value')?.textContent ?? ''));
    return Number((await output.textContent())?.replace(/\D/g, ''));
  }

  /** The betting record's totals, from the server call the member centre uses. */
  async function bettingTotals(page: Page): Promise<Totals> {
    return page.evaluate(async () => {
      const response = await fetch('/wps/relay/GCS_personalHistory?pageNo=1&pageSize=100', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return ((await response.json()) as { value: { totals: Totals } }).value.totals;
    });
  }

  function gameCard(page: Page, code: string) {
    return page.locator(`li.game-card[data-game="${code}"]`);
  }

  async function adminToken(): Promise<string> {
    const login = await operatorLogin(baseUrl, 'admin');
    expect(login.status).toBe(200);
    return login.body.value.token;
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`shows the lobby in the dark theme with no serious accessibility problem (${size})`, async () => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, bypassCSP: true });
      try {
        const page = await context.newPage();
        await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
        await page.locator('.game-card').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await screenshot(page, `lobby-dark-${viewport.name}`);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`asks a visitor who searched a game to log in (${size})`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Nổ hũ' }).waitFor();
        await gameCard(page, 'fruit-spin').waitFor();
        expect(await page.locator('li.game-card').count()).toBe(5);
        await page.getByRole('searchbox', { name: 'Tìm trò chơi' }).fill('lucky');
        // The search waits for typing to stop, then asks the server.
        await gameCard(page, 'fruit-spin').waitFor({ state: 'detached' });
        // The old list leaves before the hot one arrives: wait for it, then read it whole.
        await gameCard(page, 'lucky-sevens').waitFor();
        expect(await page.locator('li.game-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-game')))).toEqual([
          'lucky-sevens',
          'tx-lucky-wheel',
        ]);
        await screenshot(page, `lobby-visitor-search-${size}`);
        await gameCard(page, 'lucky-sevens').locator('.game-card__launch').click();
        await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/rng');
      });
    });

    it(`lets a member filter by hot, keep a favourite, play rounds in the frame and see them in the balance and betting record (${size})`, async () => {
      const username = PLAYERS[viewport.name];
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        await logIn(page, username);
        await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
        await gameCard(page, 'fruit-spin').waitFor();

        // Hot: every hot game at once, no pages.
        await page.getByRole('button', { name: 'Nổi bật', exact: true }).click();
        await gameCard(page, 'fruit-spin').waitFor({ state: 'detached' });
        // The old list leaves before the hot one arrives: wait for it, then read it whole.
        await gameCard(page, 'lucky-sevens').waitFor();
        expect(await page.locator('li.game-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-game')))).toEqual([
          'lucky-sevens',
          'tx-lucky-wheel',
          'dragon-dice',
        ]);
        expect(await page.getByRole('navigation', { name: 'Các trang trò chơi' }).count()).toBe(0);

        // The star turns at once and the favourite is kept by the server.
        const star = gameCard(page, 'lucky-sevens').getByRole('button', { name: /vào yêu thích$/ });
        await star.click();
        await gameCard(page, 'lucky-sevens')
          .getByRole('button', { name: /khỏi yêu thích$/, pressed: true })
          .waitFor();
        await page.getByRole('button', { name: 'Yêu thích', exact: true }).click();
        await page.waitForFunction(() => document.querySelectorAll('li.game-card').length === 1);
        await gameCard(page, 'lucky-sevens').waitFor();
        await screenshot(page, `lobby-favourites-${size}`);

        const balanceBefore = await headerBalance(page);
        const totalsBefore = await bettingTotals(page);

        await gameCard(page, 'lucky-sevens').locator('.game-card__launch').click();
        await page.waitForURL(/\/game\?/);
        const frameElement = page.locator('iframe.game-page__frame');
        await frameElement.waitFor();
        const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForSelector('#balance');
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));

        let staked = 0;
        let paid = 0;
        for (let round = 1; round <= ROUNDS; round += 1) {
          await frame.fill('#stake', String(STAKE));
          await frame.click('#spin');
          await frame.waitForFunction((n) => document.querySelectorAll('#history li').length === n, round);
          await frame.waitForFunction(() => !(document.getElementById('spin') as HTMLButtonElement).disabled);
        }
        for (const text of await frame.locator('#history li').allTextContents()) {
          const match = /: (\d+) → (\d+)$/.exec(text);
          expect(match, text).not.toBeNull();
          staked += Number(match?.[1]);
          paid += Number(match?.[2]);
        }
        expect(staked).toBe(STAKE * ROUNDS);
        await screenshot(page, `game-frame-${size}`);

        // The header toggle gives the game the screen and brings the site back.
        await page.getByRole('button', { name: 'Ẩn thanh tiêu đề trang' }).click();
        expect(await page.getByRole('banner').isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Hiện thanh tiêu đề trang' }).click();
        await page.getByRole('banner').waitFor();

        await page.getByRole('button', { name: 'Đóng trò chơi' }).click();
        await page.waitForURL(/\/rng$/);
        const expected = balanceBefore - staked + paid;
        await page.waitForFunction(
          (want) => Number((document.querySelector('.balance__value')?.textContent ?? '').replace(/\D/g, '')) === want,
          expected,
        );
        expect(await headerBalance(page)).toBe(expected);
        const totalsAfter = await bettingTotals(page);
        expect(totalsAfter.count - totalsBefore.count).toBe(ROUNDS);
        expect(totalsAfter.stake - totalsBefore.stake).toBe(staked);
        expect(totalsAfter.payout - totalsBefore.payout).toBe(paid);
        await screenshot(page, `lobby-after-game-${size}`);
      });
    });
  }

  it('pages a long category on the desktop: first and last page, three around the current one', async () => {
    // 140 fishing games from one vendor beside the seeded ones (21 a page: 7 pages).
    const { db } = site.database;
    const seeded = (
      await db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', site.merchantId)
        .where('category', '=', 'FISH')
        .executeTakeFirstOrThrow()
    ).n;
    const total = Number(seeded) + 140;
    expect(Math.ceil(total / 21)).toBe(7);
    const id = await insertVendor(db, {
      merchantId: site.merchantId,
      code: 'PAGERFISH',
      displayName: 'Deep Sea Studio',
      categories: ['FISH'],
      walletStyle: 'seamless',
      launchUrl: 'https://vendor.example/launch/{game}',
      sort: 500,
    });
    await insertGames(
      db,
      { merchantId: site.merchantId, id, code: 'PAGERFISH' },
      Array.from({ length: 140 }, (_, i) => ({
        code: `deep-${i + 1}`,
        category: 'FISH',
        classify: ['fish'],
        name: { vi: `Biển Sâu ${i + 1}`, en: `Deep Sea ${i + 1}` },
        searchName: `bien sau ${i + 1} deep sea ${i + 1}`,
        imageUrl: '',
        isHot: false,
        minBetCents: 1,
        minLines: 1,
        isTrialSupported: false,
        sort: i,
      })),
    );
    await withPage(1366, 768, async (page) => {
      await page.goto(`${baseUrl}/fish`, { waitUntil: 'networkidle' });
      const pager = page.locator('.pager');
      await pager.waitFor();
      const shown = async () =>
        (await pager.locator('.pager__button, .pager__gap').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
      const current = () => pager.locator('[aria-current="page"]').innerText();
      const firstGame = () => page.locator('.game-card__name').first().innerText();
      expect(await shown()).toEqual(['1', '2', '3', '…', '7']);
      expect(await page.locator('.game-card').count()).toBe(21);
      const onFirst = await firstGame();
      await pager.locator('.pager__button', { hasText: /^3$/ }).click();
      await page.waitForFunction(() => document.querySelector('.pager [aria-current="page"]')?.textContent?.trim() === '3');
      await page.waitForFunction((before) => document.querySelector('.game-card__name')?.textContent !== before, onFirst);
      expect(await shown()).toEqual(['1', '2', '3', '4', '…', '7']);
      await pager.locator('.pager__button', { hasText: /^4$/ }).click();
      await page.waitForFunction(() => document.querySelector('.pager [aria-current="page"]')?.textContent?.trim() === '4');
      expect(await shown()).toEqual(['1', '…', '3', '4', '5', '…', '7']);
      await screenshot(page, 'lobby-pager-desktop');
      await pager.locator('.pager__button', { hasText: /^7$/ }).click();
      await page.waitForFunction(() => document.querySelector('.pager [aria-current="page"]')?.textContent?.trim() === '7');
      expect(await current()).toBe('7');
      expect(await shown()).toEqual(['1', '…', '5', '6', '7']);
      // The last page holds what is left: all the fishing games but the six full pages.
      await page.waitForFunction((left) => document.querySelectorAll('.game-card').length === left, total - 6 * 21);
    });
  });

  it('warns a trial account away from a game without trial play', async () => {
    await withPage(390, 844, async (page) => {
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).click();
      await page.getByRole('dialog', { name: 'Đăng nhập' }).getByRole('button', { name: 'Chơi thử miễn phí' }).click();
      await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor({ state: 'detached' });
      await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
      await gameCard(page, 'tx-lucky-wheel').locator('.game-card__launch').click();
      const warning = page.getByRole('dialog', { name: 'Thông báo' });
      await warning.getByText('Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/rng');
      await screenshot(page, 'lobby-trial-warning-390x844');
    });
  });

  it('asks for the amount to bring into a transfer-style vendor wallet before its game opens', async () => {
    await withPage(1366, 768, async (page) => {
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
      await logIn(page, 'player04');
      await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
      await gameCard(page, 'tx-lucky-wheel').locator('.game-card__launch').click();
      const prompt = page.getByRole('region', { name: 'Chuyển tiền vào ví Lotus Transfer Studio' });
      await prompt.getByTestId('transfer-main').filter({ hasText: /\d/ }).waitFor();
      // A bad amount is refused here and moves nothing.
      await prompt.getByLabel('Số tiền chuyển vào').fill('-5');
      await prompt.getByRole('button', { name: 'Chuyển và chơi' }).click();
      await prompt.getByText('Nhập số tiền là số nguyên dương, không lớn hơn số dư ví chính.').waitFor();
      await prompt.getByLabel('Số tiền chuyển vào').fill('5000');
      await screenshot(page, 'game-transfer-prompt-1366x768');
      await prompt.getByRole('button', { name: 'Chuyển và chơi' }).click();
      await page.locator('iframe.game-page__frame').waitFor();
      const member = await site.database.db
        .selectFrom('members')
        .select('username')
        .where('username', '=', 'player04')
        .executeTakeFirstOrThrow();
      expect(site.demoVendor?.transferBalance(member.username, 'VND')).toBe(5000);
    });
  });

  it('refuses a game under maintenance with the operator message and popular games instead', async () => {
    const token = await adminToken();
    const list = await fetch(`${baseUrl}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=fruit`);
    const fruit = ((await list.json()) as { value: { games: { nodeId: number }[] } }).value.games[0];
    const patched = await fetch(`${baseUrl}/admin-api/games/${fruit?.nodeId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ isMaintenance: true, maintenanceMessage: { vi: 'Bảo trì đến 10 giờ.', en: 'Maintenance until 10.' } }),
    });
    expect(patched.status).toBe(200);
    for (const viewport of VIEWPORTS) {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        await logIn(page, 'player03');
        await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
        await gameCard(page, 'fruit-spin').getByText('Bảo trì', { exact: true }).waitFor();
        await gameCard(page, 'fruit-spin').locator('.game-card__launch').click();
        const dialog = page.getByRole('dialog', { name: 'Trò chơi đang bảo trì' });
        await dialog.getByText('Bảo trì đến 10 giờ.').waitFor();
        await dialog.getByRole('heading', { name: 'Trò chơi phổ biến' }).waitFor();
        await dialog.locator('.mini-games__item').first().waitFor();
        expect(await dialog.locator('.mini-games__name').allTextContents()).not.toContain('Quay Trái Cây');
        await screenshot(page, `lobby-maintenance-${viewport.width}x${viewport.height}`);
        await page.keyboard.press('Escape');

        // Opened by its address, the server refuses the launch and the page says so.
        await page.goto(`${baseUrl}/game?vendor=DEMO&type=RNG&game=fruit-spin&name=Fruit%20Spin&from=%2Frng`, { waitUntil: 'networkidle' });
        const alert = page.getByRole('alert').filter({ hasText: 'Không mở được trò chơi' });
        await alert.getByTestId('launch-error').filter({ hasText: 'Bảo trì đến 10 giờ.' }).waitFor();
        await alert.getByTestId('maintenance-notice').locator('.mini-games__item').first().waitFor();
        expect(await page.locator('iframe').count()).toBe(0);
        await screenshot(page, `game-maintenance-${viewport.width}x${viewport.height}`);
      });
    }
  });
});
