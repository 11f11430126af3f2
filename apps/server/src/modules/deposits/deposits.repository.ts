import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { LocalisedText } from '../../lib/localised-text.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import type { DepositChannelType, DepositOrderStatus } from './deposits.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type ChannelRow = {
  id: number;
  merchantId: number;
  type: DepositChannelType;
  name: string;
  names: LocalisedText;
  currency: string;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
  gatewayCode: string | null;
  minAmount: number;
  maxAmount: number;
  isEnabled: boolean;
  sort: number;
  tutorialVi: string;
  tutorialEn: string;
  createdAt: Date;
  updatedAt: Date;
};

export type ChannelValues = Omit<ChannelRow, 'id' | 'merchantId' | 'createdAt' | 'updatedAt'>;

export type OrderRow = {
  id: number;
  merchantId: number;
  memberId: number;
  channelId: number;
  type: DepositChannelType;
  referenceCode: string;
  currency: string;
  amount: number;
  creditedAmount: number | null;
  status: DepositOrderStatus;
  gatewayCode: string | null;
  gatewayTxId: string | null;
  redirectUrl: string | null;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
  ledgerTransferId: number | null;
  rejectReason: string | null;
  decidedByAdminId: number | null;
  createdAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
  lastCheckedAt: Date | null;
};

export type AdminOrderRow = OrderRow & { username: string };

const CHANNEL_COLUMNS = [
  'deposit_channels.id',
  'deposit_channels.merchant_id as merchantId',
  'deposit_channels.type',
  'deposit_channels.name',
  'deposit_channels.names',
  'deposit_channels.currency',
  'deposit_channels.bank_name as bankName',
  'deposit_channels.bank_account_name as bankAccountName',
  'deposit_channels.bank_account_number as bankAccountNumber',
  'deposit_channels.bank_branch as bankBranch',
  'deposit_channels.gateway_code as gatewayCode',
  'deposit_channels.min_amount as minAmount',
  'deposit_channels.max_amount as maxAmount',
  'deposit_channels.is_enabled as isEnabled',
  'deposit_channels.sort',
  'deposit_channels.tutorial_vi as tutorialVi',
  'deposit_channels.tutorial_en as tutorialEn',
  'deposit_channels.created_at as createdAt',
  'deposit_channels.updated_at as updatedAt',
] as const;

const ORDER_COLUMNS = [
  'deposit_orders.id',
  'deposit_orders.merchant_id as merchantId',
  'deposit_orders.member_id as memberId',
  'deposit_orders.channel_id as channelId',
  'deposit_orders.type',
  'deposit_orders.reference_code as referenceCode',
  'deposit_orders.currency',
  'deposit_orders.amount',
  'deposit_orders.credited_amount as creditedAmount',
  'deposit_orders.status',
  'deposit_orders.gateway_code as gatewayCode',
  'deposit_orders.gateway_tx_id as gatewayTxId',
  'deposit_orders.redirect_url as redirectUrl',
  'deposit_orders.bank_name as bankName',
  'deposit_orders.bank_account_name as bankAccountName',
  'deposit_orders.bank_account_number as bankAccountNumber',
  'deposit_orders.bank_branch as bankBranch',
  'deposit_orders.ledger_transfer_id as ledgerTransferId',
  'deposit_orders.reject_reason as rejectReason',
  'deposit_orders.decided_by_admin_id as decidedByAdminId',
  'deposit_orders.created_at as createdAt',
  'deposit_orders.expires_at as expiresAt',
  'deposit_orders.completed_at as completedAt',
  'deposit_orders.last_checked_at as lastCheckedAt',
] as const;

function channelColumns(v: ChannelValues) {
  return {
    type: v.type,
    name: v.name,
    names: JSON.stringify(v.names),
    currency: v.currency,
    bank_name: v.bankName,
    bank_account_name: v.bankAccountName,
    bank_account_number: v.bankAccountNumber,
    bank_branch: v.bankBranch,
    gateway_code: v.gatewayCode,
    min_amount: v.minAmount,
    max_amount: v.maxAmount,
    is_enabled: v.isEnabled,
    sort: v.sort,
    tutorial_vi: v.tutorialVi,
    tutorial_en: v.tutorialEn,
  };
}

// Channels

