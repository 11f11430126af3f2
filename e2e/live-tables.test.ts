import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { settledBetRecords } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
const CHIP = 1_000; // the minimum of the 5% commission baccarat table and of the roulette table, the first chip
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

type BaccaratItem = {
  round: number;
  commitment: string;
  result: {
    winner: 'PLAYER' | 'BANKER' | 'TIE';
    playerPair: boolean;
    bankerPair: boolean;
    playerTotal: number;
    bankerTotal: number;
  } | null;
};
type RouletteItem = { round: number; result: { pocket: number } | null };

describe('the house live tables in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({
      houseGames: { bettingMs: 600_000 },
      houseBaccarat: { bettingMs: 20_000, revealStepMs: 150, pauseMs: 500 },
      houseLive: { bettingMs: 12_000, revealStepMs: 400, pauseMs: 500 },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function memberOf(username: string) {
    return site.database.db.selectFrom('members').select(['id']).where('username', '=', username).executeTakeFirstOrThrow();
  }
  async function mainBalance(username: string): Promise<number> {
    const member = await memberOf(username);
    return (await site.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main;
  }

  /** Logs in, opens /games/live and launches one table into the site's frame. */
  async function openTable(context: BrowserContext, username: string, gameCode: string): Promise<{ page: Page; frame: Frame }> {
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
    await page.goto(`${site.baseUrl}/games/live`, { waitUntil: 'networkidle' });
    const card = page.locator(`li.game-card[data-game="${gameCode}"]`);
    await card.waitFor();
    await card.locator('.game-card__launch').click();
    await page.waitForURL(/\/game\?/);
    const frameElement = page.locator('iframe.game-page__frame');
    await frameElement.waitFor();
    const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
    await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
    return { page, frame };
  }

  it('three players at one baccarat table bet in the same round, see the same deal, and are each paid and recorded by the rules', async () => {
    const usernames = ['player01', 'player02', 'player03'];
    const contexts = await Promise.all(usernames.map(() => browser.newContext({ viewport: { width: 1366, height: 900 } })));
    try {
      const tables = [];
      for (const [i, username] of usernames.entries()) tables.push(await openTable(contexts[i] as BrowserContext, username, 'baccarat'));
      const watches = await Promise.all(tables.map((t) => watchPage(t.page)));
      const before = await Promise.all(usernames.map(mainBalance));
      // A fresh betting window with time for the three bets.
      const roundOf = async (frame: Frame) => Number((await frame.textContent('#round-no'))?.replace('#', ''));
      const first = tables[0]?.frame as Frame;
      await first.waitForFunction(
        () => {
          const open = !(document.querySelector('.spot-player') as HTMLButtonElement).disabled;
          const seconds = Number(/(\d+)/.exec(document.getElementById('status')?.textContent ?? '')?.[1] ?? 0);
          return open && seconds >= 12;
        },
        null,
        { timeout: 60_000, polling: 100 },
      );
      const round = await roundOf(first);
      // player01: player + player pair; player02: banker ×2; player03: tie.
      const bets: string[][] = [['.spot-player', '.spot-player-pair'], ['.spot-banker', '.spot-banker'], ['.spot-tie']];
      await Promise.all(
        tables.map(async ({ frame }, i) => {
          await frame.waitForFunction(() => !(document.querySelector('.spot-player') as HTMLButtonElement).disabled);
          expect(await roundOf(frame)).toBe(round);
          for (const spot of bets[i] as string[]) await frame.click(spot);
          await frame.click('#confirm-button');
          await frame.waitForFunction(() => /Cược của bạn/.test(document.getElementById('message')?.textContent ?? ''));
        }),
      );
      expect(await Promise.all(usernames.map(mainBalance))).toEqual([
        (before[0] as number) - 2 * CHIP,
        (before[1] as number) - 2 * CHIP,
        (before[2] as number) - CHIP,
      ]);
      await screenshot(tables[0]?.page as Page, 'live-baccarat-three-players');

      // Everyone sees the same deal and the same result line.
      const statuses = await Promise.all(
        tables.map(async ({ frame }) => {
          // Read in the same instant as the result is seen: the next round clears the cards.
          const seen = await frame.waitForFunction(
            (r) => {
              const text = (id: string) => document.getElementById(id)?.textContent ?? '';
              const isResult = text('round-no') === `#${r}` && /–/.test(text('status'));
              return isResult && { status: text('status'), player: text('player-cards'), banker: text('banker-cards') };
            },
            round,
            { timeout: 30_000 },
          );
          return (await seen.jsonValue()) as { status: string; player: string; banker: string };
        }),
      );
      expect(statuses[1]).toEqual(statuses[0]);
      expect(statuses[2]).toEqual(statuses[0]);

      let item: BaccaratItem | undefined;
      await expect
        .poll(
          async () => {
            const r = (await first.evaluate(async () => (await fetch('/api/baccarat/rounds')).json())) as { rounds: BaccaratItem[] };
            item = r.rounds.find((x) => x.round === round);
            return item?.result !== undefined;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const r = item?.result;
      if (!r) throw new Error('the round has no result');
      // Commission table: player 1:1, banker 0.95:1, tie 8:1, pairs 11:1; a tie returns player and banker stakes.
      const paid = [
        (r.winner === 'PLAYER' ? 2 * CHIP : r.winner === 'TIE' ? CHIP : 0) + (r.playerPair ? 12 * CHIP : 0),
        r.winner === 'BANKER' ? (2 * CHIP * 195) / 100 : r.winner === 'TIE' ? 2 * CHIP : 0,
        r.winner === 'TIE' ? 9 * CHIP : 0,
      ];
      const staked = [2 * CHIP, 2 * CHIP, CHIP];
      await expect
        .poll(() => Promise.all(usernames.map(mainBalance)), { timeout: 15_000 })
        .toEqual(before.map((b, i) => b - (staked[i] as number) + (paid[i] as number)));
      for (const [i, username] of usernames.entries()) {
        const member = await memberOf(username);
        const records = await settledBetRecords(
          () =>
            site.database.db
              .selectFrom('bet_records')
              .select(['status', 'stake', 'payout', 'game_code', 'game_category'])
              .where('member_id', '=', member.id)
              .where('game_code', '=', 'baccarat')
              .execute(),
          1,
        );
        expect(records).toEqual([{ status: 'settled', stake: staked[i], payout: paid[i], game_code: 'baccarat', game_category: 'LIVE' }]);
      }
      // The round's proof: the seed matches the commitment shown before bets, and replays this deal.
      const proof = (await first.evaluate(async (n) => (await fetch(`/api/baccarat/verify?round=${n}`)).json(), round)) as {
        commitmentMatches: boolean;
        outcome: { winner: string; playerTotal: number; bankerTotal: number };
      };
      expect(proof).toMatchObject({
        commitmentMatches: true,
        outcome: { winner: r.winner, playerTotal: r.playerTotal, bankerTotal: r.bankerTotal },
      });
      for (const w of watches) {
        expect(await w.cspViolations()).toEqual([]);
        expect(w.consoleErrors).toEqual([]);
      }
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });

  for (const size of VIEWPORTS) {
    it(`/live lists the tables live; a roulette bet on a number and red is spun on the drawn wheel and paid by the rules (${size.name})`, async () => {
      const username = size.name === 'phone' ? 'player01' : 'player02';
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      try {
        const probe = await context.newPage();
        await probe.goto(`${site.baseUrl}/live`, { waitUntil: 'networkidle' });
        const board = probe.locator('.live-board');
        await board.waitFor({ timeout: 15_000 });
        await expect.poll(() => board.locator('li.live-table').count()).toBe(8);
        expect(await board.locator('li[data-game-code="roulette"]').textContent()).toMatch(/Roulette/);
        await screenshot(probe, `live-board-${size.name}`);
        await probe.close();

        const { page, frame } = await openTable(context, username, 'roulette');
        const watch = await watchPage(page);
        const before = await mainBalance(username);
        await frame.waitForFunction(
          () => {
            const seconds = Number(/(\d+)/.exec(document.getElementById('status')?.textContent ?? '')?.[1] ?? 0);
            return document.getElementById('status')?.classList.contains('open') && seconds >= 6;
          },
          null,
          { timeout: 60_000, polling: 100 },
        );
        await frame.click('rect[data-spot="STRAIGHT_17"]');
        await frame.click('rect[data-spot="RED"]');
        await frame.click('#confirm-button');
        await frame.waitForFunction(() => /Cược của bạn/.test(document.getElementById('message')?.textContent ?? ''));
        const round = Number((await frame.textContent('#round-no'))?.replace('#', ''));
        expect(await mainBalance(username)).toBe(before - 2 * CHIP);
        await screenshot(page, `live-roulette-bet-${size.name}`);
        await frame.waitForFunction(() => (document.getElementById('pocket')?.textContent ?? '') !== '', null, { timeout: 30_000 });
        let item: RouletteItem | undefined;
        await expect
          .poll(
            async () => {
              const r = (await frame.evaluate(async () => (await fetch('/api/roulette/rounds')).json())) as { rounds: RouletteItem[] };
              item = r.rounds.find((x) => x.round === round);
              return item?.result !== undefined;
            },
            { timeout: 30_000 },
          )
          .toBe(true);
        const pocket = item?.result?.pocket as number;
        expect(await frame.textContent('#pocket')).toBe(String(pocket));
        await screenshot(page, `live-roulette-result-${size.name}`);
        const paid = (pocket === 17 ? 36 * CHIP : 0) + (RED.has(pocket) ? 2 * CHIP : 0);
        await expect.poll(() => mainBalance(username), { timeout: 15_000 }).toBe(before - 2 * CHIP + paid);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
