import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { insertGames, insertVendor } from '@platform/server/modules/games/games.repository';
import { resourcesSetting } from '@platform/server/modules/system/system.settings';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots of this suite go outside the repository. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/home-shell-shots';
const SUPPORT_EMAIL = 'support@lotus.example';
const JACKPOT_STEP = 16_511;

describe('home page, header vendor menus, right bar, footer and the rankings pages', () => {
  let site: SiteServer;
  let app: FastifyInstance;
  let browser: Browser;
  let baseUrl: string;
  /** The winning rounds played below: member, game, payout. */
  const wins: { username: string; gameCode: string; payout: number }[] = [];

  /** A signed call to the seamless wallet, as the demo vendor makes it. */
  async function vendorCall(call: 'debit' | 'credit', body: Record<string, unknown>): Promise<void> {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const res = await app.inject({
      method: 'POST',
      url: `/vendor-api/${DEMO_VENDOR_CODE}/${call}`,
      headers: {
        'content-type': 'application/json',
        [VENDOR_TIMESTAMP_HEADER]: timestamp,
        [VENDOR_SIGNATURE_HEADER]: signVendorBody(DEV_DEMO_VENDOR_SECRET, timestamp, raw),
      },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    site = await startSiteServer();
    ({ app, baseUrl } = site);
    const { db } = site.database;
    const merchant = await db
      .selectFrom('merchants')
      .select(['id', 'currency'])
      .where('id', '=', site.merchantId)
      .executeTakeFirstOrThrow();
    await app.services.settings.set(
      merchant.id,
      resourcesSetting,
      [
        { resourceType: 'EMAIL', url: `mailto:${SUPPORT_EMAIL}`, qrCodeUrl: '', labelNameEn: 'Email' },
        { resourceType: 'TELEGRAM', url: 'https://t.me/lotus_support', qrCodeUrl: '', labelNameEn: 'Telegram' },
      ],
      'test',
    );
    // Nine fishing vendors with a game each: their menu is not centred and scrolls with arrows.
    for (let i = 1; i <= 9; i += 1) {
      const code = `FISH${i}`;
      const id = await insertVendor(db, {
        merchantId: merchant.id,
        code,
        displayName: `Ocean Studio ${i}`,
        categories: ['FISH'],
        walletStyle: 'seamless',
        launchUrl: 'https://vendor.example/launch/{game}',
        sort: 100 + i,
      });
      await insertGames(db, { merchantId: merchant.id, id, code }, [
        {
          code: `reef-${i}`,
          category: 'FISH',
          classify: ['fish'],
          name: { vi: `Rạn San Hô ${i}`, en: `Reef ${i}` },
          searchName: `reef ${i}`,
          imageUrl: '',
          isHot: false,
          minBetCents: 1,
          minLines: 1,
          isTrialSupported: false,
          sort: 0,
        },
      ]);
    }
    // Three demo players deposit, then play rounds of the demo vendor's games through the real
    // seamless wallet: two of them win, so the winner board and both rankings have rows.
    const plays = [
      { username: 'player01', deposit: 3_000_000, stake: 50_000, win: 400_000, gameCode: 'lucky-sevens' },
      { username: 'player02', deposit: 2_000_000, stake: 80_000, win: 150_000, gameCode: 'dragon-dice' },
      { username: 'player03', deposit: 1_000_000, stake: 20_000, win: 0, gameCode: 'lucky-sevens' },
    ];
    for (const play of plays) {
      const member = await db.selectFrom('members').select('id').where('username', '=', play.username).executeTakeFirstOrThrow();
      const accounts = await app.services.ledger.ensureMemberAccounts({
        merchantId: merchant.id,
        memberId: member.id,
        currency: merchant.currency,
      });
      const clearing = await app.services.ledger.ensureSystemAccount({
        merchantId: merchant.id,
        kind: 'payment_clearing',
        currency: merchant.currency,
      });
      const main = accounts.player_main;
      if (!main) throw new Error('no main wallet');
      await app.services.ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main.id,
        amount: play.deposit,
        code: 'deposit',
        idempotencyKey: `home-shell-deposit:${randomBytes(6).toString('hex')}`,
      });
      const session = await app.services.gameSessions.issue({
        memberId: member.id,
        merchantId: merchant.id,
        currency: merchant.currency,
        vendorCode: DEMO_VENDOR_CODE,
        gameCode: play.gameCode,
        gameCategory: 'RNG',
        isTrial: false,
      });
      const roundId = `round-${randomBytes(6).toString('hex')}`;
      const tx = () => `tx-${randomBytes(6).toString('hex')}`;
      await vendorCall('debit', { token: session.token, transactionId: tx(), roundId, gameCode: play.gameCode, amount: play.stake });
      await vendorCall('credit', { token: session.token, transactionId: tx(), roundId, gameCode: play.gameCode, amount: play.win });
      if (play.win > 0) wins.push({ username: play.username, gameCode: play.gameCode, payout: play.win });
    }
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext(options);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });

  it('keeps the open right bar clear of the page content at 1024, 1280 and 1366 px, folded at 390 px', async () => {
    for (const width of [1024, 1280, 1366, 390]) {
      await withPage({ viewport: { width, height: 768 } }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const list = page.locator('.right-bar__list');
        if (width < 768) {
          // Phones start with the bar folded to its tab.
          await list.waitFor({ state: 'hidden' });
          return;
        }
        await list.waitFor();
        const { contentEnd, barStart } = await page.evaluate(() => {
          const main = document.querySelector('#main') as HTMLElement;
          const bar = document.querySelector('.right-bar__list') as HTMLElement;
          const box = main.getBoundingClientRect();
          return {
            contentEnd: box.right - Number.parseFloat(getComputedStyle(main).paddingRight),
            barStart: bar.getBoundingClientRect().left,
          };
        });
        expect(contentEnd, `content end at ${width}px`).toBeLessThanOrEqual(barStart);
        await page.screenshot({ path: `${SHOTS_DIR}/right-bar-clear-${width}.png` });
        // Folded, the page takes its usual padding back.
        await page.getByRole('button', { name: 'Ẩn liên kết nhanh' }).click();
        await list.waitFor({ state: 'hidden' });
        const padding = await page.evaluate(() => getComputedStyle(document.querySelector('#main') as HTMLElement).paddingRight);
        expect(padding).toBe('24px');
      });
    }
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const isPhone = viewport.name === 'phone';

    it(`grows the jackpot, lists the real wins (again after a language change) and asks a visitor to log in for a hot game, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const jackpot = page.locator('.jackpot__value');
        await jackpot.waitFor();
        const first = Number(await jackpot.getAttribute('data-value'));
        expect(first).toBeGreaterThan(0);
        // Whole đồng with the currency sign.
        expect(await jackpot.innerText()).toMatch(/^[\d.]+\s₫$/u);
        // The counter moves on each tick of the server's rule: wait for the next tick, not for a time.
        await page.waitForFunction((start) => Number(document.querySelector('.jackpot__value')?.getAttribute('data-value')) > start, first);
        const second = Number(await jackpot.getAttribute('data-value'));
        expect(second - first).toBeGreaterThanOrEqual(JACKPOT_STEP);
        expect((second - first) % JACKPOT_STEP).toBe(0);

        const rows = page.locator('.winners__row');
        await rows.first().waitFor();
        expect(await rows.count()).toBe(wins.length);
        // Biggest win first; names masked; game names in Vietnamese.
        await expect(rows.nth(0).locator('.winners__name').innerText()).resolves.toBe('pl***01');
        await expect(rows.nth(0).locator('.winners__game-name').innerText()).resolves.toBe('Bảy May Mắn');
        await expect(rows.nth(1).locator('.winners__name').innerText()).resolves.toBe('pl***02');
        await expect(rows.nth(0).locator('.winners__amount').innerText()).resolves.toMatch(/400\.000/);
        await shot(page, `home-vi-${viewport.name}`);

        const rankCalls: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('GCSGAME_getRankList')) rankCalls.push(request.url());
        });
        await page.getByRole('button', { name: 'EN', exact: true }).click();
        await page.getByRole('heading', { name: 'Winner board' }).waitFor();
        await page.locator('.winners__game-name', { hasText: 'Lucky Sevens' }).first().waitFor();
        expect(rankCalls.some((url) => url.includes('language=en'))).toBe(true);

        // A visitor who picks a hot game is asked to log in.
        const card = page.locator('.hot__card').first();
        await card.scrollIntoViewIfNeeded();
        await card.click();
        await page.getByRole('dialog', { name: 'Log in' }).waitFor();
        await page.keyboard.press('Escape');
        await shot(page, `home-en-${viewport.name}`);
      });
    });

    it(`opens a category's vendor menu, by pointer and by keyboard, and follows a vendor link, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        if (isPhone) await page.getByRole('button', { name: 'Mở danh mục' }).click();
        const toggle = page.getByRole('button', { name: 'Xem các nhà cung cấp Nổ hũ' });
        await toggle.waitFor();
        const menuId = await toggle.getAttribute('aria-controls');
        const menu = page.locator(`[id="${menuId}"]`);
        expect(await menu.isVisible()).toBe(false);
        await toggle.click();
        await menu.waitFor();
        const links = menu.locator('.vendor-menu__link');
        // The demo's RNG vendors, then "More" to the category page.
        expect(await links.count()).toBeGreaterThanOrEqual(2);
        await expect(links.last().getAttribute('href')).resolves.toBe('/rng');
        await shot(page, `vendor-menu-${viewport.name}`);

        // Keyboard: Escape closes and returns to the toggle; ArrowDown opens and enters the list.
        await links.first().focus();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        await page.waitForFunction((id) => document.activeElement?.getAttribute('aria-controls') === id, menuId);
        await page.keyboard.press('ArrowDown');
        await menu.waitFor();
        await page.waitForFunction(() => document.activeElement?.classList.contains('vendor-menu__link'));
        await page.keyboard.press('ArrowDown');
        const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
        expect(focused).toMatch(/^\/games\/rng\/vassalage\/|^\/rng$/);
        await page.keyboard.press('Home');
        const firstHref = await page.evaluate(() => document.activeElement?.getAttribute('href'));
        expect(firstHref).toMatch(/^\/games\/rng\/vassalage\/DEMO/);
        expect(await menu.getAttribute('class')).toContain('vendor-menu--centred');
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/games\/rng\/vassalage\/DEMO/);
        // The vendor's own list: its chip is chosen and every game shown is the vendor's.
        const chosen = page.locator('.vendor-chip[aria-pressed="true"]');
        await chosen.waitFor();
        // The chip's name (its drawn logo beside it carries the initials).
        const vendorName = (await chosen.locator('span').last().innerText()).trim();
        expect(vendorName).not.toBe('');
        await page.locator('.game-card__vendor').first().waitFor();
        const shownVendors = new Set(await page.locator('.game-card__vendor').allInnerTexts());
        expect([...shownVendors]).toEqual([vendorName]);

        // Ten vendors (the nine added and the house's fishing): all listed with "More", not centred; on the desktop bar the strip scrolls with arrows.
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        if (isPhone) await page.getByRole('button', { name: 'Mở danh mục' }).click();
        const fishToggle = page.getByRole('button', { name: 'Xem các nhà cung cấp Bắn cá' });
        await fishToggle.click();
        const fishMenu = page.locator(`[id="${await fishToggle.getAttribute('aria-controls')}"]`);
        await fishMenu.waitFor();
        expect(await fishMenu.locator('.vendor-menu__link').count()).toBe(11);
        expect(await fishMenu.getAttribute('class')).toContain('vendor-menu--wide');
        if (!isPhone) {
          const strip = fishMenu.locator('.vendor-menu__list');
          expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
          await fishMenu.getByRole('button', { name: 'Nhà cung cấp tiếp' }).click();
          await page.waitForFunction(
            (id) => (document.getElementById(id ?? '')?.querySelector('.vendor-menu__list')?.scrollLeft ?? 0) > 0,
            await fishToggle.getAttribute('aria-controls'),
          );
        }
        await page.screenshot({ path: `${SHOTS_DIR}/vendor-menu-wide-${viewport.name}.png` });
      });
    });

    it(`shows the right bar with the operator's links and copies the email, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const bar = page.getByRole('complementary', { name: 'Liên kết nhanh' });
        if (isPhone) {
          // Folded on phones until opened.
          await bar.getByRole('button', { name: 'Hiện liên kết nhanh' }).click();
        }
        await bar.getByRole('link', { name: 'Trung tâm trợ giúp' }).waitFor();
        await expect(bar.getByRole('link', { name: 'Telegram' }).getAttribute('href')).resolves.toBe('https://t.me/lotus_support');
        // No Facebook or Signal resource: no entries for them.
        expect(await bar.getByRole('link', { name: 'Facebook' }).count()).toBe(0);
        expect(await bar.getByRole('link', { name: 'Signal' }).count()).toBe(0);
        // Visitors have no platform messages.
        expect(await bar.getByRole('button', { name: 'Tin nhắn hệ thống' }).count()).toBe(0);
        // No speed-test page of the operator: the site's own speed test times this line.
        await bar.getByRole('button', { name: 'Kiểm tra tốc độ' }).click();
        const speed = page.getByRole('dialog', { name: 'Kiểm tra tốc độ đường truyền' });
        await speed.getByText('Nhanh nhất').waitFor();
        const line = speed.locator(`tr[data-line="${baseUrl}"]`);
        expect(Number(await line.getAttribute('data-latency'))).toBeGreaterThan(0);
        const lineText = (await line.textContent()) ?? '';
        expect(lineText).toMatch(/\d+ ms/);
        expect(lineText).toMatch(/[\d.,]+ Mbps/);
        expect(lineText).toContain('Đang dùng');
        await shot(page, `speed-test-${viewport.name}`);
        await speed.getByRole('button', { name: 'Đóng' }).click();
        await speed.waitFor({ state: 'detached' });
        await bar.getByRole('button', { name: `Sao chép địa chỉ email ${SUPPORT_EMAIL}` }).click();
        await bar.getByRole('status').filter({ hasText: 'Đã sao chép' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUPPORT_EMAIL);
        await shot(page, `right-bar-${viewport.name}`);
        await bar.getByRole('button', { name: 'Ẩn liên kết nhanh' }).click();
        await bar.locator('.right-bar__list').waitFor({ state: 'hidden' });
        // The footer carries the spec's links and the vendor slider.
        const footer = page.locator('footer');
        await footer.getByRole('link', { name: 'Chính sách hoàn tiền' }).waitFor();
        expect(await footer.locator('.footer-vendors__slide').count()).toBeGreaterThanOrEqual(2);
      });
    });

    it(`lists the top depositors and the top valid bets, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/deposit-rank`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Bảng xếp hạng nạp tiền', level: 1 }).or(page.locator('h1.page__title')).first().waitFor();
        const rows = page.locator('.ranking__row');
        await rows.first().waitFor();
        const deposits = await rows.evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
        );
        expect(deposits.length).toBeGreaterThanOrEqual(3);
        expect(deposits.length).toBeLessThanOrEqual(20);
        expect(deposits[0]?.[0]).toBe('1');
        expect(deposits.map((r) => r[1])).toEqual(expect.arrayContaining(['pl***01', 'pl***02', 'pl***03']));
        await shot(page, `deposit-rank-${viewport.name}`);

        await page.goto(`${baseUrl}/bet-rank`, { waitUntil: 'networkidle' });
        await rows.first().waitFor();
        const bets = await rows.evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
        );
        // Valid bets: the stakes of settled rounds that carried risk (80 000, 50 000, 20 000).
        expect(bets.map((r) => r[1])).toEqual(['pl***02', 'pl***01', 'pl***03']);
        await page.getByRole('button', { name: 'Hôm nay' }).click();
        await page.getByRole('button', { name: 'Hôm nay', pressed: true }).waitFor();
        await rows.first().waitFor();
        expect(await rows.count()).toBe(3);
        await shot(page, `bet-rank-${viewport.name}`);
      });
    });
  }
});
