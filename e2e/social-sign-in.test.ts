import { socialProvidersSetting } from '@platform/server/modules/social-sign-in/social-sign-in.settings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOidcProvider, startLocalOidcProvider } from '../apps/server/test/local-oidc-provider.ts';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

describe('a player signing in with a social account', () => {
  let site: SiteServer;
  let provider: LocalOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    provider = await startLocalOidcProvider({ redirectUris: [`${site.baseUrl}/wps/session/social/local/callback`] });
    // What an operator does through PUT /admin-api/settings/socialSignIn.providers.
    await site.app.services.settings.set(
      site.merchantId,
      socialProvidersSetting,
      {
        providers: [
          {
            key: 'local',
            name: 'Local ID',
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            scopes: ['email', 'profile'],
            isEnabled: true,
          },
        ],
      },
      'e2e',
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await site?.close();
  });

  async function withPage(width: number, height: number, language: 'vi' | 'en', run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    const page = await context.newPage();
    const watch = await watchPage(page);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(response.url());
    });
    try {
      await run(page);
      // The provider's development login page links web fonts this machine cannot reach and has no
      // favicon; the site's own pages log nothing and miss nothing.
      expect(missing.filter((url) => !url.startsWith(provider.issuer))).toEqual([]);
      const siteErrors = watch.consoleErrors.filter((error) => !error.includes('ERR_NAME_NOT_RESOLVED') && !error.includes('404'));
      expect(siteErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /** The provider's own login page: any name is the subject. */
  async function signInAtProvider(page: Page, subject: string): Promise<void> {
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(subject);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  it('makes a new account on the first sign-in and signs the same member in the next time', async () => {
    // A subject of its own per attempt: a retry must not find the first attempt's link.
    const subject = `first-player-${Date.now().toString(36)}`;
    await withPage(1366, 900, 'vi', async (page) => {
      await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
      const login = page.getByRole('dialog', { name: 'Đăng nhập' });
      await login.getByRole('link', { name: 'Tiếp tục với Local ID' }).click();
      await signInAtProvider(page, subject);

      // The linking screen: a new account with the suggested username, once confirmed.
      await page.waitForURL(/\/social-login\?ticket=/);
      const username = page.getByLabel('Tên đăng nhập', { exact: true });
      await username.waitFor();
      const suggested = await username.inputValue();
      expect(suggested).toMatch(/^firstplayer/);
      await page.getByRole('button', { name: 'Tạo tài khoản và liên kết' }).click();
      await page.getByText('Vui lòng xác nhận rằng bạn hiểu liên kết không thể thay đổi hoặc gỡ bỏ.').waitFor();
      await page.getByLabel(/không thể thay đổi hoặc gỡ bỏ/).check();
      await page.getByRole('button', { name: 'Tạo tài khoản và liên kết' }).click();

      // Signed in, back where the sign-in started.
      const avatar = page.getByRole('button', { name: `Tài khoản ${suggested}` });
      await avatar.waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/social-login');
      expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(suggested);

      // Sign out, then in again with the provider: the same member, without the linking screen.
      await avatar.click();
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
      await page.getByRole('dialog', { name: 'Đăng xuất' }).getByRole('button', { name: 'Xác nhận' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).waitFor();
      await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog', { name: 'Đăng nhập' }).getByRole('link', { name: 'Tiếp tục với Local ID' }).click();
      // The provider still knows the player (its session cookie) and sends the browser straight back.
      await page.getByRole('button', { name: `Tài khoản ${suggested}` }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(suggested);
      expect(page.url()).not.toContain('code=');
    });
  });

  for (const viewport of VIEWPORTS) {
    for (const language of ['vi', 'en'] as const) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`shows the provider in the login popup and the linking screen in ${language} at ${size}`, async () => {
        await withPage(viewport.width, viewport.height, language, async (page) => {
          const loginName = language === 'vi' ? 'Đăng nhập' : 'Log in';
          const continueName = language === 'vi' ? 'Tiếp tục với Local ID' : 'Continue with Local ID';
          await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
          const login = page.getByRole('dialog', { name: loginName });
          await login.getByRole('link', { name: continueName }).waitFor();
          await screenshot(page, `social-login-popup-${language}-${size}`);
          await login.getByRole('link', { name: continueName }).click();
          await signInAtProvider(page, `shot-${language}-${viewport.width}`);
          await page.waitForURL(/\/social-login\?ticket=/);
          await page.getByRole('button', { name: language === 'vi' ? 'Tôi đã có tài khoản' : 'I have an account' }).waitFor();
          await screenshot(page, `social-link-screen-${language}-${size}`);
        });
      });
    }
  }
});
