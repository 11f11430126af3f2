import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const CHIP = 1_000; // the 5% commission table's minimum, the first chip

type Item = { round: number; result: { winner: string; playerPair: boolean } | null };

describe('baccarat on the house game server, launched from the lobby', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({
      houseGames: { bettingMs: 600_000 },
      houseBaccarat: { bettingMs: 8_000, revealStepMs: 150, pauseMs: 500 },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function mainBalance(username: string): Promise<number> {
    const member = await site.database.db.selectFrom('members').select(['id']).where('username', '=', username).executeTakeFirstOrThrow();
    return (await site.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main;
  }

  for (const size of VIEWPORTS) {
    it(`a bet on player and player pair is dealt card by card and paid by the rules (${size.name})`, async () => {
      const username = PLAYERS[size.name];
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page: Page = await context.newPage();
      const watch = await watchPage(page);
      try {
        await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.getByRole('button', { name: /^Tài khoản / }).waitFor();

        await page.goto(`${site.baseUrl}/games/live`, { waitUntil: 'networkidle' });
        const card = page.locator('li.game-card[data-game="baccarat"]');
        await card.waitFor();
        await card.locator('.game-card__launch').click();
        await page.waitForURL(/\/game\?/);
        const frameElement = page.locator('iframe.game-page__frame');
        await frameElement.waitFor();
        const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
        const before = await mainBalance(username);

        await frame.waitForFunction(() => !(document.querySelector('.spot-player') as HTMLButtonElement).disabled, null, {
          timeout: 30_000,
        });
        await frame.click('.spot-player');
        await frame.click('.spot-player-pair');
        await frame.click('#confirm-button');
        await frame.waitForFunction(() => /Cược của bạn/.test(document.getElementById('message')?.textContent ?? ''));
        const round = Number((await frame.textContent('#round-no'))?.replace('#', ''));
        expect(await mainBalance(username)).toBe(before - 2 * CHIP);
        await screenshot(page, `baccarat-bet-${size.name}`);
        await frame.waitForFunction(() => document.querySelectorAll('#player-cards .card').length >= 1, null, { timeout: 30_000 });
        await frame.waitForFunction(
          (r) =>
            document.querySelector('#round-no')?.textContent === `#${r}` && /–/.test(document.getElementById('status')?.textContent ?? ''),
          round,
          {
            timeout: 30_000,
          },
        );
        await screenshot(page, `baccarat-result-${size.name}`);
        let item: Item | undefined;
        await expect
          .poll(
            async () => {
              const r = (await frame.evaluate(async () => (await fetch('/api/baccarat/rounds')).json())) as { rounds: Item[] };
              item = r.rounds.find((x) => x.round === round);
              return item !== undefined;
            },
            { timeout: 30_000 },
          )
          .toBe(true);
        const result = item?.result;
        if (!result) throw new Error('the round has no result');
        const paid = (result.winner === 'PLAYER' ? 2 * CHIP : result.winner === 'TIE' ? CHIP : 0) + (result.playerPair ? 12 * CHIP : 0);
        await expect.poll(() => mainBalance(username), { timeout: 10_000 }).toBe(before - 2 * CHIP + paid);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
