import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import {
  type CallerTransferCode,
  ESCROW_ACCOUNT_KIND,
  isCallerTransferCode,
  isMemberAccountKind,
  isSystemAccountKind,
  LEDGER_OWN_CODES,
  type MemberAccountKind,
  reserveTransferCodeOf,
  type SystemAccountKind,
  type TransferCode,
  voidTransferCodeOf,
} from './ledger.codes.ts';
import * as repo from './ledger.repository.ts';

/** Longest idempotency key accepted; vendors' transaction ids fit easily. */
export const IDEMPOTENCY_KEY_LENGTH_MAX = 200;
export const NOTE_LENGTH_MAX = 500;
export const REFERENCE_LENGTH_MAX = 100;
export const HISTORY_PAGE_SIZE_MAX = 100;
/** Attempts of one standalone operation when PostgreSQL breaks a deadlock by aborting it. */
export const DEADLOCK_RETRY_COUNT_MAX = 3;
/** Account metadata (kind, owner, currency) never changes, so it is cached up to this many accounts. */
export const ACCOUNT_CACHE_SIZE_MAX = 50_000;
/**
 * Joins a settle's key and the suffix of its payout transfer's key. Caller keys may not contain
 * control characters, so no caller key can ever take the payout's key.
 */
const PAYOUT_KEY_SEPARATOR = '\u001f';

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export type Reference = { type: string; id: string };

export type TransferInput = {
  /** The account whose balance goes down (the transfer's debit account). */
  fromAccountId: number;
  /** The account whose balance goes up (the transfer's credit account). */
  toAccountId: number;
  amount: number;
  code: CallerTransferCode;
  idempotencyKey: string;
  reference?: Reference | undefined;
  note?: string | undefined;
};

export type TransferResult = {
  transferId: number;
  fromAccountId: number;
  toAccountId: number;
  amount: number;
  currency: string;
  code: TransferCode;
  reversesTransferId: number | null;
  createdAt: Date;
  /** Balances right after this transfer; null for system accounts, whose balances are rolled up later. */
  fromBalanceAfter: number | null;
  toBalanceAfter: number | null;
  /** True when the key had already been used with the same content: nothing moved this time. */
  isReplay: boolean;
};

export type ReserveInput = {
  /** The member account the stake is taken from. */
  accountId: number;
  amount: number;
  /** What the stake is for; it becomes the code of the post unless the post names another. */
  code?: CallerTransferCode | undefined;
  idempotencyKey: string;
  reference?: Reference | undefined;
};

export type Reservation = {
  reservationId: number;
  accountId: number;
  amount: number;
  currency: string;
  code: string;
  status: 'held' | 'posted' | 'voided';
  reserveTransferId: number;
  settleTransferId: number | null;
  createdAt: Date;
  settledAt: Date | null;
};

export type ReserveResult = Reservation & { balanceAfter: number | null; isReplay: boolean };

export type PostInput = {
  reservationId: number;
  /** Where the stake goes, e.g. the merchant's house_revenue account. */
  toAccountId: number;
  code?: CallerTransferCode | undefined;
  idempotencyKey: string;
  note?: string | undefined;
};

export type VoidInput = { reservationId: number; idempotencyKey: string; note?: string | undefined };

export type SettleResult = { reservation: Reservation; transfer: TransferResult };

export type SettleInput = {
  reservationId: number;
  /** The system account the stake is posted to and the win is paid from, e.g. the merchant's house_revenue. */
  toAccountId: number;
  /** The win credited to the reservation's member account (code `payout`); 0 when the round is lost. */
  payout: number;
  /** The code of the stake's post; defaults to the reservation's. */
  code?: CallerTransferCode | undefined;
  idempotencyKey: string;
  note?: string | undefined;
};

/** Many settlements to one house account, in the caller's transaction (a lottery draw's tickets). */
export type SettleManyInput = {
  toAccountId: number;
  code?: CallerTransferCode | undefined;
  note?: string | undefined;
  items: readonly { reservationId: number; payout: number; idempotencyKey: string }[];
};

/** `transfer` posts the stake; `payout` credits the win, null when the payout was 0. */
export type SettleAndPayResult = SettleResult & { payout: TransferResult | null };

