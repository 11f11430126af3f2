import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { totpCode } from '@platform/server/lib/totp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, watchPage } from './browser.ts';
import { registerByUsername, signInToConsole, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
const PAYMENT_PASSWORD = '246810';
const DEPOSIT = 1_500_000;
const WITHDRAWAL = 400_000;
/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'admin-console');
const CONSOLE_BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/admin/dist/index.html');

/**
 * The operator console (docs/admin-console.md) on the real site: a player deposits by bank transfer
 * and asks for a withdrawal through the API, and an operator confirms the one and approves the other
 * in the console, at desktop and tablet widths; screenshots in vi and en, light and dark.
 */
describe('the operator console', () => {
  let site: SiteServer;
  let browser: Browser;
  let memberToken: string;
  let memberId: number;
  const username = `oc${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    if (!existsSync(CONSOLE_BUILD)) throw new Error('apps/admin/dist is missing: run `npm run build` before the browser tests.');
    site = await startSiteServer();
    await switchOffRegistrationCaptcha(site);
    const registered = await registerByUsername(site.baseUrl, username, PASSWORD);
    expect(registered.status).toBe(200);
    memberToken = ((await registered.json()) as { value: { token: string } }).value.token;
    memberId = (await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A member call through the API, as the player app makes it. */
  async function member<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${site.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${memberToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; value: T; code?: string };
    expect(json.success, `${method} ${url}: ${json.code}`).toBe(true);
    return json.value;
  }

  async function mainBalance(): Promise<number> {
    return (await site.app.services.ledger.memberBalances({ memberId, currency: 'VND' })).main;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
  }

  /** Language and theme as the operator would have chosen them (kept in the browser). */
  async function prefer(page: Page, language: 'vi' | 'en', theme: 'light' | 'dark'): Promise<void> {
    await page.addInitScript(
      ([lang, mode]) => {
        window.localStorage.setItem('lotus.admin.lang', lang as string);
        window.localStorage.setItem('lotus.admin.theme', mode as string);
      },
      [language, theme],
    );
  }

  it('computes the authenticator code an operator would type (RFC 6238 test vector)', () => {
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(59_000))).toBe('287082');
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(1_111_111_109_000))).toBe('081804');
  });

  it('confirms a bank deposit and approves a withdrawal at 1366 px, with no console errors', async () => {
    // The player asks to deposit by bank transfer through the API.
    const channels = await member<{ list: { id: number; type: string }[] }>('GET', '/wps/member/deposit/channels');
    const bank = channels.list.find((channel) => channel.type === 'bank_transfer');
    expect(bank).toBeDefined();
    const order = await member<{ referenceCode: string }>('POST', '/wps/member/deposit/orders', { channelId: bank?.id, amount: DEPOSIT });
    expect(await mainBalance()).toBe(0);

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'finance01');
    await page.getByTestId('operator').getByText('finance01').waitFor();

    // The navigation counts the waiting transfer; the queue shows it with its SLA age.
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    await nav.getByTestId('count-deposits').getByText('1', { exact: true }).waitFor();
    await nav.getByRole('link', { name: /Nạp tiền chờ xác nhận/ }).click();
    const row = page.getByTestId(`deposit-${order.referenceCode}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(username);
    expect((await row.textContent())?.replace(/\s/g, '')).toContain('1.500.000₫');
    expect(await row.getByTestId('sla-age').textContent()).toMatch(/\d+ phút/);
    await shot(page, 'deposits-vi-light-1366');

    await row.getByRole('button', { name: 'Xác nhận' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await page.getByText(`Đã cộng tiền khoản nạp ${order.referenceCode}.`).waitFor();
    await page.getByText('Không có việc nào đang chờ.').waitFor();
    expect(await mainBalance()).toBe(DEPOSIT);

    // The player binds a card, sets the payment password and asks for a withdrawal through the API.
    await member('POST', '/wps/member/payment-password', {
      loginPassword: PASSWORD,
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    const card = await member<{ id: number }>('POST', '/wps/member/bank-cards', {
      bankCode: 'VCB',
      accountName: 'Nguyễn Văn An',
      accountNumber: '0123456789',
    });
    const withdrawal = await member<{ id: number }>('POST', '/wps/member/withdrawals', {
      bankCardId: card.id,
      amount: WITHDRAWAL,
      paymentPassword: PAYMENT_PASSWORD,
      loginPassword: PASSWORD,
      requestId: `e2e-console-${Date.now()}`,
    });

    await nav.getByRole('link', { name: /Rút tiền/ }).click();
    const review = page.getByTestId(`withdrawal-${withdrawal.id}`);
    await review.waitFor();
    expect((await review.textContent())?.replace(/\s/g, '')).toContain('400.000₫');
    expect(await review.textContent()).toContain('0123456789');
    await review.getByRole('button', { name: 'Duyệt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Duyệt' }).click();
    await page.getByText(`Đã duyệt lệnh rút #${withdrawal.id}.`).waitFor();
    const approved = await site.database.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(approved.status).toBe('approved');

    // It moves to the payout queue.
    await page.getByRole('tab', { name: 'Chờ chi trả' }).click();
    await page.getByTestId(`withdrawal-${withdrawal.id}`).getByRole('button', { name: 'Đã chi trả' }).waitFor();
    await shot(page, 'withdrawals-payout-vi-light-1366');
    expect(await seriousViolations(page)).toEqual([]);

    expect(watched.consoleErrors).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
    await context.close();
  });

  it('approves an identity check as risk, then finds each of these actions in the audit log, at 1366 and 390 px', async () => {
    // The player uploads the two sides of a document through the API (a 1×1 PNG is a valid image).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('front', new Blob([png], { type: 'image/png' }), 'front.png');
    form.append('back', new Blob([png], { type: 'image/png' }), 'back.png');
    const uploaded = await fetch(`${site.baseUrl}/wps/member/kyc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const kyc = await site.database.db
      .selectFrom('kyc_verifications')
      .select('id')
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'risk01');
    await page
      .getByRole('navigation', { name: 'Danh mục' })
      .getByRole('link', { name: /Xác minh danh tính/ })
      .click();
    const row = page.getByTestId(`kyc-${kyc.id}`);
    await row.getByRole('button', { name: 'Duyệt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Duyệt' }).click();
    await page.getByText(`Đã duyệt hồ sơ xác minh #${kyc.id}.`).waitFor();
    expect(await site.app.services.kyc.statusOf(memberId)).toBe('approved');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();

    for (const width of [1366, 390] as const) {
      const auditContext = await browser.newContext({ viewport: { width, height: width > 800 ? 768 : 844 } });
      const auditPage = await auditContext.newPage();
      const auditWatched = await watchPage(auditPage);
      await signInToConsole(auditPage, site.baseUrl, 'admin');
      await auditPage.goto(`${site.baseUrl}/admin/audit`, { waitUntil: 'networkidle' });
      await auditPage.getByRole('heading', { name: 'Nhật ký kiểm tra', level: 1 }).waitFor();
      // The risk operator's approval, by operator and action.
      await auditPage.getByLabel('Nhân viên').selectOption({ label: 'risk01' });
      await auditPage.getByLabel('Thao tác').fill('kyc.approved');
      await auditPage.getByRole('button', { name: 'Tìm', exact: true }).click();
      await auditPage.getByRole('cell', { name: 'kyc.approved' }).first().waitFor();
      expect(auditPage.url()).toContain('action=kyc.approved');
      // The finance operator's deposit confirmation and withdrawal approval of the first test.
      await auditPage.getByLabel('Nhân viên').selectOption({ label: 'finance01' });
      await auditPage.getByLabel('Thao tác').fill('');
      await auditPage.getByRole('button', { name: 'Tìm', exact: true }).click();
      await auditPage.getByRole('cell', { name: 'deposit.confirmed' }).first().waitFor();
      await auditPage.getByRole('cell', { name: 'withdrawal.approved' }).first().waitFor();
      const confirmed = auditPage.getByRole('row').filter({ hasText: 'deposit.confirmed' }).first();
      await confirmed.getByRole('button', { name: 'Trước và sau' }).click();
      await auditPage.getByText('creditedAmount', { exact: false }).first().waitFor();
      // The member's own rows (the registration, the withdrawal request, the document upload), by name.
      await auditPage.getByRole('button', { name: 'Xóa lọc' }).click();
      await auditPage.getByLabel('Tên thành viên (chính xác)').fill(username);
      await auditPage.getByRole('button', { name: 'Tìm', exact: true }).click();
      await auditPage.waitForURL(/memberId=/);
      await auditPage.getByRole('button', { name: 'Kiểm tra chuỗi băm' }).click();
      await auditPage
        .getByTestId('audit-verify-result')
        .getByText(/Chuỗi nguyên vẹn/)
        .waitFor();
      await shot(auditPage, `audit-vi-light-${width}`);
      if (width === 1366) expect(await seriousViolations(auditPage)).toEqual([]);
      expect(auditWatched.consoleErrors).toEqual([]);
      expect(await auditWatched.cspViolations()).toEqual([]);
      await auditContext.close();
    }
  });

  it('collapses the navigation into a menu at tablet width (820 px) and keeps the queues usable', async () => {
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    const page = await context.newPage();
    await signInToConsole(page, site.baseUrl, 'admin');
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Danh mục' }).click();
    await nav.getByRole('link', { name: /Rút tiền/ }).click();
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Rút tiền' }).waitFor();
    await page.getByRole('tab', { name: 'Chờ chi trả' }).click();
    await page.getByRole('button', { name: 'Đã chi trả' }).first().waitFor();
    await shot(page, 'withdrawals-vi-light-820');
    await page.getByRole('button', { name: 'Danh mục' }).click();
    await nav.getByRole('link', { name: /Nạp tiền chờ xác nhận/ }).click();
    await page.getByText('Không có việc nào đang chờ.').waitFor();
    await context.close();
  });

  it('opens every queue the administrator has, with no console errors', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'admin');
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    for (const [link, heading] of [
      ['Xác minh danh tính', 'Xác minh danh tính'],
      ['Góp ý', 'Góp ý'],
      ['Đăng ký đại lý', 'Đăng ký đại lý'],
      ['Nạp tiền chờ xác nhận', 'Chuyển khoản chờ xác nhận'],
    ] as const) {
      await nav.getByRole('link', { name: new RegExp(link) }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page
        .getByText(/Không có việc nào đang chờ|Tổng cộng/)
        .first()
        .waitFor();
      await shot(page, `section-${link.replace(/\s/g, '-')}-vi-light-1366`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
    await context.close();
  });

  it('finds a member by name and reads their file, at 1366 and 390 px', async () => {
    for (const width of [1366, 390] as const) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 768 : 844 } });
      const page = await context.newPage();
      const watched = await watchPage(page);
      await signInToConsole(page, site.baseUrl, 'admin');
      await page.goto(`${site.baseUrl}/admin/members`, { waitUntil: 'networkidle' });
      await page.getByLabel('Tìm theo').selectOption('username');
      await page.getByLabel('Nội dung tìm').fill(username);
      await page.getByRole('button', { name: 'Tìm', exact: true }).click();
      await page.getByTestId(`member-${memberId}`).getByRole('link', { name: username }).click();
      await page.getByRole('heading', { name: `Thành viên ${username}`, level: 1 }).waitFor();
      expect(page.url()).toBe(`${site.baseUrl}/admin/members/${memberId}`);
      await page.getByTestId('balance-main').waitFor();
      await page.getByRole('tab', { name: 'Đăng nhập' }).waitFor();
      // The registration signed the member in once: the logins tab lists it (or says there is none yet).
      await page
        .getByRole('tabpanel')
        .getByText(/Cũ hơn|Không có việc nào đang chờ/)
        .first()
        .waitFor();
      await shot(page, `member-file-vi-light-${width}`);
      if (width === 1366) expect(await seriousViolations(page)).toEqual([]);
      expect(watched.consoleErrors).toEqual([]);
      expect(await watched.cspViolations()).toEqual([]);
      await context.close();
    }
  });

  it('reads in English and Vietnamese, light and dark, at 1366 and 390 px', async () => {
    for (const [language, theme, width] of [
      ['en', 'dark', 1366],
      ['vi', 'light', 390],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 768 : 844 } });
      const page = await context.newPage();
      await prefer(page, language, theme);
      await page.goto(`${site.baseUrl}/admin/`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Đăng nhập' }).waitFor();
      await shot(page, `sign-in-${language}-${theme}-${width}`);
      await context.close();
    }
    for (const [language, theme, width] of [
      ['en', 'dark', 1366],
      ['vi', 'dark', 1366],
      ['en', 'light', 1366],
      ['vi', 'dark', 390],
      ['en', 'light', 390],
      ['vi', 'light', 390],
      ['en', 'dark', 390],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 768 : 844 } });
      const page = await context.newPage();
      await signInToConsole(page, site.baseUrl, 'admin');
      // The operator's choices are kept in the browser; the session in the tab survives the reload.
      await page.evaluate(
        ([lang, mode]) => {
          window.localStorage.setItem('lotus.admin.lang', lang as string);
          window.localStorage.setItem('lotus.admin.theme', mode as string);
        },
        [language, theme],
      );
      await page.goto(`${site.baseUrl}/admin/withdrawals`, { waitUntil: 'networkidle' });
      await page
        .getByTestId('operator')
        .getByText(language === 'en' ? 'Administrator' : 'Quản trị viên')
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByRole('tab', { name: language === 'en' ? 'To pay out' : 'Chờ chi trả' }).click();
      await page.getByTestId('sla-age').first().waitFor();
      await shot(page, `withdrawals-${language}-${theme}-${width}`);
      await context.close();
    }
  });
});