export async function insertChannel(db: Executor, merchantId: number, values: ChannelValues, at: Date): Promise<ChannelRow> {
  const { id } = await db
    .insertInto('deposit_channels')
    .values({ merchant_id: merchantId, ...channelColumns(values), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findChannelById(db, merchantId, id))!;
}

export async function updateChannel(db: Executor, merchantId: number, id: number, values: ChannelValues, at: Date): Promise<void> {
  await db
    .updateTable('deposit_channels')
    .set({ ...channelColumns(values), updated_at: at })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
}

export async function deleteChannel(db: Executor, merchantId: number, id: number): Promise<void> {
  await db.deleteFrom('deposit_channels').where('id', '=', id).where('merchant_id', '=', merchantId).execute();
}

export async function findChannelById(
  db: Executor,
  merchantId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ChannelRow | undefined> {
  let query = db.selectFrom('deposit_channels').select(CHANNEL_COLUMNS).where('id', '=', id).where('merchant_id', '=', merchantId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findChannels(
  db: Executor,
  merchantId: number,
  filter: { isEnabled?: boolean; currency?: string } = {},
): Promise<ChannelRow[]> {
  let query = db.selectFrom('deposit_channels').select(CHANNEL_COLUMNS).where('merchant_id', '=', merchantId);
  if (filter.isEnabled !== undefined) query = query.where('is_enabled', '=', filter.isEnabled);
  if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function hasOrdersOfChannel(db: Executor, channelId: number): Promise<boolean> {
  const row = await db.selectFrom('deposit_orders').select('id').where('channel_id', '=', channelId).limit(1).executeTakeFirst();
  return row !== undefined;
}

// Orders

export type NewOrder = {
  merchantId: number;
  memberId: number;
  channelId: number;
  type: DepositChannelType;
  referenceCode: string;
  currency: string;
  amount: number;
  gatewayCode: string | null;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/** Inserts an order; returns undefined when the reference code is taken (the caller draws another). */
export async function insertOrder(db: Executor, order: NewOrder): Promise<number | undefined> {
  const row = await db
    .insertInto('deposit_orders')
    .values({
      merchant_id: order.merchantId,
      member_id: order.memberId,
      channel_id: order.channelId,
      type: order.type,
      reference_code: order.referenceCode,
      currency: order.currency,
      amount: order.amount,
      status: 'pending',
      gateway_code: order.gatewayCode,
      bank_name: order.bankName,
      bank_account_name: order.bankAccountName,
      bank_account_number: order.bankAccountNumber,
      bank_branch: order.bankBranch,
      created_at: order.createdAt,
      expires_at: order.expiresAt,
    })
    .onConflict((oc) => oc.column('reference_code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findOrderById(
  db: Executor,
  id: number,
  options: { forUpdate?: boolean; merchantId?: number } = {},
): Promise<OrderRow | undefined> {
  let query = db.selectFrom('deposit_orders').select(ORDER_COLUMNS).where('id', '=', id);
  if (options.merchantId !== undefined) query = query.where('merchant_id', '=', options.merchantId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findOrderByReferenceCode(
  db: Executor,
  referenceCode: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  let query = db.selectFrom('deposit_orders').select(ORDER_COLUMNS).where('reference_code', '=', referenceCode);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function countPendingOfMember(db: Executor, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type OrderPatch = Partial<{
  status: DepositOrderStatus;
  creditedAmount: number;
  gatewayTxId: string;
  redirectUrl: string;
  ledgerTransferId: number;
  rejectReason: string;
  decidedByAdminId: number;
  completedAt: Date;
  lastCheckedAt: Date;
}>;

export async function updateOrder(db: Executor, id: number, patch: OrderPatch): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.creditedAmount !== undefined ? { credited_amount: patch.creditedAmount } : {}),
      ...(patch.gatewayTxId !== undefined ? { gateway_tx_id: patch.gatewayTxId } : {}),
      ...(patch.redirectUrl !== undefined ? { redirect_url: patch.redirectUrl } : {}),
      ...(patch.ledgerTransferId !== undefined ? { ledger_transfer_id: patch.ledgerTransferId } : {}),
      ...(patch.rejectReason !== undefined ? { reject_reason: patch.rejectReason } : {}),
      ...(patch.decidedByAdminId !== undefined ? { decided_by_admin_id: patch.decidedByAdminId } : {}),
      ...(patch.completedAt !== undefined ? { completed_at: patch.completedAt } : {}),
      ...(patch.lastCheckedAt !== undefined ? { last_checked_at: patch.lastCheckedAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export type OrderFilter = {
  merchantId: number;
  memberId?: number | undefined;
  status?: DepositOrderStatus | undefined;
  type?: DepositChannelType | undefined;
  channelId?: number | undefined;
  username?: string | undefined;
  referenceCode?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export async function findOrders(
  db: Executor,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminOrderRow[]; totalCount: number }> {
  let query = db
    .selectFrom('deposit_orders')
    .innerJoin(publicMembers(db).as('members'), 'members.id', 'deposit_orders.member_id')
    .where('deposit_orders.merchant_id', '=', filter.merchantId);
  if (filter.memberId !== undefined) query = query.where('deposit_orders.member_id', '=', filter.memberId);
  if (filter.status !== undefined) query = query.where('deposit_orders.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('deposit_orders.type', '=', filter.type);
  if (filter.channelId !== undefined) query = query.where('deposit_orders.channel_id', '=', filter.channelId);
  if (filter.referenceCode !== undefined) query = query.where('deposit_orders.reference_code', '=', filter.referenceCode);
  if (filter.username !== undefined)
    query = query.where((eb) => eb(eb.fn('lower', ['members.username']), '=', filter.username!.toLowerCase()));
  if (filter.from !== undefined) query = query.where('deposit_orders.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('deposit_orders.created_at', '<', filter.to);
  const rows = await query
    .select([...ORDER_COLUMNS, 'members.username'])
    .orderBy('deposit_orders.created_at', 'desc')
    .orderBy('deposit_orders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return { rows, totalCount: Number(count.count) };
}

/** Gateway orders still pending that were not looked at since `checkedBefore`, oldest check first. */
export async function findOrdersToRecheck(db: Executor, createdBefore: Date, checkedBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('deposit_orders')
    .select(ORDER_COLUMNS)
    .where('status', '=', 'pending')
    .where('type', '=', 'gateway')
    .where('created_at', '<=', createdBefore)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<=', checkedBefore)]))
    .orderBy(sql`last_checked_at NULLS FIRST`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Bank-transfer orders still pending after their expiry time. */
export async function findExpiredBankOrders(db: Executor, at: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('deposit_orders')
    .select(ORDER_COLUMNS)
    .where('status', '=', 'pending')
    .where('type', '=', 'bank_transfer')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** The unique index on (gateway_code, gateway_tx_id) refused a write: the transaction id is another order's. */
export function isGatewayTxTaken(err: unknown): boolean {
  return isUniqueViolation(err, 'deposit_orders_gateway_tx_idx');
}

/** What the member's paid deposits credited, per currency (index deposit_orders_member_idx). */
export async function sumCreditedOfMember(db: Executor, memberId: number): Promise<{ currency: string; total: number; count: number }[]> {
  const rows = await db
    .selectFrom('deposit_orders')
    .select([
      'currency',
      sql<string>`coalesce(sum(coalesce(credited_amount, amount)), 0)::text`.as('total'),
      (eb) => eb.fn.countAll<string>().as('count'),
    ])
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency.trim(), total: Number(r.total), count: Number(r.count) }));
}

/** How many paid deposits each of `memberIds` has had (one read; members without any are left out). */
export async function countPaidOfMembers(db: Executor, memberIds: readonly number[]): Promise<{ memberId: number; count: number }[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('deposit_orders')
    .select(['member_id as memberId', (eb) => eb.fn.countAll<string>().as('count')])
    .where(sql<boolean>`member_id = ANY(${sql.val([...new Set(memberIds)])}::bigint[])`)
    .where('status', '=', 'paid')
    .groupBy('member_id')
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), count: Number(r.count) }));
}

/**
 * The merchant's paid deposit orders completed in [from, to), per local day (in `timeZone`) and
 * channel: how many and the amount credited (the back-office reports, modules/reports).
 */
export async function sumPaidByDayAndChannel(
  db: Executor,
  filter: { merchantId: number; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; channelId: number; channelName: string; type: string; count: number; amount: number; members: number }[]> {
  const result = await sql<{ day: string; channel_id: string; name: string; type: string; count: string; amount: string; members: string }>`
    SELECT to_char(o.completed_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day, o.channel_id::text AS channel_id, c.name, o.type,
           count(*)::text AS count, sum(coalesce(o.credited_amount, o.amount))::text AS amount, count(DISTINCT o.member_id)::text AS members
      FROM deposit_orders o JOIN deposit_channels c ON c.id = o.channel_id
     WHERE o.merchant_id = ${filter.merchantId} AND o.status = 'paid'
       AND o.completed_at >= ${filter.from}::timestamptz AND o.completed_at < ${filter.to}::timestamptz
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    channelId: Number(r.channel_id),
    channelName: r.name,
    type: r.type,
    count: Number(r.count),
    amount: Number(r.amount),
    members: Number(r.members),
  }));
}
