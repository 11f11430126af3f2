import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowPlainPayloads, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { botCheckSetting } from './bot-check.ts';

describe('bot check', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let username: string;
  let ip: string;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    merchant = await createMerchant(t.database.db);
    // These tests are about the calls' rules; sealing is tested in payload-encryption.routes.test.ts.
    await allowPlainPayloads(t.app, merchant.id);
    const m = await createMember(t.database.db, merchant, {
      passwordHash: await hashPassword('goodpass1'),
      username: uniqueName('bot').slice(0, 12),
    });
    await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
    username = m.username;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    ip = nextIp();
    // Two hex digits keep the tests fast; the default asks for four.
    await t.app.services.settings.set(merchant.id, botCheckSetting, { required: true, keyPrefix: '00' }, 'test');
  });

  async function solved(): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/wps/botcheck/challenge', headers: { 'x-forwarded-for': ip } });
    expect(res.statusCode).toBe(200);
    const challenge = res.json().value as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('challenge not solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wps/session/login', payload, headers: { 'x-forwarded-for': ip } });

  it('lets a solved challenge through once', async () => {
    const botCheck = await solved();
    expect((await login({ username, password: 'goodpass1', botCheck })).statusCode).toBe(200);
    const again = await login({ username, password: 'goodpass1', botCheck });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('bot_check_failed');
  });

  it('refuses a missing, forged or tampered result when the check is required', async () => {
    expect((await login({ username, password: 'goodpass1' })).json().code).toBe('bot_check_failed');
    expect((await login({ username, password: 'goodpass1', botCheck: 'bm90IGpzb24=' })).json().code).toBe('bot_check_failed');
    const decoded = JSON.parse(Buffer.from(await solved(), 'base64').toString('utf8'));
    decoded.solution.counter += 1;
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await login({ username, password: 'goodpass1', botCheck: tampered })).json().code).toBe('bot_check_failed');
  });

  it('guards SMS sends and registration too, and lets plain calls through when not required', async () => {
    const sms = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '0912000111' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sms.json().code).toBe('bot_check_failed');
    const reg = await t.app.inject({ method: 'PUT', url: '/wps/member/register', payload: {}, headers: { 'x-forwarded-for': ip } });
    expect(reg.json().code).toBe('bot_check_failed');
    await t.app.services.settings.set(merchant.id, botCheckSetting, { required: false, keyPrefix: '00' }, 'test');
    expect((await login({ username, password: 'goodpass1' })).statusCode).toBe(200);
  });
});
