import { createHmac } from 'node:crypto';
import { registrationSetting } from '@platform/server/modules/accounts/accounts.settings';
import type { Page } from 'playwright-core';
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

/** A demo operator's back-office login (`admin`, `finance01`, ...); the caller checks the answer. */
export async function operatorLogin(
  baseUrl: string,
  username: string,
): Promise<{ status: number; body: { success: boolean; value: { token: string } } }> {
  const response = await fetch(`${baseUrl}/admin-api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: OPERATOR_PASSWORD }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; value: { token: string } } };
}

/**
 * The 6-digit TOTP code (RFC 6238: HMAC-SHA1, 30-second steps) of a base32 secret at a time: what an
 * authenticator app shows. For a back-office login that answers `stage: 'totp'` or `'enrol'`.
 */
export function totpCode(secretBase32: string, at: Date = new Date()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').replace(/\s/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not a base32 secret: ${secretBase32}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * Signs a demo operator in to the operator console (`/admin/`) in the browser, in Vietnamese. Today
 * the password is enough; when the server asks for an authenticator, the enrolment page shows the
 * secret and the code is computed from it (totpCode). A login that asks only for the code needs the
 * operator's secret from an earlier enrolment: pass it as `totpSecret`.
 */
export async function signInToConsole(page: Page, baseUrl: string, username: string, options: { totpSecret?: string } = {}): Promise<void> {
  await page.goto(`${baseUrl}/admin/`, { waitUntil: 'networkidle' });
  await page.getByLabel('Tên nhân viên').fill(username);
  await page.getByLabel('Mật khẩu').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  const signedIn = page.getByTestId('operator');
  const codeField = page.getByLabel('Mã 6 chữ số');
  await signedIn.or(codeField).first().waitFor();
  if (await signedIn.isVisible()) return;
  const enrolSecret = page.getByTestId('totp-secret');
  const secret = (await enrolSecret.isVisible()) ? ((await enrolSecret.textContent()) ?? '') : options.totpSecret;
  if (!secret) throw new Error(`${username}'s login asks for an authenticator code: pass the secret from the enrolment as totpSecret`);
  await codeField.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await signedIn.waitFor();
}
