import { gameRoundReferenceType, RECORD_TYPES } from '@platform/contracts/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auth, createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { TRANSFER_CODES } from '../ledger/ledger.codes.ts';
import { codesOfTypes, RECORD_TYPE_OF_CODE } from './records.codes.ts';

const TX_URL = '/wps/member/records/transactions';
const PROFIT_URL = '/wps/member/records/profit';

let clock = new Date('2026-11-20T03:00:00Z');
let t: TestApp;
let w: WalletWorld;
let player: Awaited<ReturnType<WalletWorld['member']>>;
let other: Awaited<ReturnType<WalletWorld['member']>>;
let playerToken: string;

/** Moves the clock to an instant and runs `work` there. */
async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  clock = new Date(iso);
  return work();
}

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  w = await createWalletWorld(t);
  player = await w.member();
  other = await w.member();
  const ledger = t.app.services.ledger;
  // 2026-11-20 (Asia/Ho_Chi_Minh, UTC+7): a deposit, a lottery round won, a slot stake voided.
  await at('2026-11-20T03:00:00Z', () => w.fund(player.accounts, 100_000));
  const lott = await at('2026-11-20T04:00:00Z', () =>
    ledger.reserve({
      accountId: player.accounts.main,
      amount: 10_000,
      idempotencyKey: 'rec-r1',
      reference: { type: gameRoundReferenceType('LOTT'), id: 'round-1' },
    }),
  );
  await at('2026-11-20T05:00:00Z', () =>
    ledger.settle({ reservationId: lott.reservationId, toAccountId: w.system.houseRevenue, payout: 25_000, idempotencyKey: 'rec-s1' }),
  );
  const slot = await at('2026-11-20T06:00:00Z', () =>
    ledger.reserve({
      accountId: player.accounts.main,
      amount: 3_000,
      idempotencyKey: 'rec-r2',
      reference: { type: gameRoundReferenceType('RNG'), id: 'spin-1' },
    }),
  );
  await at('2026-11-20T06:30:00Z', () => ledger.voidReservation({ reservationId: slot.reservationId, idempotencyKey: 'rec-v2' }));
  // 2026-11-21 17:30 UTC is 00:30 on 2026-11-22 in Ho Chi Minh City: a slot round lost, a rebate, an unknown-category bet.
  const spin = await at('2026-11-21T17:30:00Z', () =>
    ledger.reserve({
      accountId: player.accounts.main,
      amount: 4_000,
      idempotencyKey: 'rec-r3',
      reference: { type: gameRoundReferenceType('RNG'), id: 'spin-2' },
    }),
  );
  await at('2026-11-21T17:31:00Z', () =>
    ledger.settle({ reservationId: spin.reservationId, toAccountId: w.system.houseRevenue, payout: 0, idempotencyKey: 'rec-s3' }),
  );
  await at('2026-11-21T18:00:00Z', () =>
    ledger.transfer({
      fromAccountId: w.system.houseRevenue,
      toAccountId: player.accounts.main,
      amount: 150,
      code: 'rebate',
      idempotencyKey: 'rec-rebate',
    }),
  );
  await at('2026-11-21T18:10:00Z', () =>
    ledger.transfer({
      fromAccountId: player.accounts.main,
      toAccountId: w.system.houseRevenue,
      amount: 1_000,
      code: 'bet',
      idempotencyKey: 'rec-bet',
      reference: { type: 'vendor', id: 'x' },
    }),
  );
  // A payout paid twice by mistake and reversed.
  const wrong = await at('2026-11-21T18:20:00Z', () =>
    ledger.transfer({
      fromAccountId: w.system.houseRevenue,
      toAccountId: player.accounts.main,
      amount: 700,
      code: 'payout',
      idempotencyKey: 'rec-wrong',
      reference: { type: gameRoundReferenceType('RNG'), id: 'spin-2' },
    }),
  );
  await at('2026-11-21T18:25:00Z', () => ledger.reverse({ transferId: wrong.transferId, idempotencyKey: 'rec-wrong-rev' }));
  await at('2026-11-21T19:00:00Z', () => w.fund(player.accounts, 500, 'bonus'));
  await at('2026-11-21T19:00:00Z', () => w.fund(other.accounts, 99_999));
  clock = new Date('2026-11-22T05:00:00Z');
  playerToken = await w.token(player.id);
});

