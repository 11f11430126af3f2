import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/**
 * The lottery page as members use it: a fast e-lottery game (EL1, drawn every minute from the
 * house RNG), a ticket of lô and đề lines, the draw, then the results board, the ticket, the
 * betting record and the balance, each checked against a payout computed here from the drawn
 * result, independently of the server's settlement.
 */

const PLAYER_PASSWORD = 'Player2026';
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const GAME = 'EL1';
const STAKE = 1_000;
/** Betting closes this long before the draw; a ticket needs a little more time than that to be placed. */
const ENOUGH_TIME_MS = 40_000;

type Draw = { numero: string; status: string; result: Record<string, string[]> | null; winningTime: number };
type PlayType = { betType: string; stakeMultiplier: number; oddsMilli: number };
type MenuGame = { gameId: string; numero: string | null; remainTime: number; lockTime: number; winningTime: number };
type Line = { betType: 'lo2' | 'de' | 'duoi'; number: string };

/**
 * Hits of a line in a drawn result: lô 2 số counts every prize ending in the number, đề the special
 * prize's last two digits, đuôi its last digit.
 */
function hitsOf(line: Line, result: Record<string, string[]>): number {
  if (line.betType === 'de') return (result.DB?.[0] ?? '').slice(-2) === line.number ? 1 : 0;
  if (line.betType === 'duoi') return (result.DB?.[0] ?? '').slice(-1) === line.number ? 1 : 0;
  return Object.values(result)
    .flat()
    .filter((prize) => prize.slice(-2) === line.number).length;
}

