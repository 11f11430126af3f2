import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { CallerTransferCode } from './ledger.codes.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/**
 * Model-based test: random sequences of ledger calls run against the database and against a plain
 * in-memory model of the rules; every call must give the model's outcome, and after each sequence the
 * balances must match the model and the ledger's invariants must hold.
 */

const RUN_COUNT = 40;
const OPS_PER_RUN_MAX = 40;
const SHARED_KEY_COUNT = 4;
const UNKNOWN_ID = 2_000_000_000;
const FUNDING_AMOUNT = 1_000;

type KeyChoice = { shared: number } | { fresh: true };
type Op =
  | { type: 'transfer'; from: number; to: number; amount: number; code: CallerTransferCode; key: KeyChoice }
  | { type: 'reserve'; account: number; amount: number; key: KeyChoice }
  | { type: 'post'; pick: number; to: number; key: KeyChoice }
  | { type: 'void'; pick: number; key: KeyChoice }
  | { type: 'settle'; pick: number; to: number; payout: number; key: KeyChoice }
  | { type: 'reverse'; pick: number; key: KeyChoice }
  | { type: 'repeat'; pick: number }
  /** The latest settle sent again: unchanged, with another payout, or as a void under its key. */
  | { type: 'settleAgain'; pick: number }
  /** An earlier call sent again with its key but one field changed. */
  | { type: 'tamper'; pick: number };

// Slots in the run's account list: three player mains, a bonus, four system accounts, a USD account.
const ACCOUNT_SLOTS = 9;
const amountArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 301, max: 100_000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, -1, -250, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, Number.NaN, 2 ** 52),
  },
);
// A win: often 0 (a lost round), sometimes invalid, sometimes so large the member's balance would overflow.
const payoutArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, -0.5, 1.5, Number.NaN, 2 ** 53, Number.MAX_SAFE_INTEGER) },
);
const keyArb: fc.Arbitrary<KeyChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ fresh: true as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: SHARED_KEY_COUNT - 1 }).map((shared) => ({ shared })) },
);
const slotArb = fc.integer({ min: 0, max: ACCOUNT_SLOTS - 1 });
// Settles mostly go to house_revenue (slot 4), as in play, so that many of them find a held stake.
const HOUSE_REVENUE_SLOT = 4;
const settleToArb = fc.oneof({ weight: 3, arbitrary: fc.constant(HOUSE_REVENUE_SLOT) }, { weight: 1, arbitrary: slotArb });
const codeArb = fc.constantFrom<CallerTransferCode>('deposit', 'bet', 'payout', 'promotion', 'admin_adjustment');

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      from: slotArb,
      to: slotArb,
      amount: amountArb,
      code: codeArb,
      key: keyArb,
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('reserve' as const), account: slotArb, amount: amountArb, key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('post' as const), pick: fc.nat(), to: slotArb, key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('void' as const), pick: fc.nat(), key: keyArb }) },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('settle' as const), pick: fc.nat(), to: settleToArb, payout: payoutArb, key: keyArb }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reverse' as const), pick: fc.nat(), key: keyArb }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('repeat' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('settleAgain' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('tamper' as const), pick: fc.nat() }) },
);

type Account = { id: number; currency: string; isSystem: boolean; isEscrow: boolean };
type Call =
  | { type: 'transfer'; from: number; to: number; amount: number; code: CallerTransferCode; key: string }
  | { type: 'reserve'; account: number; amount: number; key: string }
  | { type: 'post'; reservationId: number; to: number; key: string }
  | { type: 'void'; reservationId: number; key: string }
  | { type: 'settle'; reservationId: number; to: number; payout: number; key: string }
  | { type: 'reverse'; transferId: number; key: string };
/** `payoutId`: the payout transfer a settle wrote, if any. */
type Outcome = { ok: true; id: number; isReplay: boolean; payoutId?: number | undefined } | { ok: false; code: string };

/** The rules, written as plainly as possible. */
class LedgerModel {
  readonly memberBalance = new Map<number, number>();
  readonly systemSum = new Map<number, bigint>();
  /** key -> the content it stands for and the id of what it created */
  readonly keys = new Map<string, { content: string; id: number }>();
  readonly reservations = new Map<
    number,
    { account: number; amount: number; status: 'held' | 'posted' | 'voided'; settleKey?: string; settleTransferId?: number }
  >();
  readonly transfers = new Map<
    number,
    { from: number; to: number; amount: number; code: string; isReservationStep: boolean; isReversed: boolean }
  >();
  createdTransferCount = 0;

