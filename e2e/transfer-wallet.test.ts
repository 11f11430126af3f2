import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../apps/server/test/wait-for.ts';
import { seriousViolations } from './axe.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
/** One demo player per screen size, so one run's rounds and transfers do not show in the other's. */
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const MOVED_IN = 100_000;
const STAKE = 1_000;
const VENDOR = 'DEMOTX';

/**
 * The transfer-wallet journey: money moved into the transfer-style demo vendor ("Lotus Transfer
 * Studio") before its game, a round played in the vendor's own wallet, My wallet counting the money
 * there in the total but not in what may be withdrawn, return all, and the round reaching the
 * betting record (through the vendor's bet feed) with the game's and the vendor's names.
 */
describe('the transfer-wallet journey', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    // The demo accounts were made by an operator: their first login asks for a new password; one
    // login here makes the browser's the second.
    for (const username of Object.values(PLAYERS)) {
      const response = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password: PLAYER_PASSWORD }),
      });
      expect(response.status, username).toBe(200);
    }
    browser = await launchBrowser();
    // The demo seed and two first logins on a shared, busy machine.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(width: number, height: number, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    // Eight sessions share two cores: a step may take longer than playwright's default half minute.
    page.setDefaultTimeout(90_000);
    const watch = await watchPage(page);
    try {
      await run(page).catch(async (err: unknown) => {
        await screenshot(page, `transfer-wallet-failed-${width}`);
        throw err;
      });
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** What the screen shows (the member centre is a fixed dialog, so a full-page shot would cut it). */
  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
  }

  /** Digits of a money text: VND has no minor unit, so they are the amount. */
  const amountOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

  async function headerBalance(page: Page): Promise<number> {
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="header-balance"]')?.textContent ?? ''));
    return amountOf(await page.getByTestId('header-balance').textContent());
  }

  async function openMemberCentre(page: Page, key: string, title = 'Trung tâm hội viên'): Promise<void> {
    await page.goto(`${baseUrl}/index?mc=${key}`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog', { name: title }).waitFor();
  }

  /** The money at the vendor and on the ledger, as the server knows it. */
  async function memberOf(username: string) {
    const member = await site.database.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const ledger = await site.app.services.ledger.memberBalances({ memberId: Number(member.id), currency: 'VND' });
    return { id: Number(member.id), main: ledger.main, atVendor: site.demoVendor?.transferBalance(username, 'VND') ?? -1 };
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const username = PLAYERS[viewport.name];

    it(`moves money in, plays, sees it in the total, returns it all and finds the round by name in the betting record (${size})`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
        // The header says what its figure is.
        await page.getByRole('banner').getByText('Ví chính', { exact: true }).waitFor();
        const mainBefore = await headerBalance(page);

        // In: the transfer prompt before the vendor's game.
        await page.goto(`${baseUrl}/rng`, { waitUntil: 'networkidle' });
        await page.locator('li.game-card[data-game="tx-lucky-wheel"] .game-card__launch').click();
        const prompt = page.getByRole('region', { name: 'Chuyển tiền vào ví Lotus Transfer Studio' });
        await prompt.getByTestId('transfer-main').filter({ hasText: /\d/ }).waitFor();
        await prompt.getByLabel('Số tiền chuyển vào').fill(String(MOVED_IN));
        await prompt.getByRole('button', { name: 'Chuyển và chơi' }).click();

        // Play: one round in the vendor's own wallet.
        const frameElement = page.locator('iframe.game-page__frame');
        await frameElement.waitFor();
        const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
        await frame.fill('#stake', String(STAKE));
        await frame.click('#spin');
        await frame.waitForFunction(() => document.querySelectorAll('#history li').length === 1);
        await page.getByRole('button', { name: 'Đóng trò chơi' }).click();
        await page.waitForURL(/\/rng$/);
        // The header names its figure: the main wallet, which the move into the game wallet lowered.
        await page.waitForFunction(
          (want) => (document.querySelector('[data-testid="header-balance"]')?.textContent ?? '').replace(/\D/g, '') === String(want),
          mainBefore - MOVED_IN,
        );
        await shot(page, `transfer-wallet-header-vi-light-${size}`);

        const afterPlay = await memberOf(username);
        expect(afterPlay.main).toBe(mainBefore - MOVED_IN);
        expect(afterPlay.atVendor).toBeGreaterThanOrEqual(MOVED_IN - STAKE);

        // My wallet: the total keeps the money in the game wallet; what may be withdrawn does not.
        await openMemberCentre(page, 'transferFund');
        const total = page.getByTestId('wallet-total');
        await page.waitForFunction(
          (want) => (document.querySelector('[data-testid="wallet-total"]')?.textContent ?? '').replace(/\D/g, '') === String(want),
          afterPlay.main + afterPlay.atVendor,
        );
        expect(amountOf(await page.getByTestId('wallet-withdrawable').textContent())).toBe(afterPlay.main);
        expect(amountOf(await page.locator('[data-wallet="vendors"] dd').textContent())).toBe(afterPlay.atVendor);
        const row = page.locator(`li.rc-vendor[data-vendor="${VENDOR}"]`);
        await row.getByText('Lotus Transfer Studio', { exact: true }).waitFor();
        await row.getByRole('button', { name: 'Chuyển ra' }).waitFor();
        await shot(page, `transfer-wallet-my-wallet-vi-light-${size}`);
        await row.scrollIntoViewIfNeeded();
        await shot(page, `transfer-wallet-my-wallet-vendors-vi-light-${size}`);
        expect(await seriousViolations(page), `my wallet ${size}`).toEqual([]);

        // The withdrawal form says how much is still in game wallets, and can bring it back; here it
        // is only read, the wallet page returns it below.
        await openMemberCentre(page, 'withdraw');
        const inGames = page.getByTestId('withdraw-game-wallets');
        await inGames.filter({ hasText: /trong ví trò chơi/ }).waitFor();
        expect(amountOf(await inGames.locator('p').first().textContent())).toBe(afterPlay.atVendor);
        await inGames.getByRole('button', { name: 'Thu hồi tất cả về ví chính' }).waitFor();
        await shot(page, `transfer-wallet-withdraw-notice-vi-light-${size}`);
        await openMemberCentre(page, 'transferFund');

        // Return all: the game wallet is emptied into the main wallet; the total stays.
        await page.getByRole('button', { name: 'Thu hồi tất cả về ví chính' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: /^Đã thu hồi/ })
          .waitFor();
        const afterReturn = await memberOf(username);
        expect(afterReturn.atVendor).toBe(0);
        expect(afterReturn.main).toBe(afterPlay.main + afterPlay.atVendor);
        await page.waitForFunction(
          (want) => (document.querySelector('[data-testid="wallet-withdrawable"]')?.textContent ?? '').replace(/\D/g, '') === String(want),
          afterReturn.main,
        );
        expect(amountOf(await total.textContent())).toBe(afterReturn.main);
        await page.waitForFunction(
          (want) => (document.querySelector('[data-testid="header-balance"]')?.textContent ?? '').replace(/\D/g, '') === String(want),
          afterReturn.main,
        );

        // The round reaches the betting record through the vendor's bet feed (the minute job, run here).
        await waitUntil(
          async () => {
            await site.app.services.vendorWallet.betFeed.runVendor(VENDOR);
            const rows = await site.database.db
              .selectFrom('bet_records')
              .select('id')
              .where('member_id', '=', afterPlay.id)
              .where('vendor_code', '=', VENDOR)
              .execute();
            return rows.length === 1;
          },
          { what: 'the bet feed brought the round in', timeoutMs: 30_000, pollMs: 500 },
        );
        await openMemberCentre(page, 'personalHistoryCopy');
        const round = page.locator('tr[data-round]').filter({ hasText: 'Vòng Quay May Mắn' });
        await round.getByText('Lotus Transfer Studio', { exact: true }).waitFor();
        expect(await page.getByText(/DEMOTX · tx-lucky-wheel/).count()).toBe(0);
        await shot(page, `transfer-wallet-betting-record-vi-light-${size}`);
        expect(await seriousViolations(page), `betting record ${size}`).toEqual([]);

        // The same pages in English and the dark theme.
        await page.evaluate(() => {
          localStorage.setItem('lang', 'en');
          localStorage.setItem('theme', 'dark');
        });
        await openMemberCentre(page, 'personalHistoryCopy', 'Member centre');
        await page
          .locator('tr[data-round]')
          .filter({ hasText: 'Lucky Wheel' })
          .getByText('Lotus Transfer Studio', { exact: true })
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await page.getByRole('banner').getByText('Main wallet', { exact: true }).waitFor();
        await shot(page, `transfer-wallet-betting-record-en-dark-${size}`);
        expect(await seriousViolations(page), `betting record en dark ${size}`).toEqual([]);
        await openMemberCentre(page, 'transferFund', 'Member centre');
        await page.getByText('Available to withdraw').waitFor();
        const enRow = page.locator(`li.rc-vendor[data-vendor="${VENDOR}"]`);
        await enRow.getByText('Lotus Transfer Studio', { exact: true }).waitFor();
        await shot(page, `transfer-wallet-my-wallet-en-dark-${size}`);
        await enRow.scrollIntoViewIfNeeded();
        await shot(page, `transfer-wallet-my-wallet-vendors-en-dark-${size}`);
        expect(await seriousViolations(page), `my wallet en dark ${size}`).toEqual([]);
      });
    }, 300_000);
  }
});
