import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import type { LocalisedNames, MallItemKind, MallOrderStatus } from './points.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type ItemRow = {
  id: number;
  merchantId: number;
  kind: MallItemKind;
  names: LocalisedNames;
  descriptions: LocalisedNames;
  imageUrl: string | null;
  pointsCost: number;
  cashAmount: number | null;
  promotionId: number | null;
  stock: number | null;
  limitPerMember: number | null;
  isEnabled: boolean;
  sortOrder: number;
  updatedAt: Date;
};

const ITEM_COLUMNS = [
  'id',
  'merchant_id as merchantId',
  'kind',
  'names',
  'descriptions',
  'image_url as imageUrl',
  'points_cost as pointsCost',
  'cash_amount as cashAmount',
  'promotion_id as promotionId',
  'stock',
  'limit_per_member as limitPerMember',
  'is_enabled as isEnabled',
  'sort_order as sortOrder',
  'updated_at as updatedAt',
] as const;

export type ItemValues = Omit<ItemRow, 'id' | 'merchantId' | 'updatedAt'>;

function itemColumns(values: ItemValues) {
  return {
    kind: values.kind,
    names: JSON.stringify(values.names),
    descriptions: JSON.stringify(values.descriptions),
    image_url: values.imageUrl,
    points_cost: values.pointsCost,
    cash_amount: values.cashAmount,
    promotion_id: values.promotionId,
    stock: values.stock,
    limit_per_member: values.limitPerMember,
    is_enabled: values.isEnabled,
    sort_order: values.sortOrder,
  };
}

export async function findItems(executor: Executor, merchantId: number, filter: { enabledOnly: boolean }): Promise<ItemRow[]> {
  let query = executor.selectFrom('point_mall_items').select(ITEM_COLUMNS).where('merchant_id', '=', merchantId);
  if (filter.enabledOnly) query = query.where('is_enabled', '=', true);
  return query.orderBy('sort_order').orderBy('id').execute();
}

export async function findItem(executor: Executor, merchantId: number, id: number): Promise<ItemRow | undefined> {
  return executor
    .selectFrom('point_mall_items')
    .select(ITEM_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertItem(executor: Executor, merchantId: number, values: ItemValues, at: Date): Promise<ItemRow> {
  return executor
    .insertInto('point_mall_items')
    .values({ merchant_id: merchantId, ...itemColumns(values), created_at: at, updated_at: at })
    .returning(ITEM_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateItem(
  executor: Executor,
  merchantId: number,
  id: number,
  values: ItemValues,
  at: Date,
): Promise<ItemRow | undefined> {
  // The units left move only by redeems, refunds and the stock ± call: an edit that still shows a
  // stock keeps the one stored (the operator's copy may be older than a redeem), and only switches
  // between a counted stock and none.
  const stock = values.stock === null ? null : sql<number>`COALESCE(stock, ${values.stock})`;
  return executor
    .updateTable('point_mall_items')
    .set({ ...itemColumns(values), stock, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returning(ITEM_COLUMNS)
    .executeTakeFirst();
}

/**
 * Takes `quantity` units of an enabled item in one conditional statement, which also locks the
 * item's row for the rest of the transaction (so the per-member limit read after it cannot race):
 * undefined when the item is missing, disabled or has fewer units left. An item without a stock
 * limit (null) is locked and left unlimited.
 */
export async function takeStock(trx: Transaction<DB>, merchantId: number, id: number, quantity: number): Promise<ItemRow | undefined> {
  return trx
    .updateTable('point_mall_items')
    .set({ stock: sql<number | null>`CASE WHEN stock IS NULL THEN NULL ELSE stock - ${quantity} END` })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('is_enabled', '=', true)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
    .returning(ITEM_COLUMNS)
    .executeTakeFirst();
}

/** Gives units back (a rejected order) or adds or removes them (the operator); never below zero. Undefined when refused. */
export async function addStock(executor: Executor, merchantId: number, id: number, delta: number): Promise<ItemRow | undefined> {
  return executor
    .updateTable('point_mall_items')
    .set({ stock: sql<number>`stock + ${delta}` })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .returning(ITEM_COLUMNS)
    .executeTakeFirst();
}

/** Units of each item a member holds in orders not rejected. */
export async function redeemedByMember(executor: Executor, memberId: number, itemIds: readonly number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('point_mall_orders')
    .select(['item_id', sql<string>`sum(quantity)::text`.as('n')])
    .where('member_id', '=', memberId)
    .where('item_id', 'in', itemIds)
    .where('status', '<>', 'rejected')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.n)]));
}

/** Units of each item of the merchant in orders not rejected. */
export async function redeemedTotals(executor: Executor, merchantId: number): Promise<Map<number, number>> {
  const rows = await executor
    .selectFrom('point_mall_orders')
    .select(['item_id', sql<string>`sum(quantity)::text`.as('n')])
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'rejected')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.n)]));
}

