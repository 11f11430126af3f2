import type { WithdrawalConfirmation, WithdrawalStatus } from '@platform/contracts/withdrawals';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import { bankCardsForJoin } from '../bank-cards/bank-cards.service.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type WithdrawalRow = {
  id: number;
  merchantId: number;
  memberId: number;
  username: string;
  bankCardId: number;
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  currency: string;
  amount: number;
  fee: number;
  netAmount: number;
  status: WithdrawalStatus;
  netReservationId: number | null;
  feeReservationId: number | null;
  isKycRequired: boolean;
  rejectReason: string | null;
  disputeNote: string | null;
  confirmation: WithdrawalConfirmation | null;
  createdAt: Date;
  approvedAt: Date | null;
  approvedBy: number | null;
  rejectedAt: Date | null;
  rejectedBy: number | null;
  paidAt: Date | null;
  paidBy: number | null;
  confirmedAt: Date | null;
};

export function selectWithdrawals(db: Executor) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'w.member_id')
    .innerJoin(bankCardsForJoin(db).as('c'), 'c.id', 'w.bank_card_id')
    .select([
      'w.id',
      'w.merchant_id as merchantId',
      'w.member_id as memberId',
      'm.username',
      'w.bank_card_id as bankCardId',
      'c.bank_code as bankCode',
      'c.bank_name as bankName',
      'c.account_name as accountName',
      'c.account_number as accountNumber',
      'w.currency',
      'w.amount',
      'w.fee',
      'w.net_amount as netAmount',
      'w.status',
      'w.net_reservation_id as netReservationId',
      'w.fee_reservation_id as feeReservationId',
      'w.is_kyc_required as isKycRequired',
      'w.reject_reason as rejectReason',
      'w.dispute_note as disputeNote',
      'w.confirmation',
      'w.created_at as createdAt',
      'w.approved_at as approvedAt',
      'w.approved_by as approvedBy',
      'w.rejected_at as rejectedAt',
      'w.rejected_by as rejectedBy',
      'w.paid_at as paidAt',
      'w.paid_by as paidBy',
      'w.confirmed_at as confirmedAt',
    ]);
}

export type WithdrawalFilter = {
  merchantId: number;
  memberId?: number | undefined;
  username?: string | undefined;
  status?: WithdrawalStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** One page of a merchant's withdrawals, newest first, with the count of all that match. */
export async function pageWithdrawals(
  db: Executor,
  filter: WithdrawalFilter,
  window: { limit: number; offset: number },
): Promise<{ list: WithdrawalRow[]; totalCount: number }> {
  let query = selectWithdrawals(db).where('w.merchant_id', '=', filter.merchantId);
  if (filter.memberId !== undefined) query = query.where('w.member_id', '=', filter.memberId);
  if (filter.username !== undefined) {
    const username = filter.username.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['m.username']), '=', username));
  }
  if (filter.status !== undefined) query = query.where('w.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('w.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('w.created_at', '<', filter.to);
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query.orderBy('w.id', 'desc').limit(window.limit).offset(window.offset).execute();
  return { list: rows.map((r) => ({ ...r, currency: r.currency.trim() })), totalCount: Number(total.count) };
}

export function findById(db: Executor, id: number): Promise<WithdrawalRow | undefined> {
  return selectWithdrawals(db)
    .where('w.id', '=', id)
    .executeTakeFirst()
    .then((row) => row && { ...row, currency: row.currency.trim() });
}

