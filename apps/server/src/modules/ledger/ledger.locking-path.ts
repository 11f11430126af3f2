import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import { type CallerTransferCode, LEDGER_OWN_CODES, reserveTransferCodeOf, type TransferCode } from './ledger.codes.ts';
import * as repo from './ledger.repository.ts';
import type { InTransaction } from './ledger.retry.ts';
import {
  type Reference,
  type ReserveInput,
  type ReserveResult,
  type ReverseInput,
  type SettleResult,
  type TransferInput,
  type TransferResult,
  type Trx,
  toReservation,
} from './ledger.types.ts';
import { assertPair, payoutKeyOf } from './ledger.validation.ts';

export type LockingPath = ReturnType<typeof createLockingPath>;

/**
 * The locking path: every money operation as a sequence of statements in one transaction, each
 * member row locked by its conditional UPDATE in ascending id order, the idempotency key taken with
 * `INSERT ... ON CONFLICT DO NOTHING`. It handles every case, and it has the final word whenever the
 * one-statement path (`ledger.one-statement-path.ts`) writes nothing: replay, conflict, insufficient
 * funds, closed reservation. See docs/decisions/0011-ledger-two-write-paths.md.
 */
export function createLockingPath(deps: { now: () => Date; accounts: LedgerAccounts; inTransaction: InTransaction }) {
  const { now, inTransaction } = deps;
  const { accountsById, accountOrThrow, escrowAccountId } = deps.accounts;

  async function transferResultOf(executor: Trx, transfer: repo.TransferRow, isReplay: boolean): Promise<TransferResult> {
    const entries = await repo.findEntriesByTransferId(executor, transfer.id);
    const afterOf = (accountId: number) => entries.find((e) => e.accountId === accountId)?.balanceAfter ?? null;
    return {
      transferId: transfer.id,
      fromAccountId: transfer.debitAccountId,
      toAccountId: transfer.creditAccountId,
      amount: transfer.amount,
      currency: transfer.currency,
      code: transfer.code as TransferCode,
      reversesTransferId: transfer.reversesTransferId,
      createdAt: transfer.createdAt,
      fromBalanceAfter: afterOf(transfer.debitAccountId),
      toBalanceAfter: afterOf(transfer.creditAccountId),
      isReplay,
    };
  }

  /** The key is taken: the first request's result when the content matches, else a conflict. */
  async function replayOrConflict(executor: Trx, idempotencyKey: string, hash: string): Promise<TransferResult> {
    const existing = await repo.findTransferByKey(executor, idempotencyKey);
    if (!existing || existing.requestHash !== hash) throw new DomainError('idempotency_conflict', idempotencyKey);
    return transferResultOf(executor, existing, true);
  }

  /**
   * Writes one transfer whose key is free: member-side balances move (row-locked, in ascending id
   * order, refusing an overdraft), system accounts get entries only. Returns undefined when the key
   * (or the reversed transfer) was taken meanwhile, so the caller can decide between replay and conflict.
   */
  async function writeTransfer(
    executor: Trx,
    move: {
      from: repo.AccountMeta;
      to: repo.AccountMeta;
      amount: number;
      code: TransferCode;
      idempotencyKey: string;
      requestHash: string;
      reference: Reference | undefined;
      reversesTransferId: number | null;
      note: string | undefined;
    },
  ): Promise<TransferResult | undefined> {
    const createdAt = now();
    const inserted = await repo.insertTransferOnce(executor, {
      debitAccountId: move.from.id,
      creditAccountId: move.to.id,
      amount: move.amount,
      currency: move.from.currency,
      code: move.code,
      idempotencyKey: move.idempotencyKey,
      requestHash: move.requestHash,
      referenceType: move.reference?.type ?? null,
      referenceId: move.reference?.id ?? null,
      reversesTransferId: move.reversesTransferId,
      note: move.note ?? null,
      createdAt,
    });
    if (!inserted) return undefined;

    const sides = [
      { account: move.from, delta: -move.amount },
      { account: move.to, delta: move.amount },
    ];
    const balanceAfter = new Map<number, number>();
    // Ascending id order is the one lock order every transfer follows.
    for (const side of [...sides].sort((a, b) => a.account.id - b.account.id)) {
      if (side.account.isSystem) continue;
      const after = await repo.applyMemberDelta(executor, side.account.id, side.delta);
      if (after === undefined) {
        throw side.delta < 0
          ? new DomainError('insufficient_funds')
          : new DomainError('invalid_amount', 'the balance would exceed the largest exact amount');
      }
      balanceAfter.set(side.account.id, after);
    }
    await repo.insertEntries(
      executor,
      sides.map((side) => {
        const after = balanceAfter.get(side.account.id);
        return {
          transferId: inserted.id,
          accountId: side.account.id,
          amount: side.delta,
          balanceBefore: after === undefined ? null : after - side.delta,
          balanceAfter: after ?? null,
          code: move.code,
          createdAt,
        };
      }),
    );
    return {
      transferId: inserted.id,
      fromAccountId: move.from.id,
      toAccountId: move.to.id,
      amount: move.amount,
      currency: move.from.currency,
      code: move.code,
      reversesTransferId: move.reversesTransferId,
      createdAt: inserted.createdAt,
      fromBalanceAfter: balanceAfter.get(move.from.id) ?? null,
      toBalanceAfter: balanceAfter.get(move.to.id) ?? null,
      isReplay: false,
    };
  }

  /** A transfer on the locking path: written, or (its key taken) replayed or refused as a conflict. */
  function transfer(
    trx: Transaction<DB> | undefined,
    move: { from: repo.AccountMeta; to: repo.AccountMeta; input: TransferInput; hash: string },
  ): Promise<TransferResult> {
    const { from, to, input, hash } = move;
    return inTransaction(trx, async (t) => {
      const written = await writeTransfer(t, {
        from,
        to,
        amount: input.amount,
        code: input.code,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        reference: input.reference,
        reversesTransferId: null,
        note: input.note,
      });
      return written ?? replayOrConflict(t, input.idempotencyKey, hash);
    });
  }

  /** A reserve on the locking path: the stake's transfer and its held reservation, or the first reserve's replay. */
  function reserve(
    trx: Transaction<DB> | undefined,
    stake: { account: repo.AccountMeta; escrow: repo.AccountMeta; input: ReserveInput; code: CallerTransferCode; hash: string },
  ): Promise<ReserveResult> {
    const { account, escrow, input, code, hash } = stake;
    return inTransaction(trx, async (t) => {
      const written = await writeTransfer(t, {
        from: account,
        to: escrow,
        amount: input.amount,
        code: reserveTransferCodeOf(code),
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        reference: input.reference,
        reversesTransferId: null,
        note: undefined,
      });
      if (!written) {
        const existing = await repo.findReservationByKey(t, input.idempotencyKey);
        if (!existing || existing.requestHash !== hash) throw new DomainError('idempotency_conflict', input.idempotencyKey);
        const entries = await repo.findEntriesByTransferId(t, existing.reserveTransferId);
        const balanceAfter = entries.find((e) => e.accountId === account.id)?.balanceAfter ?? null;
        return { ...toReservation(existing), balanceAfter, isReplay: true };
      }
      const reservation = await repo.insertReservation(t, {
        accountId: account.id,
        amount: input.amount,
        currency: account.currency,
        code,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        reserveTransferId: written.transferId,
        referenceType: input.reference?.type ?? null,
        referenceId: input.reference?.id ?? null,
        createdAt: written.createdAt,
      });
      return { ...toReservation(reservation), balanceAfter: written.fromBalanceAfter, isReplay: false };
    });
  }

  /**
   * Closes a reservation once: moves the escrowed stake to `destination` and marks it posted or
   * voided; with `payout`, also credits that win from the destination to the reservation's member
   * account in the same transaction. The reservation row is locked first, so posts, voids and
   * settles racing each other cannot both win.
   */
  async function closeReservation(
    trx: Transaction<DB> | undefined,
    request: {
      reservationId: number;
      status: 'posted' | 'voided';
      idempotencyKey: string;
      hash: string;
      note: string | undefined;
      destination: (reservation: repo.ReservationRow, t: Trx) => Promise<{ account: repo.AccountMeta; code: TransferCode }>;
      payout?: number | undefined;
    },
  ): Promise<SettleResult & { payout?: TransferResult | null }> {
    const isInCallerTrx = trx !== undefined;
    const payoutKey = payoutKeyOf(request.idempotencyKey);
    return inTransaction(trx, async (t) => {
      const reservation = await repo.lockReservationById(t, request.reservationId);
      if (!reservation) throw new DomainError('not_found', 'reservationId');
      if (reservation.status !== 'held') {
        const settled = reservation.settleTransferId === null ? undefined : await repo.findTransferById(t, reservation.settleTransferId);
        if (settled?.idempotencyKey !== request.idempotencyKey) throw new DomainError('reservation_closed');
        if (settled.requestHash !== request.hash) throw new DomainError('idempotency_conflict', request.idempotencyKey);
        const replayed = { reservation: toReservation(reservation), transfer: await transferResultOf(t, settled, true) };
        if (request.payout === undefined) return replayed;
        if (request.payout === 0) return { ...replayed, payout: null };
        // The same hash covers the payout, so the first settle wrote it under the derived key.
        const paid = await repo.findTransferByKey(t, payoutKey);
        if (paid?.requestHash !== request.hash) throw new Error(`settle ${request.idempotencyKey} has no payout transfer`);
        return { ...replayed, payout: await transferResultOf(t, paid, true) };
      }
      const escrowId = await escrowAccountId(
        (await accountOrThrow(t, reservation.accountId, isInCallerTrx, 'reservation account')).merchantId,
        reservation.currency,
        t,
        !isInCallerTrx,
      );
      const escrow = await accountOrThrow(t, escrowId, isInCallerTrx, 'escrow');
      const { account: destination, code } = await request.destination(reservation, t);
      assertPair(escrow, destination);
      const written = await writeTransfer(t, {
        from: escrow,
        to: destination,
        amount: reservation.amount,
        code,
        idempotencyKey: request.idempotencyKey,
        requestHash: request.hash,
        reference:
          reservation.referenceType !== null && reservation.referenceId !== null
            ? { type: reservation.referenceType, id: reservation.referenceId }
            : undefined,
        reversesTransferId: null,
        note: request.note,
      });
      // While the reservation is held no settlement can own this key, so a taken key is a conflict.
      if (!written) throw new DomainError('idempotency_conflict', request.idempotencyKey);
      const updated = await repo.settleReservation(t, reservation.id, {
        status: request.status,
        settleTransferId: written.transferId,
        settledAt: written.createdAt,
      });
      if (request.payout === undefined) return { reservation: toReservation(updated), transfer: written };
      if (request.payout === 0) return { reservation: toReservation(updated), transfer: written, payout: null };
      const member = await accountOrThrow(t, reservation.accountId, isInCallerTrx, 'reservation account');
      assertPair(destination, member);
      const paid = await writeTransfer(t, {
        from: destination,
        to: member,
        amount: request.payout,
        code: 'payout',
        idempotencyKey: payoutKey,
        requestHash: request.hash,
        reference:
          reservation.referenceType !== null && reservation.referenceId !== null
            ? { type: reservation.referenceType, id: reservation.referenceId }
            : undefined,
        reversesTransferId: null,
        note: request.note,
      });
      // Only a settle with this key writes the payout key, and that settle would own the key above.
      if (!paid) throw new DomainError('idempotency_conflict', request.idempotencyKey);
      return { reservation: toReservation(updated), transfer: written, payout: paid };
    });
  }

  /** A reversal, which only the locking path writes. */
  function reverse(trx: Transaction<DB> | undefined, input: ReverseInput, hash: string): Promise<TransferResult> {
    const isInCallerTrx = trx !== undefined;
    return inTransaction(trx, async (t) => {
      const original = await repo.findTransferById(t, input.transferId);
      if (!original) throw new DomainError('not_found', 'transferId');
      if ((LEDGER_OWN_CODES as readonly string[]).includes(original.code)) {
        throw new DomainError('transfer_not_reversible');
      }
      if (await repo.isSettlementTransfer(t, original.id)) throw new DomainError('transfer_not_reversible');
      const accounts = await accountsById(t, [original.debitAccountId, original.creditAccountId], isInCallerTrx);
      const from = accounts.get(original.creditAccountId);
      const to = accounts.get(original.debitAccountId);
      if (!from || !to) throw new Error(`transfer ${original.id} names a missing account`);
      const written = await writeTransfer(t, {
        from,
        to,
        amount: original.amount,
        code: 'reversal',
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        reference:
          original.referenceType !== null && original.referenceId !== null
            ? { type: original.referenceType, id: original.referenceId }
            : undefined,
        reversesTransferId: original.id,
        note: input.note,
      });
      if (written) return written;
      const existing = await repo.findTransferByKey(t, input.idempotencyKey);
      if (!existing) throw new DomainError('already_reversed');
      if (existing.requestHash !== hash) throw new DomainError('idempotency_conflict', input.idempotencyKey);
      return transferResultOf(t, existing, true);
    });
  }

  return { transferResultOf, transfer, reserve, closeReservation, reverse };
}
