import { errorMessage } from '@platform/contracts/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptedBody, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auth, createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';

const BASE = '/wps/member/responsible-gaming';
const HOUR = 3_600_000;

let clock: Date;
let t: TestApp;
let w: WalletWorld;
let passwordHash: string;

beforeAll(async () => {
  // Sunday 22 Nov 2026, 10:00 in Ho Chi Minh City.
  clock = new Date('2026-11-22T03:00:00Z');
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
  w = await createWalletWorld(t);
  passwordHash = await hashPassword('goodpass1');
});

beforeEach(() => {
  clock = new Date('2026-11-22T03:00:00Z');
});

afterAll(async () => {
  await t?.close();
});

async function player() {
  const m = await w.member();
  await t.database.db.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', m.id).execute();
  return { ...m, token: await w.token(m.id) };
}

function setLimits(token: string, limits: unknown) {
  return t.app.inject({ method: 'PUT', url: `${BASE}/limits`, headers: auth(token), payload: { limits } });
}

async function codeOf(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A login the way the web client sends it: sealed to the server's key at the app's time. */
async function login(username: string) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: await encryptedBody(t.app, { username, password: 'goodpass1', type: 'username' }, clock),
    headers: { 'x-forwarded-for': nextIp() },
  });
}

async function stake(accountId: number, amount: number, key: string, payout?: number) {
  const ledger = t.app.services.ledger;
  const r = await ledger.reserve({ accountId, amount, idempotencyKey: key });
  if (payout !== undefined)
    await ledger.settle({ reservationId: r.reservationId, toAccountId: w.system.houseRevenue, payout, idempotencyKey: `${key}:s` });
  return r;
}

describe('deposit limits', () => {
  it('lets deposits through up to the daily limit and refuses the one past it, stating the limit', async () => {
    const p = await player();
    const rg = t.app.services.responsibleGaming;
    await rg.assertCanDeposit(p.id, 10_000_000);
    expect((await setLimits(p.token, [{ kind: 'deposit', period: 'daily', amount: 100_000 }])).statusCode).toBe(200);
    await w.fund(p.accounts, 60_000);
    await rg.assertCanDeposit(p.id, 40_000);
    const refused = await codeOf(rg.assertCanDeposit(p.id, 40_001));
    expect(refused.code).toBe('rg_deposit_limit_exceeded');
    const en = errorMessage(refused.code, 'en', refused.params);
    expect(en).toContain('daily deposit limit');
    expect(en).toContain('100,000');
    expect(en).toContain('40,000');
    expect(errorMessage(refused.code, 'vi', refused.params)).toContain('theo ngày');
  });

  it('starts a new day at local midnight in the member time zone', async () => {
    const p = await player();
    await setLimits(p.token, [{ kind: 'deposit', period: 'daily', amount: 50_000 }]);
    await w.fund(p.accounts, 50_000);
    const rg = t.app.services.responsibleGaming;
    expect((await codeOf(rg.assertCanDeposit(p.id, 1))).code).toBe('rg_deposit_limit_exceeded');
    clock = new Date('2026-11-22T16:59:59Z'); // 23:59:59 local
    expect((await codeOf(rg.assertCanDeposit(p.id, 1))).code).toBe('rg_deposit_limit_exceeded');
    clock = new Date('2026-11-22T17:00:00Z'); // 00:00 local, the 23rd
    await rg.assertCanDeposit(p.id, 50_000);
  });

  it('counts weekly from Monday and monthly from the 1st', async () => {
    const p = await player();
    const rg = t.app.services.responsibleGaming;
    clock = new Date('2026-11-16T03:00:00Z'); // Monday 16th
    await w.fund(p.accounts, 30_000);
    clock = new Date('2026-11-22T03:00:00Z'); // Sunday 22nd
    await setLimits(p.token, [
      { kind: 'deposit', period: 'weekly', amount: 40_000 },
      { kind: 'deposit', period: 'monthly', amount: 45_000 },
    ]);
    expect((await codeOf(rg.assertCanDeposit(p.id, 10_001))).code).toBe('rg_deposit_limit_exceeded');
    clock = new Date('2026-11-23T03:00:00Z'); // next Monday: a new week, same month
    await rg.assertCanDeposit(p.id, 15_000);
    const monthly = await codeOf(rg.assertCanDeposit(p.id, 15_001));
    expect(errorMessage(monthly.code, 'en', monthly.params)).toContain('monthly');
  });
});

