import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import { type CallerTransferCode, ESCROW_ACCOUNT_KIND, reserveTransferCodeOf, type TransferCode } from './ledger.codes.ts';
import * as oneStatement from './ledger.one-statement.repository.ts';
import type * as repo from './ledger.repository.ts';
import {
  type PostInput,
  type Reservation,
  type ReserveAndSettleInput,
  type ReserveAndSettleResult,
  type ReserveInput,
  type ReserveResult,
  type SettleResult,
  type TransferInput,
  type TransferResult,
  toReservation,
} from './ledger.types.ts';
import { payoutKeyOf, reserveHashOf } from './ledger.validation.ts';

export type OneStatementPath = ReturnType<typeof createOneStatementPath>;

/**
 * The one-statement path: the common case of each money operation (a member <-> system transfer, a
 * reserve, a post or settle to a house account, a whole round) as one SQL statement, which is one
 * round trip and, outside a caller's transaction, one commit. Each function returns undefined when
 * the case is not its own or the statement wrote nothing; the service then takes the locking path
 * (`ledger.locking-path.ts`), which gives the precise answer. Both paths write the same rows, keys
 * and request hashes. See docs/decisions/0011-ledger-two-write-paths.md.
 */
export function createOneStatementPath(deps: { db: Kysely<DB>; now: () => Date; accounts: LedgerAccounts }) {
  const { db, now } = deps;
  const { accountsById, escrowAccountId } = deps.accounts;

  /**
   * Runs a one-statement write (`ledger.one-statement.repository.ts`) on its own, or
   * inside the caller's transaction behind a savepoint: such a statement fails whole when its key
   * is taken, and in a transaction that failure would abort the caller's work too. Rolled back to
   * the savepoint, the transaction goes on and the caller takes the locking path, which gives the
   * precise answer. Undefined means nothing was written.
   */
  async function inOneStatement<T>(trx: Transaction<DB> | undefined, write: (executor: Kysely<DB>) => Promise<T | undefined>) {
    if (!trx) return write(db);
    // A refused statement wrote nothing (no row); a failed one throws and fails the transaction.
    if (oneStatement.isWithoutSavepoints(trx)) return write(trx);
    await oneStatement.savepoint(trx);
    let written: T | undefined;
    try {
      written = await write(trx);
    } catch (err) {
      await oneStatement.rollbackToSavepoint(trx);
      await oneStatement.releaseSavepoint(trx);
      throw err;
    }
    if (written === undefined) await oneStatement.rollbackToSavepoint(trx);
    await oneStatement.releaseSavepoint(trx);
    return written;
  }

  /** A transfer between a member account and a system account; undefined for any other pair or when nothing was written. */
  async function transfer(
    trx: Transaction<DB> | undefined,
    move: { from: repo.AccountMeta; to: repo.AccountMeta; input: TransferInput; hash: string },
  ): Promise<TransferResult | undefined> {
    const { from, to, input, hash } = move;
    if (from.isSystem === to.isSystem) return undefined;
    const member = from.isSystem ? to : from;
    const system = from.isSystem ? from : to;
    const moved = await inOneStatement(trx, (executor) =>
      oneStatement.moveInOneStatement(executor, {
        memberAccountId: member.id,
        systemAccountId: system.id,
        memberDelta: member === from ? -input.amount : input.amount,
        currency: from.currency,
        code: input.code,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        referenceType: input.reference?.type ?? null,
        referenceId: input.reference?.id ?? null,
        note: input.note ?? null,
        createdAt: now(),
      }),
    );
    if (!moved) return undefined;
    return {
      transferId: moved.transferId,
      fromAccountId: from.id,
      toAccountId: to.id,
      amount: input.amount,
      currency: from.currency,
      code: input.code,
      reversesTransferId: null,
      createdAt: moved.createdAt,
      fromBalanceAfter: member === from ? moved.memberBalanceAfter : null,
      toBalanceAfter: member === to ? moved.memberBalanceAfter : null,
      isReplay: false,
    };
  }

  /** A reserve: the stake moved to escrow and the reservation opened, or undefined when nothing was written. */
  async function reserve(
    trx: Transaction<DB> | undefined,
    stake: { account: repo.AccountMeta; escrow: repo.AccountMeta; input: ReserveInput; code: CallerTransferCode; hash: string },
  ): Promise<ReserveResult | undefined> {
    const { account, escrow, input, code, hash } = stake;
    const moved = await inOneStatement(trx, (executor) =>
      oneStatement.moveInOneStatement(executor, {
        memberAccountId: account.id,
        systemAccountId: escrow.id,
        memberDelta: -input.amount,
        currency: account.currency,
        code: reserveTransferCodeOf(code),
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        referenceType: input.reference?.type ?? null,
        referenceId: input.reference?.id ?? null,
        note: null,
        createdAt: now(),
        reservation: { code },
      }),
    );
    if (moved?.reservation) return { ...toReservation(moved.reservation), balanceAfter: moved.memberBalanceAfter, isReplay: false };
    return undefined;
  }

  /** The common post (a held stake to a house account) in one statement: a settle without a win. */
  async function postToSystemInOneStatement(
    input: PostInput,
    hash: string,
    trx: Transaction<DB> | undefined,
  ): Promise<SettleResult | undefined> {
    return (await settleToSystemInOneStatement({ ...input, payout: 0 }, hash, trx))?.settled;
  }

  /**
   * The common post or settle (a held stake to a house account, and a win paid from it) in one
   * statement. Anything else, and every case where it writes nothing, goes through the locking path
   * in `closeReservation`, which has the final word.
   */
  async function settleToSystemInOneStatement(
    input: PostInput & { payout: number },
    hash: string,
    trx: Transaction<DB> | undefined,
  ): Promise<{ settled: SettleResult; payout: TransferResult | null } | undefined> {
    if (!Number.isSafeInteger(input.reservationId) || !Number.isSafeInteger(input.toAccountId) || input.toAccountId <= 0) return undefined;
    const destination = (await accountsById(trx ?? db, [input.toAccountId], trx !== undefined)).get(input.toAccountId);
    if (!destination?.isSystem || destination.kind === ESCROW_ACCOUNT_KIND) return undefined;
    const common = {
      reservationId: input.reservationId,
      destinationAccountId: destination.id,
      destinationCurrency: destination.currency,
      code: input.code ?? null,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      note: input.note ?? null,
      settledAt: now(),
    };
    const posted:
      | (NonNullable<Awaited<ReturnType<typeof oneStatement.postToSystemInOneStatement>>> & { payout?: oneStatement.OneStatementPayout })
      | undefined = await inOneStatement(trx, (executor) =>
      input.payout === 0
        ? oneStatement.postToSystemInOneStatement(executor, common)
        : oneStatement.settleToSystemInOneStatement(executor, {
            ...common,
            payout: input.payout,
            payoutIdempotencyKey: payoutKeyOf(input.idempotencyKey),
          }),
    );
    if (!posted) return undefined;
    const settled: SettleResult = {
      reservation: toReservation(posted.reservation),
      transfer: {
        transferId: posted.transferId,
        fromAccountId: posted.escrowAccountId,
        toAccountId: destination.id,
        amount: posted.reservation.amount,
        currency: posted.reservation.currency,
        code: posted.code as TransferCode,
        reversesTransferId: null,
        createdAt: posted.createdAt,
        fromBalanceAfter: null,
        toBalanceAfter: null,
        isReplay: false,
      },
    };
    const paid = posted.payout;
    return {
      settled,
      payout: paid
        ? {
            transferId: paid.transferId,
            fromAccountId: destination.id,
            toAccountId: posted.reservation.accountId,
            amount: input.payout,
            currency: posted.reservation.currency,
            code: 'payout',
            reversesTransferId: null,
            createdAt: paid.createdAt,
            fromBalanceAfter: null,
            toBalanceAfter: paid.memberBalanceAfter,
            isReplay: false,
          }
        : null,
    };
  }

  /**
   * A whole round (reserve then settle, `stakeAndSettleInOneStatement`) when the destination is a
   * house account of the member's currency; undefined otherwise, or when nothing was written.
   */
  async function reserveAndSettle(
    trx: Transaction<DB> | undefined,
    request: { account: repo.AccountMeta; input: ReserveAndSettleInput; code: CallerTransferCode },
  ): Promise<ReserveAndSettleResult | undefined> {
    const { account, input, code } = request;
    const isInCallerTrx = trx !== undefined;
    const house =
      Number.isSafeInteger(input.toAccountId) && input.toAccountId > 0
        ? (await accountsById(trx ?? db, [input.toAccountId], isInCallerTrx)).get(input.toAccountId)
        : undefined;
    if (!account.isSystem && house?.isSystem && house.kind !== ESCROW_ACCOUNT_KIND && house.currency === account.currency) {
      const escrowId = await escrowAccountId(account.merchantId, account.currency, trx ?? db, !isInCallerTrx);
      const at = now();
      const reference = { type: input.reference?.type ?? null, id: input.reference?.id ?? null };
      const round = await inOneStatement(trx, (executor) =>
        oneStatement.stakeAndSettleInOneStatement(executor, {
          memberAccountId: account.id,
          escrowAccountId: escrowId,
          houseAccountId: house.id,
          currency: account.currency,
          stake: input.amount,
          payout: input.payout,
          code,
          reserveTransferCode: reserveTransferCodeOf(code),
          reserveKey: input.idempotencyKey,
          reserveHash: reserveHashOf(account.id, input.amount, code, input.reference),
          settleKey: input.settleIdempotencyKey,
          payoutKey: payoutKeyOf(input.settleIdempotencyKey),
          referenceType: reference.type,
          referenceId: reference.id,
          at,
        }),
      );
      if (round) {
        const reservation: Reservation = {
          reservationId: round.reservationId,
          accountId: account.id,
          amount: input.amount,
          currency: account.currency,
          code,
          status: 'posted',
          reserveTransferId: round.reserveTransferId,
          settleTransferId: round.settleTransferId,
          createdAt: at,
          settledAt: at,
        };
        const transferOf = (
          fields: Pick<
            TransferResult,
            'transferId' | 'fromAccountId' | 'toAccountId' | 'amount' | 'code' | 'fromBalanceAfter' | 'toBalanceAfter'
          >,
        ): TransferResult => ({
          ...fields,
          currency: account.currency,
          reversesTransferId: null,
          createdAt: at,
          isReplay: false,
        });
        return {
          reserved: {
            ...reservation,
            status: 'held',
            settleTransferId: null,
            settledAt: null,
            balanceAfter: round.stakeBalanceAfter,
            isReplay: false,
          },
          settled: {
            reservation,
            transfer: transferOf({
              transferId: round.settleTransferId,
              fromAccountId: escrowId,
              toAccountId: house.id,
              amount: input.amount,
              code: code as TransferCode,
              fromBalanceAfter: null,
              toBalanceAfter: null,
            }),
            payout:
              round.payoutTransferId === null
                ? null
                : transferOf({
                    transferId: round.payoutTransferId,
                    fromAccountId: house.id,
                    toAccountId: account.id,
                    amount: input.payout,
                    code: 'payout',
                    fromBalanceAfter: null,
                    toBalanceAfter: round.memberBalanceAfter,
                  }),
          },
        };
      }
    }
    return undefined;
  }

  return { transfer, reserve, post: postToSystemInOneStatement, settle: settleToSystemInOneStatement, reserveAndSettle };
}
