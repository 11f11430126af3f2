import type { Database } from '@platform/server/db/database';
import { loginPolicySetting } from '@platform/server/modules/accounts/accounts.settings';
import { botCheckSetting } from '@platform/server/modules/accounts/bot-check';
import { settingsTreeSetting } from '@platform/server/modules/system/system.settings';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';

/** What the browser logs on purpose: the test's wrong-password attempts are refused (401). */
const EXPECTED_CONSOLE = /status of 401/;

describe('a visitor on the site shell', () => {
  let site: SiteServer;
  let database: Database;
  let app: FastifyInstance;
  let browser: Browser;
  let baseUrl: string;
  let merchantId: number;

  beforeAll(async () => {
    site = await startSiteServer();
    ({ app, database, baseUrl } = site);
    merchantId = site.merchantId;
    await switchOffRegistrationCaptcha(site);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** `expectedConsole`: further browser console errors this test causes on purpose. */
  async function withPage(width: number, height: number, run: (page: Page) => Promise<void>, expectedConsole?: RegExp): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors.filter((e) => !EXPECTED_CONSOLE.test(e) && !expectedConsole?.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** The page must not scroll sideways: nothing wider than the viewport. */
  async function expectNoHorizontalOverflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`switches language and theme, registers, signs out and logs in again at ${size}`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
        // The redirect follows the status call, which a cold browser on a busy machine may start after network idle.
        await page.waitForURL((url) => url.pathname === '/index');
        await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `shell-home-vi-${size}`);

        // Language: English and back.
        await page.getByRole('button', { name: 'EN', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Welcome to Lotus' }).waitFor();
        expect(await page.getByRole('button', { name: 'Sign up' }).isVisible()).toBe(true);
        await screenshot(page, `shell-home-en-${size}`);
        await page.getByRole('button', { name: 'VI', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Lotus' }).waitFor();
        expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual(['vi', 'en']);

        // Theme: dark survives a reload (set before the app starts), then back to light.
        const themeButton = page.getByRole('button', { name: 'Giao diện tối' });
        await themeButton.click();
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await page.reload({ waitUntil: 'networkidle' });
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        expect(await themeButton.getAttribute('aria-pressed')).toBe('true');
        await screenshot(page, `shell-home-dark-${size}`);
        await themeButton.click();
        expect(await page.locator('html').getAttribute('data-theme')).toBe('light');

        // The mobile menu lists the categories; a category page shows its frame.
        if (viewport.width < 1024) {
          await page.getByRole('button', { name: 'Mở danh mục' }).click();
          await screenshot(page, `shell-menu-open-${size}`);
        }
        await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Xổ số' }).click();
        // The lottery has its own page now: its game list, and no "coming soon".
        await page.getByRole('region', { name: 'Danh sách xổ số' }).waitFor();
        expect(await page.getByRole('heading', { name: 'Sắp ra mắt' }).count()).toBe(0);
        await screenshot(page, `shell-lottery-${size}`);

        // Register by username.
        const username = `web${viewport.width}${Date.now() % 100000}`;
        await page.getByRole('banner').getByRole('button', { name: 'Đăng ký' }).click();
        const register = page.getByRole('dialog', { name: 'Đăng ký tài khoản' });
        await register.waitFor();
        expect(await page.locator('body').getAttribute('class')).toContain('is-scroll-locked');
        expect(await register.getByRole('checkbox').isChecked()).toBe(true);
        // Validation before any call: the required marks and the server's rule hints.
        await register.getByRole('button', { name: 'Đăng ký' }).click();
        await register.getByText('Không được để trống').first().waitFor();
        expect(await register.getByLabel('Tên đăng nhập', { exact: true }).getAttribute('placeholder')).toBe('*Tên đăng nhập');
        await register.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await register.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
        await register.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(`${PASSWORD}x`);
        await register.getByRole('button', { name: 'Đăng ký' }).click();
        await register.getByText('Mật khẩu không chính xác').waitFor();
        await screenshot(page, `shell-register-errors-${size}`);
        await register.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(PASSWORD);
        await register.getByRole('button', { name: 'Đăng ký' }).click();
        const success = page.getByRole('dialog', { name: 'Đăng ký thành công' });
        await success.waitFor();
        await screenshot(page, `shell-register-success-${size}`);
        await success.getByRole('button', { name: 'Bắt đầu chơi' }).click();

        // The logged-in bar.
        const avatar = page.getByRole('button', { name: `Tài khoản ${username}` });
        await avatar.waitFor();
        expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(username);
        expect(await page.evaluate(() => Boolean(sessionStorage.getItem('token')))).toBe(true);
        await page.getByRole('button', { name: 'Nạp tiền' }).waitFor();
        await page.getByRole('button', { name: 'Ẩn số dư' }).click();
        expect((await page.locator('.balance__value').textContent())?.trim()).toBe('***');
        await page.getByRole('button', { name: 'Ẩn số dư' }).click();
        await expectNoHorizontalOverflow(page);
        await avatar.click();
        expect(await page.getByRole('menuitem', { name: 'Trung tâm đại lý' }).count()).toBe(0);
        await screenshot(page, `shell-logged-in-menu-${size}`);

        // Sign out with the confirmation.
        await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
        const confirm = page.getByRole('dialog', { name: 'Đăng xuất' });
        await confirm.waitFor();
        await screenshot(page, `shell-logout-confirm-${size}`);
        await confirm.getByRole('button', { name: 'Xác nhận' }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).waitFor();
        expect(await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('merchantCode') !== null])).toEqual([
          null,
          true,
        ]);

        // Log in again; a wrong password shows the server's message first.
        await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).click();
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.waitFor();
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill('Wrong2026abc');
        await login.getByRole('button', { name: 'Đăng nhập' }).click();
        await login.getByRole('alert').waitFor();
        await screenshot(page, `shell-login-error-${size}`);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
        await login.getByLabel('Ghi nhớ tài khoản').check();
        await login.getByRole('button', { name: 'Đăng nhập' }).click();
        await avatar.waitFor();
        const remembered = (await page.context().cookies()).find((cookie) => cookie.name === 'rememberedUsername');
        expect(remembered && decodeURIComponent(remembered.value)).toBe(username);
        await screenshot(page, `shell-logged-in-${size}`);
      });
    });
  }

  it('opens the register popup on /register, closes it with Escape, and shows a page frame for every section', async () => {
    await withPage(390, 844, async (page) => {
      await page.goto(`${baseUrl}/register.html`, { waitUntil: 'networkidle' });
      const register = page.getByRole('dialog', { name: 'Đăng ký tài khoản' });
      await register.waitFor();
      await page.keyboard.press('Escape');
      await register.waitFor({ state: 'detached' });
      expect(await page.locator('body').getAttribute('class')).not.toContain('is-scroll-locked');
      for (const [route, title] of [
        ['/promotions', 'Khuyến mãi'],
        ['/games/jili/vassalage/JL', 'Danh sách trò chơi'],
        ['/download', 'Tải ứng dụng'],
        ['/join', 'Hợp tác đại lý'],
      ] as const) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      }
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
      // The narrowest phones the site supports: nothing overflows sideways, with or without a popup.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'shell-login-360x740');
      await page.keyboard.press('Escape');
      await page.waitForURL(`${baseUrl}/index`);
      await expectNoHorizontalOverflow(page);
    });
  });

  it('asks for a captcha after repeated failed logins and refreshes it on click', async () => {
    await withPage(1366, 768, async (page) => {
      // A click refreshes the captcha at most once a second by the page's clock, which the test moves on.
      await page.clock.install();
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
      const login = page.getByRole('dialog', { name: 'Đăng nhập' });
      await login.waitFor();
      await login.getByLabel('Tên đăng nhập', { exact: true }).fill('nobody2026');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await login.getByLabel('Mật khẩu', { exact: true }).fill(`Wrong${attempt}abc`);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await login.getByRole('alert').waitFor();
      }
      const image = login.getByRole('img', { name: 'Mã xác nhận' });
      await image.waitFor();
      const first = await image.getAttribute('src');
      await page.clock.fastForward(1100);
      await login.getByRole('button', { name: 'Đổi mã xác nhận khác' }).click();
      await page.waitForFunction((src) => document.querySelector('.captcha-image img')?.getAttribute('src') !== src, first);
      await screenshot(page, 'shell-login-captcha-1366x768');
      // Escape closes and gives focus back to the page.
      await page.keyboard.press('Escape');
      await login.waitFor({ state: 'detached' });
    });
  });

  it('lets a visitor play for free and warns the trial account away from deposits', async () => {
    await withPage(390, 844, async (page) => {
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      const opener = page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' });
      await opener.click();
      const login = page.getByRole('dialog', { name: 'Đăng nhập' });
      await login.waitFor();
      // Focus starts inside the dialog and Tab stays there.
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      await login.getByRole('button', { name: 'Chơi thử miễn phí' }).click();
      await page.getByRole('button', { name: 'Nạp tiền' }).click();
      const warning = page.getByRole('dialog', { name: 'Thông báo' });
      await warning.getByText('Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức.').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
      await screenshot(page, 'shell-trial-warning-390x844');
      await warning.getByRole('button', { name: 'Xác nhận' }).click();
      await warning.waitFor({ state: 'detached' });
    });
  });

  it('sends a visitor to /login when the operator turns the visitor guard on', async () => {
    const settings = app.services.settings;
    const tree = await settings.get(merchantId, settingsTreeSetting);
    await settings.set(merchantId, settingsTreeSetting, [...tree, { modId: 'loginedToHomePage', enabled: '1', childrenNodes: [] }], 'e2e');
    try {
      await withPage(390, 844, async (page) => {
        await page.goto(`${baseUrl}/promotions`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        await page.goto(`${baseUrl}/download`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Tải ứng dụng' }).waitFor();
      });
    } finally {
      await settings.set(merchantId, settingsTreeSetting, tree, 'e2e');
    }
  });

  it('sends a password reset e-mail from the login popup, and its link sets a new password once', async () => {
    // The demo players have no e-mail address; this one gets one so the mail goes out.
    await database.db.updateTable('members').set({ email: 'player01@example.com' }).where('username', '=', 'player01').execute();
    await withPage(
      390,
      844,
      async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog', { name: 'Đăng nhập' }).getByRole('button', { name: 'Quên mật khẩu?' }).click();
        const forgot = page.getByRole('dialog', { name: 'Quên mật khẩu' });
        await forgot.waitFor();
        await forgot.getByLabel('Tên đăng nhập', { exact: true }).fill('player01');
        await forgot.getByLabel('Email', { exact: true }).fill('not-an-email');
        await forgot.getByRole('button', { name: 'Xác nhận' }).click();
        await forgot.getByText('Vui lòng nhập email hợp lệ').waitFor();
        await forgot.getByLabel('Email', { exact: true }).fill('player01@example.com');
        await forgot.getByRole('button', { name: 'Xác nhận' }).click();
        await forgot.getByRole('status').waitFor();
        await screenshot(page, 'shell-forgot-password-390x844');

        // The mailed link opens the reset page; the new password works, and the link only once.
        const mail = await database.db
          .selectFrom('email_outbox')
          .select('body')
          .where('to_address', '=', 'player01@example.com')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
        expect(link).toBeDefined();
        const newPassword = 'Reset2026abc';
        for (const attempt of ['first', 'again'] as const) {
          await page.goto(`${baseUrl}${link}`, { waitUntil: 'networkidle' });
          await page.getByRole('heading', { name: 'Đặt lại mật khẩu' }).waitFor();
          await page.getByLabel('Mật khẩu mới', { exact: true }).fill(newPassword);
          await page.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(newPassword);
          await page.getByRole('button', { name: 'Đặt mật khẩu mới' }).click();
          if (attempt === 'first') {
            await page.getByText('Mật khẩu đã được đổi', { exact: false }).waitFor();
            await screenshot(page, 'shell-reset-password-done-390x844');
          } else {
            await page.getByText('Liên kết đặt lại mật khẩu đã hết hạn hoặc đã được dùng.').waitFor();
          }
        }
        await page.getByRole('button', { name: 'Gửi liên kết mới' }).click();
        await page.getByRole('dialog', { name: 'Quên mật khẩu' }).waitFor();
        // The used link's second submission is refused by the server (400), which the browser logs.
      },
      /status of 400/,
    );
  });

  it('solves the bot check when the operator requires it, and registers', async () => {
    const settings = app.services.settings;
    const before = await settings.get(merchantId, botCheckSetting);
    await settings.set(merchantId, botCheckSetting, { required: true, keyPrefix: '000' }, 'e2e');
    try {
      await withPage(
        390,
        844,
        async (page) => {
          const username = `bot${Date.now() % 1000000}`;
          await page.goto(`${baseUrl}/register`, { waitUntil: 'networkidle' });
          const register = page.getByRole('dialog', { name: 'Đăng ký tài khoản' });
          await register.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
          await register.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
          await register.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(PASSWORD);
          const challenge = page.waitForResponse((r) => r.url().endsWith('/wps/botcheck/challenge'));
          await register.getByRole('button', { name: 'Đăng ký' }).click();
          await challenge;
          await page.getByRole('dialog', { name: 'Đăng ký thành công' }).waitFor();
          const created = await database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
          expect(created).toBeDefined();
        },
        // The first try without a solved check is refused (400) before the client solves one.
        /status of 400/,
      );
    } finally {
      await settings.set(merchantId, botCheckSetting, before, 'e2e');
    }
  });

  it('registers by mobile number with an SMS code and its countdown', async () => {
    await withPage(390, 844, async (page) => {
      const mobile = `09${String(Date.now()).slice(-8)}`;
      await page.goto(`${baseUrl}/register`, { waitUntil: 'networkidle' });
      const register = page.getByRole('dialog', { name: 'Đăng ký tài khoản' });
      await register.getByRole('button', { name: 'Số điện thoại', exact: true }).click();
      await register.getByLabel('Số điện thoại', { exact: true }).fill(mobile);
      await register.getByRole('button', { name: 'Gửi mã' }).click();
      await register.getByRole('button', { name: /Gửi lại sau \d+ giây/ }).waitFor();
      expect(await register.getByRole('button', { name: /Gửi lại sau/ }).isDisabled()).toBe(true);
      const message = await database.db
        .selectFrom('sms_outbox')
        .select('body')
        .where('mobile_num', '=', mobile)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const code = /\d{6}/.exec(message.body)?.[0];
      expect(code).toBeDefined();
      await register.getByLabel('Mã SMS', { exact: true }).fill(code ?? '');
      await register.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
      await register.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(PASSWORD);
      await screenshot(page, 'shell-register-mobile-390x844');
      await register.getByRole('button', { name: 'Đăng ký', exact: true }).click();
      await page.getByRole('dialog', { name: 'Đăng ký thành công' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(mobile);
    });
  });

  it('forces a password change after a login with a default password; the member goes on home with the new session', async () => {
    const defaultPassword = 'Default2026x';
    const newPassword = 'Fresh2026abc';
    const username = `cpw${Date.now() % 1000000}`;
    const settings = app.services.settings;
    const policy = await settings.get(merchantId, loginPolicySetting);
    // The earlier tests' failed logins from this address would otherwise ask for a captcha here.
    await settings.set(
      merchantId,
      loginPolicySetting,
      { ...policy, captchaAfterFailures: 100, defaultPasswords: [...policy.defaultPasswords, defaultPassword] },
      'e2e',
    );
    try {
      const registered = await fetch(`${baseUrl}/wps/member/register`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password: defaultPassword, confirmPassword: defaultPassword, agreement: true }),
      });
      expect(registered.status).toBe(200);
      await withPage(1366, 768, async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(defaultPassword);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        const change = page.getByRole('dialog', { name: 'Đổi mật khẩu' });
        await change.waitFor();
        // Forced: no close button, and Escape does not dismiss it.
        expect(await change.getByRole('button', { name: 'Đóng' }).count()).toBe(0);
        await page.keyboard.press('Escape');
        expect(await change.isVisible()).toBe(true);
        await change.getByLabel('Mật khẩu hiện tại', { exact: true }).fill(defaultPassword);
        await change.getByLabel('Mật khẩu mới', { exact: true }).fill(newPassword);
        await change.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(newPassword);
        await screenshot(page, 'shell-change-password-1366x768');
        await change.getByRole('button', { name: 'Đổi mật khẩu' }).click();
        // Spec: login info reloads, the popup closes and the site goes to '/', with a confirmation.
        await page.getByText('Đã đổi mật khẩu.', { exact: false }).waitFor();
        await change.waitFor({ state: 'detached' });
        await page.waitForURL(/\/index$/);
        await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
        await screenshot(page, 'shell-password-changed-1366x768');
        // The session goes on after a reload, and the new password is the one that logs in.
        await page.reload({ waitUntil: 'networkidle' });
        await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
        const relogin = await fetch(`${baseUrl}/wps/session/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: await sealForSite(baseUrl, { username, password: newPassword }),
        });
        expect(relogin.status).toBe(200);
      });
    } finally {
      await settings.set(merchantId, loginPolicySetting, policy, 'e2e');
    }
  });
});
