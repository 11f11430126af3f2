import { buildSeedChain, crashPointOf, payoutOf } from '@platform/games/crash/crash';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';
const PLAYERS = { phone: 'player01', desktop: 'player02' } as const;
const STAKE = 12_345;
const TARGET = 150;
const SALT = 'e2e-crash-salt';
const CHAIN = 40;
const RATE = 0.0006; // 1.50× after 0.68 s

/** A chain whose first rounds all reach 2.00×, so an auto cash-out at 1.50× is paid whichever round a page joins. */
function rootReaching(k: number, rounds: number): string {
  for (let i = 0; ; i++) {
    const root = `e2e-root-${i}`;
    const seeds = buildSeedChain(root, CHAIN);
    if (seeds.slice(1, rounds + 1).every((seed) => crashPointOf(seed, SALT) >= k)) return root;
  }
}

describe('crash on the house game server, launched from the lobby', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({
      houseGames: { bettingMs: 8_000, pauseMs: 500, ratePerMs: RATE, chainLength: CHAIN, rootSeed: rootReaching(200, 16), salt: SALT },
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
    it(`an auto cash-out pays exactly the target (${size.name})`, async () => {
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

        await page.goto(`${site.baseUrl}/games/crash`, { waitUntil: 'networkidle' });
        const card = page.locator('li.game-card[data-game="crash"]');
        await card.waitFor();
        expect(await page.locator('li.game-card').count()).toBe(1);
        await card.locator('.game-card__launch').click();
        await page.waitForURL(/\/game\?/);
        const frameElement = page.locator('iframe.game-page__frame');
        await frameElement.waitFor();
        const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
        const before = await mainBalance(username);

        await frame.waitForFunction(() => !(document.getElementById('bet-button') as HTMLButtonElement).disabled, null, {
          timeout: 30_000,
        });
        await frame.fill('#stake', String(STAKE));
        await frame.fill('#target', '1.50');
        await frame.click('#bet-button');
        await frame.waitForFunction(() => /1\.50×/.test(document.getElementById('message')?.textContent ?? ''));
        await frame.waitForFunction(() => document.querySelector('.multiplier.flying') !== null, null, { timeout: 30_000 });
        await screenshot(page, `crash-flying-${size.name}`);
        await frame.waitForFunction(() => /1\.50×: \+/.test(document.getElementById('message')?.textContent ?? ''), null, {
          timeout: 30_000,
        });
        const payout = payoutOf(STAKE, TARGET);
        expect(Number((await frame.textContent('#message'))?.split('+')[1]?.replace(/\D/g, ''))).toBe(payout);
        await frame.waitForFunction(() => document.querySelector('.multiplier.crashed') !== null, null, { timeout: 30_000 });
        await screenshot(page, `crash-crashed-${size.name}`);
        expect(await mainBalance(username)).toBe(before - STAKE + payout);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
