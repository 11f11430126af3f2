import { registrationSetting } from '@platform/server/modules/accounts/accounts.settings';
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
