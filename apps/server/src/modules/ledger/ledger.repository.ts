import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The ledger's rows and the single-row reads and writes of the locking path. Only the ledger's
 * repositories (this file, `ledger.one-statement.repository.ts`, `ledger.batch.repository.ts`,
 * `ledger.reads.repository.ts`) read or write the ledger tables. Every function takes the db or a
 * transaction first.
 */

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

export function trimCurrency<T extends { currency: string }>(row: T): T {
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
