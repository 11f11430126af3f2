import { type Kysely, sql } from 'kysely';
import { PREPARED_STATEMENT_MARKER } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { isDeadlock, isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { ReservationRow } from './ledger.repository.ts';

/**
 * The one-statement path: each common money operation as one SQL statement of data-modifying CTEs
 * that writes everything or nothing. Whenever one writes nothing (refused, or a key is taken) it
 * returns undefined and the service falls back to the locking path. See
 * docs/decisions/0011-ledger-two-write-paths.md.
 */

/**
 * A one-statement write that wrote nothing for a reason the transactional path resolves: the key is
 * taken, or the statement was chosen as a deadlock victim (a duplicate of its key running on the
 * transactional path takes the key before the member row, the one-statement path the other way round).
 */
function isFallbackError(err: unknown): boolean {
  return isUniqueViolation(err) || isDeadlock(err);
}

/** Caller transactions whose one-statement writes run without a savepoint (`markWithoutSavepoints`). */
const transactionsWithoutSavepoints = new WeakSet<object>();

/**
 * Marks a caller's transaction whose ledger keys are all derived from ids it has already claimed
 * uniquely in the same transaction (a vendor's transaction id, say): no one-statement write in it can
 * find its key taken, so the savepoint around each (two round trips) is left out. Should one fail
 * anyway (a key taken after all, a deadlock), the error is not turned into a fallback: it fails the
 * caller's transaction whole, and the caller runs its work again in a transaction without the mark,
 * which gives the precise answer.
 */
export function markWithoutSavepoints(trx: Kysely<DB>): void {
  transactionsWithoutSavepoints.add(trx);
}

export function isWithoutSavepoints(trx: Kysely<DB>): boolean {
  return transactionsWithoutSavepoints.has(trx);
}

/** Whether a failed one-statement write falls back to the locking path (undefined) or fails its transaction (thrown). */
function fallsBack(executor: Kysely<DB>, err: unknown): boolean {
  return isFallbackError(err) && !transactionsWithoutSavepoints.has(executor);
}

/**
 * The savepoint a one-statement write runs behind inside a caller's transaction: rolled back to when
 * the statement wrote nothing or failed, so the caller's transaction goes on; released either way.
 */
export async function savepoint(trx: Kysely<DB>): Promise<void> {
  await sql`SAVEPOINT ledger_one_statement`.execute(trx);
}

export async function rollbackToSavepoint(trx: Kysely<DB>): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT ledger_one_statement`.execute(trx);
}

export async function releaseSavepoint(trx: Kysely<DB>): Promise<void> {
  await sql`RELEASE SAVEPOINT ledger_one_statement`.execute(trx);
}

export type OneStatementMove = {
  memberAccountId: number;
  systemAccountId: number;
  /** Signed change of the member account: negative when the member pays. */
  memberDelta: number;
  currency: string;
  code: string;
  idempotencyKey: string;
  requestHash: string;
  referenceType: string | null;
  referenceId: string | null;
  note: string | null;
  createdAt: Date;
  /** Also open a held reservation for the stake, under the same key. */
  reservation?: { code: string } | undefined;
};

/**
 * A transfer between one member account and one system account as a single statement, which is
 * its own transaction: the conditional UPDATE locks the member row and refuses an overdraft, and the
 * transfer, its two entries and (for a stake) the reservation are inserted only if it succeeded.
 * Returns undefined when nothing was written: the balance check refused, or the key is taken (the
 * unique index fails the whole statement). The caller then takes the transactional path, which
 * tells the two apart. Only for use outside a caller's transaction, where a failed statement
 * aborts nothing else.
 */
export async function moveInOneStatement(
  db: Kysely<DB>,
  move: OneStatementMove,
): Promise<{ transferId: number; createdAt: Date; memberBalanceAfter: number; reservation: ReservationRow | undefined } | undefined> {
  const amount = Math.abs(move.memberDelta);
  const [debit, credit] =
    move.memberDelta < 0 ? [move.memberAccountId, move.systemAccountId] : [move.systemAccountId, move.memberAccountId];
  const reservationCte = move.reservation
    ? sql`, r AS (
        INSERT INTO ledger_reservations (account_id, amount, currency, code, status, idempotency_key, request_hash, reserve_transfer_id, reference_type, reference_id, created_at)
        SELECT ${move.memberAccountId}, ${amount}::bigint, ${move.currency}, ${move.reservation.code}, 'held', ${move.idempotencyKey}, ${move.requestHash}, t.id, ${move.referenceType}, ${move.referenceId}, ${move.createdAt}::timestamptz FROM t
        RETURNING id, created_at)`
    : sql``;
  const reservationSelect = move.reservation ? sql`, r.id AS reservation_id, r.created_at AS reservation_created_at` : sql``;
  const reservationJoin = move.reservation ? sql` CROSS JOIN r` : sql``;
  try {
    const result = await sql<{
      transfer_id: number;
      created_at: Date;
      balance: number;
      reservation_id?: number;
      reservation_created_at?: Date;
    }>`${sql.raw(PREPARED_STATEMENT_MARKER)}
      WITH a AS (
        UPDATE ledger_accounts
           SET balance = balance + ${move.memberDelta}::bigint, version = version + 1
         WHERE id = ${move.memberAccountId}
           AND is_system = false
           AND (may_go_negative OR balance + ${move.memberDelta}::bigint >= 0)
           AND balance + ${move.memberDelta}::bigint <= ${Number.MAX_SAFE_INTEGER}::bigint
        RETURNING balance
      ), t AS (
        INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        SELECT ${debit}::bigint, ${credit}::bigint, ${amount}::bigint, ${move.currency}, ${move.code}, ${move.idempotencyKey}, ${move.requestHash}, ${move.referenceType}, ${move.referenceId}, ${move.note}, ${move.createdAt}::timestamptz FROM a
        RETURNING id, created_at
      ), e AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
        SELECT t.id, ${move.memberAccountId}::bigint, ${move.memberDelta}::bigint, a.balance - ${move.memberDelta}::bigint, a.balance, ${move.code}, ${move.createdAt}::timestamptz FROM t CROSS JOIN a
        UNION ALL
        SELECT t.id, ${move.systemAccountId}::bigint, ${-move.memberDelta}::bigint, NULL, NULL, ${move.code}, ${move.createdAt}::timestamptz FROM t
      )${reservationCte}
      SELECT t.id AS transfer_id, t.created_at, a.balance${reservationSelect} FROM t CROSS JOIN a${reservationJoin}`.execute(db);
    const row = result.rows[0];
    if (!row) return undefined;
    const reservation: ReservationRow | undefined =
      move.reservation && row.reservation_id !== undefined
        ? {
            id: row.reservation_id,
            accountId: move.memberAccountId,
            amount,
            currency: move.currency,
            code: move.reservation.code,
            status: 'held',
            idempotencyKey: move.idempotencyKey,
            requestHash: move.requestHash,
            reserveTransferId: row.transfer_id,
            settleTransferId: null,
            referenceType: move.referenceType,
            referenceId: move.referenceId,
            createdAt: new Date(row.reservation_created_at ?? row.created_at),
            settledAt: null,
          }
        : undefined;
    return { transferId: row.transfer_id, createdAt: new Date(row.created_at), memberBalanceAfter: row.balance, reservation };
  } catch (err) {
    if (fallsBack(db, err)) return undefined;
    throw err;
  }
}

/**
 * Posts a held reservation to a system account as a single statement: the reservation is marked
 * posted only if it is still held and of the destination's currency (the UPDATE waits for a
 * concurrent settlement and re-checks), the escrow is the account its reserve transfer credited,
 * and the transfer id is drawn first so the reservation can name it in the same statement. Returns
 * undefined when nothing was written (not held, another currency, or the key is taken); the caller
 * then takes the locking path, which decides between replay, conflict, closed and mismatch.
 */
export async function postToSystemInOneStatement(
  db: Kysely<DB>,
  post: {
    reservationId: number;
    destinationAccountId: number;
    destinationCurrency: string;
    /** null: the code the reservation was made with. */
    code: string | null;
    idempotencyKey: string;
    requestHash: string;
    note: string | null;
    settledAt: Date;
  },
): Promise<{ reservation: ReservationRow; transferId: number; escrowAccountId: number; code: string; createdAt: Date } | undefined> {
  try {
    const result = await sql<{
      id: number;
      account_id: number;
      amount: number;
      currency: string;
      code: string;
      idempotency_key: string;
      request_hash: string;
      reserve_transfer_id: number;
      reference_type: string | null;
      reference_id: string | null;
      created_at: Date;
      transfer_id: number;
      transfer_code: string;
      escrow_account_id: number;
      transfer_created_at: Date;
    }>`${sql.raw(PREPARED_STATEMENT_MARKER)}
      WITH n AS (
        SELECT nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS id
      ), r AS (
        UPDATE ledger_reservations
           SET status = 'posted', settle_transfer_id = (SELECT id FROM n), settled_at = ${post.settledAt}::timestamptz
         WHERE id = ${post.reservationId} AND status = 'held' AND currency = ${post.destinationCurrency}
        RETURNING id, account_id, amount, currency, code, idempotency_key, request_hash, reserve_transfer_id, reference_type, reference_id, created_at
      ), t AS (
        INSERT INTO ledger_transfers
               (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT n.id, rt.credit_account_id, ${post.destinationAccountId}::bigint, r.amount, r.currency, coalesce(${post.code}::text, r.code),
               ${post.idempotencyKey}, ${post.requestHash}, r.reference_type, r.reference_id, ${post.note}, ${post.settledAt}::timestamptz
          FROM n CROSS JOIN r JOIN ledger_transfers rt ON rt.id = r.reserve_transfer_id
        RETURNING id, created_at, amount, code, debit_account_id
      ), e AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
        SELECT t.id, t.debit_account_id, -t.amount, NULL::bigint, NULL::bigint, t.code, ${post.settledAt}::timestamptz FROM t
        UNION ALL
        SELECT t.id, ${post.destinationAccountId}::bigint, t.amount, NULL::bigint, NULL::bigint, t.code, ${post.settledAt}::timestamptz FROM t
      )
      SELECT r.*, t.id AS transfer_id, t.code AS transfer_code, t.debit_account_id AS escrow_account_id, t.created_at AS transfer_created_at
        FROM r CROSS JOIN t`.execute(db);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      reservation: {
        id: row.id,
        accountId: row.account_id,
        amount: row.amount,
        currency: row.currency.trim(),
        code: row.code,
        status: 'posted',
        idempotencyKey: row.idempotency_key,
        requestHash: row.request_hash,
        reserveTransferId: row.reserve_transfer_id,
        settleTransferId: row.transfer_id,
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        createdAt: new Date(row.created_at),
        settledAt: post.settledAt,
      },
      transferId: row.transfer_id,
      escrowAccountId: row.escrow_account_id,
      code: row.transfer_code,
      createdAt: new Date(row.transfer_created_at),
    };
  } catch (err) {
    if (fallsBack(db, err)) return undefined;
    throw err;
  }
}

export type OneStatementPayout = { transferId: number; createdAt: Date; memberBalanceAfter: number };

/**
 * Settles a held reservation and pays its win as a single statement: the reservation is marked
 * posted (as in `postToSystemInOneStatement`), the member row is credited with the payout by a
 * conditional UPDATE that takes its lock after the reservation's (the order the locking path
 * follows too), and the post, the payout and their four entries are inserted only if both updates
 * happened. If the reservation was updated but the member credit refused (the balance would pass
 * the largest exact amount), the reservation names a transfer that was never inserted, its foreign
 * key fails the whole statement and nothing is written. Returns undefined whenever nothing was
 * written; the caller then takes the locking path, which gives the precise answer.
 */
export async function settleToSystemInOneStatement(
  db: Kysely<DB>,
  settle: {
    reservationId: number;
    destinationAccountId: number;
    destinationCurrency: string;
    /** null: the code the reservation was made with. */
    code: string | null;
    idempotencyKey: string;
    requestHash: string;
    note: string | null;
    settledAt: Date;
    /** The win, > 0, credited to the reservation's member account. */
    payout: number;
    payoutIdempotencyKey: string;
  },
): Promise<
  | {
      reservation: ReservationRow;
      transferId: number;
      escrowAccountId: number;
      code: string;
      createdAt: Date;
      payout: OneStatementPayout;
    }
  | undefined
> {
  try {
    const result = await sql<{
      id: number;
      account_id: number;
      amount: number;
      currency: string;
      code: string;
      idempotency_key: string;
      request_hash: string;
      reserve_transfer_id: number;
      reference_type: string | null;
      reference_id: string | null;
      created_at: Date;
      transfer_id: number;
      transfer_code: string;
      escrow_account_id: number;
      transfer_created_at: Date;
      payout_transfer_id: number;
      payout_created_at: Date;
      member_balance_after: number;
    }>`${sql.raw(PREPARED_STATEMENT_MARKER)}
      WITH n AS (
        SELECT nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS id
      ), r AS (
        UPDATE ledger_reservations
           SET status = 'posted', settle_transfer_id = (SELECT id FROM n), settled_at = ${settle.settledAt}::timestamptz
         WHERE id = ${settle.reservationId} AND status = 'held' AND currency = ${settle.destinationCurrency}
        RETURNING id, account_id, amount, currency, code, idempotency_key, request_hash, reserve_transfer_id, reference_type, reference_id, created_at
      ), a AS (
        UPDATE ledger_accounts
           SET balance = balance + ${settle.payout}::bigint, version = version + 1
         WHERE id = (SELECT account_id FROM r)
           AND is_system = false
           AND balance + ${settle.payout}::bigint <= ${Number.MAX_SAFE_INTEGER}::bigint
        RETURNING id, balance
      ), t AS (
        INSERT INTO ledger_transfers
               (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT n.id, rt.credit_account_id, ${settle.destinationAccountId}::bigint, r.amount, r.currency, coalesce(${settle.code}::text, r.code),
               ${settle.idempotencyKey}, ${settle.requestHash}, r.reference_type, r.reference_id, ${settle.note}, ${settle.settledAt}::timestamptz
          FROM n CROSS JOIN r JOIN ledger_transfers rt ON rt.id = r.reserve_transfer_id CROSS JOIN a
        RETURNING id, created_at, amount, code, debit_account_id
      ), p AS (
        INSERT INTO ledger_transfers
               (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        SELECT ${settle.destinationAccountId}::bigint, a.id, ${settle.payout}::bigint, r.currency, 'payout',
               ${settle.payoutIdempotencyKey}, ${settle.requestHash}, r.reference_type, r.reference_id, ${settle.note}, ${settle.settledAt}::timestamptz
          FROM r CROSS JOIN a CROSS JOIN t
        RETURNING id, created_at
      ), e AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
        SELECT t.id, t.debit_account_id, -t.amount, NULL::bigint, NULL::bigint, t.code, ${settle.settledAt}::timestamptz FROM t
        UNION ALL
        SELECT t.id, ${settle.destinationAccountId}::bigint, t.amount, NULL::bigint, NULL::bigint, t.code, ${settle.settledAt}::timestamptz FROM t
        UNION ALL
        SELECT p.id, ${settle.destinationAccountId}::bigint, -${settle.payout}::bigint, NULL::bigint, NULL::bigint, 'payout', ${settle.settledAt}::timestamptz FROM p
        UNION ALL
        SELECT p.id, a.id, ${settle.payout}::bigint, a.balance - ${settle.payout}::bigint, a.balance, 'payout', ${settle.settledAt}::timestamptz FROM p CROSS JOIN a
      )
      SELECT r.*, t.id AS transfer_id, t.code AS transfer_code, t.debit_account_id AS escrow_account_id, t.created_at AS transfer_created_at,
             p.id AS payout_transfer_id, p.created_at AS payout_created_at, a.balance AS member_balance_after
        FROM r CROSS JOIN t CROSS JOIN p CROSS JOIN a`.execute(db);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      reservation: {
        id: row.id,
        accountId: row.account_id,
        amount: row.amount,
        currency: row.currency.trim(),
        code: row.code,
        status: 'posted',
        idempotencyKey: row.idempotency_key,
        requestHash: row.request_hash,
        reserveTransferId: row.reserve_transfer_id,
        settleTransferId: row.transfer_id,
        referenceType: row.reference_type,
        referenceId: row.reference_id,
        createdAt: new Date(row.created_at),
        settledAt: settle.settledAt,
      },
      transferId: row.transfer_id,
      escrowAccountId: row.escrow_account_id,
      code: row.transfer_code,
      createdAt: new Date(row.transfer_created_at),
      payout: {
        transferId: row.payout_transfer_id,
        createdAt: new Date(row.payout_created_at),
        memberBalanceAfter: row.member_balance_after,
      },
    };
  } catch (err) {
    if (fallsBack(db, err) || (isForeignKeyViolation(err) && !isWithoutSavepoints(db))) return undefined;
    throw err;
  }
}

export type OneStatementRound = {
  memberAccountId: number;
  escrowAccountId: number;
  houseAccountId: number;
  currency: string;
  stake: number;
  /** The win, >= 0; 0 writes no payout transfer. */
  payout: number;
  /** The reservation's code (`bet`): the post's code too. */
  code: string;
  reserveTransferCode: string;
  reserveKey: string;
  reserveHash: string;
  settleKey: string;
  payoutKey: string;
  referenceType: string | null;
  referenceId: string | null;
  at: Date;
};

/**
 * A whole round as one statement, the same rows `moveInOneStatement` (a reserve) and
 * `settleToSystemInOneStatement` (its settle) write one after the other: the stake moved from the
 * member to escrow and held, the reservation posted to the house, and the win paid back. The member
 * row is updated once, by a conditional UPDATE that refuses when the stake alone would overdraw it,
 * and its two entries chain through the balance in between. The transfer and reservation ids are
 * drawn first, so the settle's request hash (which names the reservation, as `settle` computes it)
 * is built in SQL. Returns undefined when nothing was written (refused, or a key is taken); the
 * caller then takes the reserve-then-settle path, which gives the precise answer.
 */
export async function stakeAndSettleInOneStatement(
  db: Kysely<DB>,
  round: OneStatementRound,
): Promise<
  | {
      reservationId: number;
      reserveTransferId: number;
      settleTransferId: number;
      payoutTransferId: number | null;
      memberBalanceAfter: number;
      stakeBalanceAfter: number;
    }
  | undefined
> {
  const hasPayout = round.payout > 0;
  const payoutCte = hasPayout
    ? sql`, p AS (
        INSERT INTO ledger_transfers
               (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        SELECT ${round.houseAccountId}::bigint, ${round.memberAccountId}::bigint, ${round.payout}::bigint, ${round.currency}, 'payout',
               ${round.payoutKey}, h.hash, ${round.referenceType}, ${round.referenceId}, NULL, ${round.at}::timestamptz
          FROM h CROSS JOIN t2
        RETURNING id
      )`
    : sql``;
  const payoutEntries = hasPayout
    ? sql`
        UNION ALL
        SELECT p.id, ${round.houseAccountId}::bigint, ${-round.payout}::bigint, NULL::bigint, NULL::bigint, 'payout', ${round.at}::timestamptz FROM p
        UNION ALL
        SELECT p.id, ${round.memberAccountId}::bigint, ${round.payout}::bigint, a.balance - ${round.payout}::bigint, a.balance, 'payout', ${round.at}::timestamptz
          FROM p CROSS JOIN a`
    : sql``;
  const payoutSelect = hasPayout ? sql`(SELECT id FROM p)` : sql`NULL::bigint`;
  try {
    const result = await sql<{
      reservation_id: number;
      reserve_transfer_id: number;
      settle_transfer_id: number;
      payout_transfer_id: number | null;
      balance: number;
    }>`${sql.raw(PREPARED_STATEMENT_MARKER)}
      WITH n AS (
        SELECT nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS reserve_id,
               nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS settle_id,
               nextval(pg_get_serial_sequence('ledger_reservations', 'id')) AS reservation_id
      ), h AS (
        SELECT encode(sha256(convert_to('["settle",' || n.reservation_id || ',' || ${round.houseAccountId}::bigint || ',' || ${round.payout}::bigint || ',null,null]', 'UTF8')), 'hex') AS hash
          FROM n
      ), a AS (
        UPDATE ledger_accounts
           SET balance = balance - ${round.stake}::bigint + ${round.payout}::bigint, version = version + 1
         WHERE id = ${round.memberAccountId}
           AND is_system = false
           AND (may_go_negative OR balance - ${round.stake}::bigint >= 0)
           AND balance - ${round.stake}::bigint + ${round.payout}::bigint <= ${Number.MAX_SAFE_INTEGER}::bigint
        RETURNING balance
      ), t1 AS (
        INSERT INTO ledger_transfers
               (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT n.reserve_id, ${round.memberAccountId}::bigint, ${round.escrowAccountId}::bigint, ${round.stake}::bigint, ${round.currency}, ${round.reserveTransferCode},
               ${round.reserveKey}, ${round.reserveHash}, ${round.referenceType}, ${round.referenceId}, NULL, ${round.at}::timestamptz
          FROM n CROSS JOIN a
        RETURNING id
      ), r AS (
        INSERT INTO ledger_reservations
               (id, account_id, amount, currency, code, status, idempotency_key, request_hash, reserve_transfer_id, settle_transfer_id, reference_type, reference_id, created_at, settled_at)
        OVERRIDING SYSTEM VALUE
        SELECT n.reservation_id, ${round.memberAccountId}::bigint, ${round.stake}::bigint, ${round.currency}, ${round.code}, 'posted', ${round.reserveKey}, ${round.reserveHash},
               t1.id, n.settle_id, ${round.referenceType}, ${round.referenceId}, ${round.at}::timestamptz, ${round.at}::timestamptz
          FROM n CROSS JOIN t1
        RETURNING id
      ), t2 AS (
        INSERT INTO ledger_transfers
               (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT n.settle_id, ${round.escrowAccountId}::bigint, ${round.houseAccountId}::bigint, ${round.stake}::bigint, ${round.currency}, ${round.code},
               ${round.settleKey}, h.hash, ${round.referenceType}, ${round.referenceId}, NULL, ${round.at}::timestamptz
          FROM n CROSS JOIN h CROSS JOIN r
        RETURNING id
      )${payoutCte}, e AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
        SELECT t1.id, ${round.memberAccountId}::bigint, ${-round.stake}::bigint, a.balance + ${round.stake}::bigint - ${round.payout}::bigint,
               a.balance - ${round.payout}::bigint, ${round.reserveTransferCode}, ${round.at}::timestamptz
          FROM t1 CROSS JOIN a
        UNION ALL
        SELECT t1.id, ${round.escrowAccountId}::bigint, ${round.stake}::bigint, NULL::bigint, NULL::bigint, ${round.reserveTransferCode}, ${round.at}::timestamptz FROM t1
        UNION ALL
        SELECT t2.id, ${round.escrowAccountId}::bigint, ${-round.stake}::bigint, NULL::bigint, NULL::bigint, ${round.code}, ${round.at}::timestamptz FROM t2
        UNION ALL
        SELECT t2.id, ${round.houseAccountId}::bigint, ${round.stake}::bigint, NULL::bigint, NULL::bigint, ${round.code}, ${round.at}::timestamptz FROM t2${payoutEntries}
      )
      SELECT r.id AS reservation_id, t1.id AS reserve_transfer_id, t2.id AS settle_transfer_id, ${payoutSelect} AS payout_transfer_id, a.balance
        FROM r CROSS JOIN t1 CROSS JOIN t2 CROSS JOIN a`.execute(db);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      reservationId: Number(row.reservation_id),
      reserveTransferId: Number(row.reserve_transfer_id),
      settleTransferId: Number(row.settle_transfer_id),
      payoutTransferId: row.payout_transfer_id === null ? null : Number(row.payout_transfer_id),
      memberBalanceAfter: Number(row.balance),
      stakeBalanceAfter: Number(row.balance) - round.payout,
    };
  } catch (err) {
    if (fallsBack(db, err)) return undefined;
    throw err;
  }
}
