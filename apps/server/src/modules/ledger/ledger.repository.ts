import { type Kysely, sql } from 'kysely';
import { PREPARED_STATEMENT_MARKER } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** Only this file reads or writes the ledger tables. Every function takes the db or a transaction first. */

export type AccountMeta = {
  id: number;
  merchantId: number;
  kind: string;
  memberId: number | null;
  currency: string;
  isSystem: boolean;
  mayGoNegative: boolean;
};

export type AccountRow = AccountMeta & { balance: number; version: number };

export type TransferRow = {
  id: number;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  currency: string;
  code: string;
  idempotencyKey: string;
  requestHash: string;
  referenceType: string | null;
  referenceId: string | null;
  reversesTransferId: number | null;
  note: string | null;
  createdAt: Date;
};

export type EntryRow = {
  id: number;
  transferId: number;
  accountId: number;
  amount: number;
  balanceBefore: number | null;
  balanceAfter: number | null;
  code: string;
  createdAt: Date;
};

export type ReservationRow = {
  id: number;
  accountId: number;
  amount: number;
  currency: string;
  code: string;
  status: 'held' | 'posted' | 'voided';
  idempotencyKey: string;
  requestHash: string;
  reserveTransferId: number;
  settleTransferId: number | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

const accountMetaColumns = [
  'id',
  'merchant_id as merchantId',
  'kind',
  'member_id as memberId',
  'currency',
  'is_system as isSystem',
  'may_go_negative as mayGoNegative',
] as const;

const transferColumns = [
  'id',
  'debit_account_id as debitAccountId',
  'credit_account_id as creditAccountId',
  'amount',
  'currency',
  'code',
  'idempotency_key as idempotencyKey',
  'request_hash as requestHash',
  'reference_type as referenceType',
  'reference_id as referenceId',
  'reverses_transfer_id as reversesTransferId',
  'note',
  'created_at as createdAt',
] as const;

const reservationColumns = [
  'id',
  'account_id as accountId',
  'amount',
  'currency',
  'code',
  'status',
  'idempotency_key as idempotencyKey',
  'request_hash as requestHash',
  'reserve_transfer_id as reserveTransferId',
  'settle_transfer_id as settleTransferId',
  'reference_type as referenceType',
  'reference_id as referenceId',
  'created_at as createdAt',
  'settled_at as settledAt',
] as const;

function trimCurrency<T extends { currency: string }>(row: T): T {
  // currency is char(3); trimming guards against padding if a shorter code is ever stored.
  return { ...row, currency: row.currency.trim() };
}

export async function insertMemberAccountIfMissing(
  db: Kysely<DB>,
  row: { merchantId: number; memberId: number; kind: string; currency: string },
): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      kind: row.kind,
      currency: row.currency,
      is_system: false,
      may_go_negative: false,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'currency']).where('member_id', 'is not', null).doNothing())
    .execute();
}

export async function insertSystemAccountIfMissing(
  db: Kysely<DB>,
  row: { merchantId: number; kind: string; currency: string },
): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({
      merchant_id: row.merchantId,
      member_id: null,
      kind: row.kind,
      currency: row.currency,
      is_system: true,
      may_go_negative: true,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'currency']).where('member_id', 'is', null).doNothing())
    .execute();
}

export async function findMemberAccounts(db: Kysely<DB>, memberId: number, currency?: string): Promise<AccountRow[]> {
  let query = db
    .selectFrom('ledger_accounts')
    .select([...accountMetaColumns, 'balance', 'version'])
    .where('member_id', '=', memberId);
  if (currency) query = query.where('currency', '=', currency);
  const rows = await query.orderBy('id').execute();
  return rows.map(trimCurrency);
}

export async function findSystemAccount(
  db: Kysely<DB>,
  key: { merchantId: number; kind: string; currency: string },
): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select([...accountMetaColumns, 'balance', 'version'])
    .where('member_id', 'is', null)
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('currency', '=', key.currency)
    .executeTakeFirst();
  return row && trimCurrency(row);
}

/**
 * Accounts by id. `isOwnWrite` is true for a row the reading transaction itself wrote (created it,
 * say), which a rollback could still take back; rows committed by others are settled facts.
 */
