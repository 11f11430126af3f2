import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';

/** A real 1×1 PNG, so the browser can draw the uploaded avatar. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for a base32 secret, as an authenticator app computes it. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The menu in the spec's order, for a member who is not an agent (no transfer to upline). */
const MENU_VI = [
  'Tài khoản của tôi',
  'Ví của tôi',
  'Nạp tiền',
  'Rút tiền',
  'Lịch sử cược',
  'Lịch sử giao dịch',
  'Lãi và lỗ',
  'Hoàn trả',
  'Phần thưởng',
  'Mời bạn bè',
  'Nhiệm vụ',
  'Hộp thư',
  'Hoàn trả thủ công',
  'Cấp bậc người chơi',
];

describe('the member centre', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  const username = `mc${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    // A fresh member, registered as the site does; registration logs in once, so a later login has a previous one.
    const registered = await fetch(`${baseUrl}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      // Registration takes a sealed body, as the web client sends it.
      body: await sealForSite(baseUrl, { username, password: PASSWORD, confirmPassword: PASSWORD, agreement: true }),
    });
    expect(registered.status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(width: number, height: number, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
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

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
  }

  const search = (page: Page) => new URL(page.url()).searchParams;

  /** What the screen shows: the dialog is fixed, so a full-page capture would add the page behind it. */
  async function shot(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
  }

  it('opens from the avatar menu on my account, saves the profile and the avatar, sets up the authenticator and lists logins', async () => {
    await withPage(1366, 768, async (page) => {
      await logIn(page);
      await page.getByRole('button', { name: `Tài khoản ${username}` }).click();
      await page.getByRole('menuitem', { name: 'Trung tâm hội viên' }).click();
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      await centre.waitFor();
      expect(search(page).get('mc')).toBe('securityCenter');
      expect(await page.locator('body').getAttribute('class')).toContain('is-scroll-locked');
      const menu = centre.getByRole('navigation', { name: 'Các trang của trung tâm hội viên' });
      // A link's badge (a count and its spoken form) is not part of its name here.
      expect((await menu.getByRole('link').allTextContents()).map((text) => text.replace(/\d+\s*\d*\s*mới$/u, ''))).toEqual(MENU_VI);
      expect(await menu.getByRole('link', { name: 'Tài khoản của tôi' }).getAttribute('aria-current')).toBe('page');
      await centre.getByRole('heading', { level: 3, name: 'Tài khoản của tôi' }).waitFor();

      // Account overview: the previous login is the one registration made.
      const previous = centre
        .getByRole('definition')
        .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(GMT[+-]\d{1,2}(:\d{2})?\))?$/ });
      await previous.first().waitFor();

      // Profile: required marks and checks first, then a save that a reload shows.
      const profile = centre.getByRole('region', { name: 'Thông tin cá nhân' });
      await profile.getByRole('button', { name: 'Lưu thông tin' }).click();
      expect(await profile.getByText('Không được để trống').count()).toBe(4);
      // The first field to fix has the focus.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await profile.getByLabel('Địa chỉ thường trú').evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await profile.getByLabel('Địa chỉ thường trú').getAttribute('placeholder')).toBe('*Địa chỉ thường trú');
      expect(await profile.getByLabel('Nơi sinh').getAttribute('aria-required')).toBeNull();
      await shot(page, 'member-centre-profile-errors-1366x768');
      const values: Record<string, string> = {
        'Địa chỉ thường trú': '12 Lê Lợi, Quận 1, TP HCM',
        'Địa chỉ hiện tại': '34 Trần Hưng Đạo, Hà Nội',
        'Nơi sinh': 'Huế',
        'Quốc tịch': 'Việt Nam',
        'Nghề nghiệp': 'Kỹ sư',
        'Nguồn thu nhập': 'Lương',
        LINE: 'lotus.line',
      };
      for (const [label, value] of Object.entries(values)) await profile.getByLabel(label, { exact: true }).fill(value);
      await profile.getByLabel('Ngày sinh').fill('1990-05-17');
      await profile.getByRole('button', { name: 'Lưu thông tin' }).click();
      await profile.getByRole('status').filter({ hasText: 'Đã lưu thông tin của bạn.' }).waitFor();

      // Contacts: the member registered without an e-mail; one is added and verified with the mailed code.
      const contacts = centre.getByRole('region', { name: 'Số điện thoại và email' });
      const emailRow = contacts.getByRole('group', { name: 'Email' });
      await emailRow.getByText('Chưa có', { exact: true }).waitFor();
      const address = `${username}@example.com`;
      await emailRow.getByLabel('Địa chỉ email của bạn').fill(address);
      await emailRow.getByRole('button', { name: 'Gửi mã' }).click();
      await emailRow.getByText('Mã đã được gửi qua email.').waitFor();
      const mail = await site.database.db
        .selectFrom('email_outbox')
        .select('body')
        .where('to_address', '=', address)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await emailRow.getByLabel('Mã xác minh').fill(/\b(\d{6})\b/.exec(mail.body)?.[1] ?? '');
      await emailRow.getByRole('button', { name: 'Xác minh Email' }).click();
      await emailRow.getByText('Đã xác minh', { exact: true }).waitFor();
      expect(await emailRow.textContent()).toContain('@example.com');
      await contacts.scrollIntoViewIfNeeded();
      await shot(page, 'member-centre-contacts-1366x768');

      // Avatar: a built-in one, shown in the bar too, then an uploaded picture.
      const avatar = centre.getByRole('region', { name: 'Ảnh đại diện' });
      await avatar.getByRole('button', { name: 'Dùng ảnh đại diện Rồng' }).click();
      await avatar.getByRole('status').waitFor();
      expect(await avatar.getByRole('button', { name: 'Dùng ảnh đại diện Rồng' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('.avatar-menu__image').getAttribute('src')).toBe('/avatars/dragon.svg');
      expect(await page.evaluate(async () => (await fetch('/avatars/dragon.svg')).headers.get('content-type'))).toContain('image/svg');
      await avatar.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      await avatar.getByRole('img', { name: 'Ảnh của bạn' }).waitFor();
      expect(await page.locator('.avatar-menu__image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);

      // Second factor: the QR code, then a code from the key confirms it.
      const factor = centre.getByRole('region', { name: 'Xác minh hai bước' });
      await factor.getByText('Tắt', { exact: true }).waitFor();
      await factor.getByRole('button', { name: 'Cài đặt ứng dụng xác thực' }).click();
      const qr = factor.getByRole('img', { name: 'Mã QR cho ứng dụng xác thực' });
      await qr.waitFor();
      expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
      await factor.scrollIntoViewIfNeeded();
      await shot(page, 'member-centre-authenticator-qr-1366x768');
      const secret = (await factor.locator('code').textContent()) ?? '';
      await factor.getByLabel('Mã từ ứng dụng').fill('12345');
      await factor.getByRole('button', { name: 'Xác nhận' }).click();
      await factor.getByText('Nhập mã 6 chữ số từ ứng dụng.').waitFor();
      await factor.getByLabel('Mã từ ứng dụng').fill(totp(secret));
      await factor.getByRole('button', { name: 'Xác nhận' }).click();
      await factor.getByRole('status').filter({ hasText: 'Đã bật xác minh hai bước.' }).waitFor();
      await factor.getByText('Bật', { exact: true }).waitFor();

      // Login history: this session and the registration's, newest first.
      const history = centre.getByRole('region', { name: 'Lịch sử đăng nhập' }).getByRole('table');
      await history.waitFor();
      const rows = history.getByRole('row');
      expect(await rows.count()).toBe(3);
      expect(await rows.nth(1).textContent()).toContain('Phiên này');
      expect(await rows.nth(1).textContent()).toContain('127.0.0.1');
      expect(await rows.nth(1).textContent()).toMatch(/Chrome · Linux|Chrome/);
      await shot(page, 'member-centre-security-1366x768');

      // A reload keeps the member centre open on the same page, with the saved profile.
      await page.reload({ waitUntil: 'networkidle' });
      await centre.waitFor();
      const reloaded = centre.getByRole('region', { name: 'Thông tin cá nhân' });
      await reloaded.getByRole('button', { name: 'Lưu thông tin' }).waitFor();
      for (const [label, value] of Object.entries(values))
        expect(await reloaded.getByLabel(label, { exact: true }).inputValue()).toBe(value);
      expect(await reloaded.getByLabel('Ngày sinh').inputValue()).toBe('1990-05-17');
      await centre.getByRole('region', { name: 'Xác minh hai bước' }).getByText('Bật', { exact: true }).waitFor();

      // Another page from the menu; Escape closes and the address loses the parameter.
      await centre.getByRole('link', { name: 'Hộp thư' }).click();
      await centre.getByRole('heading', { level: 3, name: 'Hộp thư' }).waitFor();
      // A member who registered after the demo's notices has an empty inbox (e2e/inbox.test.ts fills one).
      await centre.getByText('Hộp thư trống. Thông báo của trang sẽ xuất hiện ở đây.').waitFor();
      expect(search(page).get('mc')).toBe('messageV2');
      await page.keyboard.press('Escape');
      await centre.waitFor({ state: 'detached' });
      expect(search(page).has('mc')).toBe(false);
      expect(await page.locator('body').getAttribute('class')).not.toContain('is-scroll-locked');

      // The browser's back button closes it too, after a page change inside it.
      await page.getByRole('button', { name: `Tài khoản ${username}` }).click();
      await page.getByRole('menuitem', { name: 'Rút tiền' }).click();
      await centre.getByRole('heading', { level: 3, name: 'Rút tiền' }).waitFor();
      await centre.getByRole('link', { name: 'Ví của tôi' }).click();
      await centre.getByRole('heading', { level: 3, name: 'Ví của tôi' }).waitFor();
      await page.goBack();
      await centre.waitFor({ state: 'detached' });
      expect(search(page).has('mc')).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/index');

      // The deposit button opens the deposit page.
      await page.getByRole('button', { name: 'Nạp tiền' }).click();
      await centre.getByRole('heading', { level: 3, name: 'Nạp tiền' }).waitFor();
      expect(search(page).get('mc')).toBe('depositv2');
      await centre.getByRole('button', { name: 'Đóng' }).click();
      await centre.waitFor({ state: 'detached' });
    });
  });

  it('opens a deep link on its page, in English and dark too, and falls back to my account for an unknown page', async () => {
    await withPage(1366, 768, async (page) => {
      await logIn(page);
      // From the site root too: the redirect to /index keeps the query.
      await page.goto(`${baseUrl}/?mc=missionLeaderboard`, { waitUntil: 'networkidle' });
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      await centre.getByRole('heading', { level: 3, name: 'Nhiệm vụ' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/index');
      // The missions page (e2e/missions.test.ts plays it through): the sign-in calendar first.
      await centre.getByRole('heading', { level: 4, name: 'Điểm danh hằng ngày' }).waitFor();
      await shot(page, 'member-centre-missions-1366x768');
      await page.keyboard.press('Escape');
      await centre.waitFor({ state: 'detached' });
      expect(page.url()).toBe(`${baseUrl}/index`);

      await page.goto(`${baseUrl}/index?mc=nothing`, { waitUntil: 'networkidle' });
      await centre.getByRole('heading', { level: 3, name: 'Tài khoản của tôi' }).waitFor();
      expect(search(page).get('mc')).toBe('securityCenter');

      await page.evaluate(() => {
        localStorage.setItem('lang', 'en');
        localStorage.setItem('theme', 'dark');
      });
      await page.reload({ waitUntil: 'networkidle' });
      const english = page.getByRole('dialog', { name: 'Member centre' });
      await english.getByRole('heading', { level: 3, name: 'My account' }).waitFor();
      await english.getByRole('region', { name: 'Personal details' }).getByLabel('Permanent address').waitFor();
      await english.getByRole('region', { name: 'Login history' }).getByRole('table').waitFor();
      await shot(page, 'member-centre-security-en-dark-1366x768');
      await english.getByRole('link', { name: 'Rewards' }).click();
      await english.getByRole('heading', { level: 4, name: 'Rewards to claim' }).waitFor();
      await shot(page, 'member-centre-rewards-en-dark-1366x768');
    });
  });

  it('asks a visitor to log in first and opens afterwards', async () => {
    await withPage(1366, 768, async (page) => {
      await page.goto(`${baseUrl}/index?mc=referral`, { waitUntil: 'networkidle' });
      const login = page.getByRole('dialog', { name: 'Đăng nhập' });
      await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
      await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
      await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await page.getByRole('dialog', { name: 'Trung tâm hội viên' }).getByRole('heading', { level: 3, name: 'Mời bạn bè' }).waitFor();
    });
  });

  it('has no serious or critical axe violation in my account, missions or invite friends, light and dark', async () => {
    // The context lets the checker itself in past the page's policy; the site's own scripts are unchanged.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    try {
      await logIn(page);
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.goto(`${baseUrl}/index?mc=securityCenter`, { waitUntil: 'networkidle' });
        await page.getByRole('region', { name: 'Lịch sử đăng nhập' }).getByRole('table').waitFor();
        expect(await seriousViolations(page), `my account, ${theme}`).toEqual([]);
        await page.goto(`${baseUrl}/index?mc=missionLeaderboard`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 4, name: 'Điểm danh hằng ngày' }).waitFor();
        expect(await seriousViolations(page), `missions, ${theme}`).toEqual([]);
        await page.goto(`${baseUrl}/index?mc=referral`, { waitUntil: 'networkidle' });
        await page.getByTestId('referral-totals').waitFor();
        expect(await seriousViolations(page), `invite friends, ${theme}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`fills the screen on a phone and sits beside its menu on a desktop, light and dark, at ${size}`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await logIn(page);
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate((value) => localStorage.setItem('theme', value), theme);
          await page.goto(`${baseUrl}/index?mc=securityCenter`, { waitUntil: 'networkidle' });
          const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
          await centre.getByRole('region', { name: 'Lịch sử đăng nhập' }).getByRole('table').waitFor();
          const box = await centre.boundingBox();
          if (viewport.width < 768) {
            expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
          } else {
            expect(box?.width).toBeLessThan(viewport.width);
            const menuBox = await centre.getByRole('navigation').boundingBox();
            // Desktop: the menu is a column on the inline start side.
            expect(menuBox?.height).toBeGreaterThan(300);
          }
          // Nothing sideways: the page area ends inside the screen and does not scroll across.
          const content = centre.getByRole('region', { name: 'Tài khoản của tôi' });
          const contentBox = await content.boundingBox();
          expect((contentBox?.x ?? 0) + (contentBox?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(viewport.width);
          expect(await content.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
          await shot(page, `member-centre-${theme}-${size}`);
          await centre.getByRole('link', { name: 'Rút tiền' }).click();
          await centre.getByText('Bạn cần đặt mật khẩu rút tiền trước khi rút tiền.').waitFor();
          await shot(page, `member-centre-withdraw-${theme}-${size}`);
        }
        await page.evaluate(() => {
          localStorage.setItem('theme', 'light');
          localStorage.setItem('lang', 'en');
        });
        await page.goto(`${baseUrl}/index?mc=securityCenter`, { waitUntil: 'networkidle' });
        const english = page.getByRole('dialog', { name: 'Member centre' });
        await english.getByRole('region', { name: 'Login history' }).getByRole('table').waitFor();
        await shot(page, `member-centre-en-${size}`);
        await english.getByRole('region', { name: 'Personal details' }).scrollIntoViewIfNeeded();
        await shot(page, `member-centre-profile-en-${size}`);
      });
    });
  }
});
