import { ADMIN_PERMISSIONS, defaultPermissionsOf } from '@platform/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { codeAt, loginAdmin, passwordStep, TEST_ADMIN_PASSWORD } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { ADMIN_FAILED_LOGINS_MAX } from './admin.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  await createMerchant(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/admin-api/session/login', remoteAddress: ip, payload: { username, password } });

describe('POST /admin-api/session/login', () => {
  it('logs an operator in and the token then names the operator and role', async () => {
    const op = await loginAdmin(t.app, 'finance');
    const me = await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().value).toEqual({
      id: op.adminId,
      username: op.username,
      role: 'finance',
      permissions: defaultPermissionsOf('finance'),
    });
  });

  it('refuses a wrong password and an unknown name with the same answer', async () => {
    const op = await loginAdmin(t.app);
    const wrong = await login(op.username, 'nope');
    const unknown = await login(uniqueName('ghost'), 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().code).toBe('admin_login_failed');
    expect(unknown.json().code).toBe('admin_login_failed');
  });

  it('rejects unknown fields and empty names', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/admin-api/session/login',
      remoteAddress: nextIp(),
      payload: { username: 'a', password: 'b', role: 'administrator' },
    });
    expect(extra.statusCode).toBe(400);
    const empty = await login('', 'x');
    expect(empty.statusCode).toBe(400);
  });

  it('limits login attempts per address', async () => {
    const ip = nextIp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(uniqueName('x'), 'bad', ip)).json().code);
    expect(codes.slice(0, 10).every((c) => c === 'admin_login_failed')).toBe(true);
    expect(codes[10]).toBe('rate_limited');
  });

  it('locks the operator after repeated wrong passwords, and the lock ends with time', async () => {
    const merchant = await t.app.services.merchants.current();
    const username = uniqueName('lock');
    await t.app.services.admins.createAdmin({ merchantId: merchant.id, username, password: TEST_ADMIN_PASSWORD, role: 'support' });
    for (let i = 1; i < ADMIN_FAILED_LOGINS_MAX; i++) expect((await login(username, 'bad')).json().code).toBe('admin_login_failed');
    expect((await login(username, 'bad')).json().code).toBe('account_locked');
    const whileLocked = await login(username, TEST_ADMIN_PASSWORD);
    expect(whileLocked.statusCode).toBe(423);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await login(username, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('back-office tokens', () => {
  it('are refused without a token, with a member token, and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me' })).json().code).toBe('admin_unauthorized');

    const merchant = await t.app.services.merchants.current();
    const member = await createMember(t.database.db, merchant);
    const { token } = await t.app.services.sessions.create(member.id);
    const asMember = await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: { authorization: `Bearer ${token}` } });
    expect(asMember.statusCode).toBe(401);

    const op = await loginAdmin(t.app);
    const out = await t.app.inject({ method: 'DELETE', url: '/admin-api/session/logout', headers: op.headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers })).statusCode).toBe(401);
  });

  it('are not accepted as member sessions', async () => {
    const op = await loginAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: op.headers });
    expect(res.statusCode).toBe(401);
  });

  it('expire after the idle time', async () => {
    const op = await loginAdmin(t.app);
    // Past the idle time and the interval at which use is recorded (a minute at most).
    clock = new Date(clock.getTime() + 32 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers })).statusCode).toBe(401);
  });
});

