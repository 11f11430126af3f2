import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const STAKE = 10_000;
const GAMES = [
  ['mines', 'MINIGAMES'],
  ['dice', 'MINIGAMES'],
  ['hi-lo', 'MINIGAMES'],
  ['plinko', 'ARCADE'],
  ['video-poker', 'ARCADE'],
  ['blackjack', 'TABLE'],
] as const;

describe('the single-player house games (mines, dice, hi-lo, plinko, video poker, blackjack)', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({ houseGames: { bettingMs: 600_000, pauseMs: 60_000 } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function memberOf(username: string) {
    return site.database.db.selectFrom('members').select(['id', 'merchant_id']).where('username', '=', username).executeTakeFirstOrThrow();
  }

  async function mainBalance(username: string): Promise<number> {
    const member = await memberOf(username);
    return (await site.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main;
  }

  for (const size of VIEWPORTS) {
    it(`mines launched from the MINIGAMES lobby: one round, paid what its bet record says (${size.name})`, async () => {
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

        await page.goto(`${site.baseUrl}/games/minigames`, { waitUntil: 'networkidle' });
        const card = page.locator('li.game-card[data-game="mines"]');
        await card.waitFor();
        expect(await page.locator('li.game-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.game).sort())).toEqual(
          ['dice', 'hi-lo', 'mines'],
        );
        await card.locator('.game-card__launch').click();
        await page.waitForURL(/\/game\?/);
        const frameElement = page.locator('iframe.game-page__frame');
        await frameElement.waitFor();
        const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
        const before = await mainBalance(username);

        await frame.fill('#stake', String(STAKE));
        await frame.selectOption('#mines-count', '3');
        await frame.click('#play-button');
        await frame.locator('.mines-grid .cell:not([disabled])').first().waitFor();
        await frame.locator('.mines-grid .cell').nth(12).click();
        // Safe: cash out; a mine: the round is over.
        await frame.waitForFunction(
          () => document.querySelector('.cash') !== null || /\S/.test(document.getElementById('message')?.textContent ?? ''),
        );
        if (await frame.locator('.cash').count()) await frame.click('.cash');
        await frame.waitForFunction(() => /\S/.test(document.getElementById('message')?.textContent ?? ''));
        await screenshot(page, `solo-mines-lobby-${size.name}`);

        const member = await memberOf(username);
        const record = await site.database.db
          .selectFrom('bet_records')
          .select(['stake', 'payout', 'status', 'game_category'])
          .where('member_id', '=', member.id)
          .where('game_code', '=', 'mines')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(record).toMatchObject({ stake: STAKE, status: 'settled', game_category: 'MINIGAMES' });
        expect(await mainBalance(username)).toBe(before - STAKE + Number(record.payout));
        // The mines are shown once the round is over.
        expect(await frame.locator('.mines-grid .cell.mine, .mines-grid .cell.boom').count()).toBe(3);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('draws and plays every game at 390 and 1366 px, in Vietnamese and English, with no CSP violation', async () => {
    const member = await memberOf('player03');
    for (const [gameCode, category] of GAMES) {
      for (const language of ['vi', 'en'] as const) {
        for (const size of VIEWPORTS) {
          const issued = await site.app.services.gameSessions.issue({
            memberId: member.id,
            merchantId: member.merchant_id,
            currency: 'VND',
            vendorCode: 'HOUSE',
            gameCode,
            gameCategory: category,
            isTrial: false,
          });
          const url = await site.app.services.vendorWallet.buildLaunchUrl({
            vendorCode: 'HOUSE',
            gameCode,
            token: issued.token,
            language,
            username: 'player03',
            currency: 'VND',
            returnUrl: `${site.baseUrl}/`,
            isTrial: false,
          });
          const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
          const page = await context.newPage();
          const watch = await watchPage(page);
          try {
            await page.goto(url, { waitUntil: 'networkidle' });
            await page.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
            await page.fill('#stake', String(STAKE));
            // A round already open (an earlier pass left it in play) is shown; else start one.
            if (await page.locator('#play-button:not([disabled])').count()) await page.click('#play-button');
            await page.waitForFunction(() => document.getElementById('commitment')?.textContent !== '');
            // One move where the game asks for one.
            const idle = () => page.waitForFunction(() => !document.getElementById('solo')?.hasAttribute('data-busy'));
            await idle();
            if (gameCode === 'mines') await page.locator('.mines-grid .cell:not([disabled])').first().click();
            if (gameCode === 'video-poker') {
              await page.locator('.slot-card:not([disabled])').first().click();
              await page.locator('.slot-card.held').first().waitFor();
            }
            await idle();
            await screenshot(page, `solo-${gameCode}-${language}-${size.name}`);
            // Finish the round so the next pass starts a new one.
            for (let i = 0; i < 12; i++) {
              const next = page.locator('.moves button.cash, .moves button.primary, .moves button.choice').last();
              if (!(await next.count())) break;
              await next.click();
              await idle();
            }
            expect(await watch.cspViolations()).toEqual([]);
            expect(watch.consoleErrors).toEqual([]);
            // The round's proof, from the link on it: the revealed seed matches its commitment.
            if (size.name === 'desktop') {
              await page.locator('#history li a').first().waitFor();
              const proof = (await page.locator('#history li a').first().getAttribute('href')) as string;
              await page.goto(new URL(proof, page.url()).toString(), { waitUntil: 'networkidle' });
              await page.waitForFunction(() => /\S/.test(document.getElementById('verify-result')?.textContent ?? ''));
              expect(await page.locator('#verify-result').getAttribute('class')).toBe('ok');
              await screenshot(page, `solo-${gameCode}-verify-${language}`);
              expect(await watch.cspViolations()).toEqual([]);
              expect(watch.consoleErrors).toEqual([]);
            }
          } finally {
            await context.close();
          }
        }
      }
    }
  });
});