/** A stake and its result together (a vendor's bet-and-win call): `reserve`, then `settle`, as one. */
export type ReserveAndSettleInput = ReserveInput & {
  /** The house account the stake is posted to and the win paid from. */
  toAccountId: number;
  /** The win, 0 when the round is lost. */
  payout: number;
  /** The settle's key; the reserve uses `idempotencyKey`. */
  settleIdempotencyKey: string;
};

export type ReserveAndSettleResult = { reserved: ReserveResult; settled: SettleAndPayResult };

export type ReverseInput = { transferId: number; idempotencyKey: string; note?: string | undefined };

export type MemberBalances = {
  currency: string;
  main: number;
  bonus: number;
  agent: number;
  /** Stakes reserved and not yet posted or voided; already taken out of main. */
  locked: number;
  /** What the player can use: main + bonus. */
  sum: number;
};

export type HistoryQuery = {
  memberId?: number | undefined;
  accountIds?: readonly number[] | undefined;
  currency?: string | undefined;
  codes?: readonly TransferCode[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
};

export type HistoryItem = {
  entryId: number;
  transferId: number;
  accountId: number;
  accountKind: string;
  currency: string;
  amount: number;
  balanceBefore: number | null;
  balanceAfter: number | null;
  code: string;
  referenceType: string | null;
  referenceId: string | null;
  note: string | null;
  createdAt: Date;
};

export type DailyTotalsQuery = {
  memberId: number;
  currency: string;
  codes: readonly TransferCode[];
  from: Date;
  to?: Date | undefined;
  timeZone: string;
};

/** `total` is the signed sum on the member's side. */
export type DailyTotal = { day: string; referenceType: string | null; code: string; total: number };

export type HistoryPage = { list: HistoryItem[]; pageNo: number; pageSize: number; totalCount: number };

type Db = Kysely<DB>;
type Trx = Transaction<DB> | Kysely<DB>;

export type LedgerService = ReturnType<typeof createLedgerService>;

/** The content a key stands for; two requests with one key must agree on every field of it. */
function requestHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function assertAmount(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new DomainError('invalid_amount', String(amount));
  }
}

/** A win may be 0 (a lost round); otherwise an amount like any other. */
export function assertPayout(payout: unknown): asserts payout is number {
  if (payout !== 0) assertAmount(payout);
}

export function payoutKeyOf(settleKey: string): string {
  return `${settleKey}${PAYOUT_KEY_SEPARATOR}payout`;
}

function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_LENGTH_MAX || hasControlCharacter(key)) {
    throw new DomainError('bad_request', 'idempotencyKey');
  }
}

function assertOptionalText(value: unknown, lengthMax: number, field: string): void {
  if (value !== undefined && (typeof value !== 'string' || value.length > lengthMax)) throw new DomainError('bad_request', field);
}

function assertReference(reference: Reference | undefined): void {
  if (reference === undefined) return;
  assertOptionalText(reference.type, REFERENCE_LENGTH_MAX, 'reference.type');
  assertOptionalText(reference.id, REFERENCE_LENGTH_MAX, 'reference.id');
}

function assertCallerCode(code: unknown): asserts code is CallerTransferCode {
  if (typeof code !== 'string' || !isCallerTransferCode(code)) throw new DomainError('bad_request', 'code');
}

function toReservation(row: repo.ReservationRow): Reservation {
  return {
    reservationId: row.id,
    accountId: row.accountId,
    amount: row.amount,
    currency: row.currency,
    code: row.code,
    status: row.status,
    reserveTransferId: row.reserveTransferId,
    settleTransferId: row.settleTransferId,
    createdAt: row.createdAt,
    settledAt: row.settledAt,
  };
}

/**
 * The double-entry ledger: the only writer of the ledger tables. Every operation is one SQL
 * transaction; pass `trx` to run it inside a caller's transaction so the caller's business record
 * commits or rolls back with the money. When an operation throws inside a caller's transaction, the
 * caller must roll that transaction back: the operation may have written part of its rows.
 */
