import { totpCode } from '@platform/server/lib/totp';
import { registrationSetting } from '@platform/server/modules/accounts/accounts.settings';
import { DEMO_ACCOUNTS } from '@platform/server/seed/demo-seed';
import type { Page } from 'playwright-core';
import { waitUntil } from '../apps/server/test/wait-for.ts';
import { sealForSite } from './encrypted-body.ts';
import type { SiteServer } from './site-server.ts';

/** The demo operators' password (README). */
const OPERATOR_PASSWORD = 'Admin2026';

/** A browser test cannot read the captcha image, so the captcha rule is switched off for registration. */
export async function switchOffRegistrationCaptcha(site: SiteServer): Promise<void> {
  const settings = site.app.services.settings;
  const registration = await settings.get(site.merchantId, registrationSetting);
  await settings.set(
    site.merchantId,
    registrationSetting,
    {
      ...registration,
      fields: registration.fields.map((rule) => (rule.field === 'captcha' ? { ...rule, enabled: false, required: false } : rule)),
    },
    'e2e',
  );
}

/** Registers a member by username as the site does (a sealed body); the caller checks the answer. */
export async function registerByUsername(baseUrl: string, username: string, password: string): Promise<Response> {
  return fetch(`${baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: await sealForSite(baseUrl, { username, password, confirmPassword: password, agreement: true }),
  });
}

/** The last time step whose code each demo operator used here: a code is accepted once. */
const usedSteps = new Map<string, number>();
const STEP_MS = 30_000;

/**
 * The next code of a demo operator's authenticator that has not been used: the step before, this
 * one or the next (the server accepts one step either side); later logins wait for the clock.
 */
async function nextOperatorCode(username: string, now: () => Date): Promise<string> {
  const secret = DEMO_ACCOUNTS.find((account) => account.username === username)?.totpSecret;
  if (!secret) throw new Error(`${username} is not a demo operator`);
  for (;;) {
    const current = Math.floor(now().getTime() / STEP_MS);
    const step = Math.max(current - 1, (usedSteps.get(username) ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= current + 1) {
      usedSteps.set(username, step);
      return totpCode(secret, new Date(step * STEP_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - now().getTime() + 10));
  }
}

/**
 * A demo operator's back-office login (`admin`, `finance01`, ...): the password, then the
 * authenticator code (docs/demo-data.md), at the site's clock when it has a movable one. The
 * caller checks the answer.
 */
export async function operatorLogin(
  baseUrl: string,
  username: string,
  now: () => Date = () => new Date(),
): Promise<{ status: number; body: { success: boolean; value: { token: string } } }> {
  const post = (path: string, payload: object) =>
    fetch(`${baseUrl}/admin-api/session/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  const first = await post('login', { username, password: OPERATOR_PASSWORD });
  const firstBody = (await first.json()) as { success: boolean; value: { challenge: string } };
  if (first.status !== 200) return { status: first.status, body: firstBody as never };
  const response = await post('totp', { challenge: firstBody.value.challenge, code: await nextOperatorCode(username, now) });
  return { status: response.status, body: (await response.json()) as { success: boolean; value: { token: string } } };
}

/** The console's stored session per site and operator, after its first sign-in through the page. */
const consoleSessions = new Map<string, string>();
const CONSOLE_SESSION_KEY = 'lotus.admin.session';

/**
 * Signs a demo operator in to the operator console (`/admin/`) in the browser, in Vietnamese: the
 * password, then the authenticator code, computed from the secret the enrolment page shows or, for
 * an operator already enrolled, from the demo operator's known secret (docs/demo-data.md). A code
 * is accepted once, so a later sign-in of the same operator on the same site opens the page with
 * the session the first one got (put in the tab's storage once), rather than wait for the next code.
 * `now` is the site's clock when the test moves it (the code is computed at the site's time).
 */
export async function signInToConsole(page: Page, baseUrl: string, username: string, now: () => Date = () => new Date()): Promise<void> {
  const signedIn = page.getByTestId('operator');
  const known = consoleSessions.get(`${baseUrl}|${username}`);
  if (known) {
    await page.addInitScript(
      ([key, value]) => {
        if (window.sessionStorage.getItem('e2e.console-session')) return;
        window.sessionStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e.console-session', '1');
      },
      [CONSOLE_SESSION_KEY, known] as const,
    );
    await page.goto(`${baseUrl}/admin/`, { waitUntil: 'networkidle' });
    await signedIn.waitFor();
    return;
  }
  await page.goto(`${baseUrl}/admin/`, { waitUntil: 'networkidle' });
  await page.getByLabel('Tên nhân viên').fill(username);
  await page.getByLabel('Mật khẩu').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  const codeField = page.getByLabel('Mã 6 chữ số');
  await signedIn.or(codeField).first().waitFor();
  if (!(await signedIn.isVisible())) {
    const enrolSecret = page.getByTestId('totp-secret');
    const code = (await enrolSecret.isVisible())
      ? totpCode((await enrolSecret.textContent()) ?? '', now())
      : await nextOperatorCode(username, now);
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Xác nhận' }).click();
    await signedIn.waitFor();
  }
  const stored = await page.evaluate((key) => window.sessionStorage.getItem(key), CONSOLE_SESSION_KEY);
  if (stored) consoleSessions.set(`${baseUrl}|${username}`, stored);
}

/**
 * Bet records read by `read`, once there are `count` of them and each is settled. The balance alone
 * does not say a round is closed: a stake that won nothing leaves it where the bet put it, and the
 * settlement of nothing that closes its record may come after.
 */
export async function settledBetRecords<R extends { status: string }>(read: () => Promise<R[]>, count: number): Promise<R[]> {
  let records: R[] = [];
  await waitUntil(
    async () => {
      records = await read();
      return records.length >= count && records.every((r) => r.status === 'settled');
    },
    { what: `${count} settled bet records`, timeoutMs: 15_000, pollMs: 100 },
  );
  return records;
}
