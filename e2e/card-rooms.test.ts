import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './browser.ts';
import { settledBetRecords } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

// Four members at one tiến lên table of the house game server (docs/games.md "Card rooms"), each in
// a browser of his own (two phones, two desktops): they sit down from /pvp's room list, the test
// plays the hand through the table's buttons, one player closes his tab and is auto-played, comes
// back to the same seat, and the pot less the rake goes to the winner in the ledger and the records.
const PLAYER_PASSWORD = 'Player2026';
const ROOM = 'tl-1k';
const STAKE = 1_000; // the ante of room tl-1k
const RAKE = 200; // 5% of a pot of four antes
const USERNAMES = ['player01', 'player02', 'player03', 'player04'] as const;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
  { width: 1366, height: 900 },
] as const;

type Seat = { seat: number; cardIds: number[] | null; cardsLeft: number; isAway: boolean } | null;
type Snapshot = {
  mySeat: number | null;
  seats: Seat[];
  hand: {
    no: number;
    phase: string;
    turn: number | null;
    table: { seat: number; cards: string[] } | null;
    passed: number[];
    mustPlay: string | null;
  } | null;
  last: {
    hand: number;
    end: string;
    winners: number[];
    pot: number;
    rake: number;
    instantWin: string | null;
    players: { seat: number; payout: number; stake: number }[];
  } | null;
};
type HistoryItem = { hand: number; plays: { seat: number; cards: string[] | null; auto?: boolean }[] };