export function createLedgerService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const accountCache = new Map<number, repo.AccountMeta>();
  const systemAccountIds = new Map<string, number>();

  function remember(meta: repo.AccountMeta): void {
    if (accountCache.size >= ACCOUNT_CACHE_SIZE_MAX) {
      const oldest = accountCache.keys().next();
      if (!oldest.done) accountCache.delete(oldest.value);
    }
    accountCache.set(meta.id, meta);
  }

  /**
   * Reads account metadata, from the cache when possible. A row the caller's transaction wrote
   * itself is not cached, as it might still be rolled back; any other row is committed, and an
   * account's metadata never changes. (A row written in a savepoint of the caller's transaction
   * is not told apart; if that savepoint rolls back, the cached id names no row, and any write to
   * it fails on its foreign keys: ids are never reused.)
   */
  async function accountsById(executor: Trx, ids: readonly number[], isInCallerTrx: boolean): Promise<Map<number, repo.AccountMeta>> {
    const found = new Map<number, repo.AccountMeta>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = accountCache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await repo.findAccountsByIds(executor, missing)) {
        const meta: repo.AccountMeta = {
          id: row.id,
          merchantId: row.merchantId,
          kind: row.kind,
          memberId: row.memberId,
          currency: row.currency,
          isSystem: row.isSystem,
          mayGoNegative: row.mayGoNegative,
        };
        found.set(meta.id, meta);
        if (!isInCallerTrx || !row.isOwnWrite) remember(meta);
      }
    }
    return found;
  }

  async function accountOrThrow(executor: Trx, id: number, isInCallerTrx: boolean, field: string): Promise<repo.AccountMeta> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('bad_request', field);
    const meta = (await accountsById(executor, [id], isInCallerTrx)).get(id);
    if (!meta) throw new DomainError('not_found', field);
    return meta;
  }

  /**
   * Runs `work` in the caller's transaction, or in a new one. A new one that PostgreSQL picks as a
   * deadlock victim (possible when duplicates of one key race on the two write paths) rolled back
   * whole, so it is simply run again; the retry then sees the winner's key and replays.
   */
  async function inTransaction<T>(trx: Transaction<DB> | undefined, work: (t: Trx) => Promise<T>): Promise<T> {
    if (trx) return work(trx);
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(work);
      } catch (err) {
        if (!repo.isDeadlock(err) || attempt >= DEADLOCK_RETRY_COUNT_MAX) throw err;
      }
    }
  }

  /**
   * Runs a one-statement write (`repo.*InOneStatement`, `repo.moveInOneStatement`) on its own, or
   * inside the caller's transaction behind a savepoint: such a statement fails whole when its key
   * is taken, and in a transaction that failure would abort the caller's work too. Rolled back to
   * the savepoint, the transaction goes on and the caller takes the locking path, which gives the
   * precise answer. Undefined means nothing was written.
   */
  async function inOneStatement<T>(trx: Transaction<DB> | undefined, write: (executor: Kysely<DB>) => Promise<T | undefined>) {
    if (!trx) return write(db);
    await sql`SAVEPOINT ledger_one_statement`.execute(trx);
    let written: T | undefined;
    try {
      written = await write(trx);
    } catch (err) {
      await sql`ROLLBACK TO SAVEPOINT ledger_one_statement`.execute(trx);
      await sql`RELEASE SAVEPOINT ledger_one_statement`.execute(trx);
      throw err;
    }
    if (written === undefined) await sql`ROLLBACK TO SAVEPOINT ledger_one_statement`.execute(trx);
    await sql`RELEASE SAVEPOINT ledger_one_statement`.execute(trx);
    return written;
  }

  /**
   * Get-or-create of a system account. The id is cached only when the row was read as committed
   * (outside a caller's transaction and not inserted by this call's own transaction).
   */
  async function systemAccountIn(
    executor: Trx,
    key: { merchantId: number; kind: SystemAccountKind; currency: string },
    isCacheable: boolean,
  ): Promise<repo.AccountRow> {
    if (!isSystemAccountKind(key.kind)) throw new DomainError('bad_request', 'kind');
    let row = await repo.findSystemAccount(executor, key);
    let isFresh = false;
    if (!row) {
      await repo.insertSystemAccountIfMissing(executor, key);
      row = await repo.findSystemAccount(executor, key);
      isFresh = true;
    }
    if (!row) throw new Error('system account vanished after insert');
    if (isCacheable && (!isFresh || executor === db)) systemAccountIds.set(`${key.merchantId}:${key.kind}:${key.currency}`, row.id);
    return row;
  }

  function ensureSystemAccount(key: { merchantId: number; kind: SystemAccountKind; currency: string }, trx?: Transaction<DB>) {
    return systemAccountIn(trx ?? db, key, trx === undefined);
  }

  async function escrowAccountId(merchantId: number, currency: string, executor: Trx, isCacheable: boolean): Promise<number> {
    const cached = systemAccountIds.get(`${merchantId}:${ESCROW_ACCOUNT_KIND}:${currency}`);
    if (cached !== undefined) return cached;
    return (await systemAccountIn(executor, { merchantId, kind: ESCROW_ACCOUNT_KIND, currency }, isCacheable)).id;
  }

  async function ensureMemberAccounts(
    owner: { merchantId: number; memberId: number; currency: string; kinds?: readonly MemberAccountKind[] },
    trx?: Transaction<DB>,
  ): Promise<Record<MemberAccountKind, repo.AccountRow | undefined>> {
    const kinds = owner.kinds ?? (['player_main', 'player_bonus'] as const);
    for (const kind of kinds) if (!isMemberAccountKind(kind)) throw new DomainError('bad_request', 'kind');
    const executor = trx ?? db;
    let rows = await repo.findMemberAccounts(executor, owner.memberId, owner.currency);
    const missing = kinds.filter((kind) => !rows.some((r) => r.kind === kind));
    if (missing.length > 0) {
      // Two callers may get here at once; the unique index keeps one row per kind and both read it.
      for (const kind of missing) {
        await repo.insertMemberAccountIfMissing(executor, {
          merchantId: owner.merchantId,
          memberId: owner.memberId,
          kind,
          currency: owner.currency,
        });
      }
      rows = await repo.findMemberAccounts(executor, owner.memberId, owner.currency);
    }
    const result: Record<MemberAccountKind, repo.AccountRow | undefined> = {
      player_main: undefined,
      player_bonus: undefined,
      agent_main: undefined,
    };
    for (const row of rows) if (isMemberAccountKind(row.kind)) result[row.kind] = row;
    return result;
  }

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

  function assertPair(from: repo.AccountMeta, to: repo.AccountMeta): void {
    if (from.id === to.id) throw new DomainError('bad_request', 'the two accounts are the same');
    if (from.currency !== to.currency) throw new DomainError('currency_mismatch');
  }

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
    const hash = requestHash([
      'transfer',
      from.id,
      to.id,
      input.amount,
      input.code,
      input.reference?.type ?? null,
      input.reference?.id ?? null,
      input.note ?? null,
    ]);
    if (from.isSystem !== to.isSystem) {
      const member = from.isSystem ? to : from;
      const system = from.isSystem ? from : to;
      const moved = await inOneStatement(trx, (executor) =>
        repo.moveInOneStatement(executor, {
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
      if (moved) {
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
    }
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
    const hash = requestHash(['reserve', account.id, input.amount, code, input.reference?.type ?? null, input.reference?.id ?? null]);
    {
      const moved = await inOneStatement(trx, (executor) =>
        repo.moveInOneStatement(executor, {
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
    }
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
      | (NonNullable<Awaited<ReturnType<typeof repo.postToSystemInOneStatement>>> & { payout?: repo.OneStatementPayout })
      | undefined = await inOneStatement(trx, (executor) =>
      input.payout === 0
        ? repo.postToSystemInOneStatement(executor, common)
        : repo.settleToSystemInOneStatement(executor, {
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

  /** Moves a held stake from escrow to its destination (a win for the house, say), exactly once. */
  async function post(input: PostInput, trx?: Transaction<DB>): Promise<SettleResult> {
    assertKey(input.idempotencyKey);
    if (input.code !== undefined) assertCallerCode(input.code);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    const isInCallerTrx = trx !== undefined;
    const hash = requestHash(['post', input.reservationId, input.toAccountId, input.code ?? null, input.note ?? null]);
    const posted = await postToSystemInOneStatement(input, hash, trx);
    if (posted) return posted;
    return closeReservation(trx, {
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
    const hash = requestHash(['void', input.reservationId, input.note ?? null]);
    return closeReservation(trx, {
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
    const hash = requestHash(['settle', input.reservationId, input.toAccountId, input.payout, input.code ?? null, input.note ?? null]);
    const fast = await settleToSystemInOneStatement(input, hash, trx);
    if (fast) return { ...fast.settled, payout: fast.payout };
    const closed = await closeReservation(trx, {
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
    const house =
      Number.isSafeInteger(input.toAccountId) && input.toAccountId > 0
        ? (await accountsById(trx ?? db, [input.toAccountId], isInCallerTrx)).get(input.toAccountId)
        : undefined;
    if (!account.isSystem && house?.isSystem && house.kind !== ESCROW_ACCOUNT_KIND && house.currency === account.currency) {
      const escrowId = await escrowAccountId(account.merchantId, account.currency, trx ?? db, !isInCallerTrx);
      const at = now();
      const reference = { type: input.reference?.type ?? null, id: input.reference?.id ?? null };
      const round = await inOneStatement(trx, (executor) =>
        repo.stakeAndSettleInOneStatement(executor, {
          memberAccountId: account.id,
          escrowAccountId: escrowId,
          houseAccountId: house.id,
          currency: account.currency,
          stake: input.amount,
          payout: input.payout,
          code,
          reserveTransferCode: reserveTransferCodeOf(code),
          reserveKey: input.idempotencyKey,
          reserveHash: requestHash(['reserve', account.id, input.amount, code, reference.type, reference.id]),
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
   * `settle` for many reservations at once, set-based, inside the caller's transaction: the same
   * transfers, keys, request hashes and entries as one `settle` call each, so either path replays
   * the other. Reservations are locked in id order, then the member accounts that win; a
   * reservation already closed by the same settlement is a replay and is skipped, one closed any
   * other way is `reservation_closed`, and a key reused with other content `idempotency_conflict`.
   * Returns how many reservations this call closed.
   */
  async function settleMany(input: SettleManyInput, trx: Transaction<DB>): Promise<{ settled: number; replayed: number }> {
    if (input.code !== undefined) assertCallerCode(input.code);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    if (input.items.length === 0) return { settled: 0, replayed: 0 };
    const seen = new Set<number>();
    const items = input.items.map((item) => {
      assertKey(item.idempotencyKey);
      assertPayout(item.payout);
      if (!Number.isSafeInteger(item.reservationId) || seen.has(item.reservationId)) throw new DomainError('bad_request', 'reservationId');
      seen.add(item.reservationId);
      return {
        reservationId: item.reservationId,
        idempotencyKey: item.idempotencyKey,
        requestHash: requestHash(['settle', item.reservationId, input.toAccountId, item.payout, input.code ?? null, input.note ?? null]),
        payout: item.payout,
        payoutIdempotencyKey: payoutKeyOf(item.idempotencyKey),
      };
    });
    const destination = await accountOrThrow(trx, input.toAccountId, true, 'toAccountId');
    // The wins are paid from where the stakes went, so that must be a house account.
    if (!destination.isSystem || destination.kind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'toAccountId');
    const reservations = new Map((await repo.lockReservationsForBatch(trx, [...seen])).map((r) => [r.id, r]));
    const held: typeof items = [];
    let replayed = 0;
    for (const item of items) {
      const reservation = reservations.get(item.reservationId);
      if (!reservation) throw new DomainError('not_found', 'reservationId');
      if (reservation.currency !== destination.currency) throw new DomainError('currency_mismatch', 'toAccountId');
      if (reservation.status === 'held') {
        held.push(item);
        continue;
      }
      if (reservation.settleKey !== item.idempotencyKey) throw new DomainError('reservation_closed');
      if (reservation.settleHash !== item.requestHash) throw new DomainError('idempotency_conflict', item.idempotencyKey);
      replayed += 1;
    }
    const winners = new Map<number, number>();
    for (const item of held) {
      if (item.payout === 0) continue;
      const accountId = reservations.get(item.reservationId)?.accountId ?? 0;
      winners.set(accountId, (winners.get(accountId) ?? 0) + item.payout);
    }
    for (const account of await repo.lockAccountsForBatch(trx, [...winners.keys()])) {
      if (account.isSystem) throw new DomainError('bad_request', 'reservationId');
      if (account.balance + (winners.get(account.id) ?? 0) > Number.MAX_SAFE_INTEGER) throw new DomainError('invalid_amount', 'payout');
    }
    const settled = await repo.settleManyToSystem(trx, {
      destinationAccountId: destination.id,
      destinationCurrency: destination.currency,
      code: input.code ?? null,
      note: input.note ?? null,
      settledAt: now(),
      items: held,
    });
    if (settled !== held.length) throw new Error(`settleMany closed ${settled} of ${held.length} held reservations`);
    return { settled, replayed };
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
    const isInCallerTrx = trx !== undefined;
    const hash = requestHash(['reverse', input.transferId, input.note ?? null]);
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

  /** The stored balance: exact for member accounts; for system accounts, as of the last roll-up. */
  async function balanceOf(accountId: number, trx?: Transaction<DB>): Promise<number> {
    const [row] = await repo.findAccountsByIds(trx ?? db, [accountId]);
    if (!row) throw new DomainError('not_found', 'accountId');
    return row.balance;
  }

  async function memberBalances(member: { memberId: number; currency: string }, trx?: Transaction<DB>): Promise<MemberBalances> {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, member.memberId, member.currency);
    const balanceOfKind = (kind: MemberAccountKind) => accounts.find((a) => a.kind === kind)?.balance ?? 0;
    const locked = await repo.sumHeldReservations(
      executor,
      accounts.map((a) => a.id),
    );
    const main = balanceOfKind('player_main');
    const bonus = balanceOfKind('player_bonus');
    return { currency: member.currency, main, bonus, agent: balanceOfKind('agent_main'), locked, sum: main + bonus };
  }

  /**
   * The stakes a member placed in [from, to) that the house took (wagering turnover): direct `bet`
   * debits and posted `bet` reservations of the member's accounts in the currency.
   */
  async function stakeTurnover(query: { memberId: number; currency: string; from: Date; to?: Date | null }, trx?: Transaction<DB>) {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, query.memberId, query.currency);
    return repo.sumStakes(
      executor,
      accounts.map((a) => a.id),
      query.from,
      query.to ?? null,
    );
  }

  /** A member's (or the given accounts') entries, newest first, filtered by codes and a time range. */
  async function history(query: HistoryQuery, trx?: Transaction<DB>): Promise<HistoryPage> {
    const executor = trx ?? db;
    const pageNo = query.pageNo ?? 1;
    const pageSize = Math.min(query.pageSize ?? 20, HISTORY_PAGE_SIZE_MAX);
    if (!Number.isSafeInteger(pageNo) || pageNo < 1) throw new DomainError('bad_request', 'pageNo');
    if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new DomainError('bad_request', 'pageSize');
    let accountIds = [...(query.accountIds ?? [])];
    if (query.memberId !== undefined) {
      const owned = await repo.findMemberAccounts(executor, query.memberId, query.currency);
      accountIds = query.accountIds ? accountIds.filter((id) => owned.some((a) => a.id === id)) : owned.map((a) => a.id);
    }
    const { rows, totalCount } = await repo.findEntries(executor, {
      accountIds,
      codes: query.codes,
      from: query.from,
      to: query.to,
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    return {
      list: rows.map((r) => ({
        entryId: r.id,
        transferId: r.transferId,
        accountId: r.accountId,
        accountKind: r.accountKind,
        currency: r.currency,
        amount: r.amount,
        balanceBefore: r.balanceBefore,
        balanceAfter: r.balanceAfter,
        code: r.code,
        referenceType: r.referenceType,
        referenceId: r.referenceId,
        note: r.note,
        createdAt: r.createdAt,
      })),
      pageNo,
      pageSize,
      totalCount,
    };
  }

  /**
   * A member's entries summed per local day, reference type and code (reversals under the code they
   * reverse), from `from` (inclusive) to `to` (exclusive, or now). Records and limits read this.
   */
  async function dailyTotals(query: DailyTotalsQuery, trx?: Transaction<DB>): Promise<DailyTotal[]> {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, query.memberId, query.currency);
    return repo.findDailyTotals(executor, {
      accountIds: accounts.map((a) => a.id),
      codes: query.codes,
      from: query.from,
      to: query.to,
      timeZone: query.timeZone,
    });
  }

  return {
    dailyTotals,
    transfer,
    reserveAndSettle,
    reserve,
    post,
    voidReservation,
    settle,
    settleMany,
    reverse,
    balanceOf,
    memberBalances,
    stakeTurnover,
    /** See repo.findBalanceFingerprints: compare two readings to learn whose balances moved. */
    balanceFingerprints: (memberIds: readonly number[]) => repo.findBalanceFingerprints(db, memberIds),
    history,
    ensureMemberAccounts,
    ensureSystemAccount,
    /** Members ranked by money credited to them with one code (deposits, say) in [from, to), reversals excluded. */
    rankMembersByCredits: (filter: { merchantId: number; currency: string; code: TransferCode; from: Date; to: Date; limit: number }) =>
      repo.sumCreditsByMember(db, filter),
    findReservation: async (reservationId: number, trx?: Transaction<DB>) => {
      const row = await repo.findReservationById(trx ?? db, reservationId);
      return row && toReservation(row);
    },
  };
}
