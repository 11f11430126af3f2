import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerFixture, errorCodeOf, expectCleanBooks, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createLedgerService, type LedgerService, type ReserveAndSettleInput } from './ledger.service.ts';

/** `reserveAndSettle`: a bet and its win as one call, interchangeable with `reserve` then `settle`. */

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

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
  f = await createLedgerFixture(database.db, ledger, { playerCount: 3 });
});

afterAll(async () => {
  await database?.close();
});

describe('reserveAndSettle', () => {
  it('writes what reserve and settle write, and either form replays the other', async () => {
    const p = f.players[0]!;
    await fund(p.main, 1_000);
    const input: ReserveAndSettleInput = {
      accountId: p.main,
      amount: 300,
      reference: { type: 'round:SLOT', id: 'r-1' },
      toAccountId: f.system.houseRevenue,
      payout: 450,
      idempotencyKey: key('stake'),
      settleIdempotencyKey: key('settle'),
    };
    const first = await ledger.reserveAndSettle(input);
    expect(first.reserved).toMatchObject({ amount: 300, balanceAfter: 700, isReplay: false });
    expect(first.settled.reservation).toMatchObject({ status: 'posted', settleTransferId: first.settled.transfer.transferId });
    expect(first.settled.payout).toMatchObject({ amount: 450, toBalanceAfter: 1_150, code: 'payout' });
    expect(await ledger.balanceOf(p.main)).toBe(1_150);

    // The same keys again, as one call or as the two: replays, nothing moves.
    const again = await ledger.reserveAndSettle(input);
    expect(again.reserved).toMatchObject({ reservationId: first.reserved.reservationId, isReplay: true });
    expect(again.settled.transfer).toMatchObject({ transferId: first.settled.transfer.transferId, isReplay: true });
    const reserveReplay = await ledger.reserve({
      accountId: p.main,
      amount: 300,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
    });
    expect(reserveReplay).toMatchObject({ reservationId: first.reserved.reservationId, isReplay: true });
    const settleReplay = await ledger.settle({
      reservationId: first.reserved.reservationId,
      toAccountId: f.system.houseRevenue,
      payout: 450,
      idempotencyKey: input.settleIdempotencyKey,
    });
    expect(settleReplay.transfer.isReplay).toBe(true);
    expect(await ledger.balanceOf(p.main)).toBe(1_150);

    // Other content under a taken key is a conflict.
    expect(await errorCodeOf(ledger.reserveAndSettle({ ...input, payout: 451 }))).toBe('idempotency_conflict');
    expect(await errorCodeOf(ledger.reserveAndSettle({ ...input, amount: 301 }))).toBe('idempotency_conflict');
    await expectCleanBooks(database.db);
  });

  it('refuses a stake above the balance whatever the win, and bad input, writing nothing', async () => {
    const p = f.players[1]!;
    await fund(p.main, 100);
    const base = { accountId: p.main, toAccountId: f.system.houseRevenue, payout: 1_000 };
    expect(
      await errorCodeOf(ledger.reserveAndSettle({ ...base, amount: 101, idempotencyKey: key('s'), settleIdempotencyKey: key('t') })),
    ).toBe('insufficient_funds');
    for (const bad of [0, -1, 1.5, 2 ** 53]) {
      expect(
        await errorCodeOf(ledger.reserveAndSettle({ ...base, amount: bad, idempotencyKey: key('s'), settleIdempotencyKey: key('t') })),
      ).toBe('invalid_amount');
    }
    expect(
      await errorCodeOf(
        ledger.reserveAndSettle({ ...base, amount: 10, toAccountId: p.bonus, idempotencyKey: key('s'), settleIdempotencyKey: key('t') }),
      ),
    ).toBe('bad_request');
    expect(await ledger.balanceOf(p.main)).toBe(100);
    await expectCleanBooks(database.db);
  });

  it('keeps the books exact over random rounds with repeats, conflicts and refusals, alone and in a caller transaction', async () => {
    const p = f.players[2]!;
    await fund(p.main, 5_000);
    let expected = await ledger.balanceOf(p.main);
    const done = new Map<string, { amount: number; payout: number }>();
    const roundArb = fc.record({
      slot: fc.nat({ max: 40 }),
      amount: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constantFrom(0, -5, 2 ** 53, 100_000)),
      payout: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 800 })),
      inCallerTrx: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(roundArb, { minLength: 1, maxLength: 12 }), async (rounds) => {
        for (const round of rounds) {
          const input: ReserveAndSettleInput = {
            accountId: p.main,
            amount: round.amount,
            toAccountId: f.system.houseRevenue,
            payout: round.payout,
            idempotencyKey: `prop-stake-${round.slot}`,
            settleIdempotencyKey: `prop-settle-${round.slot}`,
          };
          const call = round.inCallerTrx
            ? database.db.transaction().execute((trx) => ledger.reserveAndSettle(input, trx))
            : ledger.reserveAndSettle(input);
          const code = await errorCodeOf(call);
          const previous = done.get(input.idempotencyKey);
          const isValid = Number.isSafeInteger(round.amount) && round.amount > 0;
          if (!isValid) expect(code).toBe('invalid_amount');
          else if (previous) {
            const isSame = previous.amount === round.amount && previous.payout === round.payout;
            expect(code).toBe(isSame ? 'ok' : 'idempotency_conflict');
          } else if (round.amount > expected) {
            expect(code).toBe('insufficient_funds');
          } else {
            expect(code).toBe('ok');
            done.set(input.idempotencyKey, { amount: round.amount, payout: round.payout });
            expected += round.payout - round.amount;
          }
          expect(await ledger.balanceOf(p.main)).toBe(expected);
        }
      }),
      { numRuns: 15 },
    );
    await expectCleanBooks(database.db);
  });
});