describe('a tiến lên card room in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({
      // Every member's logins come from an address of his own (x-forwarded-for below): members who
      // share one are linked accounts and may not sit at one table.
      env: { TRUST_PROXY: 'true' },
      houseGames: { bettingMs: 600_000 },
      // Production turn timers (20 s, 3 s when away); only the countdown to the deal is longer, so
      // four browsers sit down before the first hand is dealt.
      houseCardRooms: { startDelayMs: 15_000 },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function memberId(username: string): Promise<number> {
    return (await site.database.db.selectFrom('members').select(['id']).where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  async function mainBalance(username: string): Promise<number> {
    return (await site.app.services.ledger.memberBalances({ memberId: await memberId(username), currency: 'VND' })).main;
  }

  async function login(context: BrowserContext, username: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
    await dialog.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
    return page;
  }

  async function gameFrame(page: Page): Promise<Frame> {
    await page.waitForURL(/\/game\?/);
    const element = page.locator('iframe.game-page__frame');
    await element.waitFor({ timeout: 20_000 });
    return (await (await element.elementHandle())?.contentFrame()) as Frame;
  }

  /** The room as the player's own game page sees it (his cards only), through the game's state call. */
  function stateOf(frame: Frame): Promise<Snapshot> {
    return frame.evaluate(async (room) => {
      const session = (document.getElementById('cards') as HTMLElement).dataset.session;
      const response = await fetch('/game/tien-len/state', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, room }),
      });
      return response.json();
    }, ROOM);
  }

  const progressOf = (s: Snapshot) =>
    JSON.stringify([
      s.hand?.no,
      s.hand?.phase,
      s.hand?.turn,
      s.hand?.table,
      s.hand?.passed,
      s.seats.map((x) => x?.cardsLeft),
      s.last?.hand,
    ]);

  it('four players sit down from /pvp, play a hand to its end; a closed tab is auto-played and comes back to its seat; the pot less the rake is paid and recorded', async () => {
    const contexts = await Promise.all(
      VIEWPORTS.map((viewport, i) => browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${i + 11}` } })),
    );
    try {
      // Everyone logs in and opens /pvp: the room list shows the room with its stake and rake.
      const pages: Page[] = [];
      for (const [i, username] of USERNAMES.entries()) {
        const page = await login(contexts[i] as BrowserContext, username);
        await page.goto(`${site.baseUrl}/pvp`, { waitUntil: 'networkidle' });
        const row = page.locator(`.rooms__table tr[data-room="${ROOM}"]`);
        await row.waitFor({ timeout: 15_000 });
        // The ante (1.000 ₫), the minimum balance (20.000 ₫) and the rake, in the member's money.
        expect(await row.textContent()).toMatch(/1\.000\s₫.*20\.000\s₫.*5%/);
        pages.push(page);
      }
      await screenshot(pages[0] as Page, 'card-rooms-pvp-phone');
      await screenshot(pages[2] as Page, 'card-rooms-pvp-desktop');
      const before = await Promise.all(USERNAMES.map(mainBalance));
      const watches = await Promise.all(pages.map((p) => watchPage(p)));

      // Join on the room's line opens the game seated at that room (not at the game's room list).
      const frames = await Promise.all(
        pages.map(async (page) => {
          await page.locator(`.rooms__table tr[data-room="${ROOM}"] button`).click();
          const frame = await gameFrame(page);
          await frame.waitForSelector('#table:not([hidden])', { timeout: 20_000 });
          return frame;
        }),
      );
      const seatOf: number[] = [];
      for (const frame of frames) seatOf.push((await stateOf(frame)).mySeat as number);
      expect(new Set(seatOf).size).toBe(4);
      const playerAt = (seat: number) => seatOf.indexOf(seat);

      // The deal: thirteen cards each, shown to their owner only.
      for (const frame of frames)
        await frame.waitForFunction(() => document.querySelectorAll('#my-cards li').length === 13, null, { timeout: 40_000 });
      const dealt = await stateOf(frames[0] as Frame);
      expect(dealt.hand?.phase).toBe('playing');
      expect(dealt.seats.filter((s) => s !== null && s.seat !== dealt.mySeat).every((s) => s?.cardIds === null)).toBe(true);
      // The antes are taken when the hand opens.
      await expect.poll(() => Promise.all(USERNAMES.map(mainBalance)), { timeout: 15_000 }).toEqual(before.map((b) => b - STAKE));
      // The leader holds the lowest card (the first play must contain it) and plays it.
      const leaderSeat = dealt.hand?.turn as number;
      const leader = playerAt(leaderSeat);
      await screenshot(pages[0] as Page, 'card-rooms-table-phone');
      await screenshot(pages[2] as Page, 'card-rooms-table-desktop');

      /** One move through the table's buttons: the leader plays his lowest card, the others pass. */
      async function move(frame: Frame, seen: Snapshot): Promise<void> {
        if (seen.hand?.table) {
          await frame.click('#pass:not([disabled])');
        } else {
          await frame.click('#my-cards li:first-child');
          await frame.click('#play:not([disabled])');
        }
        await expect.poll(async () => progressOf(await stateOf(frame)), { timeout: 10_000 }).not.toBe(progressOf(seen));
      }

      // Move 1 (the lowest card), then the next seat closes his tab on his turn: he is away, and
      // his turn is played for him (a pass) after the short timer.
      const watcher = frames[leader] as Frame;
      await move(watcher, await stateOf(watcher));
      const afterLead = await stateOf(watcher);
      const awaySeat = afterLead.hand?.turn as number;
      const away = playerAt(awaySeat);
      await (pages[away] as Page).close();
      await expect.poll(async () => (await stateOf(watcher)).hand?.turn, { timeout: 15_000 }).not.toBe(awaySeat);
      const history = async (): Promise<HistoryItem[]> =>
        (await watcher.evaluate(async (room) => (await fetch(`/api/card-rooms/${room}/hands`)).json(), ROOM)).hands;

      // He comes back (logs in again: the site's session lived in the closed tab): the game opened
      // from /pvp takes him to his seat with his thirteen cards.
      const back = await login(contexts[away] as BrowserContext, USERNAMES[away] as string);
      pages[away] = back;
      await back.goto(`${site.baseUrl}/pvp`, { waitUntil: 'networkidle' });
      await back.locator('li.game-card[data-game="tien-len"] .game-card__launch').click();
      const backFrame = await gameFrame(back);
      await backFrame.waitForSelector('#table:not([hidden])', { timeout: 20_000 });
      await backFrame.waitForFunction(() => document.querySelectorAll('#my-cards li').length === 13);
      frames[away] = backFrame;
      expect((await stateOf(backFrame)).mySeat).toBe(awaySeat);
      expect((await stateOf(watcher)).seats[awaySeat]?.isAway).toBe(false);

      // The rest of the hand: the leader takes every round with his lowest card; before his last
      // card everyone asks to leave after the hand, so no second hand is dealt.
      let isLeaving = false;
      for (let moves = 0; moves < 80; moves++) {
        const s = await stateOf(watcher);
        if (s.hand?.phase !== 'playing' || s.hand.turn === null) break;
        const who = playerAt(s.hand.turn);
        if (!isLeaving && who === leader && !s.hand.table && s.seats[leaderSeat]?.cardsLeft === 1) {
          isLeaving = true;
          for (const [i, frame] of frames.entries()) {
            if (i === leader) continue;
            await frame.click('#leave');
            await frame.waitForFunction(() => /rời bàn sau ván này/.test(document.getElementById('status')?.textContent ?? ''));
          }
        }
        await move(frames[who] as Frame, await stateOf(frames[who] as Frame));
      }
      expect(isLeaving).toBe(true);

      // The end: the leader is out first and takes the pot less the rake.
      await expect.poll(async () => (await stateOf(watcher)).last?.hand, { timeout: 15_000 }).toBe(dealt.hand?.no);
      const last = (await stateOf(watcher)).last as NonNullable<Snapshot['last']>;
      expect(last).toMatchObject({ end: 'played', winners: [leaderSeat], pot: 4 * STAKE, rake: RAKE, instantWin: null });
      await (frames[leader] as Frame).waitForFunction(() => /thắng/.test(document.getElementById('result')?.textContent ?? ''));
      await screenshot(pages[leader] as Page, 'card-rooms-result');
      // The closed tab's turn was played for him: a pass marked automatic.
      const plays = (await history()).find((h) => h.hand === dealt.hand?.no)?.plays ?? [];
      expect(plays).toContainEqual({ seat: awaySeat, cards: null, auto: true });
      expect(plays.filter((p) => p.cards !== null).every((p) => p.seat === leaderSeat)).toBe(true);
      // Those who asked to leave stood up and are back at the room list.
      for (const [i, frame] of frames.entries()) if (i !== leader) await frame.waitForSelector('#lobby:not([hidden])');

      const expected = before.map((b, i) => (i === leader ? b - STAKE + 4 * STAKE - RAKE : b - STAKE));
      await expect.poll(() => Promise.all(USERNAMES.map(mainBalance)), { timeout: 15_000 }).toEqual(expected);
      // One settled record per player with the four hands dealt and the rake; the house kept the rake.
      let staked = 0;
      let paid = 0;
      for (const [i, username] of USERNAMES.entries()) {
        const id = await memberId(username);
        const records = await settledBetRecords(
          () =>
            site.database.db
              .selectFrom('bet_records')
              .select(['status', 'stake', 'payout', 'game_code', 'game_category', 'outcome'])
              .where('member_id', '=', id)
              .where('game_code', '=', 'tien-len')
              .execute(),
          1,
        );
        expect(records).toHaveLength(1);
        const record = records[0] as (typeof records)[number];
        expect(record).toMatchObject({
          status: 'settled',
          stake: STAKE,
          payout: i === leader ? 4 * STAKE - RAKE : 0,
          game_category: 'PVP',
        });
        const outcome = record.outcome as { kind: string; hands: { name: string; cards: string[] }[]; summary: string };
        expect(outcome.kind).toBe('cards');
        expect(outcome.hands.map((h) => h.cards.length)).toEqual([13, 13, 13, 13]);
        expect(outcome.summary).toContain(`won by seat ${leaderSeat + 1}`);
        expect(outcome.summary).toContain(`pot ${4 * STAKE}, rake ${RAKE}`);
        staked += Number(record.stake);
        paid += Number(record.payout);
      }
      expect(staked - paid).toBe(RAKE);

      // The hand's verify page deals it again from the published seed: the commitment and the
      // recorded cards match.
      const verify = await (contexts[leader] as BrowserContext).newPage();
      await verify.goto(`${new URL((frames[leader] as Frame).url()).origin}/verify/tien-len?lang=vi`);
      await verify.locator('#verify-recent button.pick').first().click();
      await verify.click('#verify-form button[type="submit"]');
      await verify.waitForFunction(() =>
        /Các lá đúng như bản ghi của ván/.test(document.getElementById('verify-result')?.textContent ?? ''),
      );
      expect(await verify.textContent('#verify-result')).toContain('Hạt giống khớp với cam kết');
      expect(await verify.locator('#verify-hands li').count()).toBe(4);
      await screenshot(verify, 'card-rooms-verify');
      for (const w of watches.filter((_, i) => i !== away)) {
        expect(await w.cspViolations()).toEqual([]);
        expect(w.consoleErrors).toEqual([]);
      }
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
    // A hand of 13 rounds through four browsers, the 15 s countdown and the 3 s away timer: longer
    // than the suite's default on a busy machine.
  }, 300_000);
});
