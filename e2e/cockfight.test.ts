import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { operatorLogin, signInToConsole } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
const SHOTS_DIR = process.env.COCKFIGHT_SHOTS_DIR ?? path.join(tmpdir(), 'cockfight');

/**
 * The house cockfight (issue 23, part 6): the header's entry launches the game directly; the
 * operator runs a fight in each mode through the console's API; a member on a phone in Vietnamese
 * and one on a desktop in English bet from the page, see the live pools, and are paid by the rules;
 * the balance and the betting record agree.
 */
describe('the house cockfight in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    site = await startSiteServer({
      houseGames: { bettingMs: 600_000 },
      houseBaccarat: { bettingMs: 600_000, revealStepMs: 100, pauseMs: 500 },
      houseLive: { bettingMs: 600_000, revealStepMs: 50, pauseMs: 200 },
    });
    const login = await operatorLogin(site.baseUrl, 'risk01');
    expect(login.status).toBe(200);
    token = login.body.value.token;
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function operator(action: string, body: Record<string, unknown> = {}, arena = 'a1') {
    const response = await fetch(`${site.baseUrl}/admin-api/house/cockfight/${arena}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang: 'en' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  async function mainBalance(username: string): Promise<number> {
    const member = await site.database.db.selectFrom('members').select(['id']).where('username', '=', username).executeTakeFirstOrThrow();
    return (await site.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main;
  }
  async function records(username: string) {
    return site.database.db
      .selectFrom('bet_records')
      .innerJoin('members', 'members.id', 'bet_records.member_id')
      .select(['bet_records.status', 'bet_records.stake', 'bet_records.payout', 'bet_records.game_category', 'bet_records.outcome'])
      .where('members.username', '=', username)
      .where('bet_records.game_code', '=', 'cockfight')
      .orderBy('bet_records.id')
      .execute();
  }

  /** Logs in (Vietnamese), switches the site to `language`, and launches the cockfight from the header's entry. */
  async function openCockfight(context: BrowserContext, username: string, language: 'vi' | 'en', isPhone: boolean) {
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
    if (language === 'en') await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
    await page.goto(`${site.baseUrl}/index`, { waitUntil: 'networkidle' });
    if (isPhone) await page.getByRole('button', { name: language === 'vi' ? 'Mở danh mục' : 'Show navigation' }).click();
    const nav = page.getByRole('navigation', { name: language === 'vi' ? 'Điều hướng chính' : 'Main navigation' });
    await nav.getByRole('link', { name: language === 'vi' ? 'Đá gà' : 'Cockfight', exact: true }).click();
    await page.waitForURL(/\/game\?/);
    const frameElement = page.locator('iframe.game-page__frame');
    await frameElement.waitFor();
    const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
    await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
    return { page, frame, watch };
  }

  async function bet(frame: Frame, side: 'meron' | 'wala' | 'draw', stake: number) {
    await frame.waitForFunction(() => !(document.querySelector('.side-meron') as HTMLButtonElement).disabled);
    await frame.click(`.side-${side}`);
    await frame.fill('#stake', String(stake));
    await frame.click('#confirm');
    await frame.waitForFunction(
      () =>
        /\d/.test(document.getElementById('my-bets')?.textContent ?? '') &&
        !document.getElementById('message')?.classList.contains('error'),
    );
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
  }
  /** The game page alone (as the frame shows it, scrolled whole), opened from its signed address in the same context. */
  async function shootGame(frame: Frame, context: BrowserContext, name: string, colorScheme: 'light' | 'dark') {
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme });
    await page.goto(frame.url(), { waitUntil: 'networkidle' });
    await page.waitForFunction(
      () => /\d/.test(document.getElementById('balance')?.textContent ?? '') && document.getElementById('status')?.textContent !== '',
    );
    await shoot(page, name);
    await page.close();
  }

  it('a pari-mutuel fight and a fixed-odds fight, a phone in Vietnamese and a desktop in English: balances and records by the rules', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 }, colorScheme: 'light' });
    try {
      const vi = await openCockfight(phone, 'player01', 'vi', true);
      const en = await openCockfight(desktop, 'player02', 'en', false);
      expect(await vi.frame.textContent('h1')).toContain('Đá Gà Lotus');
      expect(await en.frame.textContent('h1')).toContain('Lotus Cockfight');
      // The arena opens once the arena list arrives (after the balance): the drawn panel stands for no stream.
      await en.frame.waitForSelector('#no-stream', { state: 'visible' });
      await shoot(vi.page, 'cockfight-390-vi-dark-idle');
      // The header keeps to one line at 1366 px with the cockfight entry.
      const navHeight = await en.page
        .getByRole('navigation', { name: 'Main navigation' })
        .evaluate((n) => n.getBoundingClientRect().height);
      expect(navHeight).toBeLessThan(70);
      const before = [await mainBalance('player01'), await mainBalance('player02')];

      // Pari-mutuel, 5% commission: Meron 30,000 (phone), Wala 10,000 (desktop), Draw 2,000 (desktop).
      await operator('settings', { mode: 'pari-mutuel', commissionBp: 500 });
      await operator('open');
      await bet(vi.frame, 'meron', 30_000);
      await bet(en.frame, 'wala', 10_000);
      await bet(en.frame, 'draw', 2_000);
      // Live returns: Meron 40,000 × 0.95 / 30,000 = 126.66; Wala 380.00 — on both pages.
      await vi.frame.waitForFunction(() => document.getElementById('price-wala')?.textContent?.includes('380.00'));
      expect(await vi.frame.textContent('#price-meron')).toContain('126.66');
      await en.frame.waitForFunction(() => document.getElementById('price-meron')?.textContent?.includes('126.66'));
      await shoot(vi.page, 'cockfight-390-vi-dark-betting');
      await shoot(en.page, 'cockfight-1366-en-light-betting');
      await shootGame(vi.frame, phone, 'game-390-vi-dark-betting', 'dark');
      await shootGame(vi.frame, phone, 'game-390-vi-light-betting', 'light');
      await shootGame(en.frame, desktop, 'game-1366-en-dark-betting', 'dark');
      await operator('close');
      await operator('result', { result: 'wala' });
      await en.frame.waitForFunction(
        () =>
          /Wala/.test(document.getElementById('status')?.textContent ?? '') &&
          /returned 38/.test(document.getElementById('my-bets')?.textContent ?? ''),
      );
      // Wala: 10,000 × 380.00 / 100 = 38,000; Meron and Draw lose.
      await expect
        .poll(() => Promise.all([mainBalance('player01'), mainBalance('player02')]))
        .toEqual([(before[0] as number) - 30_000, (before[1] as number) - 12_000 + 38_000]);
      await shoot(en.page, 'cockfight-1366-en-light-settled');

      // Fixed odds: Meron 1.85, Wala 2.05; the operator sets a stream; the fight is a draw.
      await operator('settings', { mode: 'fixed', odds: { meron: 1_850, wala: 2_050 }, streamUrl: 'https://stream.invalid/arena-1' });
      await operator('open');
      await vi.frame.waitForFunction(() => document.getElementById('price-meron')?.textContent?.includes('1.85'));
      expect(await vi.frame.isHidden('#no-stream')).toBe(true);
      expect(await vi.frame.getAttribute('iframe.stream-media', 'src')).toBe('https://stream.invalid/arena-1');
      await bet(vi.frame, 'draw', 1_000);
      await bet(en.frame, 'meron', 20_000);
      await operator('close');
      await operator('result', { result: 'draw' });
      await vi.frame.waitForFunction(
        () =>
          /Hòa/.test(document.getElementById('status')?.textContent ?? '') &&
          /nhận lại 9/.test(document.getElementById('my-bets')?.textContent ?? ''),
      );
      // Draw pays 8 to 1 (9,000 back on 1,000); the Meron bet gets its 20,000 back.
      await expect
        .poll(() => Promise.all([mainBalance('player01'), mainBalance('player02')]))
        .toEqual([(before[0] as number) - 30_000 + 8_000, (before[1] as number) - 12_000 + 38_000]);
      await shoot(vi.page, 'cockfight-390-vi-dark-settled');
      // The same pages in the other colour scheme the device may ask for.
      await vi.page.emulateMedia({ colorScheme: 'light' });
      await en.page.emulateMedia({ colorScheme: 'dark' });
      await shoot(vi.page, 'cockfight-390-vi-light-settled');
      await shoot(en.page, 'cockfight-1366-en-dark-settled');

      const r1 = await records('player01');
      expect(r1.map((r) => [r.status, r.stake, r.payout, r.game_category])).toEqual([
        ['settled', 30_000, 0, 'COCKFIGHT'],
        ['settled', 1_000, 9_000, 'COCKFIGHT'],
      ]);
      expect(r1[1]?.outcome).toMatchObject({ kind: 'fight', result: 'draw', side: 'draw' });
      const r2 = await records('player02');
      expect(r2.map((r) => [r.stake, r.payout])).toEqual([
        [10_000, 38_000],
        [2_000, 0],
        [20_000, 20_000],
      ]);

      // The results strip links each fight's public result page.
      const resultLink = await en.frame.getAttribute('#results li:first-child a', 'href');
      expect(resultLink).toMatch(/^\/verify\/cockfight\?arena=a1&fight=\d+&lang=en$/);
      const result = await en.page.context().newPage();
      await result.goto(new URL(resultLink as string, en.frame.url()).toString(), { waitUntil: 'networkidle' });
      expect(await result.textContent('body')).toContain('Draw');
      await shoot(result, 'cockfight-1366-en-light-result');
      expect(vi.watch.consoleErrors).toEqual([]);
      expect(en.watch.consoleErrors).toEqual([]);

      // A second arena from the console: the game now opens on the list of arenas.
      const created = await fetch(`${site.baseUrl}/admin-api/house/cockfight/arenas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang: 'en' },
        body: JSON.stringify({ name: 'Sới Cần Thơ', mode: 'fixed', streamUrl: 'https://stream.invalid/arena-2' }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      await operator('open', {}, 'a2');
      await vi.page.reload({ waitUntil: 'networkidle' });
      const lobbyFrame = (await (await vi.page.locator('iframe.game-page__frame').elementHandle())?.contentFrame()) as Frame;
      await lobbyFrame.waitForFunction(() => document.querySelectorAll('#arena-list .arena-card').length === 2);
      expect(await lobbyFrame.textContent('#arena-list')).toContain('Sới Cần Thơ');
      await shoot(vi.page, 'cockfight-390-vi-dark-arenas');
      await lobbyFrame.click('.arena-card[data-arena="a2"]');
      await lobbyFrame.waitForFunction(
        () =>
          !(document.querySelector('.side-meron') as HTMLButtonElement).disabled &&
          (document.getElementById('arena-name')?.textContent ?? '') !== '',
      );
      expect(await lobbyFrame.textContent('#arena-name')).toContain('Sới Cần Thơ');
      expect(await lobbyFrame.isVisible('#to-lobby')).toBe(true);
      await shoot(vi.page, 'cockfight-390-vi-dark-arena-2');

      // The console's screen: the arenas with their last fights, at 1366 px, on a tablet and on a phone.
      for (const size of [
        { width: 1366, height: 900, name: '1366' },
        { width: 768, height: 1024, name: '768' },
        { width: 390, height: 844, name: '390' },
      ]) {
        const consoleContext = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        const admin = await consoleContext.newPage();
        await signInToConsole(admin, site.baseUrl, 'risk01');
        await admin.goto(`${site.baseUrl}/admin/cockfight`, { waitUntil: 'networkidle' });
        await admin.getByTestId('cockfight-a1').waitFor();
        expect(await admin.getByTestId('fight-2').textContent()).toContain('Hòa');
        await shoot(admin, `console-cockfight-${size.name}-vi`);
        await consoleContext.close();
      }
    } finally {
      await phone.close();
      await desktop.close();
    }
  });
});
