import type { Browser, Frame, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { settledBetRecords } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

// The house's fishing game from /fish (docs/games.md "Fishing"): shots go to the game server, which
// decides hits and kills; each second of shooting is one debit and one credit; the balance and the
// betting record (shots, hits, fish caught) agree with what the server answered to each shot.
const PLAYER_PASSWORD = 'Player2026';
type ShotAnswer = { status: string; batchId: string; shot: { stake: number; win: number; hits: { killed: boolean }[] } };

describe('fishing from /fish in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({ houseGames: { bettingMs: 600_000 } });
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

  for (const size of VIEWPORTS) {
    it(`a player opens fishing from /fish, shoots, and sees the balance and the betting record with shots, hits and catches (${size.name})`, async () => {
      const username = size.name === 'phone' ? 'player01' : 'player02';
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      try {
        const page = await context.newPage();
        const watch = await watchPage(page);
        await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
        const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
        await dialog.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await dialog.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
        await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
        await page.goto(`${site.baseUrl}/fish`, { waitUntil: 'networkidle' });
        const card = page.locator('li.game-card[data-game="fishing"]');
        await card.waitFor();
        await screenshot(page, `fishing-lobby-${size.name}`);
        const before = await mainBalance(username);
        await card.locator('.game-card__launch').click();
        await page.waitForURL(/\/game\?/);
        const element = page.locator('iframe.game-page__frame');
        await element.waitFor();
        const frame = (await (await element.elementHandle())?.contentFrame()) as Frame;
        await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
        await frame.waitForFunction(() => /#\d+/.test(document.getElementById('wave-no')?.textContent ?? ''), null, { timeout: 20_000 });

        // Auto-fire aims at the biggest fish in the sea; every shot's answer is kept.
        const answers: ShotAnswer[] = [];
        const pendingAnswers: Promise<void>[] = [];
        let requested = 0;
        const onRequest = (request: { url: () => string }) => {
          if (request.url().endsWith('/game/fishing/shoot')) requested += 1;
        };
        page.on('request', onRequest);
        const onResponse = (response: Response) => {
          if (!response.url().endsWith('/game/fishing/shoot')) return;
          pendingAnswers.push(
            response
              .json()
              .then((body: ShotAnswer) => {
                answers.push(body);
              })
              // The page closed under a test that failed: nothing more to count.
              .catch(() => undefined),
          );
        };
        page.on('response', onResponse);
        await frame.check('#auto-fire');
        await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
        // The sea redraws every frame and fires four times a second: on a busy machine the click waits.
        await frame.uncheck('#auto-fire', { timeout: 60_000 });
        await screenshot(page, `fishing-shooting-${size.name}`);
        // The shots in flight when auto-fire stopped are answered too.
        await expect.poll(() => pendingAnswers.length === requested, { timeout: 10_000 }).toBe(true);
        await Promise.all(pendingAnswers);
        page.off('request', onRequest);
        page.off('response', onResponse);
        expect(answers.every((a) => a.status === 'OK')).toBe(true);
        const stake = answers.reduce((s, a) => s + a.shot.stake, 0);
        const win = answers.reduce((s, a) => s + a.shot.win, 0);
        const hits = answers.reduce((s, a) => s + a.shot.hits.length, 0);
        const kills = answers.reduce((s, a) => s + a.shot.hits.filter((h) => h.killed).length, 0);
        const batches = new Set(answers.map((a) => a.batchId));

        // One debit and one credit per batch: the balance moves by the wins less the stakes.
        await expect.poll(() => mainBalance(username), { timeout: 15_000 }).toBe(before - stake + win);
        await expect.poll(() => frame.textContent('#balance'), { timeout: 15_000 }).toBe((before - stake + win).toLocaleString('vi-VN'));
        // Only this try's batches count, so a retried test does not meet the first try's records.
        const records = await settledBetRecords(
          async () =>
            site.database.db
              .selectFrom('bet_records')
              .select(['round_id', 'status', 'stake', 'payout', 'game_category', 'outcome'])
              .where('member_id', '=', await memberId(username))
              .where('game_code', '=', 'fishing')
              .where('round_id', 'in', [...batches])
              .execute(),
          batches.size,
        );
        expect(records).toHaveLength(batches.size);
        expect(records.every((r) => r.status === 'settled' && r.game_category === 'FISH')).toBe(true);
        expect(records.reduce((s, r) => s + Number(r.stake), 0)).toBe(stake);
        expect(records.reduce((s, r) => s + Number(r.payout), 0)).toBe(win);
        const outcomes = records.map((r) => r.outcome as { kind: string; shots: number; hits: number; kills: unknown[] });
        expect(outcomes.every((o) => o.kind === 'fishing')).toBe(true);
        expect(outcomes.reduce((s, o) => s + o.shots, 0)).toBe(answers.length);
        expect(outcomes.reduce((s, o) => s + o.hits, 0)).toBe(hits);
        expect(outcomes.reduce((s, o) => s + o.kills.length, 0)).toBe(kills);

        // The betting record in the member centre shows a batch's shots, hits and catches.
        const first = records[0] as (typeof records)[number];
        const shown = first.outcome as { shots: number; hits: number; kills: unknown[] };
        await page.goto(`${site.baseUrl}/index?mc=personalHistoryCopy`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog', { name: 'Trung tâm hội viên' }).waitFor();
        const row = page.locator(`tr[data-round="${first.round_id}"]`);
        await row.waitFor();
        await row.getByRole('button', { name: 'Chi tiết' }).click();
        await page
          .getByText(`${shown.shots} phát bắn, ${shown.hits} lần trúng, bắt được ${shown.kills.length} con cá`, { exact: true })
          .waitFor();
        await screenshot(page as Page, `fishing-record-${size.name}`);
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