afterAll(async () => {
  await t?.close();
});

describe('record types', () => {
  it('gives every ledger code exactly one record type, and every record type at least one code', () => {
    for (const code of TRANSFER_CODES) expect(RECORD_TYPES).toContain(RECORD_TYPE_OF_CODE[code]);
    for (const type of RECORD_TYPES) expect(codesOfTypes([type]).length).toBeGreaterThan(0);
    expect(codesOfTypes(['bet']).sort()).toEqual(['bet', 'stake_reserve']);
    expect(codesOfTypes(['cancelled']).sort()).toEqual(['cancelled', 'reversal', 'stake_void']);
  });
});

describe('GET /wps/member/records/transactions', () => {
  it("lists every movement of the member's wallets in the range, newest first, signed from the member's view", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${TX_URL}?from=2026-11-20&to=2026-11-22&pageSize=100`,
      headers: auth(playerToken),
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-22',
      timeZone: 'Asia/Ho_Chi_Minh',
      pageNo: 1,
      totalCount: 11,
      totalPages: 1,
    });
    const rows = value.list.map((r: { type: string; amount: number; wallet: string }) => [r.type, r.amount, r.wallet]);
    expect(rows).toEqual([
      ['promotion', 500, 'bonus'],
      ['cancelled', -700, 'main'],
      ['payout', 700, 'main'],
      ['bet', -1_000, 'main'],
      ['rebate', 150, 'main'],
      ['bet', -4_000, 'main'],
      ['cancelled', 3_000, 'main'],
      ['bet', -3_000, 'main'],
      ['payout', 25_000, 'main'],
      ['bet', -10_000, 'main'],
      ['deposit', 100_000, 'main'],
    ]);
    const deposit = value.list.at(-1);
    expect(deposit).toMatchObject({ balanceAfter: 100_000, currency: 'VND', createdAt: '2026-11-20T03:00:00.000Z', note: null });
    expect(value.list[1].balanceAfter).toBe(100_000 - 10_000 + 25_000 - 4_000 + 150 - 1_000);
  });

  it('reads dates in the member time zone: 00:30 on the 22nd local time is on the 22nd, not the 21st', async () => {
    const day21 = await t.app.inject({ method: 'GET', url: `${TX_URL}?from=2026-11-21&to=2026-11-21`, headers: auth(playerToken) });
    expect(day21.json().value.totalCount).toBe(0);
    const day22 = await t.app.inject({ method: 'GET', url: `${TX_URL}?from=2026-11-22&to=2026-11-22`, headers: auth(playerToken) });
    expect(day22.json().value.totalCount).toBe(6);
  });

  it('defaults to the last seven days up to today', async () => {
    const res = await t.app.inject({ method: 'GET', url: TX_URL, headers: auth(playerToken) });
    expect(res.json().value).toMatchObject({ from: '2026-11-16', to: '2026-11-22', totalCount: 11 });
  });

  it('filters by one or more types', async () => {
    const bets = await t.app.inject({
      method: 'GET',
      url: `${TX_URL}?types=bet&from=2026-11-20&to=2026-11-22`,
      headers: auth(playerToken),
    });
    expect(bets.json().value.list.map((r: { amount: number }) => r.amount)).toEqual([-1_000, -4_000, -3_000, -10_000]);
    const two = await t.app.inject({
      method: 'GET',
      url: `${TX_URL}?types=deposit,promotion&from=2026-11-20&to=2026-11-22`,
      headers: auth(playerToken),
    });
    expect(two.json().value.list.map((r: { type: string }) => r.type)).toEqual(['promotion', 'deposit']);
  });

  it('pages on the server', async () => {
    const page2 = await t.app.inject({
      method: 'GET',
      url: `${TX_URL}?from=2026-11-20&to=2026-11-22&pageNo=2&pageSize=4`,
      headers: auth(playerToken),
    });
    const value = page2.json().value;
    expect(value).toMatchObject({ pageNo: 2, pageSize: 4, totalCount: 11, totalPages: 3 });
    expect(value.list.map((r: { amount: number }) => r.amount)).toEqual([150, -4_000, 3_000, -3_000]);
  });

  it("never shows another member's movements", async () => {
    const otherToken = await w.token(other.id);
    const res = await t.app.inject({ method: 'GET', url: `${TX_URL}?from=2026-11-20&to=2026-11-22`, headers: auth(otherToken) });
    expect(res.json().value.list.map((r: { amount: number }) => r.amount)).toEqual([99_999]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: TX_URL });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('answers 403 in_need_true_account to a trial account', async () => {
    const trial = await w.member({ accountType: 4 });
    const res = await t.app.inject({ method: 'GET', url: TX_URL, headers: auth(await w.token(trial.id)) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
  });

  it.each([
    ['an unknown type', 'types=bet,jackpot'],
    ['a malformed date', 'from=2026-13-01'],
    ['a date that does not exist', 'from=2026-02-30'],
    ['from after to', 'from=2026-11-22&to=2026-11-21'],
    ['page size over the limit', 'pageSize=101'],
    ['page 0', 'pageNo=0'],
  ])('answers 400 for %s', async (_, query) => {
    const res = await t.app.inject({ method: 'GET', url: `${TX_URL}?${query}`, headers: auth(playerToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'bad_request' });
  });

  it('answers 400 records_range_too_long for more than 93 days', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${TX_URL}?from=2026-08-01&to=2026-11-22`, headers: auth(playerToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('records_range_too_long');
  });
});

