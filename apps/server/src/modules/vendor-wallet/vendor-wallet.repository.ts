import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { PREPARED_STATEMENT_MARKER } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AuditRowInsert } from '../audit/audit.service.ts';
import type {
  VendorTransactionKind,
  VendorTransactionState,
  VendorTransferDirection,
  VendorTransferStatus,
  WalletStyle,
} from './vendor-wallet.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type IntegrationRow = {
  vendorCode: string;
  walletStyle: WalletStyle;
  apiSecret: string;
  apiBaseUrl: string | null;
  launchBaseUrl: string | null;
  isEnabled: boolean;
};

export async function findIntegration(db: Executor, vendorCode: string): Promise<IntegrationRow | undefined> {
  return db
    .selectFrom('vendor_integrations')
    .select([
      'vendor_code as vendorCode',
      'wallet_style as walletStyle',
      'api_secret as apiSecret',
      'api_base_url as apiBaseUrl',
      'launch_base_url as launchBaseUrl',
      'is_enabled as isEnabled',
    ])
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
}

export async function findIntegrations(db: Executor): Promise<IntegrationRow[]> {
  return db
    .selectFrom('vendor_integrations')
    .select([
      'vendor_code as vendorCode',
      'wallet_style as walletStyle',
      'api_secret as apiSecret',
      'api_base_url as apiBaseUrl',
      'launch_base_url as launchBaseUrl',
      'is_enabled as isEnabled',
    ])
    .orderBy('vendor_code')
    .execute();
}