export async function findAccountsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<(AccountRow & { isOwnWrite: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_accounts')
    .select([...accountMetaColumns, 'balance', 'version'])
    .select(sql<boolean>`coalesce(xmin = pg_current_xact_id_if_assigned()::xid, false)`.as('isOwnWrite'))
    .where('id', 'in', ids)
    .execute();
  return rows.map(trimCurrency);
}

/**
 * Moves a member account's balance by `delta` and returns the new balance, or undefined when the
 * move would take it below zero (or past the largest exact amount). The UPDATE takes the row lock,
 * checks and writes in one round trip; callers issue these in ascending account id order, so two
 * transfers touching the same pair of accounts cannot deadlock.
 */
export async function applyMemberDelta(db: Kysely<DB>, accountId: number, delta: number): Promise<number | undefined> {
  const result = await sql<{ balance: number }>`
    UPDATE ledger_accounts
       SET balance = balance + ${delta}::bigint, version = version + 1
     WHERE id = ${accountId}
       AND is_system = false
       AND (may_go_negative OR balance + ${delta}::bigint >= 0)
       AND balance + ${delta}::bigint <= ${Number.MAX_SAFE_INTEGER}::bigint
 RETURNING balance`.execute(db);
  return result.rows[0]?.balance;
}

/**
 * Inserts a transfer unless its idempotency key (or the transfer it reverses) is already taken.
 * ON CONFLICT DO NOTHING waits for a concurrent insert of the same key to finish and then yields no
 * row, instead of raising a unique violation that would abort the caller's whole transaction.
 */
export async function insertTransferOnce(
  db: Kysely<DB>,
  row: {
    debitAccountId: number;
    creditAccountId: number;
    amount: number;
    currency: string;
    code: string;
    idempotencyKey: string;
    requestHash: string;
    referenceType: string | null;
    referenceId: string | null;
    reversesTransferId: number | null;
    note: string | null;
    createdAt: Date;
  },
): Promise<{ id: number; createdAt: Date } | undefined> {
  return db
    .insertInto('ledger_transfers')
    .values({
      debit_account_id: row.debitAccountId,
      credit_account_id: row.creditAccountId,
      amount: row.amount,
      currency: row.currency,
      code: row.code,
      idempotency_key: row.idempotencyKey,
      request_hash: row.requestHash,
      reference_type: row.referenceType,
      reference_id: row.referenceId,
      reverses_transfer_id: row.reversesTransferId,
      note: row.note,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'created_at as createdAt'])
    .executeTakeFirst();
}

export async function insertEntries(
  db: Kysely<DB>,
  rows: readonly {
    transferId: number;
    accountId: number;
    amount: number;
    balanceBefore: number | null;
    balanceAfter: number | null;
    code: string;
    createdAt: Date;
  }[],
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values(
      rows.map((r) => ({
        transfer_id: r.transferId,
        account_id: r.accountId,
        amount: r.amount,
        balance_before: r.balanceBefore,
        balance_after: r.balanceAfter,
        code: r.code,
        created_at: r.createdAt,
      })),
    )
    .execute();
}

export async function findTransferByKey(db: Kysely<DB>, idempotencyKey: string): Promise<TransferRow | undefined> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row && trimCurrency(row);
}

export async function findTransferById(db: Kysely<DB>, id: number): Promise<TransferRow | undefined> {
  const row = await db.selectFrom('ledger_transfers').select(transferColumns).where('id', '=', id).executeTakeFirst();
  return row && trimCurrency(row);
}

export async function findEntriesByTransferId(db: Kysely<DB>, transferId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'transfer_id as transferId',
      'account_id as accountId',
      'amount',
      'balance_before as balanceBefore',
      'balance_after as balanceAfter',
      'code',
      'created_at as createdAt',
    ])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}

