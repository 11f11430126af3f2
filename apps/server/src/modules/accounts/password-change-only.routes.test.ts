import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';

/**
 * A login that answered cpw (a forced, default, expired or first password) opens a session that may
 * change the password and little else, on the server, whatever the client does.
 */
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

/** A member made by an operator: a password it never chose, never logged in. */
async function operatorMadeMember() {
  return createMember(t.database.db, merchant, { passwordHash: await hashPassword(PASSWORD), username: uniqueName('op').slice(0, 12) });
}

const login = async (username: string, password = PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { token: string; cpw: boolean };
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() },
    ...(payload ? { payload } : {}),
  });

describe('a session that must change its password', () => {
  it('is refused the balance, game launch and money calls, and allowed the change, member info and logout', async () => {
    const m = await operatorMadeMember();
    const session = await login(m.username);
    expect(session.cpw).toBe(true);
    for (const [method, url, payload] of [
      ['GET', '/wps/v2/wallets/balance'],
      ['POST', '/wps/game/launchGame', { gameId: 'lucky-sevens', vendorCode: 'DEMO' }],
      ['GET', '/wps/member/withdrawals/rules'],
      ['GET', '/wps/member/profile'],
    ] as const) {
      const res = await call(method, url, session.token, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('password_change_required');
    }
    // A public call answers as for a visitor.
    expect((await call('GET', '/wps/relay/GCSGAME_gameList', session.token)).statusCode).toBe(200);
    expect((await call('GET', '/wps/member/info', session.token)).statusCode).toBe(200);
    const changed = await call('POST', '/wps/member/password', session.token, {
      oldPassword: PASSWORD,
      newPassword: 'better123',
      confirmNewPassword: 'better123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await login(m.username, 'better123');
    expect(after.cpw).toBe(false);
    expect((await call('GET', '/wps/v2/wallets/balance', after.token)).statusCode).toBe(200);
  });

  it('may log out', async () => {
    const m = await operatorMadeMember();
    const session = await login(m.username);
    expect((await call('DELETE', '/wps/session/logout', session.token)).statusCode).toBe(200);
    expect((await call('GET', '/wps/member/info', session.token)).statusCode).toBe(401);
  });

  it('keeps asking an operator-made account for its first change until it is made, not once', async () => {
    const m = await operatorMadeMember();
    expect((await login(m.username)).cpw).toBe(true);
    const second = await login(m.username);
    expect(second.cpw).toBe(true);
    expect((await call('GET', '/wps/v2/wallets/balance', second.token)).json().code).toBe('password_change_required');
  });

  it('follows an operator forcing the change, and a self-registered member is not asked', async () => {
    const m = await operatorMadeMember();
    await t.database.db
      .insertInto('member_security')
      .values({ member_id: m.id, login_count: 3, password_changed_at: new Date() })
      .execute();
    expect((await login(m.username)).cpw).toBe(false);
    const op = await loginAdmin(t.app, 'support');
    await t.app.inject({ method: 'POST', url: `/admin-api/members/${m.id}/force-password-change`, headers: op.headers });
    const forced = await login(m.username);
    expect(forced.cpw).toBe(true);
    expect((await call('GET', '/wps/v2/wallets/balance', forced.token)).statusCode).toBe(403);
  });
});
