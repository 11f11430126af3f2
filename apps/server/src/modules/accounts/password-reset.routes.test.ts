import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';

describe('forgot password by e-mail', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let ip: string;
  let clock = new Date();

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
    merchant = await createMerchant(t.database.db);
    // These tests are about the calls' rules; sealing is tested in payload-encryption.routes.test.ts.
    await allowPlainPayloads(t.app, merchant.id);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    ip = nextIp();
    clock = new Date();
  });

  async function memberWithEmail() {
    const m = await createMember(t.database.db, merchant, {
      passwordHash: await hashPassword('goodpass1'),
      username: uniqueName('fp').slice(0, 12),
    });
    const address = `${m.username}@example.com`;
    await t.database.db.updateTable('members').set({ email: address }).where('id', '=', m.id).execute();
    return { ...m, email: address };
  }

  const forgot = (body: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: body,
      headers: { 'content-type': contentType, 'x-forwarded-for': ip, origin: 'https://play.example.com' },
    });

  async function mailedToken(address: string): Promise<string | undefined> {
    const row = await t.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? /token=([A-Za-z0-9_-]+)/.exec(row.body)?.[1] : undefined;
  }

  const reset = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wps/member/password/reset', payload, headers: { 'x-forwarded-for': ip } });

  it('mails a one-time link that sets a new password and ends every session', async () => {
    const m = await memberWithEmail();
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'goodpass1' },
      headers: { 'x-forwarded-for': ip },
    });
    const token = login.json().value.token;
    const res = await forgot(`username=${m.username.toUpperCase()}&email=${encodeURIComponent(m.email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { sent: true } });
    const mailed = await mailedToken(m.email);
    expect(mailed).toBeDefined();
    const outbox = await t.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('to_address', '=', m.email)
      .executeTakeFirstOrThrow();
    expect(outbox.body).toContain('https://play.example.com/reset-password?token=');
    expect((await reset({ token: mailed, newPassword: 'letters' })).json().code).toBe('field_invalid');
    expect((await reset({ token: mailed, newPassword: 'mailed123', confirmNewPassword: 'mailed12' })).json().code).toBe(
      'password_mismatch',
    );
    expect((await reset({ token: mailed, newPassword: 'mailed123', confirmNewPassword: 'mailed123' })).json()).toEqual({
      success: true,
      value: { changed: true },
    });
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token, ip) })).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: 'mailed123' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(relogin.statusCode).toBe(200);
    const again = await reset({ token: mailed, newPassword: 'another123' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset_link_invalid');
  });

  it('answers alike for an unknown name or a wrong address, and mails nothing', async () => {
    const m = await memberWithEmail();
    const unknown = await forgot('username=nobody12345&email=nobody%40example.com');
    const wrong = await forgot(`username=${m.username}&email=other%40example.com`);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ success: true, value: { sent: true } });
    expect(await mailedToken(m.email)).toBeUndefined();
  });

  it('refuses an expired link, a made-up one, and a malformed request', async () => {
    const m = await memberWithEmail();
    await forgot(JSON.stringify({ username: m.username, email: m.email }), 'application/json');
    const mailed = await mailedToken(m.email);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await reset({ token: mailed, newPassword: 'late12345' })).json().code).toBe('reset_link_invalid');
    expect((await reset({ token: 'x'.repeat(43), newPassword: 'fake12345' })).json().code).toBe('reset_link_invalid');
    const bad = await forgot('username=abc&email=not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Địa chỉ email');
  });

  it('sends at most three links an hour to one member', async () => {
    const m = await memberWithEmail();
    for (let i = 0; i < 5; i++) expect((await forgot(`username=${m.username}&email=${encodeURIComponent(m.email)}`)).statusCode).toBe(200);
    const sent = await t.database.db.selectFrom('email_outbox').select('id').where('to_address', '=', m.email).execute();
    expect(sent).toHaveLength(3);
  });
});