  constructor(readonly accounts: Map<number, Account>) {
    for (const a of accounts.values()) {
      if (a.isSystem) this.systemSum.set(a.id, 0n);
      else this.memberBalance.set(a.id, 0);
    }
  }

  escrowOf(currency: string): Account | undefined {
    return [...this.accounts.values()].find((a) => a.isEscrow && a.currency === currency);
  }

  /** The outcome the model predicts; `apply` runs once the real call has returned the new ids. */
  predict(call: Call): { outcome: Outcome; apply?: (newId: number, payoutId?: number) => void } {
    const fail = (code: string) => ({ outcome: { ok: false as const, code } });
    const isValidAmount = (n: number) => Number.isSafeInteger(n) && n > 0;
    // Moves in ascending id order, as the ledger locks them; returns the first refusal.
    const checkMove = (from: number, to: number, amount: number): string | undefined => {
      const sides = [
        { id: from, delta: -amount },
        { id: to, delta: amount },
      ].sort((a, b) => a.id - b.id);
      for (const side of sides) {
        const account = this.accounts.get(side.id);
        if (!account || account.isSystem) continue;
        const after = this.memberBalance.get(side.id)! + side.delta;
        if (after < 0) return 'insufficient_funds';
        if (after > Number.MAX_SAFE_INTEGER) return 'invalid_amount';
      }
      return undefined;
    };
    const move = (from: number, to: number, amount: number) => {
      for (const [id, delta] of [
        [from, -amount],
        [to, amount],
      ] as const) {
        if (this.accounts.get(id)!.isSystem) this.systemSum.set(id, this.systemSum.get(id)! + BigInt(delta));
        else this.memberBalance.set(id, this.memberBalance.get(id)! + delta);
      }
      this.createdTransferCount += 1;
    };
    const keyed = (key: string, content: string) => {
      const used = this.keys.get(key);
      if (!used) return undefined;
      return used.content === content ? { outcome: { ok: true as const, id: used.id, isReplay: true } } : fail('idempotency_conflict');
    };

    switch (call.type) {
      case 'transfer': {
        if (!isValidAmount(call.amount)) return fail('invalid_amount');
        const from = this.accounts.get(call.from)!;
        const to = this.accounts.get(call.to)!;
        if (from.id === to.id) return fail('bad_request');
        if (from.currency !== to.currency) return fail('currency_mismatch');
        if (from.isEscrow || to.isEscrow) return fail('bad_request');
        const content = JSON.stringify(['transfer', from.id, to.id, call.amount, call.code, null, null, null]);
        const replay = keyed(call.key, content);
        if (replay) return replay;
        const refusal = checkMove(from.id, to.id, call.amount);
        if (refusal) return fail(refusal);
        return {
          outcome: { ok: true, id: -1, isReplay: false },
          apply: (id) => {
            move(from.id, to.id, call.amount);
            this.keys.set(call.key, { content, id });
            this.transfers.set(id, {
              from: from.id,
              to: to.id,
              amount: call.amount,
              code: call.code,
              isReservationStep: false,
              isReversed: false,
            });
          },
        };
      }
      case 'reserve': {
        if (!isValidAmount(call.amount)) return fail('invalid_amount');
        const account = this.accounts.get(call.account)!;
        if (account.isSystem) return fail('bad_request');
        const content = JSON.stringify(['reserve', account.id, call.amount, 'bet', null, null]);
        const replay = keyed(call.key, content);
        if (replay) return replay;
        const escrow = this.escrowOf(account.currency);
        const refusal = checkMove(account.id, escrow?.id ?? Number.MAX_SAFE_INTEGER, call.amount);
        if (refusal) return fail(refusal);
        return {
          outcome: { ok: true, id: -1, isReplay: false },
          apply: (id) => {
            if (escrow) move(account.id, escrow.id, call.amount);
            else {
              // The USD escrow is created on first use, outside the model's account list.
              this.memberBalance.set(account.id, this.memberBalance.get(account.id)! - call.amount);
              this.createdTransferCount += 1;
            }
            this.keys.set(call.key, { content, id });
            this.reservations.set(id, { account: account.id, amount: call.amount, status: 'held' });
          },
        };
      }
      case 'post':
      case 'void': {
        const reservation = this.reservations.get(call.reservationId);
        if (!reservation) return fail('not_found');
        const content =
          call.type === 'post'
            ? JSON.stringify(['post', call.reservationId, call.to, null, null])
            : JSON.stringify(['void', call.reservationId, null]);
        if (reservation.status !== 'held') {
          if (reservation.settleKey !== call.key) return fail('reservation_closed');
          return keyed(call.key, content)!;
        }
        const account = this.accounts.get(reservation.account)!;
        const escrow = this.escrowOf(account.currency);
        const destination = call.type === 'post' ? this.accounts.get(call.to)! : account;
        if (escrow && destination.id === escrow.id) return fail('bad_request');
        if (destination.currency !== account.currency) return fail('currency_mismatch');
        if (this.keys.has(call.key)) return fail('idempotency_conflict');
        if (escrow) {
          const refusal = checkMove(escrow.id, destination.id, reservation.amount);
          if (refusal) return fail(refusal);
        } else if (!destination.isSystem && this.memberBalance.get(destination.id)! + reservation.amount > Number.MAX_SAFE_INTEGER) {
          return fail('invalid_amount');
        }
        return {
          outcome: { ok: true, id: -1, isReplay: false },
          apply: (id) => {
            if (escrow) move(escrow.id, destination.id, reservation.amount);
            else {
              this.memberBalance.set(destination.id, this.memberBalance.get(destination.id)! + reservation.amount);
              this.createdTransferCount += 1;
            }
            this.keys.set(call.key, { content, id });
            reservation.status = call.type === 'post' ? 'posted' : 'voided';
            reservation.settleKey = call.key;
            reservation.settleTransferId = id;
            this.transfers.set(id, {
              from: escrow?.id ?? -1,
              to: destination.id,
              amount: reservation.amount,
              code: call.type === 'post' ? 'bet' : 'stake_void',
              isReservationStep: true,
              isReversed: false,
            });
          },
        };
      }
      case 'settle': {
        // The payout is validated before anything is looked up.
        if (call.payout !== 0 && !isValidAmount(call.payout)) return fail('invalid_amount');
        const reservation = this.reservations.get(call.reservationId);
        if (!reservation) return fail('not_found');
        const content = JSON.stringify(['settle', call.reservationId, call.to, call.payout, null, null]);
        if (reservation.status !== 'held') {
          if (reservation.settleKey !== call.key) return fail('reservation_closed');
          return keyed(call.key, content)!;
        }
        const account = this.accounts.get(reservation.account)!;
        const escrow = this.escrowOf(account.currency);
        const destination = this.accounts.get(call.to)!;
        if (!destination.isSystem || destination.isEscrow) return fail('bad_request');
        if (destination.currency !== account.currency) return fail('currency_mismatch');
        if (this.keys.has(call.key)) return fail('idempotency_conflict');
        // Settles of the USD reservation never get here: every system slot is VND.
        if (!escrow) throw new Error('a settle reached a currency without an escrow in the model');
        if (call.payout > 0) {
          const refusal = checkMove(destination.id, account.id, call.payout);
          if (refusal) return fail(refusal);
        }
        return {
          outcome: { ok: true, id: -1, isReplay: false },
          apply: (id, payoutId) => {
            move(escrow.id, destination.id, reservation.amount);
            this.keys.set(call.key, { content, id });
            reservation.status = 'posted';
            reservation.settleKey = call.key;
            reservation.settleTransferId = id;
            this.transfers.set(id, {
              from: escrow.id,
              to: destination.id,
              amount: reservation.amount,
              code: 'bet',
              isReservationStep: true,
              isReversed: false,
            });
            if (call.payout > 0) {
              if (payoutId === undefined) throw new Error('a settle with a payout returned no payout transfer');
              move(destination.id, account.id, call.payout);
              // The win is an ordinary payout transfer: it can be reversed like any other.
              this.transfers.set(payoutId, {
                from: destination.id,
                to: account.id,
                amount: call.payout,
                code: 'payout',
                isReservationStep: false,
                isReversed: false,
              });
            } else if (payoutId !== undefined) {
              throw new Error('a settle without a payout returned a payout transfer');
            }
          },
        };
      }
      case 'reverse': {
        const original = this.transfers.get(call.transferId);
        if (!original) return fail('not_found');
        if (original.isReservationStep || original.code === 'reversal') return fail('transfer_not_reversible');
        const content = JSON.stringify(['reverse', call.transferId, null]);
        const replay = keyed(call.key, content);
        if (replay) return replay;
        if (original.isReversed) return fail('already_reversed');
        const refusal = checkMove(original.to, original.from, original.amount);
        if (refusal) return fail(refusal);
        return {
          outcome: { ok: true, id: -1, isReplay: false },
          apply: (id) => {
            move(original.to, original.from, original.amount);
            original.isReversed = true;
            this.keys.set(call.key, { content, id });
            this.transfers.set(id, {
              from: original.to,
              to: original.from,
              amount: original.amount,
              code: 'reversal',
              isReservationStep: false,
              isReversed: false,
            });
          },
        };
      }
    }
  }
}

