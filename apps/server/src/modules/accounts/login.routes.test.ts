import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, bearer, freshCaptcha, lastSmsCode, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { freePlaySetting, loginPolicySetting } from './accounts.settings.ts';

describe('login, logout and member info', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let ip: string;
  let clock = new Date('2026-11-22T08:00:00Z');
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
    clock = new Date(clock.getTime() + 86_400_000);
    await t.app.services.settings.set(merchant.id, loginPolicySetting, loginPolicySetting.defaultValue, 'test');
    await t.app.services.settings.set(merchant.id, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
  });

  /** A member who has logged in before, so the first-login change is behind them. */
  async function member(overrides: { accountType?: number; parentId?: number } = {}) {
    const created = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('pl').slice(0, 12), ...overrides });
    await t.database.db
      .insertInto('member_security')
      .values({ member_id: created.id, login_count: 3, password_changed_at: clock })
      .execute();
    return created;
  }

  const login = (payload: Record<string, unknown>, address = ip, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload,
      headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    });

  it('logs a member in with the spec session values and returns the previous login time', async () => {
    const m = await member();
    const first = await login({ username: m.username.toUpperCase(), password: 'goodpass1', type: 'username' });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      username: m.username,
      customerId: m.id,
      isAgent: 0,
      cpw: false,
      firstTimeLogin: false,
      passwordExpired: false,
      lastLoginTime: null,
      merchantCode: merchant.code,
    });
    const firstAt = clock.toISOString();
    clock = new Date(clock.getTime() + 60_000);
    const second = await login({ username: m.username, password: 'goodpass1' });
    expect(second.json().value).toMatchObject({ lastLoginTime: firstAt, lastLoginIp: ip });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(second.json().value.token, ip) });
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({ customerId: m.id, username: m.username, isAgent: 0 });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const m = await member();
    const unknown = await login({ username: 'nosuchuser1', password: 'goodpass1' });
    const wrong = await login({ username: m.username, password: 'badpass1' }, nextIp());
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({
      success: false,
      code: 'login_failed',
      message: 'Tài khoản hoặc mật khẩu không chính xác. Vui lòng kiểm tra lại rồi thử lại.',
      value: { captcha: false },
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', '=', 'member.login_failed')
      .execute();
    expect(audit.some((a) => (a.data as { username?: string }).username === 'nosuchuser1')).toBe(true);
  });

  it('asks for a captcha after three failures and accepts a solved one', async () => {
    const m = await member();
    for (let i = 0; i < 2; i++) expect((await login({ username: m.username, password: 'nope' })).json().value.captcha).toBe(false);
    expect((await login({ username: m.username, password: 'nope' })).json().value.captcha).toBe(true);
    const missing = await login({ username: m.username, password: 'goodpass1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'captcha_required', value: { captcha: true } });
    const solved = await freshCaptcha(t.app, t.database.db, ip);
    const wrong = await login(
      { username: m.username, password: 'goodpass1', captcha: solved.captcha === '0000' ? '0001' : '0000' },
      ip,
      `captcha_key=${solved.captchaKey}`,
    );
    expect(wrong.json()).toMatchObject({ code: 'captcha_invalid', value: { captcha: true } });
    const next = await freshCaptcha(t.app, t.database.db, ip);
    const ok = await login({ username: m.username, password: 'goodpass1', captcha: next.captcha }, ip, `captcha_key=${next.captchaKey}`);
    expect(ok.statusCode).toBe(200);
    // Success clears the account's count; the address keeps its own, so it still has to solve one.
    expect((await login({ username: m.username, password: 'goodpass1' }, nextIp())).statusCode).toBe(200);
    expect((await login({ username: m.username, password: 'goodpass1' })).json().code).toBe('captcha_required');
  });

  it('locks an account name after five failures, backs off on the next lock, and unlocks in time', async () => {
    const m = await member();
    const fail = async () => {
      const captcha = await freshCaptcha(t.app, t.database.db, ip);
      return login({ username: m.username, password: 'nope', ...captcha }, ip);
    };
    for (let i = 0; i < 5; i++) expect((await fail()).json().code).toBe('login_failed');
    const locked = await login({ username: m.username, password: 'goodpass1' }, nextIp());
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'account_locked', value: { captcha: true } });
    const lockAudit = await t.database.db.selectFrom('audit_log').select('data').where('action', '=', 'member.locked_out').execute();
    expect(lockAudit.some((a) => (a.data as { username?: string }).username === m.username)).toBe(true);

    clock = new Date(clock.getTime() + 6 * 60_000);
    for (let i = 0; i < 5; i++) expect((await fail()).json().code).toBe('login_failed');
    clock = new Date(clock.getTime() + 6 * 60_000);
    // The second lock lasts ten minutes, not five.
    expect((await login({ username: m.username, password: 'goodpass1' }, nextIp())).statusCode).toBe(423);
    clock = new Date(clock.getTime() + 5 * 60_000);
    const captcha = await freshCaptcha(t.app, t.database.db, ip);
    expect((await login({ username: m.username, password: 'goodpass1', ...captcha })).statusCode).toBe(200);
  });

  it('locks a name that does not exist the same way, so a lock tells nothing', async () => {
    const address = nextIp();
    for (let i = 0; i < 5; i++) {
      const captcha = await freshCaptcha(t.app, t.database.db, address);
      await login({ username: 'ghostuser9', password: 'nope', ...captcha }, address);
    }
    expect((await login({ username: 'ghostuser9', password: 'nope' }, nextIp())).statusCode).toBe(423);
  });

  it('locks a client address that tries many names', async () => {
    const policy = { ...loginPolicySetting.defaultValue, ipLockThreshold: 4, captchaAfterFailures: 10 };
    await t.app.services.settings.set(merchant.id, loginPolicySetting, policy, 'test');
    const address = nextIp();
    for (let i = 0; i < 4; i++) await login({ username: uniqueName('spray'), password: 'nope' }, address);
    const m = await member();
    expect((await login({ username: m.username, password: 'goodpass1' }, address)).statusCode).toBe(423);
    expect((await login({ username: m.username, password: 'goodpass1' }, nextIp())).statusCode).toBe(200);
  });

  it('refuses trial accounts and, at the agent entry, non-agents', async () => {
    const trial = await member({ accountType: 4 });
    const refused = await login({ username: trial.username, password: 'goodpass1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('non_member_login');
    const plain = await member();
    const notAgent = await login({ username: plain.username, password: 'goodpass1', entry: 'agent' });
    expect(notAgent.statusCode).toBe(403);
    expect(notAgent.json()).toMatchObject({ code: 'not_agent' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: plain.username, password: 'goodpass1', entry: 'agent' },
          headers: { lang: 'en', 'x-forwarded-for': nextIp() },
        })
      ).json().message,
    ).toBe('Cannot login because not an agent.');
    const agent = await member({ accountType: 1 });
    const sub = await member({ accountType: 2, parentId: agent.id });
    const ok = await login({ username: sub.username, password: 'goodpass1', entry: 'agent' });
    expect(ok.statusCode).toBe(200);
    // toUpline is the operator's transfer flag, off until an operator turns it on (the upline transfer checks the same flag).
    expect(ok.json().value).toMatchObject({ isAgent: 2, toUpline: false });
  });

  it('refuses a locked or closed member only after the right password', async () => {
    const m = await member();
    await t.database.db.updateTable('members').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expect((await login({ username: m.username, password: 'nope' })).json().code).toBe('login_failed');
    expect((await login({ username: m.username, password: 'goodpass1' }, nextIp())).json().code).toBe('account_locked');
  });

  it('forces a password change on first login, on a default password and on expiry', async () => {
    const fresh = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('nw').slice(0, 12) });
    expect((await login({ username: fresh.username, password: 'goodpass1' })).json().value).toMatchObject({
      firstTimeLogin: true,
      cpw: true,
    });

    const weak = await createMember(t.database.db, merchant, {
      passwordHash: await hashPassword('123456'),
      username: uniqueName('wk').slice(0, 12),
    });
    await t.database.db.insertInto('member_security').values({ member_id: weak.id, login_count: 5 }).execute();
    expect((await login({ username: weak.username, password: '123456' })).json().value).toMatchObject({ firstTimeLogin: false, cpw: true });

    await t.app.services.settings.set(
      merchant.id,
      loginPolicySetting,
      { ...loginPolicySetting.defaultValue, passwordMaxAgeDays: 30 },
      'test',
    );
    const old = await member();
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    expect((await login({ username: old.username, password: 'goodpass1' })).json().value).toMatchObject({
      passwordExpired: true,
      cpw: true,
    });
    await t.app.services.settings.set(
      merchant.id,
      loginPolicySetting,
      { ...loginPolicySetting.defaultValue, passwordMaxAgeDays: 30, forceChangeOnExpiry: false },
      'test',
    );
    expect((await login({ username: old.username, password: 'goodpass1' }, nextIp())).json().value).toMatchObject({
      passwordExpired: true,
      cpw: false,
    });
  });

  it('logs in by mobile number and SMS code when MOBILEVERCODELOGIN3 is on', async () => {
    const m = await member();
    const mobile = `07${String(m.id).padStart(8, '0')}`;
    await t.database.db.updateTable('members').set({ mobile_num: mobile }).where('id', '=', m.id).execute();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: mobile, countryDialingCode: '+84' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(t.database.db, mobile);
    const ok = await login({ username: mobile, password: code, type: 'sms' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ customerId: m.id, cpw: false });
    expect((await login({ username: mobile, password: code, type: 'sms' }, nextIp())).json().code).toBe('login_failed');

    await t.app.services.settings.set(
      merchant.id,
      whitelabelSetting,
      { ...whitelabelSetting.defaultValue, MOBILEVERCODELOGIN3: false },
      'test',
    );
    expect((await login({ username: mobile, password: code, type: 'sms' })).json().code).toBe('sms_login_disabled');
  });

  it('refuses bad login input naming the field, and unknown fields', async () => {
    const empty = await login({ username: '  ', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'bad_request', message: 'Vui lòng nhập tên đăng nhập.' });
    expect((await login({ username: 'abc', password: '' })).json().message).toBe('Vui lòng nhập mật khẩu.');
    expect((await login({ username: 'abc', password: 'x', type: 'email' })).json().message).toBe(
      'Hình thức không đúng định dạng. Vui lòng kiểm tra lại rồi nhập lại.',
    );
    expect((await login({ username: 'abc', password: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('ends the session at logout and refuses calls without one', async () => {
    const m = await member();
    const token = (await login({ username: m.username, password: 'goodpass1' })).json().value.token;
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/wps/session/logout' })).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token, ip) });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token, ip) })).statusCode).toBe(401);
    const actions = await t.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', String(m.id)).execute();
    expect(actions.map((a) => a.action)).toEqual(['member.login', 'member.logout']);
  });

  it('shows a member only their own info, with contact details masked', async () => {
    const a = await member();
    const b = await member();
    await t.database.db
      .updateTable('members')
      .set({ mobile_num: '0912345678', email: 'someone@example.com' })
      .where('id', '=', a.id)
      .execute();
    const token = (await login({ username: a.username, password: 'goodpass1' })).json().value.token;
    const info = (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token, ip) })).json().value;
    expect(info).toMatchObject({ customerId: a.id, mobileNum: '******5678', email: 'so***@example.com' });
    expect(info.customerId).not.toBe(b.id);
    expect(JSON.stringify(info)).not.toContain('argon2');
  });

  it('limits login calls per client address', async () => {
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login({ username: '', password: '' }, address)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });
  it('opens a trial account for free play, which real-account calls then refuse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'web', platform: 'W', random: 'abc', gatewayVersion: 3 },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ isAgent: 4, toUpline: false, merchantCode: merchant.code });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(value.token, ip) });
    expect(info.json().value).toMatchObject({ isAgent: 4, username: value.username });
    const balance = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(value.token, ip) });
    expect(balance.json()).toMatchObject({ success: true, value: { sumBalance: freePlaySetting.defaultValue.playMoneyMinor } });
    const change = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      payload: { oldPassword: 'x', newPassword: 'newpass22', confirmNewPassword: 'newpass22' },
      headers: bearer(value.token, ip),
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('in_need_true_account');
  });

  it('refuses free play when FREEPLAY3 is off, unknown fields, and too many trials from one address', async () => {
    const freePlay = (payload: Record<string, unknown>, address = ip) =>
      t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload, headers: { 'x-forwarded-for': address } });
    expect((await freePlay({ os: 'web', admin: true })).statusCode).toBe(400);
    await t.app.services.settings.set(merchant.id, whitelabelSetting, { ...whitelabelSetting.defaultValue, FREEPLAY3: false }, 'test');
    const off = await freePlay({});
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('freeplay_disabled');
    await t.app.services.settings.set(merchant.id, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await freePlay({}, address)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
  it('publishes every account call in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
    for (const path of [
      '/wps/system/setting/register',
      '/wps/system/setting/register/validation',
      '/wps/agent/affiliate',
      '/wps/captcha',
      '/wps/session/login',
      '/wps/session/login/verify',
      '/wps/session/login/freeplay',
      '/wps/session/logout',
      '/wps/member/info',
      '/wps/member/register',
      '/wps/member/register/mobile',
      '/wps/member/password',
      '/wps/member/password/email',
      '/wps/member/password/reset',
      '/wps/member/password/verification',
      '/wps/verification/sms/noLogin',
      '/wps/verification/sms/register',
      '/wps/verification/sms/password',
      '/wps/verification/sms/member',
      '/wps/system/encryption/key',
      '/wps/botcheck/challenge',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
