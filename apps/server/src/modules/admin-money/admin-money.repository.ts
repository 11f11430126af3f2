import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type AdjustmentRow = {
  id: number;
  merchantId: number;
  memberId: number;
  memberUsername: string;
  wallet: 'main' | 'bonus' | 'agent';
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  reason: string;
  requestId: string;
  requestHash: string;
  status: 'requested' | 'approved' | 'rejected';
  needsApproval: boolean;
  requestedBy: number;
  decidedBy: number | null;
  decisionNote: string | null;
  ledgerTransferId: number | null;
  balanceAfter: number | null;
  createdAt: Date;
  decidedAt: Date | null;
};

function baseQuery(db: Executor) {
  return db
    .selectFrom('admin_adjustments as a')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'a.member_id')
    .select([
      'a.id',
      'a.merchant_id as merchantId',
      'a.member_id as memberId',
      'm.username as memberUsername',
      'a.wallet',
      'a.direction',
      'a.amount',
      'a.currency',
      'a.reason',
      'a.request_id as requestId',
      'a.request_hash as requestHash',
      'a.status',
      'a.needs_approval as needsApproval',
      'a.requested_by as requestedBy',
      'a.decided_by as decidedBy',
      'a.decision_note as decisionNote',
      'a.ledger_transfer_id as ledgerTransferId',
      'a.balance_after as balanceAfter',
      'a.created_at as createdAt',
      'a.decided_at as decidedAt',
    ]);
}

function trim(row: AdjustmentRow): AdjustmentRow {
  return { ...row, currency: row.currency.trim() };
}

/** Claims the merchant-wide request id; yields no id when it is taken (after a concurrent claim commits). */
export async function insertOnce(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    wallet: 'main' | 'bonus' | 'agent';
    direction: 'credit' | 'debit';
    amount: number;
    currency: string;
    reason: string;
    requestId: string;
    requestHash: string;
    needsApproval: boolean;
    requestedBy: number;
    createdAt: Date;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('admin_adjustments')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      wallet: row.wallet,
      direction: row.direction,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason,
      request_id: row.requestId,
      request_hash: row.requestHash,
      status: 'requested',
      needs_approval: row.needsApproval,
      requested_by: row.requestedBy,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findByRequestId(db: Executor, merchantId: number, requestId: string): Promise<AdjustmentRow | undefined> {
  const row = await baseQuery(db).where('a.merchant_id', '=', merchantId).where('a.request_id', '=', requestId).executeTakeFirst();
  return row && trim(row);
}

export async function findById(db: Executor, merchantId: number, id: number): Promise<AdjustmentRow | undefined> {
  const row = await baseQuery(db).where('a.merchant_id', '=', merchantId).where('a.id', '=', id).executeTakeFirst();
  return row && trim(row);
}

/** Locks the row so one decision at a time is taken on it. */
export async function lockById(db: Executor, merchantId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('admin_adjustments')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function markApproved(
  db: Executor,
  id: number,
  decision: { decidedBy: number | null; note: string | null; ledgerTransferId: number; balanceAfter: number | null; at: Date },
): Promise<void> {
  await db
    .updateTable('admin_adjustments')
    .set({
      status: 'approved',
      decided_by: decision.decidedBy,
      decision_note: decision.note,
      ledger_transfer_id: decision.ledgerTransferId,
      balance_after: decision.balanceAfter,
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
}

export async function markRejected(
  db: Executor,
  id: number,
  decision: { decidedBy: number; note: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('admin_adjustments')
    .set({ status: 'rejected', decided_by: decision.decidedBy, decision_note: decision.note, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
}

export async function findPage(
  db: Executor,
  filter: { merchantId: number; status?: string | undefined; memberId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: AdjustmentRow[]; totalCount: number }> {
  let query = baseQuery(db).where('a.merchant_id', '=', filter.merchantId);
  let count = db.selectFrom('admin_adjustments as a').where('a.merchant_id', '=', filter.merchantId);
  if (filter.status) {
    query = query.where('a.status', '=', filter.status as AdjustmentRow['status']);
    count = count.where('a.status', '=', filter.status as AdjustmentRow['status']);
  }
  if (filter.memberId) {
    query = query.where('a.member_id', '=', filter.memberId);
    count = count.where('a.member_id', '=', filter.memberId);
  }
  const total = await count.select(sql<number>`count(*)::bigint`.as('total')).executeTakeFirstOrThrow();
  const rows = await query.orderBy('a.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { rows: rows.map(trim), totalCount: Number(total.total) };
}
