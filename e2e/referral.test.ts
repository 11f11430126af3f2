import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { formatAmount } from '@platform/contracts/money-format';
import type { ReferralRules } from '@platform/contracts/referrals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
/** Screenshots to look at (the e2e artifacts folder, outside git). */
const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'referral');
const DEPOSIT = 200_000;
const REWARD = 50_000;

/** The rules of this run: a first deposit of 100,000 qualifies the friend within a week, no play asked. */
const RULES: ReferralRules = {
  enabled: true,
  referrerReward: REWARD,
  inviteeReward: 0,
  wageringMultiple: 1,
  minFirstDeposit: 100_000,
  minValidBet: 0,
  withinDays: 7,
  maxRewardsPerReferrer: 0,
  identitySignals: ['phone', 'payee', 'bank_card', 'device'],
};

/**
 * Every browser here comes from one address; the friend's is another phone or computer, so it has
 * a browser of its own (the device signal is the address and the browser together).
 */
const FRIEND_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Friend phone) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

type Language = 'vi' | 'en';

const WORDS = {
  vi: {
    login: 'Đăng nhập',
    user: 'Tên đăng nhập',
    pass: 'Mật khẩu',
    confirm: 'Xác nhận mật khẩu',
    account: 'Tài khoản',
    register: 'Đăng ký',
    registerTitle: 'Đăng ký tài khoản',
    centre: 'Trung tâm hội viên',
    bank: /Chuyển khoản ngân hàng/,
    amount: 'Số tiền (VND)',
    deposit: 'Nạp tiền',
    transfer: 'Thông tin chuyển khoản',
    copyLink: 'Liên kết mời',
    claim: 'Nhận thưởng',
    qualified: 'Đủ điều kiện',
    rewarded: 'Đã thưởng',
    locale: 'vi-VN',
  },
  en: {
    login: 'Log in',
    user: 'Username',
    pass: 'Password',
    confirm: 'Confirm password',
    account: 'Account',
    register: 'Sign up',
    registerTitle: 'Create an account',
    centre: 'Member centre',
    bank: /Bank transfer/,
    amount: 'Amount (VND)',
    deposit: 'Deposit',
    transfer: 'Transfer details',
    copyLink: 'Invitation link',
    claim: 'Claim',
    qualified: 'Qualified',
    rewarded: 'Rewarded',
    locale: 'en-GB',
  },
} as const;

