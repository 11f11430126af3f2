import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
const PAYMENT_PASSWORD = '246810';
/** Screenshots to look at (the e2e artifacts folder, outside git). */
const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'point-mall');
const STARTING_POINTS = 5_000;

describe('the points mall in the browser: game points and a gift, the operator fulfils the gift', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;
  const stamp = Date.now() % 1_000_000;
  const players = { phone: `mp${stamp}`, desktop: `md${stamp}` };
  let convertId = 0;
  let giftId = 0;

  async function admin<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; value: T; code?: string };
    expect(json.success, `${method} ${url}: ${json.code}`).toBe(true);
    return json.value;
  }

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    const login = await operatorLogin(baseUrl, 'finance01');
    expect(login.body.success).toBe(true);
    adminToken = login.body.value.token;
    const item = { descriptions: {}, imageUrl: null, promotionId: null, limitPerMember: null, isEnabled: true, sortOrder: 0 };
    convertId = (
      await admin<{ id: number }>('POST', '/admin-api/point-mall/items', {
        ...item,
        kind: 'game_points',
        names: { vi: 'Điểm game E2E', en: 'E2E game points' },
        pointsCost: 500,
        cashAmount: 50_000,
        stock: null,
      })
    ).id;
    giftId = (
      await admin<{ id: number }>('POST', '/admin-api/point-mall/items', {
        ...item,
        kind: 'gift',
        names: { vi: 'Bình giữ nhiệt E2E', en: 'E2E flask' },
        pointsCost: 1_200,
        cashAmount: null,
        stock: 5,
        limitPerMember: 1,
      })
    ).id;
    const services = site.app.services;
    for (const username of Object.values(players)) {
      expect((await registerByUsername(baseUrl, username, PASSWORD)).status).toBe(200);
      const member = await site.database.db
        .selectFrom('members')
        .select(['id', 'merchant_id'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const who = { memberId: Number(member.id), merchantId: Number(member.merchant_id) };
      await services.paymentPasswords.set(
        who,
        { loginPassword: PASSWORD, paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
        null,
      );
      await services.points.award({ ...who, amount: STARTING_POINTS, ruleKey: 'e2e', occurrenceKey: 'start' });
    }
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function openContext(width: number, language: 'vi' | 'en', theme: 'light' | 'dark'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 768 } });
    await context.addInitScript(
      ([lang, th]) => {
        window.localStorage.setItem('lang', lang as string);
        window.localStorage.setItem('theme', th as string);
      },
      [language, theme],
    );
    return context;
  }

  async function logIn(page: Page, username: string, language: 'vi' | 'en'): Promise<void> {
    const words =
      language === 'vi'
        ? { title: 'Đăng nhập', user: 'Tên đăng nhập', pass: 'Mật khẩu', account: 'Tài khoản' }
        : { title: 'Log in', user: 'Username', pass: 'Password', account: 'Account' };
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: words.title });
    await login.getByLabel(words.user, { exact: true }).fill(username);
    await login.getByLabel(words.pass, { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: words.title, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${words.account} ${username}`) }).waitFor();
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });

  async function expectNoOverflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  it('converts points to game points on a phone (Vietnamese, light): the points go down, the wallet up, the record is completed', async () => {
    const context = await openContext(390, 'vi', 'light');
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await logIn(page, players.phone, 'vi');
      await page.goto(`${baseUrl}/pointMall`, { waitUntil: 'networkidle' });
      await page.getByTestId('point-balance').getByText('5.000 điểm').waitFor();
      const card = page.locator(`li.pm-item[data-item="${convertId}"]`);
      await card.getByRole('heading', { name: 'Điểm game E2E' }).waitFor();
      await expectNoOverflow(page);
      await shot(page, 'mall-vi-light-390');
      await card.getByRole('button', { name: 'Quy đổi: Điểm game E2E' }).click();
      const dialog = page.getByRole('dialog', { name: 'Đổi Điểm game E2E' });
      await dialog.getByLabel('Số lượng', { exact: true }).fill('2');
      await dialog.getByText('Tổng điểm cần: 1.000').waitFor();
      // Without the password the form says so and sends nothing.
      await dialog.getByRole('button', { name: 'Xác nhận đổi' }).click();
      await dialog.getByText('Vui lòng nhập mật khẩu rút tiền.').waitFor();
      await dialog.getByLabel('Mật khẩu rút tiền', { exact: true }).fill(PAYMENT_PASSWORD);
      await shot(page, 'convert-dialog-vi-light-390');
      await dialog.getByRole('button', { name: 'Xác nhận đổi' }).click();
      await dialog
        .getByTestId('redeem-done')
        .getByText(/^Đã quy đổi thành công PM\d{8}[0-9A-F]{10}\. Tiền đã vào ví của bạn\.$/)
        .waitFor();
      await dialog.locator('.pm-done').getByRole('button', { name: 'Đóng' }).click();
      await page.getByTestId('point-balance').getByText('4.000 điểm').waitFor();
      const member = await site.database.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', players.phone)
        .executeTakeFirstOrThrow();
      const cash = await site.app.services.ledger.memberBalances({ memberId: Number(member.id), currency: 'VND' });
      expect(cash.main).toBe(100_000);

      await page.getByTestId('point-tab-records').click();
      const row = page.getByTestId('redeem-records').locator('tbody tr').first();
      await row.getByText('Hoàn thành').waitFor();
      expect(await row.getAttribute('data-status')).toBe('completed');
      await expectNoOverflow(page);
      await shot(page, 'records-vi-light-390');
      await page.getByTestId('point-tab-history').click();
      await page.getByTestId('point-history').getByText('-1.000').waitFor();
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('redeems a gift on a desktop (English, dark); the operator fulfils it and the record says completed', async () => {
    const context = await openContext(1366, 'en', 'dark');
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await logIn(page, players.desktop, 'en');
      await page.goto(`${baseUrl}/pointMall`, { waitUntil: 'networkidle' });
      await page.getByTestId('point-balance').getByText('5,000 points').waitFor();
      await page.getByRole('button', { name: 'Gifts', exact: true }).click();
      const card = page.locator(`li.pm-item[data-item="${giftId}"]`);
      await card.getByText('5 left · Up to 1 per member (0 redeemed)').waitFor();
      await shot(page, 'mall-en-dark-1366');
      await card.getByRole('button', { name: 'Redeem: E2E flask' }).click();
      const dialog = page.getByRole('dialog', { name: 'Redeem E2E flask' });
      await dialog.getByLabel('Withdrawal password', { exact: true }).fill(PAYMENT_PASSWORD);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('Enter the address to deliver the gift to.').waitFor();
      await dialog.getByLabel('Delivery address', { exact: true }).fill('12 Le Loi, District 1, Ho Chi Minh City');
      await dialog.getByLabel('Mobile number', { exact: true }).fill('0901234567');
      await shot(page, 'gift-dialog-en-dark-1366');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog
        .getByTestId('redeem-done')
        .getByText(/^Gift request PM\d{8}[0-9A-F]{10} sent\. We will contact you to deliver it\.$/)
        .waitFor();
      await dialog.locator('.pm-done').getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('point-balance').getByText('3,800 points').waitFor();
      // The limit of one per member: the card says so and its button is off.
      await card.getByRole('button', { name: 'Redeem: E2E flask' }).and(page.locator('[disabled]')).waitFor();

      const orders = await admin<{ list: { id: number; username: string; status: string; address: string }[] }>(
        'GET',
        '/admin-api/point-mall/orders?status=processing',
      );
      const order = orders.list.find((o) => o.username === players.desktop);
      expect(order?.address).toBe('12 Le Loi, District 1, Ho Chi Minh City');
      await admin('POST', `/admin-api/point-mall/orders/${order?.id}/fulfil`, { remark: 'Sent by courier' });

      await page.getByTestId('point-tab-records').click();
      const row = page.getByTestId('redeem-records').locator('tbody tr').first();
      await row.getByText('Completed').waitFor();
      await row.getByText('Sent by courier').waitFor();
      await shot(page, 'records-en-dark-1366');
      await page.getByTestId('point-tab-earn').click();
      await page.getByTestId('earning-rules').waitFor();
      await shot(page, 'earn-en-dark-1366');
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
