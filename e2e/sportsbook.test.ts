import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Frame, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, VIEWPORTS, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { createMovableClock, type MovableClock, type SiteServer, startSiteServer } from './site-server.ts';

// The house sportsbook end to end: a member opens it from /sports, places a single, a 3-leg parlay
// and an in-play bet (held through the in-play delay) on the simulated feed's events; the site's
// clock (the game server's too) moves a day on, the feed plays the matches out and settles them;
// the balance, the page's "my bets" and the betting record (each leg shown) agree with the returns
// the legs' results call for, worked out here from the published rules (docs/sportsbook.md).

const PLAYER_PASSWORD = 'Player2026';
const STAKE = 10_000;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const IN_PLAY_DELAY_MS = 2_000;

type Outcome = 'win' | 'lose' | 'half-win' | 'half-lose' | 'push' | 'void' | 'dead-heat';
type BetView = {
  id: string;
  kind: { type: 'single' | 'parlay' | 'system'; system?: string };
  legs: { eventName: string; marketName: string; selectionName: string; odds: number; outcome?: Outcome }[];
  unitStake: number;
  totalStake: number;
  potentialReturn: number;
  state: 'pending' | 'open' | 'settled' | 'cashed-out' | 'rejected';
  returned?: number;
};

/**
 * What a single or a parlay returns (docs/sportsbook.md, "Returns in minor units"): the stake times
 * each leg's factor — win o, half win (o + 1)/2, push and void 1, half loss 1/2, loss 0 — computed
 * exactly and rounded down once at the end.
 */