/**
 * Runs one call. With `trx` it runs inside a caller's transaction: the ledger tries its
 * one-statement path behind a savepoint and falls back to the locking path; without, it opens its
 * own transaction for either path (docs/decisions/0011).
 */
async function runCall(ledger: LedgerService, call: Call, trx?: Transaction<DB>): Promise<Outcome> {
  try {
    switch (call.type) {
      case 'transfer': {
        const r = await ledger.transfer(
          {
            fromAccountId: call.from,
            toAccountId: call.to,
            amount: call.amount,
            code: call.code,
            idempotencyKey: call.key,
          },
          trx,
        );
        return { ok: true, id: r.transferId, isReplay: r.isReplay };
      }
      case 'reserve': {
        const r = await ledger.reserve({ accountId: call.account, amount: call.amount, idempotencyKey: call.key }, trx);
        return { ok: true, id: r.reservationId, isReplay: r.isReplay };
      }
      case 'post': {
        const r = await ledger.post({ reservationId: call.reservationId, toAccountId: call.to, idempotencyKey: call.key }, trx);
        return { ok: true, id: r.transfer.transferId, isReplay: r.transfer.isReplay };
      }
      case 'void': {
        const r = await ledger.voidReservation({ reservationId: call.reservationId, idempotencyKey: call.key }, trx);
        return { ok: true, id: r.transfer.transferId, isReplay: r.transfer.isReplay };
      }
      case 'settle': {
        const r = await ledger.settle(
          { reservationId: call.reservationId, toAccountId: call.to, payout: call.payout, idempotencyKey: call.key },
          trx,
        );
        if (r.payout && r.payout.isReplay !== r.transfer.isReplay) throw new Error('a settle replayed only half of itself');
        return { ok: true, id: r.transfer.transferId, isReplay: r.transfer.isReplay, payoutId: r.payout?.transferId };
      }
      case 'reverse': {
        const r = await ledger.reverse({ transferId: call.transferId, idempotencyKey: call.key }, trx);
        return { ok: true, id: r.transferId, isReplay: r.isReplay };
      }
    }
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code };
    throw err;
  }
}