describe('invite friends in the browser: copy the link, the friend registers with it and deposits, the referrer claims', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;
  const stamp = Date.now() % 1_000_000;
  // A retried journey registers new members (the first try's names are taken).
  let journeys = 0;

  async function admin<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
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
    await admin('PUT', '/admin-api/referrals/rules', RULES);
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function openContext(width: number, language: Language, theme: 'light' | 'dark', userAgent?: string): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 768 },
      ...(userAgent ? { userAgent } : {}),
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await context.addInitScript(
      ([lang, th]) => {
        window.localStorage.setItem('lang', lang as string);
        window.localStorage.setItem('theme', th as string);
      },
      [language, theme],
    );
    return context;
  }

  async function logIn(page: Page, username: string, language: Language): Promise<void> {
    const words = WORDS[language];
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: words.login });
    await login.getByLabel(words.user, { exact: true }).fill(username);
    await login.getByLabel(words.pass, { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: words.login, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${words.account} ${username}`) }).waitFor();
  }

  async function openReferralPage(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/index?mc=referral`, { waitUntil: 'networkidle' });
    await page.getByTestId('referral-page').waitFor();
  }

  /** What the screen shows once `target` is scrolled into view (the member centre and the popup scroll inside themselves). */
  async function shot(page: Page, name: string, target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  /** No sideways scrolling: the page is no wider than the screen (the message names what sticks out). */
  async function expectNoOverflow(page: Page): Promise<void> {
    const { scroll, client, wide } = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out = Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).replace(/\s+/g, '.')}`);
      return { scroll: document.documentElement.scrollWidth, client: width, wide: out.join(', ') };
    });
    expect(scroll, `page wider than the screen: ${wide}`).toBeLessThanOrEqual(client);
  }

  async function journey(language: Language, width: number): Promise<void> {
    const words = WORDS[language];
    const tag = `${language}-${width}`;
    journeys += 1;
    const referrer = `rf${language}${stamp}${journeys}`;
    const friend = `fr${language}${stamp}${journeys}`;
    expect((await registerByUsername(baseUrl, referrer, PASSWORD)).status).toBe(200);

    // The referrer opens the page and copies the link.
    const mine = await openContext(width, language, 'light');
    const page = await mine.newPage();
    const watch = await watchPage(page);
    await logIn(page, referrer, language);
    await openReferralPage(page);
    const code = compact(await page.getByTestId('referral-code').textContent());
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const link = compact(await page.getByTestId('referral-link').textContent());
    expect(link).toBe(`${baseUrl}/register?referralCode=${code}`);
    expect(await page.getByRole('img', { name: /QR/ }).count()).toBe(1);
    await page.getByRole('button', { name: new RegExp(words.copyLink) }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);
    await expectNoOverflow(page);
    await shot(page, `referral-empty-${tag}-light`, page.getByTestId('referral-totals'));

    // The friend opens the link in a browser of its own: the register popup, the code filled in.
    const theirs = await openContext(width, language, 'light', FRIEND_USER_AGENT);
    const friendPage = await theirs.newPage();
    const friendWatch = await watchPage(friendPage);
    await friendPage.goto(copied, { waitUntil: 'networkidle' });
    const form = friendPage.getByRole('dialog', { name: words.registerTitle });
    await form.waitFor();
    expect(await form.getByTestId('register-referral-code').inputValue()).toBe(code);
    await form.getByLabel(words.user, { exact: true }).fill(friend);
    await form.getByLabel(words.pass, { exact: true }).fill(PASSWORD);
    await form.getByLabel(words.confirm, { exact: true }).fill(PASSWORD);
    await expectNoOverflow(friendPage);
    await shot(friendPage, `register-prefilled-${tag}`, form.getByTestId('register-referral-code'));
    await form.getByRole('button', { name: words.register, exact: true }).click();
    await friendPage.getByRole('button', { name: new RegExp(`^${words.account} ${friend}`) }).waitFor();

    // The referrer sees the friend registered.
    await openReferralPage(page);
    await page.locator('[data-testid="referral-invitees"] li[data-status="registered"]').waitFor();

    // The friend deposits by bank transfer; the operator confirms it.
    await friendPage.goto(`${baseUrl}/index?mc=depositv2`, { waitUntil: 'networkidle' });
    const centre = friendPage.getByRole('dialog', { name: words.centre });
    await centre.getByRole('radio', { name: words.bank }).check();
    await centre.getByLabel(words.amount, { exact: true }).fill(String(DEPOSIT));
    await centre.getByRole('button', { name: words.deposit, exact: true }).click();
    const instructions = centre.getByRole('region', { name: words.transfer });
    const reference = compact(await instructions.locator('.mm-details__row--key .mm-details__value').textContent());
    const orders = await admin<{ list: { id: number }[] }>('GET', `/admin-api/deposit/orders?referenceCode=${reference}`);
    await admin('POST', `/admin-api/deposit/orders/${orders.list[0]?.id}/confirm`, {});

    // The referrer's page: the friend qualified, the reward waits; claimed, it is in the main wallet.
    await openReferralPage(page);
    const row = page.locator('[data-testid="referral-invitees"] li[data-status="qualified"]');
    await row.waitFor();
    expect(compact(await row.locator('[data-field="status"]').textContent())).toBe(compact(words.qualified));
    const reward = compact(formatAmount(REWARD as never, 'VND', words.locale));
    expect(compact(await row.locator('[data-field="reward"]').textContent())).toBe(reward);
    expect(compact(await page.getByTestId('referral-totals').locator('[data-field="pending"]').textContent())).toBe(reward);
    await expectNoOverflow(page);
    await shot(page, `referral-qualified-${tag}-light`, page.getByTestId('referral-rewards'));
    // The same reward waits in the rewards centre too, with the member's other rewards.
    await page.goto(`${baseUrl}/index?mc=rewardCenter`, { waitUntil: 'networkidle' });
    await page.locator('li.rc-item[data-source="referral"]').waitFor();
    await openReferralPage(page);
    await row.waitFor();
    const balanceBefore = await page.evaluate(async () => {
      const response = await fetch('/wps/v2/wallets/balance', { headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` } });
      return ((await response.json()) as { value: { sumBalance: number } }).value.sumBalance;
    });
    await page.getByTestId('referral-rewards').getByRole('button', { name: words.claim, exact: true }).click();
    await page.locator('.rf-result[role="status"]').waitFor();
    await page.locator('[data-testid="referral-invitees"] li[data-status="rewarded"]').waitFor();
    expect(compact(await page.getByTestId('referral-totals').locator('[data-field="earned"]').textContent())).toBe(reward);
    const balanceAfter = await page.evaluate(async () => {
      const response = await fetch('/wps/v2/wallets/balance', { headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` } });
      return ((await response.json()) as { value: { sumBalance: number } }).value.sumBalance;
    });
    expect(balanceAfter - balanceBefore).toBe(REWARD);
    await expectNoOverflow(page);
    await shot(page, `referral-rewarded-${tag}-light`, page.getByTestId('referral-invitees'));

    // The same page in the dark theme.
    const dark = await openContext(width, language, 'dark');
    const darkPage = await dark.newPage();
    await logIn(darkPage, referrer, language);
    await openReferralPage(darkPage);
    await darkPage.locator('[data-testid="referral-invitees"] li[data-status="rewarded"]').waitFor();
    await expectNoOverflow(darkPage);
    await shot(darkPage, `referral-top-${tag}-dark`, darkPage.getByTestId('referral-totals'));
    await shot(darkPage, `referral-rewarded-${tag}-dark`, darkPage.getByTestId('referral-invitees'));

    expect(watch.consoleErrors).toEqual([]);
    expect(friendWatch.consoleErrors).toEqual([]);
    expect(await watch.cspViolations()).toEqual([]);
    await Promise.all([mine.close(), theirs.close(), dark.close()]);
  }

  it('on a phone, in Vietnamese', async () => {
    await journey('vi', 390);
  });

  it('on a desktop, in English', async () => {
    await journey('en', 1366);
  });
});