describe('the lottery page', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  async function getJson<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { value: T }).value;
  }

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    // The demo accounts log in with their published passwords, no change asked (docs/demo-data.md).
    for (const username of Object.values(PLAYERS)) {
      const response = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password: PLAYER_PASSWORD }),
      });
      expect(response.status, username).toBe(200);
    }
    // What the minute job does first: the draws of the coming minutes.
    await site.app.services.lottery.runJobRound();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function openPage(width: number, height: number): Promise<{ page: Page; finish: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    return {
      page,
      finish: async () => {
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
        await context.close();
      },
    };
  }

  async function closeAnnouncement(page: Page): Promise<void> {
    const announcement = page.getByRole('button', { name: 'Đã hiểu' });
    if (await announcement.isVisible().catch(() => false)) await announcement.click();
  }

  async function logIn(page: Page, username: string): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.waitFor();
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
  }

  async function headerBalance(page: Page): Promise<number> {
    await page.waitForFunction(() => /\d/.test(document.querySelector('.balance__value')?.textContent ?? ''));
    return Number((await page.locator('.balance__value').first().textContent())?.replace(/\D/g, ''));
  }

  async function waitForBalance(page: Page, expected: number): Promise<void> {
    await page.waitForFunction(
      (want) => Number((document.querySelector('.balance__value')?.textContent ?? '').replace(/\D/g, '')) === want,
      expected,
      { timeout: 30_000 },
    );
  }

  /** The fast game's open draw, waiting for the next one when this one closes too soon to bet on. */
  async function openDraw(): Promise<MenuGame> {
    for (;;) {
      const menu = await getJson<{ list: MenuGame[] }>('/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB');
      const game = menu.list.find((g) => g.gameId === GAME);
      expect(game?.numero).toBeTruthy();
      if (game && game.remainTime - game.lockTime * 1000 >= ENOUGH_TIME_MS) return game;
      await new Promise((resolve) => setTimeout(resolve, (game?.remainTime ?? 1_000) + 500));
    }
  }

  it('shows a visitor the games, the board and the slip, and asks for a login to bet (390x844)', async () => {
    const { page, finish } = await openPage(390, 844);
    await page.goto(`${baseUrl}/lottery?gameCode=${GAME}`, { waitUntil: 'networkidle' });
    await closeAnnouncement(page);
    await page.getByRole('heading', { level: 2, name: 'Xổ số nhanh 1 phút' }).waitFor();
    // Header only: no footer and no right bar on this page.
    expect(await page.locator('.site-footer').count()).toBe(0);
    expect(await page.locator('.right-bar').count()).toBe(0);
    // Only the parameters given stay in the address.
    expect(new URL(page.url()).search).toBe(`?gameCode=${GAME}`);

    // The fast-lottery tag narrows the list to the three fast games; a search narrows it further.
    await page.getByRole('button', { name: 'Xổ số nhanh', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.lottery-game').length === 3);
    await page.getByRole('searchbox', { name: 'Tìm xổ số' }).fill('3 phút');
    await page.waitForFunction(() => document.querySelectorAll('.lottery-game').length === 1);
    await page.getByRole('searchbox', { name: 'Tìm xổ số' }).fill('');
    await page
      .getByText(/^Đóng cược sau \d\d:\d\d$/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: '27', exact: true }).click();
    await page.getByLabel(/^Tiền mỗi điểm/).fill(String(STAKE));
    await page.getByRole('button', { name: 'Thêm vào phiếu' }).click();
    await page.getByText('Các dòng cược (1)').waitFor();
    await screenshot(page, 'lottery-visitor-390x844');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Đặt cược kỳ / }).click();
    await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
    await finish();
  });

  it('takes lô and đề bets on a fast draw and shows the drawn result, the payout, the betting record and the balance, at both sizes', async () => {
    const playTypes = await getJson<{ list: PlayType[] }>(`/lgw/vn/games/play_types?gameId=${GAME}`);
    const typeOf = (betType: string) => {
      const found = playTypes.list.find((p) => p.betType === betType);
      if (!found) throw new Error(`no ${betType}`);
      return found;
    };
    const lines: Line[] = [
      { betType: 'lo2', number: '27' },
      { betType: 'lo2', number: '38' },
      { betType: 'de', number: '27' },
      // Every đuôi digit: exactly one of them wins, so the payout is never zero.
      ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((number) => ({ betType: 'duoi' as const, number })),
    ];
    const cost = lines.reduce((sum, line) => sum + STAKE * typeOf(line.betType).stakeMultiplier, 0);

    const draw = await openDraw();
    const sessions: { name: string; page: Page; finish: () => Promise<void>; before: number }[] = [];
    for (const viewport of VIEWPORTS) {
      const { page, finish } = await openPage(viewport.width, viewport.height);
      await logIn(page, PLAYERS[viewport.name]);
      await page.goto(`${baseUrl}/lottery?gameCode=${GAME}&vendor=TCG_LOTTO_VN`, { waitUntil: 'networkidle' });
      await closeAnnouncement(page);
      await page.getByText(`Kỳ ${draw.numero}`, { exact: true }).waitFor();
      const before = await headerBalance(page);

      // Lô 2 số (the default type): two numbers make two lines.
      await page.getByRole('button', { name: '27', exact: true }).click();
      await page.getByRole('button', { name: '38', exact: true }).click();
      await page.getByLabel(/^Tiền mỗi điểm/).fill(String(STAKE));
      await page.getByRole('button', { name: 'Thêm vào phiếu' }).click();
      // Đề đặc biệt on 27.
      await page.getByRole('button', { name: 'Đề đặc biệt', exact: true }).click();
      await page.getByRole('button', { name: '27', exact: true }).click();
      await page.getByRole('button', { name: 'Thêm vào phiếu' }).click();
      // Đuôi on every digit: ten lines.
      await page.getByRole('button', { name: 'Đuôi', exact: true }).click();
      for (let digit = 0; digit <= 9; digit += 1) await page.getByRole('button', { name: String(digit), exact: true }).click();
      await page.getByRole('button', { name: 'Thêm vào phiếu' }).click();
      await page.getByText('Các dòng cược (13)').waitFor();
      expect(Number((await page.locator('[data-total]').getAttribute('data-total')) ?? '')).toBe(cost);
      await page.getByRole('button', { name: `Đặt cược kỳ ${draw.numero}` }).click();
      await page.getByText(/^Đã đặt phiếu /).waitFor();
      await page.locator('.lottery-ticket[data-status="open"]').waitFor();
      await waitForBalance(page, before - cost);
      await screenshot(page, `lottery-ticket-placed-${viewport.width}x${viewport.height}`);
      sessions.push({ name: viewport.name, page, finish, before });
    }

    // The draw: the minute job reveals the seed and the result once the draw time has passed, then settles.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, draw.winningTime - Date.now()) + 500));
    await site.app.services.lottery.runJobRound();
    const history = await getJson<{ list: Draw[] }>(`/lgw/vn/numeros/opened/game?gameId=${GAME}&count=100`);
    const drawn = history.list.find((d) => d.numero === draw.numero);
    expect(drawn?.status).toBe('settled');
    const result = drawn?.result ?? {};
    expect(result.DB?.[0]).toMatch(/^\d{5}$/);
    const payout = lines.reduce((sum, line) => sum + Math.floor((STAKE * hitsOf(line, result) * typeOf(line.betType).oddsMilli) / 1000), 0);

    expect(payout).toBeGreaterThan(0);
    for (const { name, page, finish, before } of sessions) {
      // The settlement push (or the page's own wait for the result) brings the board and the ticket.
      const board = page.locator(`.lottery-board__table[data-numero="${draw.numero}"]`);
      await board.waitFor({ timeout: 30_000 });
      expect(await board.locator('tr[data-tier="DB"] li').first().textContent()).toBe(result.DB?.[0]);
      const ticket = page.locator('.lottery-ticket[data-status="settled"]');
      await ticket.waitFor({ timeout: 30_000 });
      expect(Number(await ticket.locator('[data-ticket-payout]').getAttribute('data-ticket-payout'))).toBe(payout);
      await waitForBalance(page, before - cost + payout);
      await screenshot(page, `lottery-settled-${name}`);

      // The betting record shows the ticket with the same stake and payout.
      await page.goto(`${baseUrl}/index?mc=personalHistoryCopy`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog', { name: 'Trung tâm hội viên' }).waitFor();
      const totals = page.getByTestId('bet-totals');
      await totals.waitFor();
      const amount = async (field: string) => Number((await totals.locator(`[data-field="${field}"]`).textContent())?.replace(/\D/g, ''));
      expect(await amount('count')).toBe(1);
      expect(await amount('stake')).toBe(cost);
      expect(await amount('payout')).toBe(payout);
      await screenshot(page, `lottery-betting-record-${name}`);
      await finish();
    }
  });
});
