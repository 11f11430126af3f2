import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { createLedgerAccounts } from './ledger.accounts.ts';
import * as batchRepo from './ledger.batch.repository.ts';
import { ESCROW_ACCOUNT_KIND, isMemberAccountKind, type MemberAccountKind, voidTransferCodeOf } from './ledger.codes.ts';
import { createCreditMany } from './ledger.credit-many.ts';
import { createImportTransfers } from './ledger.import.ts';
import { createLockingPath } from './ledger.locking-path.ts';
import * as movements from './ledger.movements.repository.ts';
import * as oneStatementRepo from './ledger.one-statement.repository.ts';
import { createOneStatementPath } from './ledger.one-statement-path.ts';
import { createLedgerReads } from './ledger.reads.ts';
import { createInTransaction } from './ledger.retry.ts';
import { createSettleMany } from './ledger.settle-many.ts';
import type {
  Db,
  PostInput,
  ReserveAndSettleInput,
  ReserveAndSettleResult,
  ReserveInput,
  ReserveResult,
  ReverseInput,
  SettleAndPayResult,
  SettleInput,
  SettleResult,
  TransferInput,
  TransferResult,
  VoidInput,
} from './ledger.types.ts';
import {
  assertAmount,
  assertCallerCode,
  assertKey,
  assertOptionalText,
  assertPair,
  assertPayout,
  assertReference,
  NOTE_LENGTH_MAX,
  reserveHashOf,
  settleHashOf,
} from './ledger.validation.ts';

export { ACCOUNT_CACHE_SIZE_MAX } from './ledger.accounts.ts';
export type { ImportTransferInput } from './ledger.import.ts';
export { DEADLOCK_RETRY_COUNT_MAX } from './ledger.retry.ts';
export type {
  DailyTotal,
  DailyTotalsQuery,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  MemberBalances,
  PostInput,
  Reference,
  Reservation,
  ReserveAndSettleInput,
  ReserveAndSettleResult,
  ReserveInput,
  ReserveResult,
  ReverseInput,
  SettleAndPayResult,
  SettleInput,
  SettleManyInput,
  SettleResult,
  TransferInput,
  TransferResult,
  VoidInput,
} from './ledger.types.ts';
export {
  assertAmount,
  assertPayout,
  HISTORY_PAGE_SIZE_MAX,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  NOTE_LENGTH_MAX,
  payoutKeyOf,
  REFERENCE_LENGTH_MAX,
} from './ledger.validation.ts';

export type LedgerService = ReturnType<typeof createLedgerService>;

/**
 * The double-entry ledger: the only writer of the ledger tables. Every operation is one SQL
 * transaction; pass `trx` to run it inside a caller's transaction so the caller's business record
 * commits or rolls back with the money. When an operation throws inside a caller's transaction, the
 * caller must roll that transaction back: the operation may have written part of its rows.
 *
 * Each money operation validates its input (`ledger.validation.ts`), tries its common case on the
 * one-statement path (`ledger.one-statement-path.ts`) and otherwise runs the locking path
 * (`ledger.locking-path.ts`), which gives the precise answer; see
 * docs/decisions/0011-ledger-two-write-paths.md. Account metadata is cached in `ledger.accounts.ts`,
 * a standalone transaction chosen as a deadlock victim is retried (`ledger.retry.ts`), and the reads
 * are in `ledger.reads.ts`.
 */