/**
 * What the member sees: the screen as it is (not the whole page). A whole-page picture resizes the
 * window for a moment, and the game frame inside is laid out again under the next click.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

function expectedReturn(bet: BetView): number {
  let numerator = BigInt(bet.unitStake);
  let denominator = 1n;
  for (const leg of bet.legs) {
    const odds = BigInt(leg.odds);
    const [n, d] = {
      win: [odds, 1000n],
      'half-win': [odds + 1000n, 2000n],
      push: [1n, 1n],
      void: [1n, 1n],
      'half-lose': [1n, 2n],
      lose: [0n, 1n],
    }[leg.outcome as Exclude<Outcome, 'dead-heat'>] as [bigint, bigint];
    numerator *= n;
    denominator *= d;
  }
  return Number(numerator / denominator);
}

describe('the house sportsbook: single, parlay and in-play bets settled by the feed', () => {
  let site: SiteServer;
  let browser: Browser;
  let clock: MovableClock;

  beforeAll(async () => {
    clock = createMovableClock();
    // The simulated fixtures sit at fixed hours of each UTC day (from 09:00), and members' "today" is
    // the day in Vietnam: the site's clock starts at the next 06:00 UTC, so that "today" lists the
    // day's matches before they start whatever the hour the suite runs at.
    const startedAt = clock.now().getTime();
    clock.advance(Math.ceil((startedAt - 6 * HOUR) / DAY) * DAY + 6 * HOUR - startedAt);
    site = await startSiteServer({
      clock,
      // The shared tables sit between rounds: this file is about the sportsbook.
      houseGames: { bettingMs: 600_000, pauseMs: 60_000 },
      // The feed moves only when the test ticks it, so a price on the page is still the price at placement.
      houseSportsbook: { simulation: { seed: 'e2e-sportsbook', days: 3 }, tickMs: 0, limits: { inPlayDelayMs: IN_PLAY_DELAY_MS } },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const book = () => {
    if (!site.houseGames) throw new Error('the house game server is not running');
    return site.houseGames.sportsbook;
  };

  async function memberId(username: string): Promise<number> {
    return (await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }

  async function mainBalance(username: string): Promise<number> {
    return (await site.app.services.ledger.memberBalances({ memberId: await memberId(username), currency: 'VND' })).main;
  }

  async function logIn(page: Page, username: string, language: 'vi' | 'en'): Promise<void> {
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
    await dialog.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
    if (language === 'en') {
      await page.getByRole('button', { name: 'EN', exact: true }).first().click();
      await page.getByRole('button', { name: /^Account / }).waitFor();
    }
  }

  /**
   * Opens the sportsbook from the /sports lobby with the site's header put aside (the game page's
   * header toggle), so the game has the screen; the game's frame once its balance shows.
   */
  async function openSportsbook(page: Page, language: 'vi' | 'en'): Promise<Frame> {
    await page.goto(`${site.baseUrl}/sports`, { waitUntil: 'networkidle' });
    const card = page.locator('li.game-card[data-game="sportsbook"]');
    await card.waitFor();
    await card.locator('.game-card__launch').click();
    await page.waitForURL(/\/game\?/);
    const element = page.locator('iframe.game-page__frame');
    await element.waitFor();
    const frame = (await (await element.elementHandle())?.contentFrame()) as Frame;
    await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
    await page.getByRole('button', { name: language === 'vi' ? 'Ẩn thanh tiêu đề trang' : 'Hide the site header' }).click();
    return frame;
  }

  async function showTab(frame: Frame, view: 'live' | 'today' | 'early' | 'bets'): Promise<void> {
    await frame.click(`.tab[data-view="${view}"]`);
    await frame.waitForFunction((v) => document.getElementById('sportsbook')?.dataset.view === v, view);
    if (view !== 'bets') await frame.locator('#board .event, #board .empty').first().waitFor();
  }

  /** The first open price of the main market of the event rows given (by their place in the list). */
  async function pickMain(frame: Frame, rows: number[]): Promise<void> {
    const events = frame.locator('#board .event');
    await events.first().waitFor();
    const withPrices = frame.locator('#board .event:has(.market-mini .price:not([disabled]))');
    expect(await withPrices.count()).toBeGreaterThanOrEqual(Math.max(...rows) + 1);
    for (const row of rows) await withPrices.nth(row).locator('.market-mini').first().locator('.price:not([disabled])').first().click();
  }

  /** Places the slip as it stands as a single or a parlay, staking STAKE; the place call's answer. */
  async function placeSlip(
    page: Page,
    frame: Frame,
    kind: 'single' | 'parlay',
    isPhone: boolean,
  ): Promise<{ status: string; bet: BetView }> {
    if (isPhone) await frame.click('#slip-bar');
    await frame.locator('#slip-form').waitFor();
    await frame
      .locator('#slip-kinds .chip')
      .nth(kind === 'single' ? 0 : 1)
      .click();
    await frame.fill('#slip-stake', String(STAKE));
    // The server's quote for this stake is in: the total stake and the potential return are shown.
    await frame.waitForFunction((stake) => document.getElementById('slip-total')?.textContent?.replace(/\D/g, '') === String(stake), STAKE);
    const answer = page.waitForResponse((r: Response) => r.url().endsWith('/game/sportsbook/place'));
    await frame.click('#slip-place');
    const body = (await (await answer).json()) as { status: string; bet: BetView };
    await frame.waitForFunction(() => document.getElementById('slip-count')?.textContent === '0');
    return body;
  }

  const cases = [
    { size: VIEWPORTS[0], username: 'player01', language: 'vi' as const },
    { size: VIEWPORTS[1], username: 'player02', language: 'en' as const },
  ];

  for (const { size, username, language } of cases) {
    it(`places a single, a 3-leg parlay and an in-play bet, and is paid what the results call for (${size.name}, ${language})`, async () => {
      const isPhone = size.name === 'phone';
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const contexts = [context];
      try {
        const page = await context.newPage();
        const watch = await watchPage(page);
        await logIn(page, username, language);
        const before = await mainBalance(username);
        const frame = await openSportsbook(page, language);
        await screenshot(page, `sportsbook-open-${size.name}-${language}`);

        // A single and a 3-leg parlay on today's matches, before they start.
        await showTab(frame, 'today');
        await pickMain(frame, [0]);
        const single = await placeSlip(page, frame, 'single', isPhone);
        expect(single.status).toBe('OK');
        expect(single.bet).toMatchObject({ state: 'open', totalStake: STAKE, kind: { type: 'single' } });
        if (isPhone) await frame.click('#slip-close');
        await pickMain(frame, [1, 2, 3]);
        if (isPhone) await frame.click('#slip-bar');
        await screenshot(page, `sportsbook-parlay-slip-${size.name}-${language}`);
        if (isPhone) await frame.click('#slip-close');
        const parlay = await placeSlip(page, frame, 'parlay', isPhone);
        expect(parlay.status).toBe('OK');
        expect(parlay.bet.legs).toHaveLength(3);
        expect(new Set(parlay.bet.legs.map((l) => l.eventName)).size).toBe(3);
        if (isPhone) await frame.click('#slip-close');

        // In play: the bet waits out the delay, then the price is checked again; "any odds" keeps a
        // moved price from refusing it.
        await showTab(frame, 'live');
        await pickMain(frame, [0]);
        if (isPhone) await frame.click('#slip-bar');
        await frame.selectOption('#odds-policy', 'any');
        if (isPhone) await frame.click('#slip-close');
        const inPlay = await placeSlip(page, frame, 'single', isPhone);
        expect(inPlay.status).toBe('PENDING');
        expect(inPlay.bet.state).toBe('pending');
        await frame.locator('#slip-message.pending').waitFor();
        await screenshot(page, `sportsbook-in-play-pending-${size.name}-${language}`);
        clock.advance(IN_PLAY_DELAY_MS + 500);
        await book().tick();
        await frame.locator('#slip-message.ok').waitFor();
        expect(book().bet(inPlay.bet.id)?.state).toBe('open');
        const placed = [single.bet, parlay.bet, inPlay.bet];
        const staked = placed.reduce((sum, b) => sum + b.totalStake, 0);
        await expect.poll(() => mainBalance(username)).toBe(before - staked);

        // My bets: the three, open, each leg shown.
        await showTab(frame, 'bets');
        await frame.locator('#board .bet').nth(2).waitFor();
        expect(await frame.locator('#board .bet').count()).toBe(3);
        expect(await frame.locator('#board .bet-legs li').count()).toBe(5);
        await screenshot(page, `sportsbook-my-bets-open-${size.name}-${language}`);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);

        // A day on: the feed plays today's matches out and settles every market.
        clock.advance(DAY);
        await book().tick();
        await book().idle();
        const settled = placed.map((b) => book().bet(b.id));
        expect(settled.map((b) => b?.state)).toEqual(['settled', 'settled', 'settled']);

        // Back on the site the next day (a new visit, the login of yesterday is over): the bets as the page shows them, settled.
        const nextDay = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        contexts.push(nextDay);
        // The browser's calendar is the site's (the betting record's dates default to the last 7 days).
        await nextDay.clock.setFixedTime(clock.now());
        const again = await nextDay.newPage();
        const watchAgain = await watchPage(again);
        await logIn(again, username, language);
        const frameAgain = await openSportsbook(again, language);
        await showTab(frameAgain, 'bets');
        const settledAnswer = again.waitForResponse(async (r: Response) => {
          if (!r.url().endsWith('/game/sportsbook/bets')) return false;
          const body = (await r.json()) as { bets: BetView[] };
          return body.bets.some((b) => b.state === 'settled');
        });
        await frameAgain.locator('.bets-toggle .chip').nth(1).click();
        const views = ((await (await settledAnswer).json()) as { bets: BetView[] }).bets.filter((b) => placed.some((p) => p.id === b.id));
        expect(views).toHaveLength(3);
        await frameAgain.locator('#board .bet.state-settled').nth(2).waitFor();
        await screenshot(again, `sportsbook-my-bets-settled-${size.name}-${language}`);

        let returned = 0;
        for (const view of views) {
          expect(view.state).toBe('settled');
          expect(view.legs.every((l) => l.outcome !== undefined)).toBe(true);
          // The return the rules call for, the one the page shows, and the money that moved agree.
          expect(view.returned).toBe(expectedReturn(view));
          returned += view.returned ?? 0;
          const rounds = await site.database.db
            .selectFrom('bet_records')
            .select(['round_id', 'stake', 'payout', 'status', 'game_category', 'outcome'])
            .where('member_id', '=', await memberId(username))
            .where((eb) => eb.or([eb('round_id', '=', view.id), eb('round_id', 'like', `${view.id}-c%`)]))
            .execute();
          const own = rounds.find((r) => r.round_id === view.id);
          expect(own).toMatchObject({ stake: view.totalStake, status: 'settled', game_category: 'SPORTS' });
          expect(rounds.reduce((sum, r) => sum + Number(r.payout) - Number(r.stake), 0)).toBe((view.returned ?? 0) - view.totalStake);
          const outcome = own?.outcome as { kind: string; legs: { selection: string; odds: number; outcome?: string }[] };
          expect(outcome.kind).toBe('slip');
          expect(outcome.legs.map((l) => [l.selection, l.odds, l.outcome])).toEqual(
            view.legs.map((l) => [l.selectionName, l.odds, l.outcome]),
          );
        }
        await expect.poll(() => mainBalance(username)).toBe(before - staked + returned);
        await expect
          .poll(() => frameAgain.textContent('#balance'))
          .toBe((before - staked + returned).toLocaleString(language === 'vi' ? 'vi-VN' : 'en-GB'));

        // The betting record in the member centre: the parlay's three legs, each with its odds and result.
        const parlayView = views.find((v) => v.id === parlay.bet.id) as BetView;
        await again.goto(`${site.baseUrl}/index?mc=personalHistoryCopy`, { waitUntil: 'networkidle' });
        await again.getByRole('dialog', { name: language === 'vi' ? 'Trung tâm hội viên' : 'Member centre' }).waitFor();
        const row = again.locator(`tr[data-round="${parlay.bet.id}"]`);
        await row.waitFor();
        await row.getByRole('button', { name: language === 'vi' ? 'Chi tiết' : 'Details' }).click();
        for (const leg of parlayView.legs) {
          await again.getByText(`${leg.selectionName} @ ${(leg.odds / 1000).toFixed(2)}`, { exact: true }).waitFor();
        }
        expect(await again.locator('.rc-leg').count()).toBe(3);
        await screenshot(again, `sportsbook-record-${size.name}-${language}`);
        expect(await watchAgain.cspViolations()).toEqual([]);
        expect(watchAgain.consoleErrors).toEqual([]);
      } finally {
        for (const c of contexts) await c.close();
      }
    });
  }

  it('cashes out an open single from "my bets" at the value offered, paid into the balance and the betting record', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      await logIn(page, 'player04', 'vi');
      const before = await mainBalance('player04');
      const frame = await openSportsbook(page, 'vi');
      await showTab(frame, 'today');
      await pickMain(frame, [0]);
      const single = await placeSlip(page, frame, 'single', true);
      expect(single.status).toBe('OK');
      await frame.click('#slip-close');
      await showTab(frame, 'bets');
      const offer = frame.locator(`#board .bet[data-bet="${single.bet.id}"] .cashout`);
      // The first tap shows the offer to take, the second takes it.
      await offer.click();
      await frame.locator('#board .cashout.armed').waitFor();
      await screenshot(page, 'sportsbook-cash-out-phone-vi');
      const answer = page.waitForResponse((r: Response) => r.url().endsWith('/game/sportsbook/cashout'));
      await frame.locator('#board .cashout.armed').click();
      const body = (await (await answer).json()) as { status: string; paid: number; bet: BetView };
      expect(body.status).toBe('OK');
      expect(body.bet.state).toBe('cashed-out');
      expect(body.paid).toBeGreaterThan(0);
      // Before its match starts the offer is the stake at the placed price over the current one, less the margin: under the stake.
      expect(body.paid).toBeLessThan(STAKE);
      await frame.getByText(`Đã rút sớm: ${body.paid.toLocaleString('vi-VN')} đã vào số dư.`).waitFor();
      await expect.poll(() => mainBalance('player04')).toBe(before - STAKE + body.paid);
      const record = await site.database.db
        .selectFrom('bet_records')
        .select(['stake', 'payout', 'status'])
        .where('round_id', '=', single.bet.id)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ stake: STAKE, payout: body.paid, status: 'settled' });
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the e-sports brands under /esports, each opening the sportsbook with e-sports only under its name', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      await logIn(page, 'player03', 'en');
      await page.goto(`${site.baseUrl}/esports`, { waitUntil: 'networkidle' });
      await page.locator('li.game-card[data-game="sportsbook-av"]').waitFor();
      expect(await page.locator('li.game-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.game).sort())).toEqual([
        'sportsbook-ai',
        'sportsbook-av',
        'sportsbook-ia',
        'sportsbook-imes',
        'sportsbook-tf',
      ]);
      await page.locator('li.game-card[data-game="sportsbook-av"] .game-card__launch').click();
      await page.waitForURL(/\/game\?/);
      const element = page.locator('iframe.game-page__frame');
      await element.waitFor();
      const frame = (await (await element.elementHandle())?.contentFrame()) as Frame;
      await frame.locator('#sports .chip').nth(1).waitFor();
      expect(await frame.textContent('h1')).toContain('AV E-sports');
      const sports = await frame.locator('#sports .chip .name').allTextContents();
      // "All", then the e-sports titles only.
      expect(sports.slice(1)).toEqual(['League of Legends', 'Dota 2', 'Counter-Strike 2', 'Mobile Legends: Bang Bang', 'Valorant']);
      await screenshot(page, 'sportsbook-brand-av-desktop-en');
      // The odds format is the member's setting: Hong Kong odds are the decimal odds less the stake.
      const price = frame.locator('#board .price:not([disabled]) .odds').first();
      const decimal = Number(await price.textContent());
      expect(decimal).toBeGreaterThan(1);
      const settings = page.waitForResponse((r: Response) => r.url().endsWith('/game/sportsbook/settings'));
      await frame.click('#settings summary');
      await frame.selectOption('#odds-format', 'hongkong');
      expect(((await (await settings).json()) as { settings: { oddsFormat: string } }).settings.oddsFormat).toBe('hongkong');
      const hongKong = decimal - 1;
      expect(await price.textContent()).toBe(hongKong.toFixed(hongKong < 0.1 ? 3 : 2));
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets an operator enter a match and its 1X2 prices from the console on a phone, which the book then offers', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const admin = await context.newPage();
      const watch = await watchPage(admin);
      await signInToConsole(admin, site.baseUrl, 'risk01', clock.now);
      await admin.goto(`${site.baseUrl}/admin/sportsbook`, { waitUntil: 'networkidle' });
      await admin.getByTestId('risk-stops').waitFor();
      await admin.getByLabel('Đội nhà').fill('Hue Herons');
      await admin.getByLabel('Đội khách').fill('Da Nang Dragons');
      await admin.getByLabel('Giờ bắt đầu').fill('2030-01-02T19:30');
      await admin.getByRole('button', { name: 'Tạo trận' }).click();
      await admin.getByText('Đã xong: đã tạo trận Hue Herons – Da Nang Dragons.').waitFor();
      // The list is a page of 20, the worst case first: the new match is found by its name.
      await admin.getByLabel('Đội hoặc giải đấu').fill('hue herons');
      await admin.getByRole('button', { name: 'Lọc' }).click();
      const title = admin.getByRole('button', { name: 'Hue Herons – Da Nang Dragons' });
      await title.click();
      const card = admin.locator('.sb-event', { has: title });
      // Its start is shown as the operator typed it: a real time in the operator's clock, not the book's moved script time.
      const typed = await admin.evaluate(() =>
        new Intl.DateTimeFormat('vi-VN', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(2030, 0, 2, 19, 30)),
      );
      expect(await card.locator('.sb-event__head').textContent()).toContain(typed);
      await card.getByLabel('Chủ nhà', { exact: true }).fill('2');
      await card.getByLabel('Hòa', { exact: true }).fill('3,4');
      await card.getByLabel('Khách', { exact: true }).fill('4');
      await card.getByRole('button', { name: 'Mở kèo' }).click();
      await card.locator('.sb-market').first().waitFor();
      expect(await card.locator('.sb-market').first().textContent()).toContain('Hue Herons2.00');
      await screenshot(admin, 'console-sportsbook-390-vi');
      const event = Object.values(book().feed.events).find(
        (e) => e.fixture?.value.kind === 'match' && e.fixture.value.home === 'Hue Herons',
      );
      expect(event?.id).toMatch(/^op-/);
      const markets = book()
        .marketsOf(event?.id ?? '')
        .map((m) => book().market(m.id));
      expect(markets.map((m) => [m?.spec.type, m?.status, m?.prices])).toEqual([
        ['1x2', 'open', { home: 2_000, draw: 3_400, away: 4_000 }],
      ]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
