import { FIELD_LABELS } from '@platform/contracts/validation-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, freshCaptcha, lastSmsCode, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { registrationSetting } from './accounts.settings.ts';

describe('registration calls', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let ip: string;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    merchant = await createMerchant(t.database.db);
    // These tests are about the calls' rules; sealing is tested in payload-encryption.routes.test.ts.
    await allowPlainPayloads(t.app, merchant.id);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    ip = nextIp();
    await t.app.services.settings.set(merchant.id, registrationSetting, registrationSetting.defaultValue, 'test');
    await t.app.services.settings.set(merchant.id, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
  });

  async function validUser(overrides: Record<string, unknown> = {}) {
    const captcha = await freshCaptcha(t.app, t.database.db, ip);
    return {
      username: uniqueName('user').slice(0, 12),
      password: 'secret123',
      confirmPassword: 'secret123',
      agreement: true,
      ...captcha,
      ...overrides,
    };
  }

  const put = (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { 'x-forwarded-for': ip } });

  it('serves the registration switches and the rule of every field', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().value).toMatchObject({
      usernameEnabled: true,
      mobileReg: true,
      mobileRegPass: true,
      smsEnabled: true,
      mobileDigits: 10,
    });
    const rules = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register/validation' });
    const fields = rules.json().value as { field: string; acceptedPattern: string }[];
    expect(fields.map((f) => f.field)).toEqual([
      'username',
      'password',
      'payeeName',
      'paymentPassword',
      'qqNum',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'idNumber',
      'email',
      'mobileNum',
      'recommenderId',
      'affiliateCode',
      'captcha',
    ]);
    expect(fields[0]).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 16,
      patternId: 2,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    });
  });

  it('serves the rules an operator edited', async () => {
    const edited = registrationSetting.defaultValue.fields.map((r) => (r.field === 'qqNum' ? { ...r, enabled: true, required: true } : r));
    await t.app.services.settings.set(merchant.id, registrationSetting, { ...registrationSetting.defaultValue, fields: edited }, 'test');
    const rules = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register/validation' });
    expect(rules.json().value.find((r: { field: string }) => r.field === 'qqNum')).toMatchObject({ enabled: true, required: true });
    const missing = await put('/wps/member/register', await validUser());
    expect(missing.json()).toMatchObject({ code: 'field_required', message: 'Vui lòng nhập số QQ.' });
  });

  it('registers a member and logs them in with the session values of the spec', async () => {
    const user = await validUser({ payeeName: ' NGUYEN  VAN AN ', email: 'an@example.com', nickname: 'An' });
    const res = await put('/wps/member/register', user);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      cpw: false,
      merchant: merchant.id,
      merchantCode: merchant.code,
      platform: 'W',
      nickname: 'An',
      account: user.username,
      username: user.username,
      isAgent: 0,
      toUpline: false,
      memberLabel: '',
      firstTimeLogin: true,
      passwordExpired: false,
      lastLoginTime: null,
    });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${value.token}` } });
    expect(info.json().value).toMatchObject({ username: user.username, payeeName: 'NGUYEN VAN AN', email: 'an***@example.com' });
    const row = await t.database.db.selectFrom('members').selectAll().where('id', '=', value.customerId).executeTakeFirstOrThrow();
    expect(row.password_hash?.startsWith('$argon2id$')).toBe(true);
    expect(row.upline_path).toBe(`/${row.id}/`);
    const audit = await t.database.db.selectFrom('audit_log').select(['action']).where('subject_id', '=', String(row.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['member.registered', 'member.login']);
  });

  it('refuses a username taken in another case', async () => {
    const first = await validUser({ username: 'Duplicate1' });
    expect((await put('/wps/member/register', first)).statusCode).toBe(200);
    const second = await put('/wps/member/register', await validUser({ username: 'dUPLICATE1' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, code: 'username_taken' });
  });

  it('lets exactly one of two parallel registrations of one name win', async () => {
    const [a, b] = await Promise.all([validUser({ username: 'racername' }), validUser({ username: 'RacerName' })]);
    const results = await Promise.all([put('/wps/member/register', a), put('/wps/member/register', b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('username_taken');
    const rows = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('username', 'ilike', 'racername')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('names the first invalid field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '1abcdef' }, 'field_invalid', 'username'],
      [{ username: 'abc' }, 'field_invalid', 'username'],
      [{ username: '' }, 'field_required', 'username'],
      [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, 'field_invalid', 'password'],
      [{ email: 'not-an-email' }, 'field_invalid', 'email'],
      [{ mobileNum: '12345' }, 'field_invalid', 'mobileNum'],
      [{ payeeName: 'Nguyễn Văn An' }, 'field_invalid', 'payeeName'],
      [{ captcha: '' }, 'field_required', 'captcha'],
    ];
    for (const [overrides, code, field] of cases) {
      const res = await put('/wps/member/register', await validUser(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ success: false, code });
      expect(res.json().message.toLowerCase(), field).toContain(FIELD_LABELS[field]!.vi.toLowerCase());
      // The field as the code spells it (mobileNum, payeeName) never reaches the member.
      if (/[A-Z]/.test(field)) expect(res.json().message, field).not.toContain(field);
    }
  });

  it('refuses a confirmation that differs, a missing agreement, a wrong captcha and unknown fields', async () => {
    const mismatch = await put('/wps/member/register', await validUser({ confirmPassword: 'secret124' }));
    expect(mismatch.json()).toMatchObject({
      code: 'password_mismatch',
      message: 'Hai mật khẩu không khớp. Vui lòng nhập lại cho giống nhau.',
    });
    const noAgreement = await put('/wps/member/register', await validUser({ agreement: false }));
    expect(noAgreement.json().code).toBe('agreement_required');
    const wrongCaptcha = await validUser();
    wrongCaptcha.captcha = wrongCaptcha.captcha === '0000' ? '0001' : '0000';
    expect((await put('/wps/member/register', wrongCaptcha)).json().code).toBe('captcha_invalid');
    const unknown = await put('/wps/member/register', await validUser({ isAdmin: true }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('bad_request');
  });

  it('spends a captcha on its first use', async () => {
    const user = await validUser();
    expect((await put('/wps/member/register', user)).statusCode).toBe(200);
    const again = await put('/wps/member/register', { ...user, username: uniqueName('again').slice(0, 12) });
    expect(again.json().code).toBe('captcha_invalid');
  });

  it('attaches a member registered with an affiliate code under that agent', async () => {
    const agent = await createMember(t.database.db, merchant, { accountType: 1 });
    await t.database.db.insertInto('affiliate_codes').values({ merchant_id: merchant.id, member_id: agent.id, code: 'AGENT77' }).execute();
    const check = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=agent77&domain=example.com' });
    expect(check.json()).toEqual({ success: true, value: { code: 'AGENT77', valid: true } });
    const res = await put('/wps/member/register', await validUser({ affiliateCode: 'agent77' }));
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('members')
      .select(['parent_id', 'upline_path', 'id'])
      .where('id', '=', res.json().value.customerId)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(agent.id);
    expect(row.upline_path).toBe(`${agent.uplinePath}${row.id}/`);
  });

  it('gives an agent one invitation code that places registrations under them, and refuses non-agents', async () => {
    const agent = await createMember(t.database.db, merchant, { accountType: 1 });
    const member = await createMember(t.database.db, merchant, { accountType: 0 });
    const agentToken = (await t.app.services.sessions.create(agent.id)).token;
    const memberToken = (await t.app.services.sessions.create(member.id)).token;
    const call = (token?: string) =>
      t.app.inject({ method: 'POST', url: '/wps/agent/affiliate/code', headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await call()).statusCode).toBe(401);
    expect((await call(memberToken)).statusCode).toBe(403);
    const [first, second] = await Promise.all([call(agentToken), call(agentToken)]);
    const code = first.json().value.code;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(second.json().value.code).toBe(code);
    const res = await put('/wps/member/register', await validUser({ affiliateCode: code }));
    const row = await t.database.db
      .selectFrom('members')
      .select('parent_id')
      .where('id', '=', res.json().value.customerId)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(agent.id);
  });

  it('takes the referral code from the link when no affiliate code is typed', async () => {
    const agent = await createMember(t.database.db, merchant, { accountType: 2 });
    await t.database.db.insertInto('affiliate_codes').values({ merchant_id: merchant.id, member_id: agent.id, code: 'REF2024' }).execute();
    const res = await put('/wps/member/register', await validUser({ referralCode: 'REF2024' }));
    const row = await t.database.db
      .selectFrom('members')
      .select('parent_id')
      .where('id', '=', res.json().value.customerId)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(agent.id);
  });

  it('answers a bad invitation code with invitation_code_error, also for a code of a plain member', async () => {
    const check = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE1234' });
    expect(check.statusCode).toBe(400);
    expect(check.json().code).toBe('invitation_code_error');
    const member = await createMember(t.database.db, merchant, { accountType: 0 });
    await t.database.db.insertInto('affiliate_codes').values({ merchant_id: merchant.id, member_id: member.id, code: 'PLAIN01' }).execute();
    const res = await put('/wps/member/register', await validUser({ affiliateCode: 'PLAIN01' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invitation_code_error');
  });

  it('places a member under a recommending agent and refuses an unknown recommender', async () => {
    const fields = registrationSetting.defaultValue.fields.map((r) => (r.field === 'recommenderId' ? { ...r, enabled: true } : r));
    await t.app.services.settings.set(merchant.id, registrationSetting, { ...registrationSetting.defaultValue, fields }, 'test');
    const agent = await createMember(t.database.db, merchant, { accountType: 41, username: uniqueName('agent').slice(0, 12) });
    const ok = await put('/wps/member/register', await validUser({ recommenderId: agent.username }));
    expect(ok.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('members')
      .select('parent_id')
      .where('id', '=', ok.json().value.customerId)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(agent.id);
    const bad = await put('/wps/member/register', await validUser({ recommenderId: 'nobody123' }));
    expect(bad.json().code).toBe('recommender_invalid');
  });

  it('registers by mobile with the SMS code when REGMOBVERF3 is on', async () => {
    const mobile = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const withoutCode = await put('/wps/member/register/mobile', await validUser({ username: undefined, mobileNum: mobile }));
    expect(withoutCode.json().code).toBe('verification_code_required');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: mobile, countryDialingCode: '+84' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await lastSmsCode(t.database.db, mobile);
    const wrong = await put(
      '/wps/member/register/mobile',
      await validUser({ username: undefined, mobileNum: mobile, verificationCode: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.json().code).toBe('verification_code_invalid');
    const res = await put(
      '/wps/member/register/mobile',
      await validUser({ username: undefined, mobileNum: mobile, verificationCode: code }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ username: mobile });
    const again = await put(
      '/wps/member/register/mobile',
      await validUser({ username: undefined, mobileNum: mobile, verificationCode: code }),
    );
    expect(again.json().code).toBe('verification_code_invalid');
  });

  it('requires the mobile number in mobile mode and needs no code when REGMOBVERF3 is off', async () => {
    await t.app.services.settings.set(merchant.id, whitelabelSetting, { ...whitelabelSetting.defaultValue, REGMOBVERF3: false }, 'test');
    const noMobile = await put('/wps/member/register/mobile', await validUser({ username: undefined }));
    expect(noMobile.json()).toMatchObject({ code: 'field_required', message: 'Vui lòng nhập số điện thoại.' });
    const mobile = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const res = await put('/wps/member/register/mobile', await validUser({ username: undefined, mobileNum: mobile }));
    expect(res.statusCode).toBe(200);
    const dup = await put('/wps/member/register', await validUser({ mobileNum: mobile }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('mobile_taken');
  });

  it('registers without logging in when DIRECTREG3 is off', async () => {
    await t.app.services.settings.set(merchant.id, whitelabelSetting, { ...whitelabelSetting.defaultValue, DIRECTREG3: false }, 'test');
    const user = await validUser();
    const res = await put('/wps/member/register', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ registered: true, customerId: expect.any(Number), username: user.username });
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('member_id', '=', res.json().value.customerId).execute();
    expect(sessions).toHaveLength(0);
  });

  it('refuses a way of registering the operator switched off', async () => {
    await t.app.services.settings.set(
      merchant.id,
      registrationSetting,
      { ...registrationSetting.defaultValue, usernameRegistration: false },
      'test',
    );
    const res = await put('/wps/member/register', await validUser());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('registration_disabled');
  });

  it('limits registrations per client address', async () => {
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'PUT', url: '/wps/member/register', payload: {}, headers: { 'x-forwarded-for': address } });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
