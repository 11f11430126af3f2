import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedgerFixture, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/**
 * Real concurrency: on PostgreSQL the calls below run on separate pooled connections at the same
 * time and race for the same rows; on PGlite they queue on its single connection.
 */

const RACER_COUNT = 50;

let database: TestDatabase;
let ledger: LedgerService;
let f: LedgerFixture;

function outcomeOf(settled: PromiseSettledResult<unknown>): string {
  if (settled.status === 'fulfilled') return 'ok';
  if (settled.reason instanceof DomainError) return settled.reason.code;
  throw settled.reason;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
  f = await createLedgerFixture(database.db, ledger, { playerCount: 4 });
});

afterAll(async () => {
  await database?.close();
});

describe('the ledger under concurrent calls', () => {
  it('lets exactly as many parallel debits succeed as the balance covers and never goes below zero', async () => {
    const p = f.players[0]!;
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p.main,
      amount: 100,
      code: 'deposit',
      idempotencyKey: 'race-fund',
    });
    // 100 covers 33 debits of 3; the other 17 must be refused.
    const settled = await Promise.allSettled(
      Array.from({ length: RACER_COUNT }, (_, i) =>
        ledger.transfer({ fromAccountId: p.main, toAccountId: f.system.houseRevenue, amount: 3, code: 'bet', idempotencyKey: `race-${i}` }),
      ),
    );
    expect(countBy(settled.map(outcomeOf))).toEqual({ ok: 33, insufficient_funds: 17 });
    expect(await ledger.balanceOf(p.main)).toBe(1);
    const history = await ledger.history({ memberId: p.member.id, codes: ['bet'], pageSize: 100 });
    expect(history.totalCount).toBe(33);
    // Each debit saw the balance the previous one left: the chain of balances has no gap or repeat.
    const afters = history.list.map((e) => e.balanceAfter).sort((a, b) => (b ?? 0) - (a ?? 0));
    expect(afters).toEqual(Array.from({ length: 33 }, (_, i) => 97 - 3 * i));
  });

  it('makes one movement for parallel calls that share an idempotency key and content', async () => {
    const p = f.players[1]!;
    const settled = await Promise.all(
      Array.from({ length: RACER_COUNT }, () =>
        ledger.transfer({
          fromAccountId: f.system.paymentClearing,
          toAccountId: p.main,
          amount: 25,
          code: 'deposit',
          idempotencyKey: 'same-key',
        }),
      ),
    );
    expect(new Set(settled.map((r) => r.transferId)).size).toBe(1);
    expect(settled.filter((r) => !r.isReplay)).toHaveLength(1);
    expect(await ledger.balanceOf(p.main)).toBe(25);
  });

  it('makes one movement when duplicates of a key race inside and outside caller transactions', async () => {
    const p = f.players[3]!;
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p.main,
      amount: 100,
      code: 'deposit',
      idempotencyKey: 'mixed-fund',
    });
    const input = {
      fromAccountId: p.main,
      toAccountId: f.system.houseRevenue,
      amount: 60,
      code: 'bet' as const,
      idempotencyKey: 'mixed-key',
    };
    // A caller's transaction may be picked as a deadlock victim; callers run it again, as this does.
    const inCallerTransaction = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await database.db.transaction().execute((trx) => ledger.transfer(input, trx));
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
        }
      }
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? ledger.transfer(input) : inCallerTransaction())));
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect(await ledger.balanceOf(p.main)).toBe(40);
  });

  it('lets one of many parallel calls with one key and different content win; the rest conflict', async () => {
    const p = f.players[1]!;
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ledger.transfer({
          fromAccountId: f.system.paymentClearing,
          toAccountId: p.main,
          amount: 1 + i,
          code: 'deposit',
          idempotencyKey: 'contested',
        }),
      ),
    );
    expect(countBy(settled.map(outcomeOf))).toEqual({ ok: 1, idempotency_conflict: 9 });
  });

  it('settles a reservation once when posts and voids race for it', async () => {
    const p = f.players[2]!;
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p.main,
      amount: 500,
      code: 'deposit',
      idempotencyKey: 'settle-fund',
    });
    const reservation = await ledger.reserve({ accountId: p.main, amount: 200, idempotencyKey: 'settle-res' });
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? ledger.post({
              reservationId: reservation.reservationId,
              toAccountId: f.system.houseRevenue,
              idempotencyKey: `settle-post-${i}`,
            })
          : ledger.voidReservation({ reservationId: reservation.reservationId, idempotencyKey: `settle-void-${i}` }),
      ),
    );
    expect(countBy(settled.map(outcomeOf))).toEqual({ ok: 1, reservation_closed: 19 });
    const final = await ledger.findReservation(reservation.reservationId);
    expect(await ledger.balanceOf(p.main)).toBe(final?.status === 'voided' ? 500 : 300);
  });

  it('closes a reservation once when settles race posts, voids and other settles', async () => {
    const p = f.players[2]!;
    const before = await ledger.balanceOf(p.main);
    const reservation = await ledger.reserve({ accountId: p.main, amount: 100, idempotencyKey: 'race-settle-res' });
    const racers = Array.from({ length: 24 }, (_, i) => {
      const reservationId = reservation.reservationId;
      switch (i % 4) {
        case 0:
          return ledger
            .post({ reservationId, toAccountId: f.system.houseRevenue, idempotencyKey: `race-settle-post-${i}` })
            .then(() => 'post');
        case 1:
          return ledger.voidReservation({ reservationId, idempotencyKey: `race-settle-void-${i}` }).then(() => 'void');
        case 2:
          return ledger
            .settle({ reservationId, toAccountId: f.system.houseRevenue, payout: 30, idempotencyKey: `race-settle-win-${i}` })
            .then(() => 'win');
        default:
          // Settles inside callers' transactions take the locking path from the start.
          return database.db
            .transaction()
            .execute((trx) =>
              ledger.settle({ reservationId, toAccountId: f.system.houseRevenue, payout: 0, idempotencyKey: `race-settle-lost-${i}` }, trx),
            )
            .then(() => 'lost');
      }
    });
    const settled = await Promise.allSettled(racers);
    expect(countBy(settled.map(outcomeOf))).toEqual({ ok: 1, reservation_closed: 23 });
    const winner = settled.find((s) => s.status === 'fulfilled')!.value;
    const expected = { post: before - 100, void: before, win: before - 70, lost: before - 100 }[winner];
    expect(await ledger.balanceOf(p.main)).toBe(expected);
    const final = await ledger.findReservation(reservation.reservationId);
    expect(final?.status).toBe(winner === 'void' ? 'voided' : 'posted');
  });

  it("pays one win for duplicate settles with one key, inside and outside callers' transactions", async () => {
    const p = f.players[2]!;
    const before = await ledger.balanceOf(p.main);
    const reservation = await ledger.reserve({ accountId: p.main, amount: 50, idempotencyKey: 'dup-settle-res' });
    const input = {
      reservationId: reservation.reservationId,
      toAccountId: f.system.houseRevenue,
      payout: 80,
      idempotencyKey: 'dup-settle',
    };
    const inCallerTransaction = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await database.db.transaction().execute((trx) => ledger.settle(input, trx));
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
        }
      }
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? ledger.settle(input) : inCallerTransaction())));
    expect(new Set(results.map((r) => r.transfer.transferId)).size).toBe(1);
    expect(new Set(results.map((r) => r.payout?.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.transfer.isReplay)).toHaveLength(1);
    expect(results.filter((r) => !r.payout?.isReplay)).toHaveLength(1);
    expect(await ledger.balanceOf(p.main)).toBe(before - 50 + 80);

    // One key, different wins: one settles, the rest conflict, and only its win is paid.
    const other = await ledger.reserve({ accountId: p.main, amount: 50, idempotencyKey: 'dup-settle-res-2' });
    const contested = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ledger.settle({
          reservationId: other.reservationId,
          toAccountId: f.system.houseRevenue,
          payout: i,
          idempotencyKey: 'dup-settle-2',
        }),
      ),
    );
    expect(countBy(contested.map(outcomeOf))).toEqual({ ok: 1, idempotency_conflict: 9 });
    const won = contested.find((s) => s.status === 'fulfilled')!;
    const payout = won.status === 'fulfilled' ? (won.value.payout?.amount ?? 0) : 0;
    expect(await ledger.balanceOf(p.main)).toBe(before - 50 + 80 - 50 + payout);
  });

  it('keeps both sides right when members pay each other in opposite directions at once', async () => {
    const [a, b] = [f.players[3]!, f.players[0]!];
    await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: a.main,
      amount: 1_000,
      code: 'deposit',
      idempotencyKey: 'pair-fund-a',
    });
    const before = { a: await ledger.balanceOf(a.main), b: await ledger.balanceOf(b.main) };
    // Opposite lock orders would deadlock if accounts were not locked in ascending id order.
    const settled = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ledger.transfer({
          fromAccountId: i % 2 === 0 ? a.main : b.main,
          toAccountId: i % 2 === 0 ? b.main : a.main,
          amount: 10,
          code: 'downline_transfer',
          idempotencyKey: `pair-${i}`,
        }),
      ),
    );
    const outcomes = settled.map(outcomeOf);
    expect(outcomes.every((o) => o === 'ok' || o === 'insufficient_funds')).toBe(true);
    expect((await ledger.balanceOf(a.main)) + (await ledger.balanceOf(b.main))).toBe(before.a + before.b);
  });

  it('keeps every invariant after the races', async () => {
    const audit = await auditLedger(database.db);
    expect(audit.entrySumByCurrency.get('VND')).toBe(0);
    expect(audit.holdingsByCurrency.get('VND')).toBe(0);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
  });
});