/** True when the transfer posted or voided a reservation (reserve steps carry their own code). */
export async function isSettlementTransfer(db: Kysely<DB>, transferId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_reservations')
    .select('id')
    .where('settle_transfer_id', '=', transferId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReservation(
  db: Kysely<DB>,
  row: {
    accountId: number;
    amount: number;
    currency: string;
    code: string;
    idempotencyKey: string;
    requestHash: string;
    reserveTransferId: number;
    referenceType: string | null;
    referenceId: string | null;
    createdAt: Date;
  },
): Promise<ReservationRow> {
  const inserted = await db
    .insertInto('ledger_reservations')
    .values({
      account_id: row.accountId,
      amount: row.amount,
      currency: row.currency,
      code: row.code,
      status: 'held',
      idempotency_key: row.idempotencyKey,
      request_hash: row.requestHash,
      reserve_transfer_id: row.reserveTransferId,
      reference_type: row.referenceType,
      reference_id: row.referenceId,
      created_at: row.createdAt,
    })
    .returning(reservationColumns)
    .executeTakeFirstOrThrow();
  return trimCurrency(inserted);
}

export async function findReservationByKey(db: Kysely<DB>, idempotencyKey: string): Promise<ReservationRow | undefined> {
  const row = await db
    .selectFrom('ledger_reservations')
    .select(reservationColumns)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row && trimCurrency(row);
}

export async function findReservationById(db: Kysely<DB>, id: number): Promise<ReservationRow | undefined> {
  const row = await db.selectFrom('ledger_reservations').select(reservationColumns).where('id', '=', id).executeTakeFirst();
  return row && trimCurrency(row);
}

/** Locks the reservation row, so one post or void at a time decides its fate. */
export async function lockReservationById(db: Kysely<DB>, id: number): Promise<ReservationRow | undefined> {
  const row = await db.selectFrom('ledger_reservations').select(reservationColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && trimCurrency(row);
}

export async function settleReservation(
  db: Kysely<DB>,
  id: number,
  settlement: { status: 'posted' | 'voided'; settleTransferId: number; settledAt: Date },
): Promise<ReservationRow> {
  const row = await db
    .updateTable('ledger_reservations')
    .set({ status: settlement.status, settle_transfer_id: settlement.settleTransferId, settled_at: settlement.settledAt })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .returning(reservationColumns)
    .executeTakeFirstOrThrow();
  return trimCurrency(row);
}

export async function sumHeldReservations(db: Kysely<DB>, accountIds: readonly number[]): Promise<number> {
  if (accountIds.length === 0) return 0;
  const row = await db
    .selectFrom('ledger_reservations')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return row.total;
}

/**
 * A value per member that changes whenever any of the member's balances or held amounts change:
 * the sum of the accounts' versions (every balance update bumps one) and the held reservations
 * (posting a reservation changes the locked amount without touching the account row).
 */
export async function findBalanceFingerprints(db: Kysely<DB>, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const result = await sql<{ member_id: number; versions: number; held: number; held_count: number }>`
    SELECT a.member_id,
           sum(a.version)::bigint AS versions,
           coalesce(sum(h.held), 0)::bigint AS held,
           coalesce(sum(h.held_count), 0)::bigint AS held_count
      FROM ledger_accounts a
      LEFT JOIN LATERAL (
        SELECT sum(r.amount) AS held, count(*) AS held_count
          FROM ledger_reservations r
         WHERE r.account_id = a.id AND r.status = 'held'
      ) h ON true
     WHERE a.member_id IN (${sql.join(memberIds.map((id) => sql`${id}::bigint`))})
     GROUP BY a.member_id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.member_id), `${r.versions}:${r.held}:${r.held_count}`]));
}

export type HistoryFilter = {
  accountIds: readonly number[];
  codes?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
};

export type HistoryRow = EntryRow & {
  accountKind: string;
  currency: string;
  referenceType: string | null;
  referenceId: string | null;
  note: string | null;
};

/** Entries of the given accounts, newest first; `from` is inclusive and `to` exclusive. */
export async function findEntries(db: Kysely<DB>, filter: HistoryFilter): Promise<{ rows: HistoryRow[]; totalCount: number }> {
  if (filter.accountIds.length === 0) return { rows: [], totalCount: 0 };
  let base = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .where('e.account_id', 'in', filter.accountIds);
  if (filter.codes && filter.codes.length > 0) base = base.where('e.code', 'in', filter.codes);
  if (filter.from) base = base.where('e.created_at', '>=', filter.from);
  if (filter.to) base = base.where('e.created_at', '<', filter.to);
  const count = await base.select(sql<number>`count(*)::bigint`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'e.id as id',
      'e.transfer_id as transferId',
      'e.account_id as accountId',
      'e.amount as amount',
      'e.balance_before as balanceBefore',
      'e.balance_after as balanceAfter',
      'e.code as code',
      'e.created_at as createdAt',
      'a.kind as accountKind',
      'a.currency as currency',
      't.reference_type as referenceType',
      't.reference_id as referenceId',
      't.note as note',
    ])
    .orderBy('e.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows: rows.map(trimCurrency), totalCount: count.total };
}

export type DailyTotalsFilter = {
  accountIds: readonly number[];
  /** Codes to sum; a reversal counts under the code of the transfer it reverses. */
  codes: readonly string[];
  from: Date;
  to?: Date | undefined;
  timeZone: string;
};

export type DailyTotalRow = { day: string; referenceType: string | null; code: string; total: number };

/**
 * Sums of the given accounts' entries per local day (in `timeZone`), reference type and code, for
 * `from` (inclusive) to `to` (exclusive). A reversal's entries are summed under the code of the
 * transfer they reverse, so a reversed payout nets its payout out.
 */
export async function findDailyTotals(db: Kysely<DB>, filter: DailyTotalsFilter): Promise<DailyTotalRow[]> {
  if (filter.accountIds.length === 0 || filter.codes.length === 0) return [];
  const upper = filter.to ? sql`AND e.created_at < ${filter.to}::timestamptz` : sql``;
  const result = await sql<{ day: string; reference_type: string | null; code: string; total: string }>`
    SELECT to_char(e.created_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day,
           t.reference_type,
           CASE WHEN e.code = 'reversal' THEN o.code ELSE e.code END AS code,
           sum(e.amount)::text AS total
      FROM ledger_entries e
      JOIN ledger_transfers t ON t.id = e.transfer_id
      LEFT JOIN ledger_transfers o ON o.id = t.reverses_transfer_id
     WHERE e.account_id IN (${sql.join(filter.accountIds.map((id) => sql`${id}::bigint`))})
       AND e.created_at >= ${filter.from}::timestamptz ${upper}
       AND (CASE WHEN e.code = 'reversal' THEN o.code ELSE e.code END) IN (${sql.join(filter.codes.map((c) => sql`${c}`))})
     GROUP BY 1, 2, 3
     ORDER BY 1 DESC`.execute(db);
  return result.rows.map((r) => ({ day: r.day, referenceType: r.reference_type, code: r.code, total: Number(r.total) }));
}

const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

function sqlStateOf(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

/**
 * A one-statement write that wrote nothing for a reason the transactional path resolves: the key is
 * taken, or the statement was chosen as a deadlock victim (a duplicate of its key running on the
 * transactional path takes the key before the member row, the one-statement path the other way round).
 */
function isFallbackError(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state === UNIQUE_VIOLATION || state === DEADLOCK_DETECTED;
}

export function isDeadlock(err: unknown): boolean {
  return sqlStateOf(err) === DEADLOCK_DETECTED;
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
    if (isFallbackError(err)) return undefined;
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
    if (isFallbackError(err)) return undefined;
    throw err;
  }
}

const FOREIGN_KEY_VIOLATION = '23503';

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
    if (isFallbackError(err) || sqlStateOf(err) === FOREIGN_KEY_VIOLATION) return undefined;
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
    if (isFallbackError(err)) return undefined;
    throw err;
  }
}

/**
 * Stakes the house took from a member's accounts in [from, to): direct `bet` debits plus posted
 * reservations whose post was a `bet`, counted by when the stake was placed. Voided stakes do not count.
 */
export async function sumStakes(db: Kysely<DB>, accountIds: readonly number[], from: Date, to: Date | null): Promise<number> {
  if (accountIds.length === 0) return 0;
  const upper = to ?? new Date('9999-12-31T00:00:00Z');
  const result = await sql<{ total: string }>`
    SELECT (
      coalesce((SELECT -sum(e.amount) FROM ledger_entries e
                 WHERE e.account_id IN (${sql.join(accountIds)}) AND e.code = 'bet' AND e.amount < 0
                   AND e.created_at >= ${from} AND e.created_at < ${upper}), 0)
      + coalesce((SELECT sum(r.amount) FROM ledger_reservations r JOIN ledger_transfers s ON s.id = r.settle_transfer_id
                   WHERE r.account_id IN (${sql.join(accountIds)}) AND r.status = 'posted' AND s.code = 'bet'
                     AND r.created_at >= ${from} AND r.created_at < ${upper}), 0)
    )::text AS total`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Members ranked by the sum of transfers of one code credited to their accounts in [from, to),
 * less the reversals of those transfers (a deposit corrected later does not count).
 */
export async function sumCreditsByMember(
  db: Kysely<DB>,
  filter: { merchantId: number; currency: string; code: string; from: Date; to: Date; limit: number },
): Promise<{ memberId: number; total: number }[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
    .leftJoin('ledger_transfers as r', 'r.reverses_transfer_id', 't.id')
    .select((eb) => ['a.member_id as memberId', eb.fn.sum<string>('t.amount').as('total')])
    .where('t.code', '=', filter.code)
    .where('a.merchant_id', '=', filter.merchantId)
    .where('a.currency', '=', filter.currency)
    .where('a.member_id', 'is not', null)
    .where('t.created_at', '>=', filter.from)
    .where('t.created_at', '<', filter.to)
    .where('r.id', 'is', null)
    .groupBy('a.member_id')
    .orderBy('total', 'desc')
    .orderBy('a.member_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), total: Number(r.total) }));
}

/** One reservation of a batch settlement: its settle key and request hash, its win and the win's key. */
export type BatchSettleItem = {
  reservationId: number;
  idempotencyKey: string;
  requestHash: string;
  payout: number;
  payoutIdempotencyKey: string;
};

/**
 * Locks the reservations of a batch in id order (so two batches over the same reservations queue
 * instead of deadlocking) and returns each with the key of the transfer that closed it, if any.
 */
export async function lockReservationsForBatch(
  trx: Kysely<DB>,
  ids: readonly number[],
): Promise<{ id: number; accountId: number; status: string; currency: string; settleKey: string | null; settleHash: string | null }[]> {
  if (ids.length === 0) return [];
  await sql`SELECT id FROM ledger_reservations WHERE id = ANY(${sql.val(ids)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  // A second statement: after waiting for a lock, only a new snapshot sees the transfer that closed the reservation.
  const result = await sql<{
    id: string;
    account_id: string;
    status: string;
    currency: string;
    settle_key: string | null;
    settle_hash: string | null;
  }>`
    SELECT r.id, r.account_id, r.status, r.currency, s.idempotency_key AS settle_key, s.request_hash AS settle_hash
      FROM ledger_reservations r
      LEFT JOIN ledger_transfers s ON s.id = r.settle_transfer_id
     WHERE r.id = ANY(${sql.val(ids)}::bigint[])`.execute(trx);
  return result.rows.map((row) => ({
    id: Number(row.id),
    accountId: Number(row.account_id),
    status: row.status,
    currency: row.currency.trim(),
    settleKey: row.settle_key,
    settleHash: row.settle_hash,
  }));
}

/** Locks member accounts in id order and returns their balances and whether they are system accounts. */
export async function lockAccountsForBatch(
  trx: Kysely<DB>,
  ids: readonly number[],
): Promise<{ id: number; balance: number; isSystem: boolean }[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ id: string; balance: string; is_system: boolean }>`
    SELECT id, balance, is_system FROM ledger_accounts WHERE id = ANY(${sql.val(ids)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  return result.rows.map((row) => ({ id: Number(row.id), balance: Number(row.balance), isSystem: row.is_system }));
}

/**
 * Settles many held reservations in one statement: each stake goes from escrow to the house
 * account and each win from the house account to the reservation's member account, with the same
 * transfers, keys and entries `settleToSystemInOneStatement` writes for one. A member account with
 * several wins in the batch is updated once; its entries carry the running balance in reservation
 * order. The caller has locked the reservations and member accounts (`lock…ForBatch`) and passes
 * only held ones. Returns how many reservations it closed.
 */
export async function settleManyToSystem(
  trx: Kysely<DB>,
  batch: {
    destinationAccountId: number;
    destinationCurrency: string;
    code: string | null;
    note: string | null;
    settledAt: Date;
    items: readonly BatchSettleItem[];
  },
): Promise<number> {
  if (batch.items.length === 0) return 0;
  const ids = batch.items.map((i) => i.reservationId);
  const keys = batch.items.map((i) => i.idempotencyKey);
  const hashes = batch.items.map((i) => i.requestHash);
  const payouts = batch.items.map((i) => i.payout);
  const payoutKeys = batch.items.map((i) => i.payoutIdempotencyKey);
  const at = batch.settledAt;
  const result = await sql<{ settled: string }>`
    WITH i AS (
      SELECT * FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(keys)}::text[], ${sql.val(hashes)}::text[],
                           ${sql.val(payouts)}::bigint[], ${sql.val(payoutKeys)}::text[]) AS i(rid, key, hash, payout, pkey)
    ), rp AS MATERIALIZED (
      SELECT res.id, res.account_id, res.amount, res.currency, coalesce(${batch.code}::text, res.code) AS code,
             res.reference_type, res.reference_id, rt.credit_account_id AS escrow_id, i.key, i.hash, i.payout, i.pkey,
             nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS tid,
             CASE WHEN i.payout > 0 THEN nextval(pg_get_serial_sequence('ledger_transfers', 'id')) END AS pid
        FROM i
        JOIN ledger_reservations res ON res.id = i.rid
        JOIN ledger_transfers rt ON rt.id = res.reserve_transfer_id
       WHERE res.status = 'held' AND res.currency = ${batch.destinationCurrency}
    ), t AS (
      INSERT INTO ledger_transfers
             (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT tid, escrow_id, ${batch.destinationAccountId}::bigint, amount, currency, code, key, hash, reference_type, reference_id, ${batch.note}::text, ${at}::timestamptz
        FROM rp
      UNION ALL
      SELECT pid, ${batch.destinationAccountId}::bigint, account_id, payout, currency, 'payout', pkey, hash, reference_type, reference_id, ${batch.note}::text, ${at}::timestamptz
        FROM rp WHERE payout > 0
      RETURNING id
    ), u AS (
      UPDATE ledger_reservations res
         SET status = 'posted', settle_transfer_id = rp.tid, settled_at = ${at}::timestamptz
        FROM rp
       WHERE res.id = rp.id
      RETURNING res.id
    ), bal AS (
      UPDATE ledger_accounts acc
         SET balance = acc.balance + s.total, version = acc.version + 1
        FROM (SELECT account_id, sum(payout) AS total FROM rp WHERE payout > 0 GROUP BY account_id) s
       WHERE acc.id = s.account_id AND acc.is_system = false
      RETURNING acc.id, acc.balance
    ), e AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      SELECT tid, escrow_id, -amount, NULL::bigint, NULL::bigint, code, ${at}::timestamptz FROM rp
      UNION ALL
      SELECT tid, ${batch.destinationAccountId}::bigint, amount, NULL::bigint, NULL::bigint, code, ${at}::timestamptz FROM rp
      UNION ALL
      SELECT pid, ${batch.destinationAccountId}::bigint, -payout, NULL::bigint, NULL::bigint, 'payout', ${at}::timestamptz FROM rp WHERE payout > 0
      UNION ALL
      SELECT w.pid, w.account_id, w.payout, w.after - w.payout, w.after, 'payout', ${at}::timestamptz
        FROM (
          SELECT rp.pid, rp.account_id, rp.payout,
                 bal.balance - (sum(rp.payout) OVER (PARTITION BY rp.account_id ORDER BY rp.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - rp.payout) AS after
            FROM rp JOIN bal ON bal.id = rp.account_id
           WHERE rp.payout > 0
        ) w
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM u)::text AS settled, (SELECT count(*) FROM t) AS transfers, (SELECT count(*) FROM e) AS entries`.execute(
    trx,
  );
  return Number(result.rows[0]?.settled ?? 0);
}
