import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { loginPolicySetting } from './accounts.settings.ts';

let t: TestApp;
let merchant: { id: number; code: string; currency: string };
const PASSWORD = 'goodpass1';

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  merchant = await createMerchant(t.database.db);
  await allowPlainPayloads(t.app, merchant.id);
});

afterAll(async () => {
  await t?.close();
});

async function newMember() {
  const m = await createMember(t.database.db, merchant, {
    passwordHash: await hashPassword(PASSWORD),
    username: uniqueName('ma').slice(0, 12),
  });
  await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
  return m;
}

const memberLogin = (username: string, password: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/wps/session/login', payload: { username, password }, headers: { 'x-forwarded-for': ip } });

describe('back-office member calls', () => {
  it('are refused without an operator token and for a role that may not act', async () => {
    const m = await newMember();
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/members' })).statusCode).toBe(401);
    const finance = await loginAdmin(t.app, 'finance');
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${m.id}/lock`,
      headers: finance.headers,
      payload: { reason: 'fraud check' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_forbidden');
  });

  it('find members by the start of their name, paged', async () => {
    const m = await newMember();
    const op = await loginAdmin(t.app, 'support');
    const res = await t.app.inject({ method: 'GET', url: `/admin-api/members?username=${m.username.slice(0, 8)}`, headers: op.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.content.map((r: { username: string }) => r.username)).toContain(m.username);
    const bad = await t.app.inject({ method: 'GET', url: '/admin-api/members?pageSize=1000', headers: op.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('lock a member out, ending their sessions, and unlock them again', async () => {
    const m = await newMember();
    const session = await t.app.services.sessions.create(m.id);
    const op = await loginAdmin(t.app, 'risk');
    const locked = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${m.id}/lock`,
      headers: op.headers,
      payload: { reason: 'chargeback' },
    });
    expect(locked.statusCode).toBe(200);
    expect(await t.app.services.sessions.resolve(session.token)).toBeUndefined();
    expect((await memberLogin(m.username, PASSWORD)).json().code).toBe('account_locked');

    const unlocked = await t.app.inject({ method: 'POST', url: `/admin-api/members/${m.id}/unlock`, headers: op.headers });
    expect(unlocked.json().value.status).toBe('active');
    expect((await memberLogin(m.username, PASSWORD)).statusCode).toBe(200);

    const audit = await t.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', String(m.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['member.lock', 'member.unlock']));
  });

  it('clear the lock that failed passwords put on a name', async () => {
    const m = await newMember();
    const policy = await t.app.services.settings.get(merchant.id, loginPolicySetting);
    for (let i = 0; i < policy.accountLockThreshold; i++) await memberLogin(m.username, 'wrong-one', nextIp());
    const refused = await memberLogin(m.username, PASSWORD);
    expect(refused.statusCode).not.toBe(200);
    const op = await loginAdmin(t.app, 'support');
    const unlocked = await t.app.inject({ method: 'POST', url: `/admin-api/members/${m.id}/unlock`, headers: op.headers });
    expect(unlocked.json().value.clearedLocks).toBeGreaterThan(0);
    expect((await memberLogin(m.username, PASSWORD)).statusCode).toBe(200);
  });

  it('force a password change at the next login', async () => {
    const m = await newMember();
    const op = await loginAdmin(t.app, 'support');
    const res = await t.app.inject({ method: 'POST', url: `/admin-api/members/${m.id}/force-password-change`, headers: op.headers });
    expect(res.statusCode).toBe(200);
    const login = await memberLogin(m.username, PASSWORD);
    expect(login.json().value.cpw).toBe(true);
  });

  it('do not reach another merchant’s member', async () => {
    const other = await createMerchant(t.database.db);
    const stranger = await createMember(t.database.db, other);
    const op = await loginAdmin(t.app, 'risk');
    const res = await t.app.inject({ method: 'POST', url: `/admin-api/members/${stranger.id}/unlock`, headers: op.headers });
    expect(res.statusCode).toBe(404);
  });
});
