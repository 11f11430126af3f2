import { tmpdir } from 'node:os';
import path from 'node:path';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { walletModeSetting } from '@platform/server/modules/deposits/deposits.settings';
import {
  DEMO_TRANSFER_VENDOR_CODE,
  DEMO_VENDOR_CODE,
  DEV_DEMO_TRANSFER_VENDOR_SECRET,
  DEV_DEMO_VENDOR_SECRET,
} from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { afterTwoFrames, launchBrowser, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
/** The site's theme choice in local storage (lib/theme.ts). */
const THEME_KEY = 'theme';
const SHOTS_DIR = path.join(tmpdir(), 'member-centre-records');
const SIZES = [
  [390, 844],
  [1366, 768],
] as const;

/** A locator's text with the non-breaking spaces of number formatting as plain ones. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
}

type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; message?: string; value: T };

/**
 * The member centre's wallet and records against the real server: a deposit limit refuses a
 * deposit over it, a confirmed bank deposit shows in the account record, and rounds played through
 * the seamless API show in the betting record and in profit and loss with the same totals.
 */
describe('the member centre records', () => {
  let site: SiteServer;
  let vendor: DemoVendor | undefined;
  let browser: Browser;
  let baseUrl: string;
  const username = `rc${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    const registered = await registerByUsername(baseUrl, username, PASSWORD);
    expect(registered.status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await vendor?.close();
    await site?.close();
  });

  async function withPage(width: number, height: number, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      // A refused call (a deposit over the limit, a transfer over the balance) logs its 4xx as a resource error; nothing else may.
      expect(watch.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
  }

  /** A call the way the web client makes it: from the page, with the session's token and language. */
  function callAsClient<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    return page.evaluate(
      async ({ method, url, body }) => {
        const res = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            lang: 'vi',
            authorization: `Bearer ${sessionStorage.getItem('token')}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      { method, url, body },
    );
  }

  async function openPage(page: Page, key: string): Promise<void> {
    await page.goto(`${baseUrl}/index?mc=${key}`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog', { name: 'Trung tâm hội viên' }).waitFor();
  }

  /** What the screen shows (the dialog is fixed), outside the repository for a person to look at. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  async function memberId(): Promise<number> {
    const row = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return row.id;
  }

  /** Plays one round through the seamless API, signed as the demo vendor signs it. */
  async function playRound(token: string, roundId: string, betAmount: number, winAmount: number): Promise<void> {
    const raw = JSON.stringify({ token, transactionId: `e2e-${roundId}`, roundId, gameCode: 'lucky-sevens', betAmount, winAmount });
    const timestamp = String(Date.now());
    const res = await site.app.inject({
      method: 'POST',
      url: `/vendor-api/${DEMO_VENDOR_CODE}/bet-win`,
      headers: {
        'content-type': 'application/json',
        [VENDOR_TIMESTAMP_HEADER]: timestamp,
        [VENDOR_SIGNATURE_HEADER]: signVendorBody(DEV_DEMO_VENDOR_SECRET, timestamp, raw),
      },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ status: 'OK' });
  }

  it('sets a deposit limit, refuses a deposit over it, and records a confirmed deposit', async () => {
    await withPage(1366, 768, async (page) => {
      await logIn(page);
      await openPage(page, 'securityCenter');
      const rg = page.getByRole('region', { name: 'Chơi có trách nhiệm' });
      const deposit = rg.getByRole('group', { name: 'Giới hạn nạp tiền' });
      await deposit.getByLabel('Hằng ngày').fill('500000');
      await deposit.locator('form[data-period="daily"]').getByRole('button', { name: 'Đặt' }).click();
      await deposit.getByText('Giới hạn: 500.000 ₫').waitFor();
      // An increase waits 24 hours: the limit stays and the pending value shows.
      await deposit.getByLabel('Hằng ngày').fill('2000000');
      await deposit.locator('form[data-period="daily"]').getByRole('button', { name: 'Đặt' }).click();
      await deposit.getByTestId('rg-pending').waitFor();
      expect(await textOf(deposit.getByTestId('rg-pending'))).toContain('2.000.000 ₫');
      await expect(deposit.getByText('Giới hạn: 500.000 ₫').count()).resolves.toBe(1);
      await deposit.scrollIntoViewIfNeeded();
      await shot(page, 'mc-records-rg-limits-1366x768');

      // A deposit over the limit, on the deposit page: refused with the message that states the limit.
      await openPage(page, 'depositv2');
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      await centre.getByRole('radio', { name: /Chuyển khoản ngân hàng/ }).check();
      await centre.getByLabel('Số tiền (VND)', { exact: true }).fill('600000');
      await centre.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
      await centre.getByRole('alert').filter({ hasText: '500.000' }).waitFor();
      await shot(page, 'mc-records-rg-deposit-refused-1366x768');
      const channels = await callAsClient<{ list: { id: number; type: string }[] }>(page, 'GET', '/wps/member/deposit/channels');
      const bank = channels.body.value.list.find((c) => c.type === 'bank_transfer');
      expect(bank).toBeDefined();
      const nothing = await site.database.db
        .selectFrom('deposit_orders')
        .select('id')
        .where('member_id', '=', await memberId())
        .execute();
      expect(nothing).toEqual([]);

      // Within the limit: a bank transfer the operator confirms through the admin API.
      const order = await callAsClient<{ orderNo: string }>(page, 'POST', '/wps/member/deposit/orders', {
        channelId: bank?.id,
        amount: 300_000,
      });
      expect(order.status).toBe(200);
      const admin = { authorization: `Bearer ${(await operatorLogin(baseUrl, 'finance01')).body.value.token}` };
      const listed = (await (
        await fetch(`${baseUrl}/admin-api/deposit/orders?referenceCode=${order.body.value.orderNo}`, { headers: admin })
      ).json()) as Envelope<{ list: { id: number }[] }>;
      const orderId = listed.value.list[0]?.id;
      const confirmed = await fetch(`${baseUrl}/admin-api/deposit/orders/${orderId}/confirm`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(confirmed.status).toBe(200);

      await openPage(page, 'transactionHistory');
      const record = page.locator('tr[data-type="deposit"]');
      await record.waitFor();
      expect(await textOf(record)).toContain('+300.000 ₫');
      expect(await textOf(record)).toContain('Nạp tiền');
      await page.getByText('Số giao dịch: 1').waitFor();
      // The type filter asks the server again: no bets yet.
      await page.getByLabel('Loại').selectOption('bet');
      await page.getByText('Không có giao dịch nào khớp bộ lọc.').waitFor();
      await shot(page, 'mc-records-account-empty-1366x768');
      await page.getByLabel('Loại').selectOption('');
      await record.waitFor();
      await shot(page, 'mc-records-account-1366x768');

      await openPage(page, 'transferFund');
      await page.getByTestId('wallet-total').getByText('300.000 ₫').waitFor();
      await shot(page, 'mc-records-wallet-1366x768');
    });
  });

  it('shows rounds in the betting record and profit and loss with the same totals, at both sizes', async () => {
    const id = await memberId();
    const rng = await site.app.services.gameSessions.issue({
      memberId: id,
      merchantId: site.merchantId,
      currency: 'VND',
      vendorCode: DEMO_VENDOR_CODE,
      gameCode: 'lucky-sevens',
      gameCategory: 'RNG',
      isTrial: false,
    });
    const live = await site.app.services.gameSessions.issue({
      memberId: id,
      merchantId: site.merchantId,
      currency: 'VND',
      vendorCode: DEMO_VENDOR_CODE,
      gameCode: 'lucky-sevens',
      gameCategory: 'LIVE',
      isTrial: false,
    });
    const rounds: [string, string, number, number][] = [
      [rng.token, 'r1', 10_000, 0],
      [rng.token, 'r2', 20_000, 50_000],
      [rng.token, 'r3', 5_000, 5_000],
      [live.token, 'l1', 30_000, 0],
      [live.token, 'l2', 15_000, 45_000],
    ];
    for (const [token, roundId, bet, win] of rounds) await playRound(token, roundId, bet, win);
    const stake = rounds.reduce((s, r) => s + r[2], 0);
    const payout = rounds.reduce((s, r) => s + r[3], 0);
    const fmt = (n: number) => `${n < 0 ? '-' : ''}${Math.abs(n).toLocaleString('vi-VN')} ₫`;

    for (const [width, height] of SIZES) {
      await withPage(width, height, async (page) => {
        await logIn(page);
        await openPage(page, 'personalHistoryCopy');
        const totals = page.getByTestId('bet-totals');
        await totals.waitFor();
        const betTotals = {
          count: await textOf(totals.locator('[data-field="count"]')),
          stake: await textOf(totals.locator('[data-field="stake"]')),
          payout: await textOf(totals.locator('[data-field="payout"]')),
          winLoss: await textOf(totals.locator('[data-field="winLoss"]')),
        };
        expect(betTotals.count).toBe(String(rounds.length));
        expect(betTotals.stake).toBe(fmt(stake));
        expect(betTotals.payout).toBe(fmt(payout));
        expect(betTotals.winLoss).toBe(fmt(payout - stake));
        expect(await page.locator('tr[data-round]').count()).toBe(rounds.length);
        // A round's detail tells its outcome.
        await page.locator('tr[data-round="r2"]').getByRole('button', { name: 'Chi tiết' }).click();
        await page.getByText('Bạn thắng ván này: hơn tiền cược 30.000 ₫.').waitFor();
        await shot(page, `mc-records-bets-${width}x${height}`);
        expect(await seriousViolations(page), `betting record ${width}`).toEqual([]);
        // The category filter is answered by the server.
        await page.getByLabel('Loại trò chơi').selectOption('LIVE');
        await page.locator('tr[data-round="r1"]').waitFor({ state: 'detached' });
        expect(await page.locator('tr[data-round]').count()).toBe(2);
        // The provider filter lists the catalogue's providers; the demo vendor's rounds are all five.
        await page.getByLabel('Loại trò chơi').selectOption('');
        await page.getByLabel('Nhà cung cấp', { exact: true }).selectOption(DEMO_VENDOR_CODE);
        await page.waitForFunction(() => document.querySelectorAll('tr[data-round]').length === 5);

        await openPage(page, 'personalProfit');
        const profit = page.getByTestId('profit-totals');
        await profit.waitFor();
        expect(await textOf(profit.locator('[data-field="count"]'))).toBe(betTotals.count);
        expect(await textOf(profit.locator('[data-field="stake"]'))).toBe(betTotals.stake);
        expect(await textOf(profit.locator('[data-field="payout"]'))).toBe(betTotals.payout);
        expect(await textOf(profit.locator('[data-field="winLoss"]'))).toBe(betTotals.winLoss);
        const live = page.getByTestId('profit-categories').locator('tr[data-category="LIVE"]');
        // LIVE: 30,000 lost and 15,000 staked for 45,000 back: count, stake, valid bet, payout, win/loss.
        expect(await textOf(live)).toBe(`Sòng bài trực tiếp2${fmt(45_000)}${fmt(45_000)}${fmt(45_000)}${fmt(0)}`);
        expect(await page.locator('.rc-chart svg rect').count()).toBe(1);
        await shot(page, `mc-records-profit-${width}x${height}`);
        expect(await seriousViolations(page), `profit and loss ${width}`).toEqual([]);
        if (width === 1366) {
          // The dark theme: the same page from the theme variables.
          await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
          await openPage(page, 'personalProfit');
          await page.getByTestId('profit-totals').waitFor();
          await shot(page, 'mc-records-profit-dark-1366x768');
        }

        if (width === 390) {
          await openPage(page, 'securityCenter');
          await page.getByRole('region', { name: 'Chơi có trách nhiệm' }).scrollIntoViewIfNeeded();
          await shot(page, `mc-records-rg-${width}x${height}`);
          await openPage(page, 'transactionHistory');
          await page.locator('tr[data-type="bet"]').first().waitFor();
          await shot(page, `mc-records-account-${width}x${height}`);
          expect(await seriousViolations(page), 'account record').toEqual([]);
          await openPage(page, 'transferFund');
          await page.getByTestId('wallet-total').waitFor();
          await shot(page, `mc-records-wallet-${width}x${height}`);
          expect(await seriousViolations(page), 'my wallet').toEqual([]);
        }
      });
    }
  });

  it('moves money in and out of a transfer-style game wallet and returns it all to the main wallet', async () => {
    // The demo transfer vendor on a free port, and the merchant in transfer mode.
    vendor = createDemoVendor({
      platformUrl: baseUrl,
      seamlessSecret: DEV_DEMO_VENDOR_SECRET,
      transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
      siteOrigins: [baseUrl],
    });
    const vendorUrl = await vendor.listen(0);
    await site.app.services.vendorWallet.integrations.ensure({
      vendorCode: DEMO_TRANSFER_VENDOR_CODE,
      walletStyle: 'transfer',
      apiSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
      apiBaseUrl: vendorUrl,
      launchBaseUrl: vendorUrl,
      isEnabled: true,
    });
    await site.app.services.settings.set(site.merchantId, walletModeSetting, 'transfer', 'e2e');
    const mainBefore = (await site.app.services.ledger.memberBalances({ memberId: await memberId(), currency: 'VND' })).main;

    await withPage(390, 844, async (page) => {
      await logIn(page);
      await openPage(page, 'transferFund');
      const row = page.locator(`li[data-vendor="${DEMO_TRANSFER_VENDOR_CODE}"]`);
      await row.getByText('0 ₫').waitFor();
      // The provider by its catalogue name.
      const amount = row.getByLabel('Số tiền cho Lotus Transfer Studio');
      // A bad amount is refused in the page; nothing is sent.
      await amount.fill('12,5');
      await row.getByRole('button', { name: 'Chuyển vào' }).click();
      await row.getByText('Nhập số tiền lớn hơn 0').waitFor();

      await amount.fill('100000');
      await row.getByRole('button', { name: 'Chuyển vào' }).click();
      await page.getByText('Chuyển tiền với Lotus Transfer Studio thành công: 100.000 ₫.').waitFor();
      await row.getByText('100.000 ₫').waitFor();
      await amount.fill('30000');
      await row.getByRole('button', { name: 'Chuyển ra' }).click();
      await row.getByText('70.000 ₫').waitFor();
      // More than the vendor wallet holds: the vendor refuses, the page says so, and nothing moves.
      await amount.fill('90000');
      await row.getByRole('button', { name: 'Chuyển ra' }).click();
      await page
        .getByRole('alert')
        .getByText('Nhà cung cấp từ chối lệnh chuyển với Lotus Transfer Studio (90.000 ₫); không có tiền nào bị chuyển.')
        .waitFor();
      expect(await textOf(row.locator('.rc-vendor__head'))).toContain('70.000 ₫');
      await shot(page, 'mc-records-vendor-wallets-390x844');

      await page.getByRole('button', { name: 'Thu hồi tất cả về ví chính' }).click();
      await page.getByText('Đã thu hồi 70.000 ₫ về ví chính.').waitFor();
      await row.locator('.rc-vendor__head').getByText('0 ₫', { exact: true }).waitFor();
    });
    const mainAfter = (await site.app.services.ledger.memberBalances({ memberId: await memberId(), currency: 'VND' })).main;
    expect(mainAfter).toBe(mainBefore);

    await withPage(1366, 768, async (page) => {
      await logIn(page);
      await openPage(page, 'transferFund');
      await page.locator(`li[data-vendor="${DEMO_TRANSFER_VENDOR_CODE}"]`).waitFor();
      await shot(page, 'mc-records-vendor-wallets-1366x768');
    });
  });

  it('reminds a member every interval of the time played and the result since login, at both sizes', async () => {
    // Money to play with, as a confirmed deposit would bring it.
    const ledger = site.app.services.ledger;
    const id = await memberId();
    const clearing = await ledger.ensureSystemAccount({ merchantId: site.merchantId, kind: 'payment_clearing', currency: 'VND' });
    const accounts = await ledger.ensureMemberAccounts({ merchantId: site.merchantId, memberId: id, currency: 'VND' });
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: accounts.player_main!.id,
      amount: 100_000,
      code: 'deposit',
      idempotencyKey: `e2e-reality-check-funds-${id}`,
    });
    for (const [width, height] of SIZES) {
      await withPage(width, height, async (page) => {
        // The page's clock can be moved on, so the test need not wait fifteen real minutes.
        await page.clock.install();
        await logIn(page);
        await openPage(page, 'securityCenter');
        const rg = page.getByRole('region', { name: 'Chơi có trách nhiệm' });
        const reminder = rg.locator('form', { has: page.getByRole('heading', { name: 'Nhắc thời gian chơi' }) });
        await reminder.getByLabel('Nhắc thời gian chơi').selectOption('15');
        const saved = page.waitForResponse((r) => r.url().endsWith('/responsible-gaming/reality-check') && r.request().method() === 'PUT');
        await reminder.getByRole('button', { name: 'Lưu' }).click();
        expect((await saved).status()).toBe(200);

        // Two rounds of the demo game after this login: 10,000 staked and 4,000 back, then 5,000 and 0.
        const session = await site.app.services.gameSessions.issue({
          memberId: await memberId(),
          merchantId: site.merchantId,
          currency: 'VND',
          vendorCode: DEMO_VENDOR_CODE,
          gameCode: 'lucky-sevens',
          gameCategory: 'RNG',
          isTrial: false,
        });
        await playRound(session.token, `rc-${width}-1`, 10_000, 4_000);
        await playRound(session.token, `rc-${width}-2`, 5_000, 0);

        expect(await page.getByRole('dialog', { name: 'Nhắc nhở thời gian chơi' }).count()).toBe(0);
        await page.clock.fastForward('15:01');
        const dialog = page.getByRole('dialog', { name: 'Nhắc nhở thời gian chơi' });
        await dialog.waitFor();
        expect(await textOf(dialog)).toContain('Từ khi đăng nhập: 2 ván, tổng cược 15.000 ₫, nhận về 4.000 ₫.');
        expect(await textOf(dialog)).toContain('Kết quả: thua 11.000 ₫.');
        await shot(page, `mc-reality-check-${width}x${height}`);
        expect(await seriousViolations(page), `reality check ${width}`).toEqual([]);

        // Continue closes it until the next interval; the account record is one click away.
        await dialog.getByRole('button', { name: 'Tiếp tục chơi' }).click();
        await dialog.waitFor({ state: 'detached' });
        // The reminder keeps to the server's clock, which did not jump with the page's: the next one is
        // the 30th minute of the session by the server, about 30 minutes of page time from here.
        await page.clock.fastForward('14:00');
        expect(await dialog.count()).toBe(0);
        await page.clock.fastForward('16:01');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Xem lịch sử tài khoản' }).click();
        await page.waitForURL((url) => url.searchParams.get('mc') === 'transactionHistory');
        await page.getByRole('dialog', { name: 'Trung tâm hội viên' }).waitFor();

        // Turned off, it stays quiet.
        await openPage(page, 'securityCenter');
        await reminder.getByLabel('Nhắc thời gian chơi').selectOption('');
        const isRealityCheck = (url: string) => url.endsWith('/responsible-gaming/reality-check');
        const off = page.waitForResponse((r) => isRealityCheck(r.url()) && r.request().method() === 'PUT');
        // The reminder asks the server again at once after a change, and schedules itself by the answer.
        const reread = page.waitForResponse((r) => isRealityCheck(r.url()) && r.request().method() === 'GET');
        await reminder.getByRole('button', { name: 'Lưu' }).click();
        expect((await off).status()).toBe(200);
        expect((await reread).status()).toBe(200);
        await afterTwoFrames(page);
        const askedAfter: Request[] = [];
        const onRequest = (request: Request) => {
          if (isRealityCheck(request.url())) askedAfter.push(request);
        };
        page.on('request', onRequest);
        await page.clock.fastForward('30:00');
        await afterTwoFrames(page);
        // Whatever the jump set off has finished before the page is checked.
        await Promise.all(askedAfter.map((request) => request.response()));
        await afterTwoFrames(page);
        page.off('request', onRequest);
        expect(await page.getByRole('dialog', { name: 'Nhắc nhở thời gian chơi' }).count()).toBe(0);
      });
    }
  });
});
