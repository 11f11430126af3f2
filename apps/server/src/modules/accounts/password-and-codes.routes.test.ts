import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, bearer, lastSmsCode, nextIp, solveCaptcha } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { loginPolicySetting, smsPolicySetting } from './accounts.settings.ts';

describe('password change, captcha and SMS codes', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let ip: string;
  let clock = new Date();
  let passwordHash: string;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
    merchant = await createMerchant(t.database.db);
    // These tests are about the calls' rules; sealing is tested in payload-encryption.routes.test.ts.
    await allowPlainPayloads(t.app, merchant.id);
    passwordHash = await hashPassword('goodpass1');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    ip = nextIp();
    clock = new Date();
    await t.app.services.settings.set(merchant.id, smsPolicySetting, smsPolicySetting.defaultValue, 'test');
  });

  async function loggedIn() {
    const m = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('pw').slice(0, 12) });
    await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'goodpass1' },
      headers: { 'x-forwarded-for': ip },
    });
    return { ...m, token: res.json().value.token as string };
  }

  const changePassword = (token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      payload,
      headers: token ? bearer(token, ip) : { 'x-forwarded-for': ip },
    });

  it('changes the password, ends every session and lets the new password in', async () => {
    const m = await loggedIn();
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: m.username, password: 'goodpass1' },
        headers: { 'x-forwarded-for': ip },
      })
    ).json().value.token as string;
    const res = await changePassword(m.token, { oldPassword: 'goodpass1', newPassword: 'newpass22', confirmNewPassword: 'newpass22' });
    expect(res.statusCode).toBe(200);
    // Every earlier session ends; this device goes on with a new one (spec: login info reloads).
    const value = res.json().value;
    expect(value).toMatchObject({ changed: true, username: m.username, cpw: false });
    expect(typeof value.token).toBe('string');
    expect([m.token, other]).not.toContain(value.token);
    for (const token of [m.token, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token, ip) })).statusCode).toBe(401);
    }
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(value.token, ip) });
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({ username: m.username });
    const old = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'goodpass1' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(old.json().code).toBe('login_failed');
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'newpass22' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(fresh.statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(m.id))
      .where('action', '=', 'member.password_changed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a change without a session, with a wrong current password, a mismatch, a weak or an unchanged password', async () => {
    expect(
      (await changePassword(undefined, { oldPassword: 'a', newPassword: 'newpass22', confirmNewPassword: 'newpass22' })).statusCode,
    ).toBe(401);
    const m = await loggedIn();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ oldPassword: 'wrongpass1', newPassword: 'newpass22', confirmNewPassword: 'newpass22' }, 400, 'old_password_incorrect'],
      [{ oldPassword: 'goodpass1', newPassword: 'newpass22', confirmNewPassword: 'newpass23' }, 400, 'password_mismatch'],
      [{ oldPassword: 'goodpass1', newPassword: 'onlyletters', confirmNewPassword: 'onlyletters' }, 400, 'field_invalid'],
      [{ oldPassword: 'goodpass1', newPassword: 'goodpass1', confirmNewPassword: 'goodpass1' }, 400, 'password_unchanged'],
      [{ oldPassword: 'goodpass1', newPassword: 'newpass22' }, 400, 'bad_request'],
      [{ oldPassword: 'goodpass1', newPassword: 'newpass22', confirmNewPassword: 'newpass22', extra: 1 }, 400, 'bad_request'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await changePassword(m.token, payload);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().code, code).toBe(code);
    }
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(m.token, ip) })).statusCode).toBe(200);
  });

  it("asks for an SMS code to the member's own mobile when CHNGPASSVERIF3 is on", async () => {
    await t.app.services.settings.set(merchant.id, whitelabelSetting, { ...whitelabelSetting.defaultValue, CHNGPASSVERIF3: true }, 'test');
    const m = await loggedIn();
    const mobile = randomMobile();
    await t.database.db.updateTable('members').set({ mobile_num: mobile }).where('id', '=', m.id).execute();
    const payload = { oldPassword: 'goodpass1', newPassword: 'newpass22', confirmNewPassword: 'newpass22' };
    expect((await changePassword(m.token, payload)).json().code).toBe('verification_code_required');
    expect(
      (await t.app.inject({ method: 'POST', url: '/wps/verification/sms/member', headers: { 'x-forwarded-for': ip } })).statusCode,
    ).toBe(401);
    const sent = await t.app.inject({ method: 'POST', url: '/wps/verification/sms/member', headers: bearer(m.token, ip) });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(t.database.db, mobile);
    expect((await changePassword(m.token, { ...payload, verificationCode: code === '000000' ? '111111' : '000000' })).json().code).toBe(
      'verification_code_invalid',
    );
    expect((await changePassword(m.token, { ...payload, verificationCode: code })).statusCode).toBe(200);
    await t.app.services.settings.set(merchant.id, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
  });

  it('clears the forced change once the password is changed', async () => {
    const m = await createMember(t.database.db, merchant, {
      passwordHash: await hashPassword('123456'),
      username: uniqueName('df').slice(0, 12),
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: '123456' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(first.json().value.cpw).toBe(true);
    const changed = await changePassword(first.json().value.token, {
      oldPassword: '123456',
      newPassword: 'better123',
      confirmNewPassword: 'better123',
    });
    // The session it answers with is no longer held to the change.
    expect(changed.json().value).toMatchObject({ changed: true, cpw: false });
    const after = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'better123' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(after.json().value).toMatchObject({ cpw: false, firstTimeLogin: false });
  });

  it('serves a single-use captcha as a base64 PNG with an HttpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(String(res.headers['set-cookie'])).toContain(`captcha_key=${encodeURIComponent(body.captchaKey)}`);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const png = Buffer.from(body.value, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(120);
    const idatAt = png.indexOf('IDAT');
    const idat = png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4));
    expect(inflateSync(idat).length).toBe((120 + 1) * 44);
    const stored = await t.database.db.selectFrom('captchas').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(body.captchaKey);
  });

  it('refuses an expired captcha', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip } });
    const key = res.json().captchaKey;
    const answer = await solveCaptcha(t.database.db, key);
    clock = new Date(clock.getTime() + 121_000);
    const reg = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username: uniqueName('exp').slice(0, 12),
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
        captcha: answer,
      },
      headers: { 'x-forwarded-for': ip, cookie: `captcha_key=${key}` },
    });
    expect(reg.json().code).toBe('captcha_invalid');
  });

  it('limits captcha images per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip } })).statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
  });

  const sendLoginCode = (mobileNum: string, address = ip) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum, countryDialingCode: '+84' },
      headers: { 'x-forwarded-for': address },
    });

  function randomMobile() {
    return `03${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  }

  it('stores SMS codes hashed and refuses a resend within a minute', async () => {
    const mobile = randomMobile();
    expect((await sendLoginCode(mobile)).statusCode).toBe(200);
    const code = await lastSmsCode(t.database.db, mobile);
    const rows = await t.database.db.selectFrom('sms_codes').select('code_hash').where('mobile_num', '=', mobile).execute();
    expect(rows[0]?.code_hash).not.toContain(code);
    const again = await sendLoginCode(mobile);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('sms_too_many_requests');
    // The message states the wait that is left: the 60 s resend interval, not five minutes.
    expect(again.json().message).toBe('Vui lòng chờ 60 giây rồi gửi lại mã.');
    clock = new Date(clock.getTime() + 45_000);
    expect((await sendLoginCode(mobile)).json().message).toBe('Vui lòng chờ 15 giây rồi gửi lại mã.');
    clock = new Date(clock.getTime() + 16_000);
    expect((await sendLoginCode(mobile)).statusCode).toBe(200);
  });

  it('sends one code when two requests for one number arrive together', async () => {
    const mobile = randomMobile();
    const results = await Promise.all([sendLoginCode(mobile, nextIp()), sendLoginCode(mobile, nextIp())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const sent = await t.database.db.selectFrom('sms_outbox').select('id').where('mobile_num', '=', mobile).execute();
    expect(sent).toHaveLength(1);
  });

  it('caps codes per number per hour and per address per hour', async () => {
    await t.app.services.settings.set(
      merchant.id,
      smsPolicySetting,
      { ...smsPolicySetting.defaultValue, resendSeconds: 1, perNumberPerHour: 2, perIpPerHour: 3 },
      'test',
    );
    const mobile = randomMobile();
    for (let i = 0; i < 2; i++) {
      expect((await sendLoginCode(mobile, nextIp())).statusCode).toBe(200);
      clock = new Date(clock.getTime() + 2_000);
    }
    expect((await sendLoginCode(mobile, nextIp())).statusCode).toBe(429);
    const address = nextIp();
    for (let i = 0; i < 3; i++) expect((await sendLoginCode(randomMobile(), address)).statusCode).toBe(200);
    expect((await sendLoginCode(randomMobile(), address)).statusCode).toBe(429);
  });

  it('spends a code after too many wrong guesses and refuses it after expiry', async () => {
    // The login lockout is set out of reach here, so the code's own attempt limit is what refuses.
    await t.app.services.settings.set(
      merchant.id,
      loginPolicySetting,
      { ...loginPolicySetting.defaultValue, captchaAfterFailures: 50, accountLockThreshold: 50 },
      'test',
    );
    const m = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('sm').slice(0, 12) });
    const mobile = randomMobile();
    await t.database.db.updateTable('members').set({ mobile_num: mobile }).where('id', '=', m.id).execute();
    await sendLoginCode(mobile);
    const code = await lastSmsCode(t.database.db, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: mobile, password, type: 'sms' },
        headers: { 'x-forwarded-for': nextIp() },
      });
    for (let i = 0; i < 5; i++) expect((await login(wrong)).json().code).toBe('login_failed');
    expect((await login(code)).json().code).toBe('login_failed');

    clock = new Date(clock.getTime() + 61_000);
    await sendLoginCode(mobile);
    const second = await lastSmsCode(t.database.db, mobile);
    clock = new Date(clock.getTime() + 5 * 60_000 + 1_000);
    expect((await login(second)).json().code).toBe('login_failed');
    await t.app.services.settings.set(merchant.id, loginPolicySetting, loginPolicySetting.defaultValue, 'test');
  });

  it('refuses a malformed number before sending anything', async () => {
    const res = await sendLoginCode('12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('mobile_invalid');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: {},
      headers: { 'x-forwarded-for': ip },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Vui lòng nhập số điện thoại.');
  });
  it('sets a new password by phone, ends old sessions and logs the member in', async () => {
    const m = await loggedIn();
    const mobile = randomMobile();
    await t.database.db.updateTable('members').set({ mobile_num: mobile }).where('id', '=', m.id).execute();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/password',
      payload: { mobileNum: mobile },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(t.database.db, mobile);
    const reset = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/wps/member/password/verification', payload, headers: { 'x-forwarded-for': ip } });
    expect((await reset({ mobileNum: mobile, verificationCode: code, newPassword: 'letters' })).json().code).toBe('field_invalid');
    expect(
      (await reset({ mobileNum: mobile, verificationCode: code, newPassword: 'phone123', confirmNewPassword: 'phone124' })).json().code,
    ).toBe('password_mismatch');
    const res = await reset({ mobileNum: mobile, verificationCode: code, newPassword: 'phone123', confirmNewPassword: 'phone123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ customerId: m.id, cpw: false });
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(m.token, ip) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(res.json().value.token, ip) })).statusCode).toBe(
      200,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'phone123' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(login.statusCode).toBe(200);
    expect((await reset({ mobileNum: mobile, verificationCode: code, newPassword: 'again1234' })).json().code).toBe(
      'verification_code_invalid',
    );
  });

  it('sends a reset code to an unregistered number too, and the reset then fails like a wrong code', async () => {
    const mobile = randomMobile();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/password',
          payload: { mobileNum: mobile },
          headers: { 'x-forwarded-for': ip },
        })
      ).statusCode,
    ).toBe(200);
    const code = await lastSmsCode(t.database.db, mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { mobileNum: mobile, verificationCode: code, newPassword: 'phone123' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('verification_code_invalid');
  });
});
