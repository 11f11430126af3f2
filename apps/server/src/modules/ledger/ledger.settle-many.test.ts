import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerFixture, errorCodeOf, expectCleanBooks, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/** `settleMany`: a batch of settlements in one statement, interchangeable with `settle` call by call. */

let database: TestDatabase;
let ledger: LedgerService;
let f: LedgerFixture;
let keySeq = 0;
const key = (label: string) => `${label}-${++keySeq}`;

async function fund(accountId: number, amount: number): Promise<void> {
  await ledger.transfer({
    fromAccountId: f.system.paymentClearing,
    toAccountId: accountId,
    amount,
    code: 'deposit',
    idempotencyKey: key('dep'),
  });
}

async function hold(accountId: number, amount: number): Promise<number> {
  return (await ledger.reserve({ accountId, amount, idempotencyKey: key('res') })).reservationId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
  f = await createLedgerFixture(database.db, ledger, { playerCount: 3 });
  for (const p of f.players) await fund(p.main, 100_000);
});

afterAll(async () => {
  await database?.close();
});

describe('settling many reservations at once', () => {
  it('posts every stake and pays every win once, with running balances for a member who wins several times', async () => {
    const [a, b] = f.players;
    const aStakes = [await hold(a!.main, 1_000), await hold(a!.main, 2_000), await hold(a!.main, 3_000)];
    const bStake = await hold(b!.main, 500);
    const aBefore = await ledger.balanceOf(a!.main);
    const bBefore = await ledger.balanceOf(b!.main);
    const items = [
      { reservationId: aStakes[0]!, payout: 5_000, idempotencyKey: key('s') },
      { reservationId: aStakes[1]!, payout: 0, idempotencyKey: key('s') },
      { reservationId: aStakes[2]!, payout: 7_000, idempotencyKey: key('s') },
      { reservationId: bStake, payout: 0, idempotencyKey: key('s') },
    ];
    const outcome = await database.db.transaction().execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items }, trx));
    expect(outcome).toEqual({ settled: 4, replayed: 0 });
    expect(await ledger.balanceOf(a!.main)).toBe(aBefore + 12_000);
    expect(await ledger.balanceOf(b!.main)).toBe(bBefore);
    const memberBalances = await ledger.memberBalances({ memberId: a!.member.id, currency: 'VND' });
    expect(memberBalances.locked).toBe(0);
    // The two wins of one member chain: 5,000 first (lower reservation id), then 7,000.
    const payouts = await sql<{ balance_before: string; balance_after: string; amount: string }>`
      SELECT balance_before, balance_after, amount FROM ledger_entries
       WHERE account_id = ${a!.main} AND code = 'payout' ORDER BY transfer_id`.execute(database.db);
    expect(payouts.rows.map((r) => [Number(r.balance_before), Number(r.amount), Number(r.balance_after)])).toEqual([
      [aBefore, 5_000, aBefore + 5_000],
      [aBefore + 5_000, 7_000, aBefore + 12_000],
    ]);
    await expectCleanBooks(database.db);

    // The same batch again moves nothing; a single settle with one of the keys replays the batch's transfers.
    const again = await database.db.transaction().execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items }, trx));
    expect(again).toEqual({ settled: 0, replayed: 4 });
    const single = await ledger.settle({ ...items[0]!, toAccountId: f.system.houseRevenue });
    expect(single.transfer.isReplay).toBe(true);
    expect(single.payout).toMatchObject({ amount: 5_000, isReplay: true });
    expect(await ledger.balanceOf(a!.main)).toBe(aBefore + 12_000);
    await expectCleanBooks(database.db);
  });

  it('replays reservations a single settle already closed with the same key, and refuses other content', async () => {
    const [, , c] = f.players;
    const first = await hold(c!.main, 1_000);
    const second = await hold(c!.main, 1_000);
    const firstKey = key('s');
    await ledger.settle({ reservationId: first, payout: 3_000, idempotencyKey: firstKey, toAccountId: f.system.houseRevenue });
    const before = await ledger.balanceOf(c!.main);
    const batch = [
      { reservationId: first, payout: 3_000, idempotencyKey: firstKey },
      { reservationId: second, payout: 1_500, idempotencyKey: key('s') },
    ];
    const outcome = await database.db
      .transaction()
      .execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items: batch }, trx));
    expect(outcome).toEqual({ settled: 1, replayed: 1 });
    expect(await ledger.balanceOf(c!.main)).toBe(before + 1_500);

    // The same key with another win, or another key on a closed reservation: refused, and nothing moves.
    const changed = [{ reservationId: first, payout: 9_999, idempotencyKey: firstKey }];
    expect(
      await errorCodeOf(
        database.db.transaction().execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items: changed }, trx)),
      ),
    ).toBe('idempotency_conflict');
    const otherKey = [{ reservationId: second, payout: 1_500, idempotencyKey: key('s') }];
    expect(
      await errorCodeOf(
        database.db.transaction().execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items: otherKey }, trx)),
      ),
    ).toBe('reservation_closed');
    expect(await ledger.balanceOf(c!.main)).toBe(before + 1_500);
    await expectCleanBooks(database.db);
  });

  it('refuses bad batches whole: a member account as the house, a negative win, a reservation twice', async () => {
    const [a] = f.players;
    const reservationId = await hold(a!.main, 100);
    const before = await ledger.balanceOf(a!.main);
    const run = (input: Parameters<LedgerService['settleMany']>[0]) =>
      errorCodeOf(database.db.transaction().execute((trx) => ledger.settleMany(input, trx)));
    expect(await run({ toAccountId: a!.bonus, items: [{ reservationId, payout: 0, idempotencyKey: key('s') }] })).toBe('bad_request');
    expect(await run({ toAccountId: f.system.houseRevenue, items: [{ reservationId, payout: -5, idempotencyKey: key('s') }] })).toBe(
      'invalid_amount',
    );
    const twice = [
      { reservationId, payout: 0, idempotencyKey: key('s') },
      { reservationId, payout: 0, idempotencyKey: key('s') },
    ];
    expect(await run({ toAccountId: f.system.houseRevenue, items: twice })).toBe('bad_request');
    expect(
      await run({ toAccountId: f.system.houseRevenue, items: [{ reservationId: 987_654_321, payout: 0, idempotencyKey: key('s') }] }),
    ).toBe('not_found');
    expect(await ledger.balanceOf(a!.main)).toBe(before);
    expect((await ledger.memberBalances({ memberId: a!.member.id, currency: 'VND' })).locked).toBe(100);
  });

  it('settles exactly once when two batches over the same reservations run at the same time', async () => {
    const [a, b] = f.players;
    const stakes = [await hold(a!.main, 700), await hold(b!.main, 800), await hold(a!.main, 900)];
    const aBefore = await ledger.balanceOf(a!.main);
    const bBefore = await ledger.balanceOf(b!.main);
    const items = stakes.map((reservationId, i) => ({ reservationId, payout: (i + 1) * 1_000, idempotencyKey: `race-${reservationId}` }));
    const results = await Promise.all([
      database.db.transaction().execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items }, trx)),
      database.db
        .transaction()
        .execute((trx) => ledger.settleMany({ toAccountId: f.system.houseRevenue, items: [...items].reverse() }, trx)),
    ]);
    expect(results.map((r) => r.settled).sort()).toEqual([0, 3]);
    expect(await ledger.balanceOf(a!.main)).toBe(aBefore + 1_000 + 3_000);
    expect(await ledger.balanceOf(b!.main)).toBe(bBefore + 2_000);
    await expectCleanBooks(database.db);
  });
});
