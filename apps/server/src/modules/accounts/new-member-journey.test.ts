import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, encryptedBody, freshCaptcha, lastSmsCode, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant, uniqueName } from '../../../test/factories.ts';
import { loginPolicySetting } from './accounts.settings.ts';

/**
 * One new person's whole way through the account calls, as the web client makes them: register by
 * username and by mobile (SMS code read from the development outbox), log out and in, a forced
 * password change after expiry, and both ways of recovering a forgotten password.
 */
describe('a new member from registration to password recovery', () => {
  let t: TestApp;
  let merchantId: number;
  let clock = new Date();
  const ip = nextIp();
  const headers = { 'x-forwarded-for': ip };

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
    merchantId = (await createMerchant(t.database.db)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The spec's encrypted calls, sealed as the web client seals them. */
  const ENCRYPTED_PATHS = new Set([
    '/wps/session/login',
    '/wps/session/login/verify',
    '/wps/member/register',
    '/wps/member/register/mobile',
    '/wps/member/password',
    '/wps/member/password/reset',
    '/wps/member/password/verification',
  ]);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) => {
    const body = payload && ENCRYPTED_PATHS.has(url) ? await encryptedBody(t.app, payload, clock) : payload;
    return t.app.inject({ method, url, ...(body ? { payload: body } : {}), headers: token ? bearer(token, ip) : headers });
  };
  const login = (username: string, password: string) => call('POST', '/wps/session/login', { username, password });

  it('registers, logs out and in, changes an expired password, and recovers it by e-mail and by phone', async () => {
    const username = uniqueName('jr').slice(0, 12);
    const email = `${username}@example.com`;
    const mobile = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

    // Register by username: logged in at once, with the spec's session values.
    const registered = await call('PUT', '/wps/member/register', {
      username,
      password: 'first123',
      confirmPassword: 'first123',
      email,
      agreement: true,
      ...(await freshCaptcha(t.app, t.database.db, ip)),
    });
    expect(registered.statusCode).toBe(200);
    const session = registered.json().value as { token: string; username: string; isAgent: number; cpw: boolean };
    expect(session).toMatchObject({ username, isAgent: 0, cpw: false });
    expect((await call('GET', '/wps/member/info', undefined, session.token)).statusCode).toBe(200);

    // Log out: the token no longer works.
    expect((await call('DELETE', '/wps/session/logout', undefined, session.token)).statusCode).toBe(200);
    expect((await call('GET', '/wps/member/info', undefined, session.token)).statusCode).toBe(401);

    // Log in again.
    const again = await login(username, 'first123');
    expect(again.json()).toMatchObject({ success: true, value: { username, cpw: false } });

    // A month later, with a 30-day password policy, the password has expired: a change is forced.
    await t.app.services.settings.set(
      merchantId,
      loginPolicySetting,
      { ...loginPolicySetting.defaultValue, passwordMaxAgeDays: 30 },
      'test',
    );
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    const expired = await login(username, 'first123');
    expect(expired.json().value).toMatchObject({ passwordExpired: true, cpw: true });
    const changed = await call(
      'POST',
      '/wps/member/password',
      { oldPassword: 'first123', newPassword: 'second123', confirmNewPassword: 'second123' },
      expired.json().value.token,
    );
    expect(changed.json()).toMatchObject({ success: true });
    expect((await call('GET', '/wps/member/info', undefined, expired.json().value.token)).statusCode).toBe(401);
    expect((await login(username, 'second123')).json().value).toMatchObject({ cpw: false, passwordExpired: false });

    // Forgot password by e-mail: a one-time link in the mail sets a new password.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: `username=${username}&email=${encodeURIComponent(email)}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://play.example.com' },
    });
    expect(forgot.json()).toEqual({ success: true, value: { sent: true } });
    const mail = await t.database.db.selectFrom('email_outbox').select('body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(resetToken).toBeDefined();
    const reset = await call('POST', '/wps/member/password/reset', {
      token: resetToken,
      newPassword: 'mailed123',
      confirmNewPassword: 'mailed123',
    });
    expect(reset.json()).toMatchObject({ success: true });
    expect((await login(username, 'second123')).json().success).toBe(false);
    expect((await login(username, 'mailed123')).json().success).toBe(true);

    // Register a second account by mobile number, with the SMS code from the outbox.
    const sent = await call('POST', '/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '+84' });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const byMobile = await call('PUT', '/wps/member/register/mobile', {
      mobileNum: mobile,
      verificationCode: await lastSmsCode(t.database.db, mobile),
      password: 'mobile123',
      confirmPassword: 'mobile123',
      agreement: true,
      ...(await freshCaptcha(t.app, t.database.db, ip)),
    });
    expect(byMobile.statusCode).toBe(200);
    expect(byMobile.json().value).toMatchObject({ username: mobile });

    // Forgot password by phone, after the resend countdown of the registration code has run out:
    // the SMS code sets a new password and logs the member in.
    clock = new Date(clock.getTime() + 61_000);
    expect((await call('POST', '/wps/verification/sms/password', { mobileNum: mobile })).json()).toMatchObject({ success: true });
    const byPhone = await call('POST', '/wps/member/password/verification', {
      mobileNum: mobile,
      verificationCode: await lastSmsCode(t.database.db, mobile),
      newPassword: 'phone1234',
      confirmNewPassword: 'phone1234',
    });
    expect(byPhone.json()).toMatchObject({ success: true, value: { username: mobile } });
    expect((await call('GET', '/wps/member/info', undefined, byPhone.json().value.token)).statusCode).toBe(200);
    expect((await login(mobile, 'phone1234')).json().success).toBe(true);
  });
});
