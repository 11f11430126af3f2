import path from 'node:path';
import { hashPassword } from '@platform/server/lib/password';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const AGENT_PASSWORD = 'Agent2026';
const PLAYER_PASSWORD = 'Player2026';
/** agent01's payment password, set for these tests: sending a red envelope asks for it. */
const PAYMENT_PASSWORD = '246810';

/** The agent centre's menu in the order of AGENT_CENTRE_PAGES (state/agent-centre-pages.ts), by page key. */
const PAGE_ORDER = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  // The contract pages: the demo merchant's settings tree has every contract kind on.
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'agentRedEnvelope',
  'agentWallet',
];

describe('the agent centre', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    // With the demo vendor the demo members are funded, as `npm start` does: agent01 has play money to move.
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    // The demo accounts were made by an operator, so their first login asks for a new password;
    // one login here makes the browser's the second.
    for (const [username, password] of [
      ['agent01', AGENT_PASSWORD],
      ['player01', PLAYER_PASSWORD],
    ]) {
      const response = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password }),
      });
      expect(response.status, username).toBe(200);
    }
    await site.database.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(PAYMENT_PASSWORD) })
      .where('username', '=', 'agent01')
      .execute();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(
    viewport: { width: number; height: number },
    options: { language?: 'vi' | 'en'; theme?: 'light' | 'dark'; expectedConsoleErrors?: number },
    run: (page: Page) => Promise<void>,
  ): Promise<void> {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(
      ([language, theme]) => {
        localStorage.setItem('lang', language);
        localStorage.setItem('theme', theme);
      },
      [options.language ?? 'vi', options.theme ?? 'light'] as const,
    );
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      // A refused call the test makes on purpose shows as a failed resource in the console.
      expect(watch.consoleErrors).toEqual(
        Array.from({ length: options.expectedConsoleErrors ?? 0 }, () => expect.stringMatching(/status of 4\d\d/)),
      );
    } finally {
      await context.close();
    }
  }

  /** Logs in through the login popup, at the member or the agent entry. */
  async function logIn(page: Page, username: string, password: string, entry: 'member' | 'agent', language: 'vi' | 'en') {
    const text =
      language === 'vi'
        ? { login: 'Đăng nhập', username: 'Tên đăng nhập', password: 'Mật khẩu', agent: 'Trung tâm đại lý' }
        : { login: 'Log in', username: 'Username', password: 'Password', agent: 'Agent centre' };
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    let dialog = page.getByRole('dialog', { name: text.login, exact: true });
    if (entry === 'agent') {
      await dialog.getByRole('button', { name: text.agent }).click();
      dialog = page.getByRole('dialog', { name: `${text.login} · ${text.agent}` });
    }
    await dialog.getByLabel(text.username, { exact: true }).fill(username);
    await dialog.getByLabel(text.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: text.login, exact: true }).click();
  }

  const param = (page: Page) => new URL(page.url()).searchParams.get('ac');

  /** What the screen shows: the panel is fixed, so a full-page capture would add the page behind it. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    it(`agent01 opens it from the avatar menu, moves between pages, deep-links and closes it at ${viewport.width} px`, async () => {
      await withPage(viewport, { language: 'vi' }, async (page) => {
        await logIn(page, 'agent01', AGENT_PASSWORD, 'member', 'vi');
        // The avatar button is named after the nickname; the demo data may rename it.
        const avatar = page.locator('.avatar-menu__button');
        await avatar.click();
        await page.getByRole('menuitem', { name: 'Trung tâm đại lý' }).click();
        const panel = page.getByRole('dialog', { name: 'Trung tâm đại lý' });
        await panel.waitFor();

        // The menu lists the pages that are built, in the spec's order; the default page is the
        // overview once it is there, else the first page.
        const menu = panel.getByRole('navigation', { name: 'Các trang của trung tâm đại lý' });
        const keys = await menu.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('data-page') ?? ''));
        expect(keys.length).toBeGreaterThan(0);
        expect(keys).toEqual(PAGE_ORDER.filter((key) => keys.includes(key)));
        const expectedDefault = keys.includes('agentTeamOverview') ? 'agentTeamOverview' : keys[0];
        await page.waitForFunction((key) => new URL(location.href).searchParams.get('ac') === key, expectedDefault);
        await menu.locator(`[aria-current="page"][data-page="${expectedDefault}"]`).waitFor();

        // Every page opens in the right-hand area, highlighted in the menu, with its own address.
        for (const key of keys) {
          await menu.locator(`[data-page="${key}"]`).click();
          await page.waitForFunction((k) => new URL(location.href).searchParams.get('ac') === k, key);
          // The address changes first; the panel follows once the page's code has loaded.
          await menu.locator(`[aria-current="page"][data-page="${key}"]`).waitFor();
          const title = (await menu.locator(`[data-page="${key}"]`).innerText()).trim();
          await panel.getByRole('heading', { level: 3, name: title }).waitFor();
        }
        await shot(page, `agent-centre-${viewport.width}-vi-light`);

        // The close control closes it, and the address loses the parameter.
        await panel.getByRole('button', { name: 'Đóng' }).click();
        await panel.waitFor({ state: 'detached' });
        expect(param(page)).toBeNull();

        // A deep link opens it on that page.
        await page.goto(`${baseUrl}/index?ac=agentWallet`, { waitUntil: 'networkidle' });
        await panel.waitFor();
        await menu.locator('[aria-current="page"][data-page="agentWallet"]').waitFor();
        // An unknown page falls back to the default one.
        await page.goto(`${baseUrl}/index?ac=nothingHere`, { waitUntil: 'networkidle' });
        await page.waitForFunction((key) => new URL(location.href).searchParams.get('ac') === key, expectedDefault);
      });
    });
  }

  for (const [width, language] of [
    [390, 'vi'],
    [1366, 'vi'],
    [390, 'en'],
    [1366, 'en'],
  ] as const) {
    it(`agent01 logging in at the agent entry of /login lands in the agent centre, and its red envelope asks for the payment password (${width} px, ${language})`, async () => {
      await withPage(
        { width, height: width < 800 ? 844 : 768 },
        { language, expectedConsoleErrors: width === 1366 && language === 'en' ? 1 : 0 },
        async (page) => {
          const text =
            language === 'vi'
              ? {
                  centre: 'Trung tâm đại lý',
                  total: 'Tổng tiền (VND)',
                  count: 'Số phần',
                  password: 'Mật khẩu thanh toán',
                  expiry: 'Hết hạn sau',
                }
              : {
                  centre: 'Agent centre',
                  total: 'Total (VND)',
                  count: 'Number of shares',
                  password: 'Payment password',
                  expiry: 'Expires after',
                };
          await logIn(page, 'agent01', AGENT_PASSWORD, 'agent', language);
          // Straight into the centre, on the overview, with no further step.
          const panel = page.getByRole('dialog', { name: text.centre, exact: true });
          await panel.waitFor();
          await page.waitForFunction(() => new URL(location.href).searchParams.get('ac') === 'agentTeamOverview');
          expect(new URL(page.url()).pathname).toBe('/index');
          await panel.locator('[aria-current="page"][data-page="agentTeamOverview"]').waitFor();
          await shot(page, `agent-centre-login-${width}-${language}`);

          await panel.locator('[data-page="agentRedEnvelope"]').click();
          const passwordField = panel.getByLabel(text.password, { exact: true });
          await passwordField.waitFor();
          expect(await panel.getByLabel(text.expiry).locator('option').allTextContents()).toEqual(
            language === 'vi' ? ['1 giờ', '6 giờ', '1 ngày', '3 ngày', '7 ngày'] : ['1 hour', '6 hours', '1 day', '3 days', '7 days'],
          );
          await panel.getByLabel(text.total).fill('2000');
          await panel.getByLabel(text.count, { exact: true }).fill('1');
          await passwordField.scrollIntoViewIfNeeded();
          await shot(page, `agent-centre-red-envelope-${width}-${language}`);
          if (width !== 1366 || language !== 'en') return;

          // The server checks it: a wrong one is refused with its sentence, the right one sends.
          const token = await page.evaluate(() => sessionStorage.getItem('token'));
          const moved = await fetch(`${baseUrl}/wps/agent/wallet/move`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ direction: 'toAgent', amount: 5000, requestId: `e2e-red-envelope-${Date.now()}` }),
          });
          expect(moved.status, await moved.text()).toBe(200);
          await passwordField.fill('111111');
          await panel.getByRole('button', { name: 'Send red envelope' }).click();
          await panel.getByRole('alert').filter({ hasText: 'The withdrawal password is incorrect. Enter it again.' }).waitFor();
          await passwordField.fill(PAYMENT_PASSWORD);
          await panel.getByRole('button', { name: 'Send red envelope' }).click();
          await panel
            .getByRole('status')
            .filter({ hasText: /in 1 share sent/ })
            .waitFor();
          await shot(page, 'agent-centre-red-envelope-sent-1366-en');
        },
      );
    });
  }

  it('moves money from the main wallet to the agent wallet and back, saying downline transfers come from the agent wallet', async () => {
    await withPage({ width: 1366, height: 768 }, { language: 'en', theme: 'dark' }, async (page) => {
      await logIn(page, 'agent01', AGENT_PASSWORD, 'agent', 'en');
      // A login at the agent entry opens the agent centre.
      const panel = page.getByRole('dialog', { name: 'Agent centre', exact: true });
      await panel.waitFor();
      // Within the app (a reload would bring the site's announcement popup over the panel).
      await panel.locator('[data-page="agentWallet"]').click();
      await panel.getByRole('heading', { level: 3, name: 'Agent wallet' }).waitFor();
      await panel.getByText('Transfers to your downline are paid from the agent wallet').first().waitFor();

      const balance = async (wallet: 'main' | 'agent') => {
        const text = await panel.locator(`[data-wallet="${wallet}"] dd`).innerText();
        return Number(text.replace(/[^\d]/g, ''));
      };
      await panel.locator('[data-wallet="main"] dd').waitFor();
      const main = await balance('main');
      const agent = await balance('agent');
      expect(main).toBeGreaterThan(0);

      await panel.getByLabel(/^Amount/).fill('1000');
      await panel.getByRole('button', { name: 'Move to agent wallet' }).click();
      await panel.getByRole('status').filter({ hasText: 'from the main wallet to the agent wallet' }).waitFor();
      await page.waitForFunction(
        ([m]) => Number(document.querySelector('[data-wallet="main"] dd')?.textContent?.replace(/[^\d]/g, '')) !== m,
        [main],
      );
      const mainAfter = await balance('main');
      const agentAfter = await balance('agent');
      expect(main - mainAfter).toBe(agentAfter - agent);
      expect(main - mainAfter).toBeGreaterThan(0);
      await shot(page, 'agent-centre-wallet-1366-en-dark');

      await panel.getByLabel(/^Amount/).fill('1000');
      await panel.getByRole('button', { name: 'Move to main wallet' }).click();
      await panel.getByRole('status').filter({ hasText: 'from the agent wallet to the main wallet' }).waitFor();
      await page.waitForFunction(
        ([a]) => Number(document.querySelector('[data-wallet="agent"] dd')?.textContent?.replace(/[^\d]/g, '')) !== a,
        [agentAfter],
      );
      expect([await balance('main'), await balance('agent')]).toEqual([main, agent]);

      // English at 390 px in the dark theme, for the screenshot.
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'agent-centre-wallet-390-en-dark');
    });
  });

  it('is absent for player01: no menu entry, and a deep link opens nothing; the agent entry refuses a player', async () => {
    await withPage({ width: 390, height: 844 }, { language: 'en', expectedConsoleErrors: 1 }, async (page) => {
      await logIn(page, 'player01', PLAYER_PASSWORD, 'agent', 'en');
      const dialog = page.getByRole('dialog', { name: 'Log in · Agent centre' });
      await dialog.getByRole('alert').filter({ hasText: 'Cannot login because not an agent.' }).waitFor();
      // Still logged out, still at the login: no session, no avatar, no agent centre.
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      expect(await page.locator('.avatar-menu__button').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.getByRole('dialog', { name: 'Agent centre', exact: true }).count()).toBe(0);
      await shot(page, 'agent-centre-login-refused-390-en');

      await logIn(page, 'player01', PLAYER_PASSWORD, 'member', 'en');
      await page.locator('.avatar-menu__button').click();
      const items = await page.getByRole('menuitem').allTextContents();
      expect(items.length).toBeGreaterThan(0);
      expect(items).not.toContain('Agent centre');

      await page.goto(`${baseUrl}/index?ac=agentWallet`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('ac'));
      expect(await page.getByRole('dialog', { name: 'Agent centre' }).count()).toBe(0);
    });
  });
});