class RolledBack extends Error {}

/** A caller's transaction around one call; a refused call rolls it back, as callers must. */
async function runInCallerTransaction(call: Call): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await database.db.transaction().execute(async (trx) => {
      outcome = await runCall(ledger, call, trx);
      if (!outcome.ok) throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return outcome!;
}

let database: TestDatabase;
let ledger: LedgerService;
let runNo = 0;
/** How often each outcome came up, so a generator that stopped reaching a rule fails the test. */
const outcomeCounts = new Map<string, number>();
/** Batches of RUN_COUNT sequences at most, when a rare outcome has not come up yet. */
const COVERAGE_BATCHES_MAX = 4;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
});

afterAll(async () => {
  await database?.close();
});

describe('the ledger against its model', () => {
  it('gives the model outcome for every call in random sequences and keeps every invariant', async () => {
    // The sequences must reach every rule, not only the happy path. Random sequences reach the rare
    // outcomes almost always in one batch; when one is still missing, further batches run (up to a
    // cap), so an unreachable rule still fails the test but an unlucky draw does not.
    const requiredOutcomes = [
      'ok-transfer',
      'ok-reserve',
      'ok-post',
      'ok-void',
      'ok-settle',
      'settle:ok-zero',
      'settle:ok-paid',
      'settle:replay-paid',
      'settle:idempotency_conflict-after-posted',
      'settle:reservation_closed-after-voided',
      'settle:reservation_closed-after-posted',
      'settle:invalid_amount-after-held',
      'ok-reverse',
      'replay',
      'idempotency_conflict',
      'insufficient_funds',
      'invalid_amount',
      'reservation_closed',
      'currency_mismatch',
    ];
    const missingOutcomes = () => requiredOutcomes.filter((outcome) => (outcomeCounts.get(outcome) ?? 0) === 0);
    for (let batch = 0; batch < COVERAGE_BATCHES_MAX && (batch === 0 || missingOutcomes().length > 0); batch++) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb, { minLength: 5, maxLength: OPS_PER_RUN_MAX }),
          fc.boolean(),
          async (ops, isViaCallerTransaction) => {
            const prefix = `run${++runNo}-`;
            const f = await createLedgerFixture(database.db, ledger, { playerCount: 3 });
            const usd = await ledger.ensureMemberAccounts({
              merchantId: f.merchant.id,
              memberId: f.players[0]!.member.id,
              currency: 'USD',
              kinds: ['player_main'],
            });
            const slots: Account[] = [
              ...f.players.map((p) => ({ id: p.main, currency: 'VND', isSystem: false, isEscrow: false })),
              { id: f.players[0]!.bonus, currency: 'VND', isSystem: false, isEscrow: false },
              { id: f.system.houseRevenue, currency: 'VND', isSystem: true, isEscrow: false },
              { id: f.system.paymentClearing, currency: 'VND', isSystem: true, isEscrow: false },
              { id: f.system.bonusPool, currency: 'VND', isSystem: true, isEscrow: false },
              { id: f.system.escrow, currency: 'VND', isSystem: true, isEscrow: true },
              { id: usd.player_main!.id, currency: 'USD', isSystem: false, isEscrow: false },
            ];
            const model = new LedgerModel(new Map(slots.map((a) => [a.id, a])));
            const calls: Call[] = [];
            let freshKeyNo = 0;
            const keyOf = (choice: KeyChoice) => ('shared' in choice ? `${prefix}s${choice.shared}` : `${prefix}f${++freshKeyNo}`);
            const pickFrom = (ids: number[], pick: number) => (ids.length === 0 ? UNKNOWN_ID : ids[pick % ids.length]!);

            // Each member account starts funded through the ledger itself, so most calls can succeed.
            const clearing = f.system.paymentClearing;
            const usdClearing = (await ledger.ensureSystemAccount({ merchantId: f.merchant.id, kind: 'payment_clearing', currency: 'USD' }))
              .id;
            model.accounts.set(usdClearing, { id: usdClearing, currency: 'USD', isSystem: true, isEscrow: false });
            model.systemSum.set(usdClearing, 0n);
            const fundingCalls: Call[] = slots
              .filter((a) => !a.isSystem)
              .map((a) => ({
                type: 'transfer',
                from: a.currency === 'USD' ? usdClearing : clearing,
                to: a.id,
                amount: FUNDING_AMOUNT,
                code: 'deposit',
                key: `${prefix}fund${a.id}`,
              }));
            const toCall = (op: Op): Call | undefined => {
              switch (op.type) {
                case 'repeat':
                  return calls.length === 0 ? undefined : calls[op.pick % calls.length];
                case 'settleAgain': {
                  const latest = calls.findLast((c) => c.type === 'settle');
                  if (latest?.type !== 'settle') return undefined;
                  if (op.pick % 3 === 0) return latest;
                  if (op.pick % 3 === 1) return { ...latest, payout: latest.payout + 1 };
                  return { type: 'void', reservationId: latest.reservationId, key: latest.key };
                }
                case 'tamper': {
                  const earlier = calls.length === 0 ? undefined : calls[op.pick % calls.length];
                  if (!earlier) return undefined;
                  switch (earlier.type) {
                    case 'transfer':
                    case 'reserve':
                      return { ...earlier, amount: earlier.amount + 1 };
                    case 'post':
                      return { ...earlier, to: earlier.to === f.system.houseRevenue ? f.system.bonusPool : f.system.houseRevenue };
                    case 'void':
                      return { type: 'post', reservationId: earlier.reservationId, to: f.system.houseRevenue, key: earlier.key };
                    case 'settle':
                      // Another payout, or the same settle sent as a plain post: both are other content.
                      return op.pick % 2 === 0
                        ? { ...earlier, payout: earlier.payout + 1 }
                        : { type: 'post', reservationId: earlier.reservationId, to: earlier.to, key: earlier.key };
                    case 'reverse':
                      return { ...earlier, transferId: pickFrom([...model.transfers.keys()], op.pick + 1) };
                  }
                  return undefined;
                }
                case 'transfer':
                  return {
                    type: 'transfer',
                    from: slots[op.from]!.id,
                    to: slots[op.to]!.id,
                    amount: op.amount,
                    code: op.code,
                    key: keyOf(op.key),
                  };
                case 'reserve':
                  return { type: 'reserve', account: slots[op.account]!.id, amount: op.amount, key: keyOf(op.key) };
                case 'post':
                  return {
                    type: 'post',
                    reservationId: pickFrom([...model.reservations.keys()], op.pick),
                    to: slots[op.to]!.id,
                    key: keyOf(op.key),
                  };
                case 'void':
                  return { type: 'void', reservationId: pickFrom([...model.reservations.keys()], op.pick), key: keyOf(op.key) };
                case 'settle': {
                  // Mostly a held stake, as a game settles its open bets; sometimes any reservation at all.
                  const held = [...model.reservations].filter(([, r]) => r.status === 'held').map(([id]) => id);
                  const candidates = op.pick % 4 === 0 || held.length === 0 ? [...model.reservations.keys()] : held;
                  return {
                    type: 'settle',
                    reservationId: pickFrom(candidates, op.pick >> 2),
                    to: slots[op.to]!.id,
                    payout: op.payout,
                    key: keyOf(op.key),
                  };
                }
                case 'reverse':
                  return { type: 'reverse', transferId: pickFrom([...model.transfers.keys()], op.pick), key: keyOf(op.key) };
              }
            };
            const execute = async (call: Call) => {
              calls.push(call);
              const expected = model.predict(call);
              const actual = isViaCallerTransaction ? await runInCallerTransaction(call) : await runCall(ledger, call);
              const label = actual.ok ? (actual.isReplay ? 'replay' : `ok-${call.type}`) : actual.code;
              outcomeCounts.set(label, (outcomeCounts.get(label) ?? 0) + 1);
              if (call.type === 'settle') {
                const detail = actual.ok
                  ? `${actual.isReplay ? 'replay' : 'ok'}-${call.payout === 0 ? 'zero' : 'paid'}`
                  : `${actual.code}-after-${model.reservations.get(call.reservationId)?.status ?? 'none'}`;
                outcomeCounts.set(`settle:${detail}`, (outcomeCounts.get(`settle:${detail}`) ?? 0) + 1);
              }
              if (expected.outcome.ok && !expected.outcome.isReplay) {
                expect(actual, JSON.stringify(call)).toMatchObject({ ok: true, isReplay: false });
                if (actual.ok) expected.apply?.(actual.id, actual.payoutId);
              } else if (actual.ok) {
                // A replay names the same transfers as the first call; the payout id is checked by the model's map.
                const { payoutId, ...rest } = actual;
                expect(rest, JSON.stringify(call)).toEqual(expected.outcome);
                if (call.type === 'settle' && payoutId !== undefined) {
                  expect(model.transfers.get(payoutId)?.code, 'replayed payout').toBe('payout');
                }
              } else {
                expect(actual, JSON.stringify(call)).toEqual(expected.outcome);
              }
            };

            // And each player's main account starts with one held stake, so posts, voids and settles find one.
            const stakeCalls: Call[] = f.players.map((p, i) => ({
              type: 'reserve',
              account: p.main,
              amount: 10 * (i + 1),
              key: `${prefix}stake${i}`,
            }));
            for (const call of [...fundingCalls, ...stakeCalls]) await execute(call);
            for (const op of ops) {
              const call = toCall(op);
              if (call) await execute(call);
            }

            for (const [id, balance] of model.memberBalance) {
              expect(await ledger.balanceOf(id), `member account ${id}`).toBe(balance);
            }
            const systemIds = [...model.systemSum.keys()];
            const sums = await sql<{ account_id: number; total: string }>`
            SELECT account_id, sum(amount)::text AS total FROM ledger_entries WHERE account_id IN (${sql.join(systemIds)}) GROUP BY account_id`.execute(
              database.db,
            );
            for (const id of systemIds) {
              const stored = sums.rows.find((r) => r.account_id === id)?.total ?? '0';
              expect(BigInt(stored), `system account ${id}`).toBe(model.systemSum.get(id));
            }
            const created = await sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM ledger_transfers WHERE starts_with(idempotency_key, ${prefix})`.execute(database.db);
            expect(created.rows[0]?.n, 'one transfer per successful call').toBe(model.createdTransferCount);

            const audit = await auditLedger(database.db);
            for (const total of audit.entrySumByCurrency.values()) expect(total).toBe(0);
            for (const total of audit.holdingsByCurrency.values()) expect(total).toBe(0);
            expect(audit.driftedAccountIds).toEqual([]);
            expect(audit.negativeMemberAccountIds).toEqual([]);
            expect(audit.unbalancedTransferIds).toEqual([]);
            expect(audit.brokenChainEntryIds).toEqual([]);
          },
        ),
        { numRuns: RUN_COUNT },
      );
    }
    expect(missingOutcomes()).toEqual([]);
  }, 300_000);
});