export function createLedgerService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const accounts = createLedgerAccounts({ db });
  const { accountOrThrow, escrowAccountId } = accounts;
  const inTransaction = createInTransaction(db);
  const oneStatement = createOneStatementPath({ db, now, accounts });
  const locking = createLockingPath({ now, accounts, inTransaction });
  const settleMany = createSettleMany({ now, accounts });
  const importTransfers = createImportTransfers({ now, accounts });
  const creditMany = createCreditMany({ now, accounts });
  const reads = createLedgerReads({ db });

  /** Moves `amount` from one account to another, once per idempotency key. */
  async function transfer(input: TransferInput, trx?: Transaction<DB>): Promise<TransferResult> {
    assertAmount(input.amount);
    assertKey(input.idempotencyKey);
    assertCallerCode(input.code);
    assertReference(input.reference);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    const isInCallerTrx = trx !== undefined;
    const from = await accountOrThrow(trx ?? db, input.fromAccountId, isInCallerTrx, 'fromAccountId');
    const to = await accountOrThrow(trx ?? db, input.toAccountId, isInCallerTrx, 'toAccountId');
    assertPair(from, to);
    // Escrow only ever holds reserved stakes, so only reservations move money in or out of it.
    if (from.kind === ESCROW_ACCOUNT_KIND || to.kind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'escrow account');
    const hash = hashRequest([
      'transfer',
      from.id,
      to.id,
      input.amount,
      input.code,
      input.reference?.type ?? null,
      input.reference?.id ?? null,
      input.note ?? null,
    ]);
    const moved = await oneStatement.transfer(trx, { from, to, input, hash });
    if (moved) return moved;
    return locking.transfer(trx, { from, to, input, hash });
  }

  /** Takes a stake out of a member account into escrow, to be posted or voided later. */
  async function reserve(input: ReserveInput, trx?: Transaction<DB>): Promise<ReserveResult> {
    assertAmount(input.amount);
    assertKey(input.idempotencyKey);
    const code = input.code ?? 'bet';
    assertCallerCode(code);
    assertReference(input.reference);
    const isInCallerTrx = trx !== undefined;
    const account = await accountOrThrow(trx ?? db, input.accountId, isInCallerTrx, 'accountId');
    if (account.isSystem) throw new DomainError('bad_request', 'a stake is reserved from a member account');
    const escrowId = await escrowAccountId(account.merchantId, account.currency, trx ?? db, !isInCallerTrx);
    const escrow = await accountOrThrow(trx ?? db, escrowId, isInCallerTrx, 'escrow');
    const hash = reserveHashOf(account.id, input.amount, code, input.reference);
    const moved = await oneStatement.reserve(trx, { account, escrow, input, code, hash });
    if (moved) return moved;
    return locking.reserve(trx, { account, escrow, input, code, hash });
  }

  /** Moves a held stake from escrow to its destination (a win for the house, say), exactly once. */
  async function post(input: PostInput, trx?: Transaction<DB>): Promise<SettleResult> {
    assertKey(input.idempotencyKey);
    if (input.code !== undefined) assertCallerCode(input.code);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    const isInCallerTrx = trx !== undefined;
    const hash = hashRequest(['post', input.reservationId, input.toAccountId, input.code ?? null, input.note ?? null]);
    const posted = await oneStatement.post(input, hash, trx);
    if (posted) return posted;
    return locking.closeReservation(trx, {
      reservationId: input.reservationId,
      status: 'posted',
      idempotencyKey: input.idempotencyKey,
      hash,
      note: input.note,
      destination: async (reservation, t) => {
        const account = await accountOrThrow(t, input.toAccountId, isInCallerTrx, 'toAccountId');
        const code = input.code ?? reservation.code;
        assertCallerCode(code);
        return { account, code };
      },
    });
  }

  /** Returns a held stake from escrow to the member it came from, exactly once. */
  async function voidReservation(input: VoidInput, trx?: Transaction<DB>): Promise<SettleResult> {
    assertKey(input.idempotencyKey);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    const isInCallerTrx = trx !== undefined;
    const hash = hashRequest(['void', input.reservationId, input.note ?? null]);
    return locking.closeReservation(trx, {
      reservationId: input.reservationId,
      status: 'voided',
      idempotencyKey: input.idempotencyKey,
      hash,
      note: input.note,
      destination: async (reservation, t) => ({
        account: await accountOrThrow(t, reservation.accountId, isInCallerTrx, 'reservation account'),
        code: voidTransferCodeOf(reservation.code),
      }),
    });
  }

  /**
   * Closes a held reservation and pays its win in one transaction: posts the stake to a system
   * account (`toAccountId`, usually house_revenue) and, when `payout` > 0, moves the payout from that
   * account to the reservation's member account (code `payout`). Exactly once per key: the same key
   * and content replays the first result; any other settlement of a closed reservation is
   * `reservation_closed`.
   */
  async function settle(input: SettleInput, trx?: Transaction<DB>): Promise<SettleAndPayResult> {
    assertKey(input.idempotencyKey);
    assertPayout(input.payout);
    if (input.code !== undefined) assertCallerCode(input.code);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    const isInCallerTrx = trx !== undefined;
    const hash = settleHashOf(input);
    const fast = await oneStatement.settle(input, hash, trx);
    if (fast) return { ...fast.settled, payout: fast.payout };
    const closed = await locking.closeReservation(trx, {
      reservationId: input.reservationId,
      status: 'posted',
      idempotencyKey: input.idempotencyKey,
      hash,
      note: input.note,
      payout: input.payout,
      destination: async (reservation, t) => {
        const account = await accountOrThrow(t, input.toAccountId, isInCallerTrx, 'toAccountId');
        // The win is paid from where the stake went, so that must be a house account.
        if (!account.isSystem || account.kind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'toAccountId');
        const code = input.code ?? reservation.code;
        assertCallerCode(code);
        return { account, code };
      },
    });
    return { reservation: closed.reservation, transfer: closed.transfer, payout: closed.payout ?? null };
  }

  /**
   * `reserve` then `settle` in one go, with the same keys, rows and request hashes as the two calls
   * (so either form replays the other): outside a caller's transaction the common case is one
   * statement and one commit. Anything else (a key already taken, a refusal, a destination that is
   * not a house account) runs the two calls in one transaction, which give the precise answer.
   */
  async function reserveAndSettle(input: ReserveAndSettleInput, trx?: Transaction<DB>): Promise<ReserveAndSettleResult> {
    assertAmount(input.amount);
    assertPayout(input.payout);
    assertKey(input.idempotencyKey);
    assertKey(input.settleIdempotencyKey);
    const code = input.code ?? 'bet';
    assertCallerCode(code);
    assertReference(input.reference);
    const isInCallerTrx = trx !== undefined;
    const account = await accountOrThrow(trx ?? db, input.accountId, isInCallerTrx, 'accountId');
    const round = await oneStatement.reserveAndSettle(trx, { account, input, code });
    if (round) return round;
    const both = async (t: Transaction<DB>): Promise<ReserveAndSettleResult> => {
      const reserved = await reserve(input, t);
      const settled = await settle(
        {
          reservationId: reserved.reservationId,
          toAccountId: input.toAccountId,
          payout: input.payout,
          idempotencyKey: input.settleIdempotencyKey,
        },
        t,
      );
      return { reserved, settled };
    };
    return inTransaction(trx, (t) => both(t as Transaction<DB>));
  }

  /**
   * Corrects a transfer with its exact opposite, once. Reservation steps are settled through the
   * reservation (post, void or settle) and a reversal is not itself reversed: a new transfer
   * corrects it. A settle's payout is an ordinary payout transfer and can be reversed.
   */
  async function reverse(input: ReverseInput, trx?: Transaction<DB>): Promise<TransferResult> {
    assertKey(input.idempotencyKey);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    if (!Number.isSafeInteger(input.transferId) || input.transferId <= 0) throw new DomainError('bad_request', 'transferId');
    const hash = hashRequest(['reverse', input.transferId, input.note ?? null]);
    return locking.reverse(trx, input, hash);
  }

  return {
    dailyTotals: reads.dailyTotals,
    transfer,
    reserveAndSettle,
    reserve,
    post,
    voidReservation,
    settle,
    settleMany,
    importTransfers,
    /** Many credits from one system account to members' main wallets in a few statements (ADR 0033; rebates, cashback). */
    creditMany,
    /** `ensureMemberAccounts` for many members of one merchant at once, in the caller's transaction (loading history). */
    ensureMemberAccountsOfMany: (
      owners: { merchantId: number; currency: string; memberIds: readonly number[]; kinds: readonly MemberAccountKind[] },
      trx: Transaction<DB>,
    ) => {
      for (const kind of owners.kinds) if (!isMemberAccountKind(kind)) throw new DomainError('bad_request', 'kind');
      return batchRepo.ensureMemberAccountsOfMany(trx, owners);
    },
    reverse,
    /** See `markWithoutSavepoints` (ledger.one-statement.repository.ts): for callers that claimed their keys' ids first. */
    withoutSavepoints: (trx: Transaction<DB>) => oneStatementRepo.markWithoutSavepoints(trx),
    /**
     * Locks member accounts (ascending id, `FOR UPDATE`, for the rest of `trx`) and answers their
     * balances: a caller that decides from balances what an `importTransfers` in the same
     * transaction moves (who can pay) reads them here, so no other movement slips in between.
     */
    lockBalances: async (accountIds: readonly number[], trx: Transaction<DB>): Promise<Map<number, number>> =>
      new Map((await batchRepo.lockAccountsForBatch(trx, [...new Set(accountIds)])).map((a) => [a.id, a.balance])),
    merchant: reads.merchant,
    balanceOf: reads.balanceOf,
    memberBalances: reads.memberBalances,
    memberAccountBalance: reads.memberAccountBalance,
    stakeTurnover: reads.stakeTurnover,
    balanceFingerprints: reads.balanceFingerprints,
    history: reads.history,
    teamHistory: reads.teamHistory,
    ensureMemberAccounts: accounts.ensureMemberAccounts,
    ensureSystemAccount: accounts.ensureSystemAccount,
    rankMembersByCredits: reads.rankMembersByCredits,
    findReservation: reads.findReservation,
    /** Members' money movements (game codes aside) for the daily rollups; see ledger.movements.repository.ts. */
    movements: {
      ofMembers: (selection: movements.MovementSelection, trx?: Transaction<DB>) => movements.findMemberMovements(trx ?? db, selection),
      batchEnd: (range: { fromXid: string; toXid: string; rows: number }, trx?: Transaction<DB>) =>
        movements.findMovementBatchEnd(trx ?? db, range),
      membersWith: (filter: { merchantId: number; from: Date; to: Date }) => movements.findMembersWithMovements(db, filter),
    },
  };
}
