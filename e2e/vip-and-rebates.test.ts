import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localDateOf } from '@platform/server/lib/time-zone';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'vip-and-rebates-shots');
const PLAYER = { username: 'player01', password: 'Player2026' };
const DAY_MS = 86_400_000;

const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

describe('VIP levels and rebates in the browser', () => {
  let site: SiteServer;
  let browser: Browser;
  let memberId = 0;
  let password = PLAYER.password;

  beforeAll(async () => {
    // E2E_SITE_PORT pins the port on a shared machine; a free one otherwise.
    site = await startSiteServer(process.env.E2E_SITE_PORT ? { port: Number(process.env.E2E_SITE_PORT) } : {});
    const db = site.database.db;
    const member = await db
      .selectFrom('members')
      .select(['id', 'merchant_id', 'currency'])
      .where('username', '=', PLAYER.username)
      .executeTakeFirstOrThrow();
    memberId = Number(member.id);
    const merchantId = Number(member.merchant_id);
    const currency = member.currency.trim();
    // The demo accounts have not logged in yet; this test is about VIP levels, so player01 has.
    await db
      .insertInto('member_security')
      .values({
        member_id: memberId,
        login_count: 1,
        last_login_at: new Date(),
        password_changed_at: new Date(),
        must_change_password: false,
      })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ login_count: 1, password_changed_at: new Date(), must_change_password: false }),
      )
      .execute();

    // Yesterday player01 deposited 2,000,000 and played 8,000,000 on slots and 3,000,000 on live casino;
    // today 1,000,000 more on live casino.
    const services = site.app.services;
    const yesterdayAt = new Date(Date.now() - DAY_MS);
    const accounts = await services.ledger.ensureMemberAccounts({ merchantId, memberId, currency, kinds: ['player_main'] });
    const clearing = await services.ledger.ensureSystemAccount({ merchantId, kind: 'payment_clearing', currency });
    await db.transaction().execute((trx) =>
      services.ledger.importTransfers(
        [
          {
            fromAccountId: clearing.id,
            toAccountId: accounts.player_main!.id,
            amount: 2_000_000,
            code: 'deposit',
            idempotencyKey: 'e2e:vip:deposit',
            at: yesterdayAt,
          },
        ],
        trx,
      ),
    );
    const round = (category: string, stake: number, at: Date, n: number) => ({
      merchant_id: merchantId,
      member_id: memberId,
      username: PLAYER.username,
      vendor_code: 'DEMO',
      game_code: 'dice',
      game_category: category,
      round_id: `e2e-vip-${n}`,
      currency,
      status: 'settled' as const,
      stake,
      payout: 0,
      valid_bet: stake,
      win_loss: -stake,
      bet_count: 1,
      opened_at: at,
      settled_at: at,
      updated_at: at,
    });
    await db
      .insertInto('bet_records')
      .values([round('RNG', 8_000_000, yesterdayAt, 1), round('LIVE', 3_000_000, yesterdayAt, 2), round('LIVE', 1_000_000, new Date(), 3)])
      .execute();
    await services.dailyStats.refresh();
    const timeZone = await services.records.timeZoneOf(merchantId);
    const yesterday = localDateOf(yesterdayAt, timeZone);
    // What the hourly jobs do after midnight: the level first, then the day's rebates.
    const evaluated = await services.vip.levels.evaluateDay(merchantId, yesterday);
    expect(evaluated).toMatchObject({ upgraded: 1, bonusesPaid: 1 });
    const settled = await services.vip.rebates.settlePeriod(merchantId, 'D', yesterday);
    expect(settled).toMatchObject({ written: 2 });
    // Cashback for VIP1: 5 % of a day's net loss from 1,000,000, at most 200,000 (yesterday's loss: 11,000,000).
    await services.vip.cashback.setRules(
      { adminId: 0, merchantId, ip: null },
      { rules: [{ vipLevel: 1, period: 'D', ratePpm: 50_000, minLoss: 1_000_000, maxAmount: 200_000 }] },
    );
    expect(await services.vip.cashback.settlePeriod(merchantId, 'D', yesterday)).toMatchObject({ written: 1, paidAmount: 200_000 });
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function logIn(page: Page, language: 'vi' | 'en'): Promise<void> {
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const words =
      language === 'vi'
        ? {
            title: 'Đăng nhập',
            user: 'Tên đăng nhập',
            pass: 'Mật khẩu',
            change: 'Đổi mật khẩu',
            current: 'Mật khẩu hiện tại',
            next: 'Mật khẩu mới',
            confirm: 'Xác nhận mật khẩu mới',
          }
        : {
            title: 'Log in',
            user: 'Username',
            pass: 'Password',
            change: 'Change password',
            current: 'Current password',
            next: 'New password',
            confirm: 'Confirm new password',
          };
    const login = page.getByRole('dialog', { name: words.title });
    await login.getByLabel(words.user, { exact: true }).fill(PLAYER.username);
    await login.getByLabel(words.pass, { exact: true }).fill(password);
    await login.getByRole('button', { name: words.title, exact: true }).click();
    const change = page.getByRole('dialog', { name: words.change });
    const avatar = page.getByRole('button', { name: language === 'vi' ? 'Tài khoản Player One' : 'Account Player One' });
    await change.or(avatar).first().waitFor();
    if (await change.isVisible()) {
      const next = 'PlayerVip2026';
      await change.getByLabel(words.current, { exact: true }).fill(password);
      await change.getByLabel(words.next, { exact: true }).fill(next);
      await change.getByLabel(words.confirm, { exact: true }).fill(next);
      await change.getByRole('button', { name: words.change, exact: true }).click();
      await change.waitFor({ state: 'hidden' });
      password = next;
      await logIn(page, language);
      return;
    }
    await avatar.waitFor();
  }

  async function withPage(
    width: number,
    height: number,
    language: 'vi' | 'en',
    theme: 'light' | 'dark',
    run: (page: Page) => Promise<void>,
  ) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript(
      ([lang, th]) => {
        window.localStorage.setItem('lang', lang as string);
        window.localStorage.setItem('theme', th as string);
      },
      [language, theme],
    );
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await logIn(page, language);
      await run(page);
      expect(watch.consoleErrors).toEqual([]);
      expect(await watch.cspViolations()).toEqual([]);
    } finally {
      await context.close();
    }
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });

  it('player01 sees its VIP upgrade, its rebate records and claims the accrued rebate on a phone, in Vietnamese', async () => {
    await withPage(390, 844, 'vi', 'light', async (page) => {
      await page.goto(`${site.baseUrl}/index?mc=playerRank`, { waitUntil: 'networkidle' });
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      const current = centre.getByTestId('vip-current');
      await current.waitFor();
      expect(compact(await current.textContent())).toContain('ĐồngVIP1');
      expect(await centre.getByTestId('vip-next').getByRole('progressbar').count()).toBe(2);
      await shot(page, 'player-rank-vi-light-390');

      await page.goto(`${site.baseUrl}/index?mc=bonusDetails`, { waitUntil: 'networkidle' });
      const records = centre.getByTestId('rebate-records');
      await records.waitFor();
      expect(await records.getByRole('row').count()).toBe(3);
      await shot(page, 'bonus-details-vi-light-390');

      await page.goto(`${site.baseUrl}/index?mc=manualRebate`, { waitUntil: 'networkidle' });
      const claim = centre.getByTestId('rebate-claim');
      await claim.waitFor();
      // 0.4 % of 3,000,000 on live casino at VIP1.
      expect(compact(await claim.textContent())).toContain('12.000');
      await centre.getByTestId('rebate-running').waitFor();
      await shot(page, 'manual-rebate-vi-light-390');
      await centre.getByRole('button', { name: 'Nhận ngay' }).click();
      const result = centre.getByRole('status').filter({ hasText: 'ví chính' });
      await result.waitFor();
      expect(compact(await result.textContent())).toContain('12.000');
      await shot(page, 'manual-rebate-claimed-vi-light-390');
    });
    // 2,000,000 deposited + 50,000 (VIP1's upgrade bonus) + 40,000 (0.5 % of slots, paid) + 12,000 (claimed)
    // + 200,000 (the day's cashback, capped).
    const balances = await site.app.services.ledger.memberBalances({ memberId, currency: 'VND' });
    expect(balances.main).toBe(2_302_000);
  });

  it('the three pages in English, dark, on a desktop', async () => {
    await withPage(1366, 768, 'en', 'dark', async (page) => {
      const centre = page.getByRole('dialog', { name: 'Member centre' });
      await page.goto(`${site.baseUrl}/index?mc=playerRank`, { waitUntil: 'networkidle' });
      await centre.getByTestId('vip-ladder').waitFor();
      expect(compact(await centre.getByTestId('vip-current').textContent())).toContain('BronzeVIP1');
      await shot(page, 'player-rank-en-dark-1366');
      await page.goto(`${site.baseUrl}/index?mc=bonusDetails`, { waitUntil: 'networkidle' });
      await centre.getByTestId('rebate-records').waitFor();
      expect(await centre.getByTestId('rebate-records').getByText('Claimed').count()).toBe(1);
      await shot(page, 'bonus-details-en-dark-1366');
      await centre.getByRole('button', { name: 'Loss cashback' }).click();
      const cashback = centre.getByTestId('cashback-records');
      await cashback.waitFor();
      expect(compact(await cashback.textContent())).toContain('₫11,000,000');
      expect(compact(await cashback.textContent())).toContain('₫200,000');
      await shot(page, 'bonus-details-cashback-en-dark-1366');
      await page.goto(`${site.baseUrl}/index?mc=manualRebate`, { waitUntil: 'networkidle' });
      await centre.getByTestId('rebate-claim').waitFor();
      expect(await centre.getByRole('button', { name: 'Claim now' }).isDisabled()).toBe(true);
      await shot(page, 'manual-rebate-en-dark-1366');
    });
  });

  it('the pages in English, light, on a phone, and Vietnamese, dark, on a desktop', async () => {
    await withPage(390, 844, 'en', 'light', async (page) => {
      const centre = page.getByRole('dialog', { name: 'Member centre' });
      for (const mc of ['playerRank', 'bonusDetails', 'manualRebate']) {
        await page.goto(`${site.baseUrl}/index?mc=${mc}`, { waitUntil: 'networkidle' });
        await centre.getByTestId(mc === 'playerRank' ? 'vip-ladder' : mc === 'bonusDetails' ? 'rebate-records' : 'rebate-claim').waitFor();
        await shot(page, `${mc}-en-light-390`);
      }
      await page.goto(`${site.baseUrl}/index?mc=bonusDetails`, { waitUntil: 'networkidle' });
      await centre.getByRole('button', { name: 'Loss cashback' }).click();
      await centre.getByTestId('cashback-records').waitFor();
      await shot(page, 'bonus-details-cashback-en-light-390');
    });
    await withPage(1366, 768, 'vi', 'dark', async (page) => {
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      for (const mc of ['playerRank', 'bonusDetails', 'manualRebate']) {
        await page.goto(`${site.baseUrl}/index?mc=${mc}`, { waitUntil: 'networkidle' });
        await centre.getByTestId(mc === 'playerRank' ? 'vip-ladder' : mc === 'bonusDetails' ? 'rebate-records' : 'rebate-claim').waitFor();
        await shot(page, `${mc}-vi-dark-1366`);
      }
      await page.goto(`${site.baseUrl}/index?mc=bonusDetails`, { waitUntil: 'networkidle' });
      await centre.getByRole('button', { name: 'Hoàn tiền thua' }).click();
      const cashback = centre.getByTestId('cashback-records');
      await cashback.waitFor();
      expect(await cashback.getByText('Đã trả').count()).toBe(1);
      await shot(page, 'bonus-details-cashback-vi-dark-1366');
    });
  });
});