describe('GET /wps/member/records/profit', () => {
  it('sums bets, wins and rebates per day and game category, reversals netted, unknown categories as OTHER', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PROFIT_URL}?from=2026-11-20&to=2026-11-22`, headers: auth(playerToken) });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.total).toEqual({ betAmount: 15_000, winAmount: 25_000, rebateAmount: 150, profit: 10_150 });
    expect(value.days).toEqual([
      {
        date: '2026-11-22',
        betAmount: 5_000,
        winAmount: 0,
        rebateAmount: 150,
        profit: -4_850,
        categories: [
          { gameCategory: 'OTHER', betAmount: 1_000, winAmount: 0, rebateAmount: 150, profit: -850 },
          { gameCategory: 'RNG', betAmount: 4_000, winAmount: 0, rebateAmount: 0, profit: -4_000 },
        ],
      },
      {
        date: '2026-11-20',
        betAmount: 10_000,
        winAmount: 25_000,
        rebateAmount: 0,
        profit: 15_000,
        categories: [
          { gameCategory: 'LOTT', betAmount: 10_000, winAmount: 25_000, rebateAmount: 0, profit: 15_000 },
          { gameCategory: 'RNG', betAmount: 0, winAmount: 0, rebateAmount: 0, profit: 0 },
        ],
      },
    ]);
    expect(value.categories.map((c: { gameCategory: string }) => c.gameCategory)).toEqual(['LOTT', 'OTHER', 'RNG']);
  });

  it('answers 401 without a session and 400 for a bad range', async () => {
    expect((await t.app.inject({ method: 'GET', url: PROFIT_URL })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `${PROFIT_URL}?from=2026-11-22&to=2026-11-01`, headers: auth(playerToken) });
    expect(bad.statusCode).toBe(400);
  });

  it("counts only the member's own money", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${PROFIT_URL}?from=2026-11-20&to=2026-11-22`,
      headers: auth(await w.token(other.id)),
    });
    expect(res.json().value).toMatchObject({ days: [], total: { betAmount: 0, winAmount: 0, rebateAmount: 0, profit: 0 } });
  });
});