const totp = (challenge: string, code: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/admin-api/session/totp', remoteAddress: ip, payload: { challenge, code } });

describe('second factor', () => {
  it('gives no session for a password alone: the challenge is no token', async () => {
    const op = await loginAdmin(t.app, 'support');
    const step = await passwordStep(t.app, op.username);
    expect(step.stage).toBe('totp');
    expect(Object.keys(step).sort()).toEqual(['challenge', 'challengeExpiresAt', 'stage']);
    for (const url of ['/admin-api/session/me', '/admin-api/members', '/admin-api/operators']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${step.challenge}` } });
      expect(res.json().code).toBe('admin_unauthorized');
    }
  });

  it('enrols with the first code, then asks for a code at each login and accepts each code once', async () => {
    const merchant = await t.app.services.merchants.current();
    const username = uniqueName('totp');
    await t.app.services.admins.createAdmin({ merchantId: merchant.id, username, password: TEST_ADMIN_PASSWORD, role: 'risk' });
    const enrol = await passwordStep(t.app, username);
    expect(enrol.stage).toBe('enrol');
    expect(enrol.otpauthUri).toContain(`secret=${enrol.secret}`);
    const secret = enrol.secret as string;
    const first = await totp(enrol.challenge, codeAt(secret, enrol.challengeExpiresAt));
    expect(first.statusCode).toBe(200);
    expect(first.json().value.admin).toMatchObject({ username, role: 'risk', permissions: defaultPermissionsOf('risk') });
    // The challenge is spent.
    expect((await totp(enrol.challenge, codeAt(secret, enrol.challengeExpiresAt))).json().code).toBe('admin_challenge_expired');

    const again = await passwordStep(t.app, username);
    expect(again.stage).toBe('totp');
    expect(again).not.toHaveProperty('secret');
    // The code used to enrol is not accepted a second time.
    expect((await totp(again.challenge, codeAt(secret, again.challengeExpiresAt))).json().code).toBe('admin_totp_invalid');
    const next = await totp(again.challenge, codeAt(secret, again.challengeExpiresAt, 1));
    expect(next.statusCode).toBe(200);
  });

  it('counts wrong codes toward the lock, and a challenge lives five minutes', async () => {
    const op = await loginAdmin(t.app, 'content');
    const step = await passwordStep(t.app, op.username);
    for (let i = 1; i < ADMIN_FAILED_LOGINS_MAX; i++) expect((await totp(step.challenge, '000000')).json().code).toBe('admin_totp_invalid');
    expect((await totp(step.challenge, '000000')).json().code).toBe('account_locked');
    expect((await totp(step.challenge, codeAt(op.secret, step.challengeExpiresAt, 1))).statusCode).toBe(423);
    clock = new Date(clock.getTime() + 16 * 60_000);
    const late = await passwordStep(t.app, op.username);
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await totp(late.challenge, codeAt(op.secret, late.challengeExpiresAt, 12))).json().code).toBe('admin_challenge_expired');
  });

  it('answers the administrator with every permission', async () => {
    const op = await loginAdmin(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers });
    expect(me.json().value.permissions).toEqual([...ADMIN_PERMISSIONS]);
  });
});

describe('own sessions', () => {
  it('lists them, ends one, and ends all the others', async () => {
    const op = await loginAdmin(t.app, 'finance');
    const second = await passwordStep(t.app, op.username);
    const other = await totp(second.challenge, codeAt(op.secret, second.challengeExpiresAt, 1));
    const otherHeaders = { authorization: `Bearer ${other.json().value.token}` };
    clock = new Date(clock.getTime() + 60_000);
    const third = await passwordStep(t.app, op.username);
    const another = await totp(third.challenge, codeAt(op.secret, third.challengeExpiresAt));
    const anotherHeaders = { authorization: `Bearer ${another.json().value.token}` };

    const list = (await t.app.inject({ method: 'GET', url: '/admin-api/session/sessions', headers: op.headers })).json().value;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    const otherId = (await t.app.inject({ method: 'GET', url: '/admin-api/session/sessions', headers: otherHeaders }))
      .json()
      .value.find((s: { isCurrent: boolean }) => s.isCurrent).id;

    const ended = await t.app.inject({ method: 'DELETE', url: `/admin-api/session/sessions/${otherId}`, headers: op.headers });
    expect(ended.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: otherHeaders })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/admin-api/session/sessions/${otherId}`, headers: op.headers })).json().code).toBe(
      'admin_session_not_found',
    );
    // Another operator's session is not found either.
    const stranger = await loginAdmin(t.app, 'finance');
    const strangerId = (await t.app.inject({ method: 'GET', url: '/admin-api/session/sessions', headers: stranger.headers })).json()
      .value[0].id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/admin-api/session/sessions/${strangerId}`, headers: op.headers })).statusCode,
    ).toBe(404);

    const all = await t.app.inject({ method: 'DELETE', url: '/admin-api/session/sessions', headers: op.headers });
    expect(all.json().value).toEqual({ ended: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: anotherHeaders })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers })).statusCode).toBe(200);
  });
});