/** Creates or updates an integration's style, secret and URLs; whether it is enabled stays an operator's choice. */
export async function upsertIntegration(db: Executor, row: IntegrationRow, at: Date): Promise<void> {
  await db
    .insertInto('vendor_integrations')
    .values({
      vendor_code: row.vendorCode,
      wallet_style: row.walletStyle,
      api_secret: row.apiSecret,
      api_base_url: row.apiBaseUrl,
      launch_base_url: row.launchBaseUrl,
      is_enabled: row.isEnabled,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('vendor_code').doUpdateSet({
        wallet_style: row.walletStyle,
        api_secret: row.apiSecret,
        api_base_url: row.apiBaseUrl,
        launch_base_url: row.launchBaseUrl,
        updated_at: at,
      }),
    )
    .execute();
}

export type VendorTransactionRow = {
  id: number;
  vendorCode: string;
  transactionId: string;
  kind: VendorTransactionKind;
  state: VendorTransactionState;
  requestHash: string;
  memberId: number | null;
  betRecordId: number | null;
  roundId: string | null;
  amount: number;
  reservationId: number | null;
  /** The bonus-funded part of a debit's stake and its reservation on `player_bonus` (ADR 0032). */
  bonusReservationId: number | null;
  bonusAmount: number;
  answer: Record<string, unknown> | null;
};

const TX_COLUMNS = [
  'id',
  'vendor_code as vendorCode',
  'transaction_id as transactionId',
  'kind',
  'state',
  'request_hash as requestHash',
  'member_id as memberId',
  'bet_record_id as betRecordId',
  'round_id as roundId',
  'amount',
  'reservation_id as reservationId',
  'bonus_reservation_id as bonusReservationId',
  'bonus_amount as bonusAmount',
  'answer',
] as const;

function toTx(raw: Record<string, unknown>): VendorTransactionRow {
  const row = raw as VendorTransactionRow;
  return {
    ...row,
    id: Number(row.id),
    memberId: row.memberId === null ? null : Number(row.memberId),
    betRecordId: row.betRecordId === null ? null : Number(row.betRecordId),
    amount: Number(row.amount),
    reservationId: row.reservationId === null ? null : Number(row.reservationId),
    bonusReservationId: row.bonusReservationId === null ? null : Number(row.bonusReservationId),
    bonusAmount: Number(row.bonusAmount),
  };
}

/**
 * Claims a vendor transaction id: inserts its row unless the id is taken. A concurrent claim of the
 * same id waits here for the other transaction, then finds the row taken. Returns the new row's id.
 */
export async function claimTransaction(
  db: Executor,
  row: {
    vendorCode: string;
    transactionId: string;
    kind: VendorTransactionKind;
    state: VendorTransactionState;
    requestHash: string;
    memberId: number | null;
    roundId: string | null;
    amount: number;
    answer?: Record<string, unknown> | undefined;
    at: Date;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('vendor_transactions')
    .values({
      vendor_code: row.vendorCode,
      transaction_id: row.transactionId,
      kind: row.kind,
      state: row.state,
      request_hash: row.requestHash,
      member_id: row.memberId,
      round_id: row.roundId,
      amount: row.amount,
      answer: row.answer === undefined ? null : JSON.stringify(row.answer),
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['vendor_code', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : Number(inserted.id);
}

export async function findTransaction(
  db: Executor,
  key: { vendorCode: string; transactionId: string },
  options: { isForUpdate: boolean },
): Promise<VendorTransactionRow | undefined> {
  let query = db
    .selectFrom('vendor_transactions')
    .select(TX_COLUMNS)
    .where('vendor_code', '=', key.vendorCode)
    .where('transaction_id', '=', key.transactionId);
  if (options.isForUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toTx(raw);
}

export async function findHeldDebitsOfRound(db: Executor, betRecordId: number): Promise<VendorTransactionRow[]> {
  const rows = await db
    .selectFrom('vendor_transactions')
    .select(TX_COLUMNS)
    .where('bet_record_id', '=', betRecordId)
    .where('state', '=', 'held')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(toTx);
}

/** The stakes of a round that settled with it (debits and bet-and-wins), oldest first. */
export async function findSettledStakesOfRound(db: Executor, betRecordId: number): Promise<VendorTransactionRow[]> {
  const rows = await db
    .selectFrom('vendor_transactions')
    .select(TX_COLUMNS)
    .where('bet_record_id', '=', betRecordId)
    .where('kind', 'in', ['debit', 'bet_win'])
    .where('state', 'in', ['settled', 'done'])
    .orderBy('id')
    .execute();
  return rows.map(toTx);
}

export async function updateTransaction(
  db: Executor,
  id: number,
  values: Partial<{
    state: VendorTransactionState;
    betRecordId: number | null;
    reservationId: number | null;
    bonusReservationId: number | null;
    bonusAmount: number;
    answer: Record<string, unknown> | null;
  }>,
  /**
   * Written by the same statement (one round trip for all): an audit row, and other rows of the
   * call (held debits it settled) marked `settled`.
   */
  along: { audit?: AuditRowInsert | undefined; settledIds?: readonly number[] } = {},
): Promise<void> {
  const { audit, settledIds = [] } = along;
  const set = {
    ...(values.state !== undefined ? { state: values.state } : {}),
    ...(values.betRecordId !== undefined ? { bet_record_id: values.betRecordId } : {}),
    ...(values.reservationId !== undefined ? { reservation_id: values.reservationId } : {}),
    ...(values.bonusReservationId !== undefined ? { bonus_reservation_id: values.bonusReservationId } : {}),
    ...(values.bonusAmount !== undefined ? { bonus_amount: values.bonusAmount } : {}),
    ...(values.answer !== undefined ? { answer: values.answer === null ? null : JSON.stringify(values.answer) } : {}),
  };
  // A row is updated once per statement: the other rows never include this one.
  if (settledIds.includes(id)) throw new Error('a transaction cannot be settled by its own update');
  if (audit && settledIds.length > 0) {
    await db
      .with('audit_row', () => audit)
      .with('settled_rows', (qc) =>
        qc
          .updateTable('vendor_transactions')
          .set({ state: 'settled' })
          .where('id', 'in', [...settledIds]),
      )
      .updateTable('vendor_transactions')
      .set(set)
      .where('id', '=', id)
      .execute();
    return;
  }
  if (audit) {
    await db
      .with('audit_row', () => audit)
      .updateTable('vendor_transactions')
      .set(set)
      .where('id', '=', id)
      .execute();
    return;
  }
  if (settledIds.length > 0) {
    await db
      .updateTable('vendor_transactions')
      .set({ state: 'settled' })
      .where('id', 'in', [...settledIds])
      .execute();
  }
  await db.updateTable('vendor_transactions').set(set).where('id', '=', id).execute();
}

/** What a debit or a credit sends to its SQL function (`vendor_wallet_debit`, `vendor_wallet_credit`, ADR 0041). */
export type OneStatementCall = {
  tokenHash: string;
  vendorCode: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: number;
  outcome: unknown;
  /** Whether the balance answered counts the bonus money a stake could draw on. */
  withBonus: boolean;
  at: Date;
};

/**
 * The two calls' statements, written once: no query is built per call, and on PostgreSQL each runs
 * as a named prepared statement (parsed and planned once per connection).
 */
const DEBIT_STATEMENT = `${PREPARED_STATEMENT_MARKER}
  SELECT vendor_wallet_debit($1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::jsonb, $8::text, $9::integer, $10::boolean,
    $11::timestamptz) AS answer`;
const CREDIT_STATEMENT = `${PREPARED_STATEMENT_MARKER}
  SELECT vendor_wallet_credit($1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::jsonb, $8::boolean, $9::timestamptz) AS answer`;

type Answered = { answer: Record<string, unknown> | null };

/**
 * A debit in one statement (its own transaction): the answer, stored under the transaction id; null
 * when the call is left to the service's path (nothing written). Throws when the function undid its
 * writes for that path (`isServicePathRequested`) or the statement failed.
 */
export async function debitInOneStatement(
  db: Kysely<DB>,
  call: OneStatementCall & { referencePrefix: string; trialAccountType: number },
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.executeQuery<Answered>(
    CompiledQuery.raw(DEBIT_STATEMENT, [
      call.tokenHash,
      call.vendorCode,
      call.transactionId,
      call.roundId,
      call.gameCode,
      call.amount,
      jsonOrNull(call.outcome),
      call.referencePrefix,
      call.trialAccountType,
      call.withBonus,
      call.at,
    ]),
  );
  return rows[0]?.answer ?? null;
}

/** A credit in one statement, as `debitInOneStatement`. */
export async function creditInOneStatement(db: Kysely<DB>, call: OneStatementCall): Promise<Record<string, unknown> | null> {
  const { rows } = await db.executeQuery<Answered>(
    CompiledQuery.raw(CREDIT_STATEMENT, [
      call.tokenHash,
      call.vendorCode,
      call.transactionId,
      call.roundId,
      call.gameCode,
      call.amount,
      jsonOrNull(call.outcome),
      call.withBonus,
      call.at,
    ]),
  );
  return rows[0]?.answer ?? null;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

// Transfer-style wallets.

export type WalletTransferRow = {
  id: number;
  transferId: string;
  requestKey: string;
  requestHash: string;
  merchantId: number;
  memberId: number;
  vendorCode: string;
  direction: VendorTransferDirection;
  amount: number;
  currency: string;
  status: VendorTransferStatus;
  reservationId: number | null;
  checkCount: number;
  lastError: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

const TRANSFER_COLUMNS = [
  'id',
  'transfer_id as transferId',
  'request_key as requestKey',
  'request_hash as requestHash',
  'merchant_id as merchantId',
  'member_id as memberId',
  'vendor_code as vendorCode',
  'direction',
  'amount',
  'currency',
  'status',
  'reservation_id as reservationId',
  'check_count as checkCount',
  'last_error as lastError',
  'created_at as createdAt',
  'settled_at as settledAt',
] as const;

function toTransfer(raw: Record<string, unknown>): WalletTransferRow {
  const row = raw as WalletTransferRow;
  return {
    ...row,
    id: Number(row.id),
    merchantId: Number(row.merchantId),
    memberId: Number(row.memberId),
    amount: Number(row.amount),
    reservationId: row.reservationId === null ? null : Number(row.reservationId),
    checkCount: Number(row.checkCount),
  };
}

export async function insertTransferIfMissing(
  db: Executor,
  row: Omit<WalletTransferRow, 'id' | 'checkCount' | 'lastError' | 'settledAt' | 'status' | 'reservationId'> & {
    reservationId: number | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('vendor_wallet_transfers')
    .values({
      transfer_id: row.transferId,
      request_key: row.requestKey,
      request_hash: row.requestHash,
      merchant_id: row.merchantId,
      member_id: row.memberId,
      vendor_code: row.vendorCode,
      direction: row.direction,
      amount: row.amount,
      currency: row.currency,
      status: 'pending',
      reservation_id: row.reservationId,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findTransferByRequestKey(db: Executor, requestKey: string): Promise<WalletTransferRow | undefined> {
  const raw = await db
    .selectFrom('vendor_wallet_transfers')
    .select(TRANSFER_COLUMNS)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  return raw && toTransfer(raw);
}

export async function findTransferById(
  db: Executor,
  transferId: string,
  options: { isForUpdate: boolean },
): Promise<WalletTransferRow | undefined> {
  let query = db.selectFrom('vendor_wallet_transfers').select(TRANSFER_COLUMNS).where('transfer_id', '=', transferId);
  if (options.isForUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toTransfer(raw);
}

export async function findPendingTransfers(db: Executor, filter: { createdBefore: Date; limit: number }): Promise<WalletTransferRow[]> {
  const rows = await db
    .selectFrom('vendor_wallet_transfers')
    .select(TRANSFER_COLUMNS)
    .where('status', '=', 'pending')
    .where('created_at', '<', filter.createdBefore)
    .orderBy('created_at')
    .limit(filter.limit)
    .execute();
  return rows.map(toTransfer);
}

export async function updateTransfer(
  db: Executor,
  id: number,
  values: { status?: VendorTransferStatus; lastError?: string | null; isChecked?: boolean; settledAt?: Date | null; at: Date },
): Promise<void> {
  await db
    .updateTable('vendor_wallet_transfers')
    .set((eb) => ({
      ...(values.status !== undefined ? { status: values.status } : {}),
      ...(values.lastError !== undefined ? { last_error: values.lastError } : {}),
      ...(values.settledAt !== undefined ? { settled_at: values.settledAt } : {}),
      ...(values.isChecked ? { check_count: eb('check_count', '+', 1) } : {}),
      updated_at: values.at,
    }))
    .where('id', '=', id)
    .execute();
}

type VendorPlayerRow = {
  vendorCode: string;
  playerId: string;
  merchantId: number;
  memberId: number;
  username: string;
  currency: string;
};

/** Remembers who a vendor's player id is; the first transfer writes it, later ones find it there. */
export async function insertPlayerIfMissing(db: Executor, row: VendorPlayerRow, at: Date): Promise<void> {
  await db
    .insertInto('vendor_players')
    .values({
      vendor_code: row.vendorCode,
      player_id: row.playerId,
      merchant_id: row.merchantId,
      member_id: row.memberId,
      username: row.username,
      currency: row.currency,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['vendor_code', 'player_id']).doNothing())
    .execute();
}

/** The members behind a vendor's player ids (ids never seen in a transfer are left out). */
export async function findPlayers(db: Executor, vendorCode: string, playerIds: readonly string[]): Promise<VendorPlayerRow[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('vendor_players')
    .select([
      'vendor_code as vendorCode',
      'player_id as playerId',
      'merchant_id as merchantId',
      'member_id as memberId',
      'username',
      'currency',
    ])
    .where('vendor_code', '=', vendorCode)
    .where('player_id', 'in', [...new Set(playerIds)])
    .execute();
  return rows.map((r) => ({ ...r, merchantId: Number(r.merchantId), memberId: Number(r.memberId) }));
}

/** The vendors a member has moved money into (the only ones that can hold money of theirs). */
export async function findVendorsOfMember(db: Executor, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom('vendor_players').select('vendor_code').where('member_id', '=', memberId).execute();
  return rows.map((r) => r.vendor_code);
}

type BetFeedRow = { vendorCode: string; watermark: Date; roundsRecorded: number; lastRunAt: Date | null; lastError: string | null };

export async function findBetFeed(db: Executor, vendorCode: string): Promise<BetFeedRow | undefined> {
  const row = await db
    .selectFrom('vendor_bet_feeds')
    .select([
      'vendor_code as vendorCode',
      'watermark',
      'rounds_recorded as roundsRecorded',
      'last_run_at as lastRunAt',
      'last_error as lastError',
    ])
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
  return row && { ...row, roundsRecorded: Number(row.roundsRecorded) };
}

/** Starts a vendor's feed at `watermark` unless it has one. */
export async function insertBetFeedIfMissing(db: Executor, vendorCode: string, watermark: Date, at: Date): Promise<void> {
  await db
    .insertInto('vendor_bet_feeds')
    .values({ vendor_code: vendorCode, watermark, updated_at: at })
    .onConflict((oc) => oc.column('vendor_code').doNothing())
    .execute();
}

/** Moves the watermark forward (never back: two runs at once leave the later one) and counts the new rounds. */
export async function advanceBetFeed(db: Executor, vendorCode: string, watermark: Date, recorded: number, at: Date): Promise<void> {
  await db
    .updateTable('vendor_bet_feeds')
    .set((eb) => ({
      watermark: sql<Date>`greatest(${eb.ref('watermark')}, ${watermark}::timestamptz)`,
      rounds_recorded: sql<number>`${eb.ref('rounds_recorded')} + ${recorded}`,
      last_run_at: at,
      last_error: null,
      updated_at: at,
    }))
    .where('vendor_code', '=', vendorCode)
    .execute();
}

/** Notes a run that stopped (the watermark stays where every round before it is recorded). */
export async function noteBetFeedError(db: Executor, vendorCode: string, error: string, at: Date): Promise<void> {
  await db
    .updateTable('vendor_bet_feeds')
    .set({ last_error: error.slice(0, 500), last_run_at: at, updated_at: at })
    .where('vendor_code', '=', vendorCode)
    .execute();
}
