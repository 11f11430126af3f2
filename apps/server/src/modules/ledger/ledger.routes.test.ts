import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember } from '../../../test/factories.ts';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledger-fixture.ts';

const BALANCE_URL = '/wps/v2/wallets/balance';

let t: TestApp;
let f: LedgerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await createLedgerFixture(t.database.db, t.app.services.ledger, { playerCount: 2 });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /wps/v2/wallets/balance', () => {
  it("answers with the session member's main, bonus, locked and summed balances", async () => {
    const ledger = t.app.services.ledger;
    const [p, other] = f.players;
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p!.main,
      amount: 10_000,
      code: 'deposit',
      idempotencyKey: 'r-dep',
    });
    await ledger.transfer({
      fromAccountId: f.system.bonusPool,
      toAccountId: p!.bonus,
      amount: 500,
      code: 'promotion',
      idempotencyKey: 'r-bonus',
    });
    await ledger.reserve({ accountId: p!.main, amount: 1_200, idempotencyKey: 'r-res-1' });
    const settled = await ledger.reserve({ accountId: p!.main, amount: 300, idempotencyKey: 'r-res-2' });
    await ledger.post({ reservationId: settled.reservationId, toAccountId: f.system.houseRevenue, idempotencyKey: 'r-post' });
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: other!.main,
      amount: 77,
      code: 'deposit',
      idempotencyKey: 'r-other',
    });

    const { token } = await t.app.services.sessions.create(p!.member.id);
    const res = await t.app.inject({ method: 'GET', url: BALANCE_URL, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      value: { currency: 'VND', mainBalance: 8_500, bonusBalance: 500, lockedBalance: 1_200, sumBalance: 9_000 },
    });
  });

  it('shows each member only their own balance', async () => {
    const { token } = await t.app.services.sessions.create(f.players[1]!.member.id);
    const res = await t.app.inject({ method: 'GET', url: BALANCE_URL, headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toEqual({
      success: true,
      value: { currency: 'VND', mainBalance: 77, bonusBalance: 0, lockedBalance: 0, sumBalance: 77 },
    });
  });

  it('answers zeros for a member who has no ledger accounts yet', async () => {
    const newcomer = await createMember(t.database.db, f.merchant);
    const { token } = await t.app.services.sessions.create(newcomer.id);
    const res = await t.app.inject({ method: 'GET', url: BALANCE_URL, headers: { authorization: `Bearer ${token}` } });
    expect(res.json().value).toEqual({ currency: 'VND', mainBalance: 0, bonusBalance: 0, lockedBalance: 0, sumBalance: 0 });
  });

  it('answers 401 with the error envelope without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: BALANCE_URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'unauthorized', message: 'Vui lòng đăng nhập trước.' });
  });

  it('answers 401 for a token that is not a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: BALANCE_URL, headers: { authorization: 'Bearer not-a-real-token', lang: 'EN' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'unauthorized', message: 'Please log in first.' });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.json().paths).toHaveProperty([BALANCE_URL]);
  });
});
