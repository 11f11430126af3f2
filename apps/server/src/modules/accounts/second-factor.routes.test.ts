import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, bearer, lastSmsCode, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { secondFactorSetting } from './second-factor.ts';

describe('second factor for a login from a new address', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let passwordHash: string;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    merchant = await createMerchant(t.database.db);
    // These tests are about the calls' rules; sealing is tested in payload-encryption.routes.test.ts.
    await allowPlainPayloads(t.app, merchant.id);
    passwordHash = await hashPassword('goodpass1');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.services.settings.set(merchant.id, secondFactorSetting, { enabled: true }, 'test');
  });

  async function memberWithMobile() {
    const m = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('tf').slice(0, 12) });
    const mobile = `05${String(m.id).padStart(8, '0')}`;
    await t.database.db.updateTable('members').set({ mobile_num: mobile }).where('id', '=', m.id).execute();
    await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
    return { ...m, mobile };
  }

  const login = (username: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, password: 'goodpass1' },
      headers: { 'x-forwarded-for': ip },
    });
  const verify = (payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url: '/wps/session/login/verify', payload, headers: { 'x-forwarded-for': ip } });

  it('asks for an SMS code from a new address and remembers the address once verified', async () => {
    const m = await memberWithMobile();
    const home = nextIp();
    expect((await login(m.username, home)).statusCode).toBe(200);
    const away = nextIp();
    const challenged = await login(m.username, away);
    expect(challenged.statusCode).toBe(401);
    const body = challenged.json();
    // The screen's minutes are the SMS code's (the SMS policy's 5), as the SMS itself says.
    expect(body).toMatchObject({
      code: 'second_factor_required',
      value: { captcha: false, secondFactor: { methods: ['sms'], expiredMinutes: 5 } },
    });
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile_num', '=', m.mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.body).toContain('hieu luc 5 phut');
    const challenge = body.value.secondFactor.challenge;
    const code = await lastSmsCode(t.database.db, m.mobile);
    const wrong = await verify({ challenge, method: 'sms', code: code === '000000' ? '111111' : '000000' }, away);
    expect(wrong.json().code).toBe('second_factor_invalid');
    expect((await verify({ challenge, method: 'sms', code }, nextIp())).json().code).toBe('second_factor_invalid');
    const ok = await verify({ challenge, method: 'sms', code }, away);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ customerId: m.id });
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(ok.json().value.token, away) })).statusCode).toBe(
      200,
    );
    expect((await verify({ challenge, method: 'sms', code }, away)).json().code).toBe('second_factor_invalid');
    expect((await login(m.username, away)).statusCode).toBe(200);
  });

  it('accepts an authenticator code once, after enrolment confirmed with a code', async () => {
    const m = await memberWithMobile();
    const home = nextIp();
    const token = (await login(m.username, home)).json().value.token;
    expect((await t.app.inject({ method: 'POST', url: '/wps/member/authenticator' })).statusCode).toBe(401);
    const enrol = await t.app.inject({ method: 'POST', url: '/wps/member/authenticator', headers: bearer(token, home) });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUrl } = enrol.json().value;
    expect(otpauthUrl).toContain('otpauth://totp/');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wps/member/authenticator/confirm',
      payload: { code: '000000' === totp.generate() ? '111111' : '000000' },
      headers: bearer(token, home),
    });
    expect(bad.json().code).toBe('second_factor_invalid');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/authenticator/confirm',
      payload: { code: totp.generate() },
      headers: bearer(token, home),
    });
    expect(confirmed.json()).toEqual({ success: true, value: { enabled: true } });
    expect((await t.app.inject({ method: 'POST', url: '/wps/member/authenticator', headers: bearer(token, home) })).statusCode).toBe(409);

    const away = nextIp();
    const challenged = (await login(m.username, away)).json().value.secondFactor;
    expect(challenged.methods).toEqual(['sms', 'authenticator']);
    // The code used to confirm is spent; the next time step's code is accepted once.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const ok = await verify({ challenge: challenged.challenge, method: 'authenticator', code: next }, away);
    expect(ok.statusCode).toBe(200);
    const elsewhere = nextIp();
    const again = (await login(m.username, elsewhere)).json().value.secondFactor;
    expect((await verify({ challenge: again.challenge, method: 'authenticator', code: next }, elsewhere)).json().code).toBe(
      'second_factor_invalid',
    );
  });

  it('lets a login through when the setting is off or the member has no second factor', async () => {
    const m = await memberWithMobile();
    await login(m.username, nextIp());
    await t.app.services.settings.set(merchant.id, secondFactorSetting, { enabled: false }, 'test');
    expect((await login(m.username, nextIp())).statusCode).toBe(200);
    await t.app.services.settings.set(merchant.id, secondFactorSetting, { enabled: true }, 'test');
    const bare = await createMember(t.database.db, merchant, { passwordHash, username: uniqueName('nf').slice(0, 12) });
    await t.database.db.insertInto('member_security').values({ member_id: bare.id, login_count: 1 }).execute();
    await login(bare.username, nextIp());
    expect((await login(bare.username, nextIp())).statusCode).toBe(200);
  });

  it('refuses an unknown challenge and a method that was not offered', async () => {
    const m = await memberWithMobile();
    await login(m.username, nextIp());
    const away = nextIp();
    const challenge = (await login(m.username, away)).json().value.secondFactor.challenge;
    expect((await verify({ challenge, method: 'authenticator', code: '123456' }, away)).json().code).toBe('second_factor_invalid');
    expect((await verify({ challenge: 'x'.repeat(43), method: 'sms', code: '123456' }, away)).json().code).toBe('second_factor_invalid');
    expect((await verify({ challenge, method: 'email', code: '123456' }, away)).statusCode).toBe(400);
  });
});