/** The member's withdrawal made under a client request id, with the fingerprint of its content. */
export function findByRequest(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'request_hash as requestHash'])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Serialises one member's withdrawal requests, so the daily count and the KYC sum are exact. */
export async function lockMember(db: Executor, memberId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`withdrawals:${memberId}`}, 0))`.execute(db);
}

/** Requests since `from` that were not rejected. */
export async function countSince(db: Executor, memberId: number, from: Date): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When the member's last withdrawal was paid out (paid, confirmed or disputed), or null before the first. */
export async function lastPaidAt(db: Executor, memberId: number, exceptId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.max('paid_at').as('at'))
    .where('member_id', '=', memberId)
    .where('id', '<>', exceptId)
    .where('status', 'in', ['paid', 'confirmed_received', 'disputed'])
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** What the member has been paid out so far (paid, confirmed or disputed). */
export async function sumPaid(db: Executor, memberId: number, currency: string): Promise<number> {
  const row = await sql<{ total: string }>`
    SELECT coalesce(sum(amount), 0)::text AS total FROM withdrawals
     WHERE member_id = ${memberId} AND currency = ${currency} AND status IN ('paid', 'confirmed_received', 'disputed')`.execute(db);
  return Number(row.rows[0]?.total ?? 0);
}

export async function insert(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    bankCardId: number;
    currency: string;
    amount: number;
    fee: number;
    isKycRequired: boolean;
    createdAt: Date;
    requestId: string;
    requestHash: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('withdrawals')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      bank_card_id: row.bankCardId,
      currency: row.currency,
      amount: row.amount,
      fee: row.fee,
      net_amount: row.amount - row.fee,
      status: 'pending',
      is_kyc_required: row.isKycRequired,
      created_at: row.createdAt,
      request_id: row.requestId,
      request_hash: row.requestHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setReservations(db: Executor, id: number, net: number, fee: number | null): Promise<void> {
  await db.updateTable('withdrawals').set({ net_reservation_id: net, fee_reservation_id: fee }).where('id', '=', id).execute();
}

/**
 * Moves a withdrawal from one of `from` to `to` with the given columns, only if it is still in one
 * of `from`: the conditional update is what makes each transition happen once, however many
 * operators click at the same moment (the second waits for the first's commit and then matches
 * nothing).
 */
export async function transition(
  db: Executor,
  where: { id: number; merchantId?: number; memberId?: number },
  from: readonly WithdrawalStatus[],
  to: WithdrawalStatus,
  set: Partial<{
    approved_at: Date;
    approved_by: number | null;
    rejected_at: Date;
    rejected_by: number;
    reject_reason: string;
    paid_at: Date;
    paid_by: number;
    confirmed_at: Date;
    confirmation: WithdrawalConfirmation;
    dispute_note: string | null;
  }>,
): Promise<boolean> {
  let query = db
    .updateTable('withdrawals')
    .set({ ...set, status: to })
    .where('id', '=', where.id)
    .where('status', 'in', [...from]);
  if (where.merchantId !== undefined) query = query.where('merchant_id', '=', where.merchantId);
  if (where.memberId !== undefined) query = query.where('member_id', '=', where.memberId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasOpenOnCard(db: Executor, cardId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('bank_card_id', '=', cardId)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertProof(db: Executor, withdrawalId: number, proof: { contentType: string; bytes: Buffer; createdAt: Date }) {
  await db
    .insertInto('withdrawal_proofs')
    .values({
      withdrawal_id: withdrawalId,
      content_type: proof.contentType,
      size_bytes: proof.bytes.length,
      content: proof.bytes,
      created_at: proof.createdAt,
    })
    .execute();
}

export async function proofIdsOf(db: Executor, withdrawalIds: readonly number[]): Promise<Map<number, number[]>> {
  const byWithdrawal = new Map<number, number[]>();
  if (withdrawalIds.length === 0) return byWithdrawal;
  const rows = await db
    .selectFrom('withdrawal_proofs')
    .select(['id', 'withdrawal_id'])
    .where('withdrawal_id', 'in', [...withdrawalIds])
    .orderBy('id')
    .execute();
  for (const row of rows) byWithdrawal.set(row.withdrawal_id, [...(byWithdrawal.get(row.withdrawal_id) ?? []), row.id]);
  return byWithdrawal;
}

export function findProof(db: Executor, withdrawalId: number, proofId: number) {
  return db
    .selectFrom('withdrawal_proofs')
    .select(['content_type', 'content'])
    .where('id', '=', proofId)
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
}

/** Payouts of a merchant paid at or before `paidBefore` that the member has not confirmed. */
export function findUnconfirmedPaid(db: Executor, merchantId: number, paidBefore: Date, limit: number) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'member_id'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'paid')
    .where('paid_at', '<=', paidBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function merchantsWithPaid(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('withdrawals').select('merchant_id').distinct().where('status', '=', 'paid').execute();
  return rows.map((r) => r.merchant_id);
}

/** Marks every paid withdrawal of the member received ("all received"); answers their ids. */
export async function confirmAllPaidReceived(db: Executor, memberId: number, at: Date): Promise<{ id: number }[]> {
  return db
    .updateTable('withdrawals')
    .set({ status: 'confirmed_received', confirmation: 'all_received', confirmed_at: at })
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .returning('id')
    .execute();
}

/** Whether a pending or approved withdrawal of the member waits for an identity check. */
export async function hasOpenAwaitingKyc(db: Executor, memberId: number): Promise<boolean> {
  const open = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'approved'])
    .where('is_kyc_required', '=', true)
    .executeTakeFirst();
  return open !== undefined;
}

// Wagering requirements.

export async function insertWageringRequirement(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    currency: string;
    bonusAmount: number;
    multiplier: string;
    requiredTurnover: number;
    source: string;
    at: Date;
  },
): Promise<{ id: number }> {
  return db
    .insertInto('wagering_requirements')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      currency: row.currency,
      bonus_amount: row.bonusAmount,
      multiplier: row.multiplier,
      required_turnover: row.requiredTurnover,
      source: row.source,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The member's active requirements in the currency, oldest first. */
export async function findActiveWageringRequirements(
  db: Executor,
  member: { memberId: number; currency: string },
  limit: number,
): Promise<{ id: number; requiredTurnover: number; createdAt: Date }[]> {
  return db
    .selectFrom('wagering_requirements')
    .select(['id', 'required_turnover as requiredTurnover', 'created_at as createdAt'])
    .where('member_id', '=', member.memberId)
    .where('currency', '=', member.currency)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markWageringRequirementsMet(db: Executor, ids: readonly number[], at: Date): Promise<void> {
  await db
    .updateTable('wagering_requirements')
    .set({ status: 'met', met_at: at })
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .execute();
}
