import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CallerTransferCode, TransferCode } from './ledger.codes.ts';
import type { ReservationRow } from './ledger.repository.ts';

/** The ledger's public inputs and results (re-exported by `ledger.service.ts`). */

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
  /** Only money in (credits) or out (debits). */
  direction?: 'in' | 'out' | undefined;
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
  /** Only money in (credits) or out (debits). */
  direction?: 'in' | 'out' | undefined;
  from: Date;
  to?: Date | undefined;
  timeZone: string;
};

/** `total` is the signed sum on the member's side; `count` the entries summed. */
export type DailyTotal = { day: string; referenceType: string | null; code: string; total: number; count: number };

export type HistoryPage = { list: HistoryItem[]; pageNo: number; pageSize: number; totalCount: number };

export type Db = Kysely<DB>;
/** The db or a transaction: what the ledger's internals run their statements on. */
export type Trx = Transaction<DB> | Kysely<DB>;

export function toReservation(row: ReservationRow): Reservation {
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