// Orders.

export type OrderRow = {
  id: number;
  merchantId: number;
  memberId: number;
  itemId: number;
  orderNo: string;
  requestId: string;
  kind: MallItemKind;
  productName: string;
  quantity: number;
  points: number;
  amount: number | null;
  currency: string;
  status: MallOrderStatus;
  address: string | null;
  mobile: string | null;
  remark: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const ORDER_COLUMNS = [
  'o.id',
  'o.merchant_id as merchantId',
  'o.member_id as memberId',
  'o.item_id as itemId',
  'o.order_no as orderNo',
  'o.request_id as requestId',
  'o.kind',
  'o.product_name as productName',
  'o.quantity',
  'o.points',
  'o.amount',
  'o.currency',
  'o.status',
  'o.address',
  'o.mobile',
  'o.remark',
  'o.created_at as createdAt',
  'o.decided_at as decidedAt',
] as const;

export async function insertOrder(
  trx: Transaction<DB>,
  row: Omit<OrderRow, 'id' | 'decidedAt' | 'remark'> & {
    spendTransferId: number;
    cashTransferId: number | null;
    grantId: number | null;
    decidedAt: Date | null;
  },
): Promise<OrderRow> {
  const inserted = await trx
    .insertInto('point_mall_orders')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      item_id: row.itemId,
      order_no: row.orderNo,
      request_id: row.requestId,
      kind: row.kind,
      product_name: row.productName,
      quantity: row.quantity,
      points: row.points,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      address: row.address,
      mobile: row.mobile,
      remark: null,
      spend_transfer_id: row.spendTransferId,
      cash_transfer_id: row.cashTransferId,
      grant_id: row.grantId,
      created_at: row.createdAt,
      decided_at: row.decidedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(inserted.id), remark: null };
}

export async function findOrderByRequest(executor: Executor, memberId: number, requestId: string): Promise<OrderRow | undefined> {
  return executor
    .selectFrom('point_mall_orders as o')
    .select(ORDER_COLUMNS)
    .where('o.member_id', '=', memberId)
    .where('o.request_id', '=', requestId)
    .executeTakeFirst();
}

export async function lockOrder(trx: Transaction<DB>, merchantId: number, id: number): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('point_mall_orders as o')
    .select(ORDER_COLUMNS)
    .where('o.merchant_id', '=', merchantId)
    .where('o.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function closeOrder(
  trx: Transaction<DB>,
  id: number,
  patch: { status: 'completed' | 'rejected'; remark: string | null; decidedBy: number; decidedAt: Date; refundTransferId: number | null },
): Promise<void> {
  await trx
    .updateTable('point_mall_orders')
    .set({
      status: patch.status,
      remark: patch.remark,
      decided_by: patch.decidedBy,
      decided_at: patch.decidedAt,
      refund_transfer_id: patch.refundTransferId,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

export async function findOrdersOfMember(
  executor: Executor,
  filter: { memberId: number; status?: MallOrderStatus | undefined; offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let base = executor.selectFrom('point_mall_orders as o').where('o.member_id', '=', filter.memberId);
  if (filter.status) base = base.where('o.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base.select(ORDER_COLUMNS).orderBy('o.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findOrdersOfMerchant(
  executor: Executor,
  filter: { merchantId: number; status?: MallOrderStatus | undefined; offset: number; limit: number },
): Promise<{ rows: (OrderRow & { username: string })[]; total: number }> {
  let base = executor
    .selectFrom('point_mall_orders as o')
    .innerJoin(publicMembers(executor).as('m'), 'm.id', 'o.member_id')
    .where('o.merchant_id', '=', filter.merchantId);
  if (filter.status) base = base.where('o.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .select([...ORDER_COLUMNS, 'm.username'])
      .orderBy('o.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findOrderOfMerchant(
  executor: Executor,
  merchantId: number,
  id: number,
): Promise<(OrderRow & { username: string }) | undefined> {
  return executor
    .selectFrom('point_mall_orders as o')
    .innerJoin(publicMembers(executor).as('m'), 'm.id', 'o.member_id')
    .select([...ORDER_COLUMNS, 'm.username'])
    .where('o.merchant_id', '=', merchantId)
    .where('o.id', '=', id)
    .executeTakeFirst();
}