describe('wager and loss limits', () => {
  it('counts stakes net of voided ones against the wager limit', async () => {
    const p = await player();
    const rg = t.app.services.responsibleGaming;
    await w.fund(p.accounts, 100_000);
    await setLimits(p.token, [{ kind: 'wager', period: 'daily', amount: 10_000 }]);
    await stake(p.accounts.main, 6_000, `w1-${p.id}`, 50_000);
    const voided = await stake(p.accounts.main, 3_000, `w2-${p.id}`);
    await rg.assertCanStake(p.id, 1_000);
    expect((await codeOf(rg.assertCanStake(p.id, 1_001))).code).toBe('rg_wager_limit_exceeded');
    await t.app.services.ledger.voidReservation({ reservationId: voided.reservationId, idempotencyKey: `w2v-${p.id}` });
    await rg.assertCanStake(p.id, 4_000);
    expect((await codeOf(rg.assertCanStake(p.id, 4_001))).code).toBe('rg_wager_limit_exceeded');
  });

  it('counts stakes less wins against the loss limit', async () => {
    const p = await player();
    const rg = t.app.services.responsibleGaming;
    await w.fund(p.accounts, 100_000);
    await setLimits(p.token, [{ kind: 'loss', period: 'daily', amount: 5_000 }]);
    await stake(p.accounts.main, 4_000, `l1-${p.id}`, 0);
    await rg.assertCanStake(p.id, 1_000);
    const refused = await codeOf(rg.assertCanStake(p.id, 1_001));
    expect(refused.code).toBe('rg_loss_limit_exceeded');
    expect(errorMessage(refused.code, 'en', refused.params)).toContain('5,000');
    await stake(p.accounts.main, 1_000, `l2-${p.id}`, 3_000);
    // Net loss is now 4,000 + 1,000 - 3,000 = 2,000.
    await rg.assertCanStake(p.id, 3_000);
    expect((await codeOf(rg.assertCanStake(p.id, 3_001))).code).toBe('rg_loss_limit_exceeded');
  });

  it('checks inside a caller transaction using only that transaction', async () => {
    const p = await player();
    await w.fund(p.accounts, 10_000);
    await setLimits(p.token, [{ kind: 'wager', period: 'daily', amount: 2_000 }]);
    const rg = t.app.services.responsibleGaming;
    const ledger = t.app.services.ledger;
    await t.database.db.transaction().execute(async (trx) => {
      await rg.assertCanStake(p.id, 2_000, trx);
      await ledger.reserve({ accountId: p.accounts.main, amount: 2_000, idempotencyKey: `tx-${p.id}` }, trx);
    });
    const refused = await t.database.db
      .transaction()
      .execute(async (trx) => codeOf(rg.assertCanStake(p.id, 1, trx)))
      .catch((err: unknown) => err as DomainError);
    expect(refused.code).toBe('rg_wager_limit_exceeded');
  });

  it('lets concurrent stakes of one member through only up to the limit when checked in their transactions', async () => {
    const p = await player();
    await w.fund(p.accounts, 100_000);
    await setLimits(p.token, [{ kind: 'wager', period: 'daily', amount: 3_000 }]);
    const rg = t.app.services.responsibleGaming;
    const ledger = t.app.services.ledger;
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        t.database.db.transaction().execute(async (trx) => {
          await rg.assertCanStake(p.id, 1_000, trx);
          await ledger.reserve({ accountId: p.accounts.main, amount: 1_000, idempotencyKey: `race-${p.id}-${i}` }, trx);
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    for (const a of attempts) if (a.status === 'rejected') expect((a.reason as DomainError).code).toBe('rg_wager_limit_exceeded');
    expect((await w.balances(p.id)).locked).toBe(3_000);
  });

  it('rejects a non-positive amount', async () => {
    const p = await player();
    expect((await codeOf(t.app.services.responsibleGaming.assertCanStake(p.id, 0))).code).toBe('invalid_amount');
  });
});

describe('PUT /wps/member/responsible-gaming/limits', () => {
  it('applies a decrease at once and an increase only after 24 hours', async () => {
    const p = await player();
    await setLimits(p.token, [{ kind: 'deposit', period: 'daily', amount: 100_000 }]);
    const lower = await setLimits(p.token, [{ kind: 'deposit', period: 'daily', amount: 50_000 }]);
    const limitOf = (res: { json: () => { value: { limits: { kind: string; period: string }[] } } }) =>
      res.json().value.limits.find((l) => l.kind === 'deposit' && l.period === 'daily');
    expect(limitOf(lower)).toMatchObject({ amount: 50_000, pending: null });
    const higher = await setLimits(p.token, [{ kind: 'deposit', period: 'daily', amount: 80_000 }]);
    expect(limitOf(higher)).toMatchObject({ amount: 50_000, pending: { amount: 80_000, effectiveAt: '2026-11-23T03:00:00.000Z' } });
    const rg = t.app.services.responsibleGaming;
    expect((await codeOf(rg.assertCanDeposit(p.id, 50_001))).code).toBe('rg_deposit_limit_exceeded');
    clock = new Date(clock.getTime() + 24 * HOUR - 1);
    expect((await codeOf(rg.assertCanDeposit(p.id, 50_001))).code).toBe('rg_deposit_limit_exceeded');
    clock = new Date(clock.getTime() + 1);
    await rg.assertCanDeposit(p.id, 80_000);
    const state = await t.app.inject({ method: 'GET', url: BASE, headers: auth(await w.token(p.id)) });
    expect(limitOf(state)).toMatchObject({ amount: 80_000, pending: null });
  });

  it('removes a limit only after 24 hours', async () => {
    const p = await player();
    await setLimits(p.token, [{ kind: 'wager', period: 'weekly', amount: 1_000 }]);
    const removed = await setLimits(p.token, [{ kind: 'wager', period: 'weekly', amount: null }]);
    expect(
      removed.json().value.limits.find((l: { kind: string; period: string }) => l.kind === 'wager' && l.period === 'weekly'),
    ).toMatchObject({
      amount: 1_000,
      pending: { amount: null },
    });
    const rg = t.app.services.responsibleGaming;
    expect((await codeOf(rg.assertCanStake(p.id, 1_001))).code).toBe('rg_wager_limit_exceeded');
    clock = new Date(clock.getTime() + 24 * HOUR);
    await rg.assertCanStake(p.id, 1_001);
  });

  it('audits every change', async () => {
    const p = await player();
    await setLimits(p.token, [{ kind: 'loss', period: 'monthly', amount: 7_000 }]);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['data'])
      .where('action', '=', 'rg.limits_changed')
      .where('actor_id', '=', String(p.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({
      changes: [{ kind: 'loss', period: 'monthly', requested: 7_000, inForce: 7_000, pending: null }],
    });
  });

  it.each([
    ['no limits', []],
    ['amount 0', [{ kind: 'deposit', period: 'daily', amount: 0 }]],
    ['a fractional amount', [{ kind: 'deposit', period: 'daily', amount: 1.5 }]],
    ['an unknown kind', [{ kind: 'time', period: 'daily', amount: 10 }]],
    ['an unknown period', [{ kind: 'deposit', period: 'yearly', amount: 10 }]],
    [
      'the same limit twice',
      [
        { kind: 'deposit', period: 'daily', amount: 10 },
        { kind: 'deposit', period: 'daily', amount: 20 },
      ],
    ],
    ['an unknown field', [{ kind: 'deposit', period: 'daily', amount: 10, note: 'x' }]],
  ])('answers 400 for %s', async (_, limits) => {
    const p = await player();
    const res = await setLimits(p.token, limits);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });
});

describe('breaks and self-exclusion', () => {
  it('a break ends every session, refuses login with rg_on_break until it ends, and blocks stakes and deposits', async () => {
    const p = await player();
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/break`, headers: auth(p.token), payload: { days: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.breakUntil).toBe('2026-11-23T03:00:00.000Z');
    expect((await t.app.inject({ method: 'GET', url: BASE, headers: auth(p.token) })).statusCode).toBe(401);
    const refused = await login(p.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rg_on_break');
    expect(refused.json().message).toContain('23/11/2026');
    const rg = t.app.services.responsibleGaming;
    expect((await codeOf(rg.assertCanStake(p.id, 1))).code).toBe('rg_on_break');
    expect((await codeOf(rg.assertCanDeposit(p.id, 1))).code).toBe('rg_on_break');
    clock = new Date('2026-11-23T03:00:01Z');
    expect((await login(p.username)).statusCode).toBe(200);
    await rg.assertCanStake(p.id, 1);
  });

  it('self-exclusion for months refuses login with rg_self_excluded until it ends', async () => {
    const p = await player();
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/self-exclusion`, headers: auth(p.token), payload: { months: 6 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ selfExcludedUntil: '2027-05-22T03:00:00.000Z', isPermanentlyExcluded: false });
    expect((await login(p.username)).json().code).toBe('rg_self_excluded');
    clock = new Date('2027-05-22T02:59:59Z');
    expect((await login(p.username)).json().code).toBe('rg_self_excluded');
    clock = new Date('2027-05-22T03:00:01Z');
    expect((await login(p.username)).statusCode).toBe(200);
  });

  it('permanent self-exclusion never ends', async () => {
    const p = await player();
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/self-exclusion`, headers: auth(p.token), payload: { permanent: true } });
    expect(res.json().value).toMatchObject({ isPermanentlyExcluded: true, selfExcludedUntil: null });
    clock = new Date('2036-01-01T00:00:00Z');
    const refused = await login(p.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rg_self_excluded');
    expect((await codeOf(t.app.services.responsibleGaming.assertCanStake(p.id, 1))).code).toBe('rg_self_excluded');
  });

  it.each([
    ['break', { days: 0 }],
    ['break', { days: 91 }],
    ['break', { days: 1, extra: true }],
    ['self-exclusion', { months: 5 }],
    ['self-exclusion', { months: 6, permanent: true }],
    ['self-exclusion', {}],
    ['self-exclusion', { permanent: false }],
  ])('answers 400 to %s with %j and changes nothing', async (path, payload) => {
    const p = await player();
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: auth(p.token), payload });
    expect(res.statusCode).toBe(400);
    expect((await login(p.username)).statusCode).toBe(200);
  });
});

describe('reality check and the page', () => {
  it('stores the reality-check interval and returns it with the state', async () => {
    const p = await player();
    const set = await t.app.inject({ method: 'PUT', url: `${BASE}/reality-check`, headers: auth(p.token), payload: { minutes: 30 } });
    expect(set.statusCode).toBe(200);
    expect(set.json().value.realityCheckMinutes).toBe(30);
    const off = await t.app.inject({ method: 'PUT', url: `${BASE}/reality-check`, headers: auth(p.token), payload: { minutes: null } });
    expect(off.json().value.realityCheckMinutes).toBeNull();
    for (const minutes of [4, 481, 10.5, '30']) {
      const bad = await t.app.inject({ method: 'PUT', url: `${BASE}/reality-check`, headers: auth(p.token), payload: { minutes } });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("tells the reality check the session's start and the rounds played since, without the ones before", async () => {
    const p = await player();
    const records = t.app.services.betRecords;
    const round = async (roundId: string, stakeAmount: number, payout: number | null) =>
      t.database.db.transaction().execute(async (trx) => {
        const row = await records.openRound(trx, {
          merchantId: w.merchant.id,
          memberId: p.id,
          username: p.username,
          vendorCode: 'DEMO',
          gameCode: 'lucky-sevens',
          gameCategory: 'RNG',
          roundId,
          currency: 'VND',
          isTrial: false,
        });
        const staked = await records.addStake(trx, row, stakeAmount);
        if (payout !== null) await records.addPayout(trx, staked, payout);
      });
    // A round of an earlier session does not count; the session starts now.
    await round('before', 9_000, 0);
    clock = new Date(clock.getTime() + 60_000);
    const token = await w.token(p.id);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await round('r1', 1_000, 2_500);
    await round('r2', 3_000, 0);
    await round('r3', 500, null);
    await t.app.inject({ method: 'PUT', url: `${BASE}/reality-check`, headers: auth(token), payload: { minutes: 15 } });
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/reality-check`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      intervalMinutes: 15,
      sessionStartedAt: new Date(clock.getTime() - 5 * 60_000).toISOString(),
      serverTime: clock.toISOString(),
      rounds: 3,
      stake: 4_500,
      payout: 2_500,
      net: -2_000,
      currency: 'VND',
    });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/reality-check` })).statusCode).toBe(401);
  });

  it('shows all nine limits with what each period has used', async () => {
    const p = await player();
    await w.fund(p.accounts, 12_345);
    const res = await t.app.inject({ method: 'GET', url: BASE, headers: auth(p.token) });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.timeZone).toBe('Asia/Ho_Chi_Minh');
    expect(value.limits).toHaveLength(9);
    expect(value.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'weekly')).toMatchObject({
      amount: null,
      used: 12_345,
      periodStartedAt: '2026-11-15T17:00:00.000Z',
    });
  });

  it.each([
    ['GET', BASE, undefined],
    ['PUT', `${BASE}/limits`, { limits: [{ kind: 'deposit', period: 'daily', amount: 10 }] }],
    ['POST', `${BASE}/break`, { days: 1 }],
    ['POST', `${BASE}/self-exclusion`, { permanent: true }],
    ['PUT', `${BASE}/reality-check`, { minutes: 30 }],
  ] as const)('%s %s answers 401 without a session and 403 to a trial account', async (method, url, payload) => {
    expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    const trial = await w.member({ accountType: 4 });
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: auth(await w.token(trial.id)) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
  });
});

describe("an operator and a member's responsible gaming", () => {
  const rgOf = (memberId: number) => `/admin-api/members/${memberId}/responsible-gaming`;

  it('counts each refusal by a limit per member, kind and merchant day, after the answer, and shows them to operators', async () => {
    const rg = t.app.services.responsibleGaming;
    let finance = await loginAdmin(t.app, 'finance');
    const range = 'from=2026-11-22&to=2026-11-23';
    const report = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/admin-api/reports/rg-triggers?${range}`, headers: finance.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as {
        rows: { day: string; kind: string; members: number; refusals: number }[];
        totals: { kind: string; members: number; refusals: number }[];
      };
    };
    const cell = (r: Awaited<ReturnType<typeof report>>, day: string, kind: string) =>
      r.rows.find((row) => row.day === day && row.kind === kind) ?? { members: 0, refusals: 0 };
    await rg.refusalsWritten();
    const before = await report();

    const p = await player();
    const q = await player();
    await setLimits(p.token, [
      { kind: 'deposit', period: 'daily', amount: 100_000 },
      { kind: 'wager', period: 'daily', amount: 1_000 },
    ]);
    await setLimits(q.token, [{ kind: 'deposit', period: 'daily', amount: 100_000 }]);
    await rg.assertCanDeposit(p.id, 100_000);
    expect((await codeOf(rg.assertCanDeposit(p.id, 100_001))).code).toBe('rg_deposit_limit_exceeded');
    expect((await codeOf(rg.assertCanDeposit(p.id, 200_000))).code).toBe('rg_deposit_limit_exceeded');
    expect((await codeOf(rg.assertCanStake(p.id, 1_001))).code).toBe('rg_wager_limit_exceeded');
    // Refused inside the stake's transaction, which rolls back: the count is written outside it and stays.
    const inTransaction = await codeOf(t.database.db.transaction().execute(async (trx) => rg.assertCanStake(p.id, 5_000, trx)));
    expect(inTransaction.code).toBe('rg_wager_limit_exceeded');
    expect((await codeOf(rg.assertCanDeposit(q.id, 100_001))).code).toBe('rg_deposit_limit_exceeded');
    // 00:00 on the 23rd in the merchant's time zone.
    clock = new Date('2026-11-22T17:00:00Z');
    expect((await codeOf(rg.assertCanDeposit(p.id, 100_001))).code).toBe('rg_deposit_limit_exceeded');
    await rg.refusalsWritten();
    // Operators sign in at the new time (a session idle that long has ended).
    finance = await loginAdmin(t.app, 'finance');
    const support = await loginAdmin(t.app, 'support');

    const triggers = await t.app.inject({ method: 'GET', url: `${rgOf(p.id)}/triggers`, headers: support.headers });
    expect(triggers.statusCode, triggers.body).toBe(200);
    expect(triggers.json().value.list.map((r: { day: string; kind: string; refusals: number }) => [r.day, r.kind, r.refusals])).toEqual([
      ['2026-11-23', 'deposit', 1],
      ['2026-11-22', 'deposit', 2],
      ['2026-11-22', 'wager', 2],
    ]);
    expect(triggers.json().value.nextBefore).toBeNull();
    const older = await t.app.inject({ method: 'GET', url: `${rgOf(p.id)}/triggers?before=2026-11-23`, headers: support.headers });
    expect(older.json().value.list.map((r: { day: string }) => r.day)).toEqual(['2026-11-22', '2026-11-22']);
    expect(
      (await t.app.inject({ method: 'GET', url: `${rgOf(p.id)}/triggers?before=23-11-2026`, headers: support.headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${rgOf(987_654)}/triggers`, headers: support.headers })).statusCode).toBe(404);

    const after = await report();
    expect(cell(after, '2026-11-22', 'deposit').members - cell(before, '2026-11-22', 'deposit').members).toBe(2);
    expect(cell(after, '2026-11-22', 'deposit').refusals - cell(before, '2026-11-22', 'deposit').refusals).toBe(3);
    expect(cell(after, '2026-11-22', 'wager').refusals - cell(before, '2026-11-22', 'wager').refusals).toBe(2);
    expect(cell(after, '2026-11-23', 'deposit').refusals - cell(before, '2026-11-23', 'deposit').refusals).toBe(1);
    const depositTotal = (r: Awaited<ReturnType<typeof report>>) => r.totals.find((x) => x.kind === 'deposit') ?? { members: 0 };
    // A member refused on both days counts once in the range's total.
    expect(depositTotal(after).members - depositTotal(before).members).toBe(2);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin-api/reports/rg-triggers?${range}`, headers: support.headers })).statusCode,
    ).toBe(403);

    const csv = await t.app.inject({ method: 'GET', url: `/admin-api/reports/rg-triggers.csv?${range}`, headers: finance.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('day,limit,members,refusals');
    const row23 = after.rows.find((r) => r.day === '2026-11-23' && r.kind === 'deposit');
    expect(lines).toContain(`2026-11-23,deposit,${row23?.members},${row23?.refusals}`);
  });

  it('counts the stakes and deposits refused by a break or a self-exclusion with that reason, for the member card and the report', async () => {
    const rg = t.app.services.responsibleGaming;
    const range = 'from=2026-11-22&to=2026-11-22';
    const finance = await loginAdmin(t.app, 'finance');
    const report = async () =>
      (await t.app.inject({ method: 'GET', url: `/admin-api/reports/rg-triggers?${range}`, headers: finance.headers })).json().value as {
        rows: { day: string; kind: string; members: number; refusals: number }[];
      };
    const refusalsOf = (r: Awaited<ReturnType<typeof report>>, kind: string) =>
      r.rows.find((row) => row.day === '2026-11-22' && row.kind === kind)?.refusals ?? 0;
    await rg.refusalsWritten();
    const before = await report();

    const resting = await player();
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/break`, headers: auth(resting.token), payload: { days: 1 } })).statusCode,
    ).toBe(200);
    const excluded = await player();
    const excludedRes = await t.app.inject({
      method: 'POST',
      url: `${BASE}/self-exclusion`,
      headers: auth(excluded.token),
      payload: { permanent: true },
    });
    expect(excludedRes.statusCode).toBe(200);
    expect((await codeOf(rg.assertCanStake(resting.id, 1_000))).code).toBe('rg_on_break');
    expect((await codeOf(t.database.db.transaction().execute((trx) => rg.assertCanStake(resting.id, 500, trx)))).code).toBe('rg_on_break');
    expect((await codeOf(rg.assertCanDeposit(resting.id, 50_000))).code).toBe('rg_on_break');
    expect((await codeOf(rg.assertCanStake(excluded.id, 1_000))).code).toBe('rg_self_excluded');
    // A login refused by the break is not a stake or a deposit: not counted.
    expect((await login(resting.username)).json().code).toBe('rg_on_break');
    await rg.refusalsWritten();

    const support = await loginAdmin(t.app, 'support');
    const card = async (memberId: number) =>
      (await t.app.inject({ method: 'GET', url: `${rgOf(memberId)}/triggers`, headers: support.headers }))
        .json()
        .value.list.map((r: { day: string; kind: string; refusals: number }) => [r.day, r.kind, r.refusals]);
    expect(await card(resting.id)).toEqual([['2026-11-22', 'break', 3]]);
    expect(await card(excluded.id)).toEqual([['2026-11-22', 'self_exclusion', 1]]);
    const after = await report();
    expect(refusalsOf(after, 'break') - refusalsOf(before, 'break')).toBe(3);
    expect(refusalsOf(after, 'self_exclusion') - refusalsOf(before, 'self_exclusion')).toBe(1);
  });

  it("reads the member's limits, adds and lowers one at once, refuses to raise or remove, and audits with the reason", async () => {
    const m = await player();
    const risk = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    expect((await setLimits(m.token, [{ kind: 'deposit', period: 'daily', amount: 500_000 }])).statusCode).toBe(200);

    const read = await t.app.inject({ method: 'GET', url: rgOf(m.id), headers: support.headers });
    expect(read.statusCode).toBe(200);
    expect(
      read.json().value.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'daily'),
    ).toMatchObject({
      amount: 500_000,
    });

    const tighten = (limits: unknown, note = 'Asked by phone, call 27/11') =>
      t.app.inject({ method: 'PUT', url: `${rgOf(m.id)}/limits`, headers: risk.headers, payload: { limits, note } });
    // Support may read but not change.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${rgOf(m.id)}/limits`,
          headers: support.headers,
          payload: { limits: [{ kind: 'loss', period: 'weekly', amount: 1 }], note: 'xyz' },
        })
      ).json().code,
    ).toBe('admin_forbidden');
    const lowered = await tighten([
      { kind: 'deposit', period: 'daily', amount: 200_000 },
      { kind: 'loss', period: 'weekly', amount: 1_000_000 },
    ]);
    expect(lowered.statusCode).toBe(200);
    const limits = lowered.json().value.limits as { kind: string; period: string; amount: number | null; pending: unknown }[];
    expect(limits.find((l) => l.kind === 'deposit' && l.period === 'daily')).toMatchObject({ amount: 200_000, pending: null });
    expect(limits.find((l) => l.kind === 'loss' && l.period === 'weekly')).toMatchObject({ amount: 1_000_000, pending: null });

    for (const loosening of [
      [{ kind: 'deposit', period: 'daily', amount: 300_000 }],
      [{ kind: 'loss', period: 'weekly', amount: null }],
      // One stricter and one looser change: nothing changes.
      [
        { kind: 'wager', period: 'daily', amount: 50_000 },
        { kind: 'deposit', period: 'daily', amount: 900_000 },
      ],
    ]) {
      const refused = await tighten(loosening);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('rg_operator_loosening');
    }
    const after = (await t.app.inject({ method: 'GET', url: rgOf(m.id), headers: risk.headers })).json().value.limits as {
      kind: string;
      period: string;
      amount: number | null;
    }[];
    expect(after.find((l) => l.kind === 'deposit' && l.period === 'daily')?.amount).toBe(200_000);
    expect(after.find((l) => l.kind === 'wager' && l.period === 'daily')?.amount).toBeNull();
    expect((await tighten([{ kind: 'loss', period: 'weekly', amount: 900_000 }], ' ')).statusCode).toBe(400);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'data'])
      .where('subject_id', '=', String(m.id))
      .where('action', '=', 'rg.limits_tightened')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'admin', data: { note: 'Asked by phone, call 27/11' } });
  });

  it("puts a member on a break that blocks login, and keeps a longer one; another merchant's member is not found", async () => {
    const m = await player();
    const risk = await loginAdmin(t.app, 'risk');
    const onBreak = (days: number) =>
      t.app.inject({
        method: 'POST',
        url: `${rgOf(m.id)}/break`,
        headers: risk.headers,
        payload: { days, note: 'Asked to stop for a week' },
      });
    const first = await onBreak(7);
    expect(first.statusCode).toBe(200);
    const until = first.json().value.breakUntil;
    expect(Date.parse(until)).toBe(clock.getTime() + 7 * 24 * HOUR);
    expect((await onBreak(1)).json().value.breakUntil).toBe(until);
    expect((await login(m.username)).json().code).toBe('rg_on_break');
    expect((await t.app.inject({ method: 'GET', url: rgOf(999_999_999), headers: risk.headers })).statusCode).toBe(404);
  });

  it("reads the member's history newest first: the member's own limit change, an operator's break with its reason, the reality check", async () => {
    const m = await player();
    const risk = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    const historyOf = (memberId: number, headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `${rgOf(memberId)}/history${query}`, headers });
    expect((await historyOf(m.id, support.headers)).json().value).toEqual({ list: [], nextBefore: null });
    expect((await setLimits(m.token, [{ kind: 'deposit', period: 'daily', amount: 500_000 }])).statusCode).toBe(200);
    expect((await setLimits(m.token, [{ kind: 'deposit', period: 'daily', amount: 800_000 }])).statusCode).toBe(200);
    const reality = await t.app.inject({ method: 'PUT', url: `${BASE}/reality-check`, headers: auth(m.token), payload: { minutes: 30 } });
    expect(reality.statusCode).toBe(200);
    const onBreak = await t.app.inject({
      method: 'POST',
      url: `${rgOf(m.id)}/break`,
      headers: risk.headers,
      payload: { days: 3, note: 'Asked to stop by phone' },
    });
    expect(onBreak.statusCode).toBe(200);

    const read = await historyOf(m.id, support.headers);
    expect(read.statusCode).toBe(200);
    const list = read.json().value.list;
    expect(list.map((e: { event: string }) => e.event)).toEqual(['break_set', 'reality_check_set', 'limits_changed', 'limits_changed']);
    expect(list[0]).toMatchObject({
      by: 'operator',
      operatorId: risk.adminId,
      note: 'Asked to stop by phone',
      until: onBreak.json().value.breakUntil,
    });
    expect(list[1]).toMatchObject({ by: 'member', operatorId: null, minutes: 30 });
    // The raise waits 24 hours: the history says what stayed in force and what waits.
    expect(list[2].limits).toEqual([
      {
        kind: 'deposit',
        period: 'daily',
        inForce: 500_000,
        pending: { amount: 800_000, effectiveAt: new Date(clock.getTime() + 24 * HOUR).toISOString() },
      },
    ]);
    expect(list[3].limits).toEqual([{ kind: 'deposit', period: 'daily', inForce: 500_000, pending: null }]);
    // Pages by the cursor, and another member's rows never show.
    const older = (await historyOf(m.id, support.headers, `?before=${list[1].id}`)).json().value.list;
    expect(older.map((e: { id: number }) => e.id)).toEqual([list[2].id, list[3].id]);
    expect((await historyOf(999_999_999, support.headers)).statusCode).toBe(404);
    expect((await historyOf(m.id, {})).statusCode).toBe(401);
  });
});
