import { randomBytes } from 'node:crypto';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type {
  ExchangeRecord,
  MallItem,
  MallItemInput,
  MallItemKindName,
  MallOrderStatusName,
  RedeemRequest,
} from '@platform/contracts/points';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation, withTransactionRetry } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localised } from '../../lib/localised-text.ts';
import { utcDateOf } from '../../lib/time-format.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './point-mall.repository.ts';
import type { PointsCore } from './points.service.ts';

type Trx = Transaction<DB>;

/** The operator acting, as the admin plugin names it. */
export type Operator = { adminId: number; merchantId: number; ip: string };
/** The member redeeming. */
export type MallMember = { memberId: number; merchantId: number; currency: string };

/** A promotion's terms as the mall shows them: game points paid as its grant carry its wagering. */
export type PromotionTerms = { id: number; wageringMultiple: number; isActive: boolean };

export type PointMallDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  core: PointsCore;
  now: () => Date;
  /** The withdrawal (payment) password check, with its lock after wrong answers; refuses a member without one. */
  verifyPaymentPassword: (member: { memberId: number; merchantId: number }, plain: string) => Promise<unknown>;
  /** The promotions engine: the merchant's promotions' wagering terms, and a grant as a reward in the caller's transaction. */
  promotionTerms: (merchantId: number) => Promise<Map<number, PromotionTerms>>;
  grantBonus: (
    trx: Trx,
    input: { memberId: number; promotionId: number; amount: number; reference: string },
  ) => Promise<{ grantId: number }>;
};

/** Raised inside a redeem's transaction to roll it back and answer the request's committed twin instead. */
class TwinCommitted extends Error {
  constructor(readonly order: repo.OrderRow) {
    super('the same request was redeemed by a concurrent call');
  }
}

/** A transaction number a person can read out: `PM`, the date, then random letters and digits. */
function orderNoOf(at: Date): string {
  const date = utcDateOf(at).replaceAll('-', '');
  return `PM${date}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function presentRecord(row: repo.OrderRow): ExchangeRecord {
  return {
    transactionNo: row.orderNo,
    type: row.kind,
    productName: row.productName,
    quantity: row.quantity,
    pointsNeeded: Number(row.points),
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency.trim(),
    status: row.status,
    time: row.createdAt.toISOString(),
    remark: row.remark,
  };
}

/** The points mall: items, redeeming them with points, and the operator's fulfilment. */
export function createPointMall(deps: PointMallDeps) {
  const { db, ledger, core, now } = deps;

  // Member calls.

  async function itemsFor(member: MallMember, language: string): Promise<{ list: MallItem[]; balance: number }> {
    const [rows, balance, terms] = await Promise.all([
      repo.findItems(db, member.merchantId, { enabledOnly: true }),
      core.balanceOf(member),
      deps.promotionTerms(member.merchantId),
    ]);
    const mine = await repo.redeemedByMember(
      db,
      member.memberId,
      rows.map((r) => r.id),
    );
    const list = rows.map((row): MallItem => {
      const promotion = row.promotionId === null ? undefined : terms.get(Number(row.promotionId));
      return {
        id: Number(row.id),
        kind: row.kind,
        name: localised(row.names, language),
        description: localised(row.descriptions, language),
        imageUrl: row.imageUrl,
        pointsCost: Number(row.pointsCost),
        cashAmount: row.cashAmount === null ? null : Number(row.cashAmount),
        currency: member.currency,
        hasWagering: promotion !== undefined,
        wageringMultiple: promotion?.wageringMultiple ?? null,
        stock: row.stock,
        limitPerMember: row.limitPerMember,
        redeemedCount: mine.get(Number(row.id)) ?? 0,
      };
    });
    return { list, balance };
  }

  async function records(member: MallMember, query: { pageNo: number; pageSize: number; status?: MallOrderStatusName | undefined }) {
    const { rows, total } = await repo.findOrdersOfMember(db, {
      memberId: member.memberId,
      status: query.status,
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    return {
      list: rows.map(presentRecord),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
    };
  }

  function assertSameRequest(order: repo.OrderRow, input: RedeemRequest): void {
    if (Number(order.itemId) !== input.itemId || order.quantity !== input.quantity) throw new DomainError('idempotency_conflict');
  }

  async function redeemIn(
    trx: Trx,
    member: MallMember,
    input: RedeemRequest,
    kind: MallItemKindName,
    language: string,
  ): Promise<repo.OrderRow> {
    const earlier = await repo.findOrderByRequest(trx, member.memberId, input.requestId);
    if (earlier) {
      assertSameRequest(earlier, input);
      return earlier;
    }
    const item = await repo.takeStock(trx, member.merchantId, input.itemId, input.quantity);
    if (!item) {
      const found = await repo.findItem(trx, member.merchantId, input.itemId);
      throw new DomainError(found?.isEnabled && found.kind === kind ? 'mall_out_of_stock' : 'mall_item_unavailable');
    }
    if (item.kind !== kind) throw new DomainError('mall_item_unavailable');
    // A twin of this request that held the item's row before us has committed by now: answer it
    // (the throw rolls back the units just taken).
    const twin = await repo.findOrderByRequest(trx, member.memberId, input.requestId);
    if (twin) throw new TwinCommitted(twin);
    const address = input.address?.trim() ?? '';
    const mobile = input.mobile?.trim() ?? '';
    if (item.kind === 'gift' && (address === '' || mobile === '')) throw new DomainError('mall_delivery_required');
    if (item.limitPerMember !== null) {
      // The item's row is locked by takeStock: two redeems of one member cannot both pass this.
      const held = (await repo.redeemedByMember(trx, member.memberId, [item.id])).get(Number(item.id)) ?? 0;
      if (held + input.quantity > item.limitPerMember) throw new DomainError('mall_limit_reached');
    }
    const at = now();
    const orderNo = orderNoOf(at);
    const points = Number(item.pointsCost) * input.quantity;
    const accounts = await core.accountsOf(trx, member);
    const productName = localised(item.names, language);
    const spent = await ledger
      .transfer(
        {
          fromAccountId: accounts.points,
          toAccountId: accounts.pool,
          amount: points,
          code: 'points_spend',
          idempotencyKey: `points:order:${orderNo}:spend`,
          reference: { type: 'point_mall_order', id: orderNo },
          note: productName,
        },
        trx,
      )
      .catch((err: unknown) => {
        throw err instanceof DomainError && err.code === 'insufficient_funds' ? new DomainError('points_insufficient') : err;
      });
    let cashTransferId: number | null = null;
    let grantId: number | null = null;
    const amount = item.cashAmount === null ? null : Number(item.cashAmount) * input.quantity;
    if (amount !== null && item.promotionId !== null) {
      grantId = (
        await deps.grantBonus(trx, {
          memberId: member.memberId,
          promotionId: Number(item.promotionId),
          amount,
          reference: `point-mall:${orderNo}`,
        })
      ).grantId;
    } else if (amount !== null) {
      const owned = await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.memberId, currency: member.currency, kinds: ['player_main'] },
        trx,
      );
      const pool = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'bonus_pool', currency: member.currency }, trx);
      if (!owned.player_main) throw new Error('main account missing after creation');
      cashTransferId = (
        await ledger.transfer(
          {
            fromAccountId: pool.id,
            toAccountId: owned.player_main.id,
            amount,
            code: 'points_redemption',
            idempotencyKey: `points:order:${orderNo}:cash`,
            reference: { type: 'point_mall_order', id: orderNo },
            note: productName,
          },
          trx,
        )
      ).transferId;
    }
    const isGift = item.kind === 'gift';
    return repo.insertOrder(trx, {
      merchantId: member.merchantId,
      memberId: member.memberId,
      itemId: Number(item.id),
      orderNo,
      requestId: input.requestId,
      kind: item.kind,
      productName,
      quantity: input.quantity,
      points,
      amount,
      currency: member.currency,
      status: isGift ? 'processing' : 'completed',
      address: isGift ? address : null,
      mobile: isGift ? mobile : null,
      createdAt: at,
      decidedAt: isGift ? null : at,
      spendTransferId: spent.transferId,
      cashTransferId,
      grantId,
    });
  }

  /**
   * Redeems an item: the withdrawal password first, then in one transaction the stock taken (never
   * oversold: one conditional update), the member's limit, the points spent through the ledger and,
   * for game points, the cash paid (as a promotion grant when the item carries wagering). A gift
   * waits for the operator. Once per request id: a repeat answers the first order. `kind` is the
   * call's: converting points takes game points only, redeeming a reward gifts only.
   */
  async function redeem(
    member: MallMember,
    input: RedeemRequest,
    kind: MallItemKindName,
    language: string,
  ): Promise<{ record: ExchangeRecord; balance: number }> {
    await deps.verifyPaymentPassword(member, input.paymentPassword);
    let order: repo.OrderRow;
    try {
      order = await withTransactionRetry(db, (trx) => redeemIn(trx, member, input, kind, language));
    } catch (err) {
      if (err instanceof TwinCommitted) {
        assertSameRequest(err.order, input);
        return { record: presentRecord(err.order), balance: await core.balanceOf(member) };
      }
      // A concurrent twin of the same request id committed first: answer its order.
      if (!isUniqueViolation(err)) throw err;
      const twin = await repo.findOrderByRequest(db, member.memberId, input.requestId);
      if (!twin) throw err;
      assertSameRequest(twin, input);
      order = twin;
    }
    return { record: presentRecord(order), balance: await core.balanceOf(member) };
  }

  // Operator calls.

  function presentAdminItem(row: repo.ItemRow, redeemed: number) {
    return {
      id: Number(row.id),
      input: {
        kind: row.kind,
        names: row.names,
        descriptions: row.descriptions,
        imageUrl: row.imageUrl,
        pointsCost: Number(row.pointsCost),
        cashAmount: row.cashAmount === null ? null : Number(row.cashAmount),
        promotionId: row.promotionId === null ? null : Number(row.promotionId),
        stock: row.stock,
        limitPerMember: row.limitPerMember,
        isEnabled: row.isEnabled,
        sortOrder: row.sortOrder,
      },
      redeemedCount: redeemed,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function adminItems(merchantId: number) {
    const [rows, totals] = await Promise.all([repo.findItems(db, merchantId, { enabledOnly: false }), repo.redeemedTotals(db, merchantId)]);
    return rows.map((r) => presentAdminItem(r, totals.get(Number(r.id)) ?? 0));
  }

  async function assertPromotion(merchantId: number, promotionId: number | null): Promise<void> {
    if (promotionId === null) return;
    if (!(await deps.promotionTerms(merchantId)).has(promotionId)) throw new DomainError('not_found', 'promotion');
  }

  async function auditItem(trx: Trx | Kysely<DB>, op: Operator, action: string, itemId: number, data: Record<string, unknown>) {
    await recordAudit(trx, {
      actorType: 'admin',
      actorId: op.adminId,
      merchantId: op.merchantId,
      action,
      subjectType: 'point_mall_item',
      subjectId: itemId,
      data,
      ip: op.ip,
    });
  }

  async function createItem(op: Operator, input: MallItemInput) {
    await assertPromotion(op.merchantId, input.promotionId);
    return db.transaction().execute(async (trx) => {
      const row = await repo.insertItem(trx, op.merchantId, input, now());
      await auditItem(trx, op, 'point_mall.item_created', Number(row.id), { input });
      return presentAdminItem(row, 0);
    });
  }

  async function editItem(op: Operator, id: number, input: MallItemInput) {
    await assertPromotion(op.merchantId, input.promotionId);
    return db.transaction().execute(async (trx) => {
      const row = await repo.updateItem(trx, op.merchantId, id, input, now());
      if (!row) throw new DomainError('not_found', 'item');
      await auditItem(trx, op, 'point_mall.item_edited', id, { input });
      return presentAdminItem(row, (await repo.redeemedTotals(trx, op.merchantId)).get(id) ?? 0);
    });
  }

  /** Adds units to a gift's stock, or takes them away; never below zero (`bad_request`). */
  async function adjustStock(op: Operator, id: number, delta: number) {
    return db.transaction().execute(async (trx) => {
      const row = await repo.addStock(trx, op.merchantId, id, delta);
      if (!row) {
        if (!(await repo.findItem(trx, op.merchantId, id))) throw new DomainError('not_found', 'item');
        throw new DomainError('bad_request', 'stock');
      }
      await auditItem(trx, op, 'point_mall.stock_adjusted', id, { delta, stock: row.stock });
      return presentAdminItem(row, (await repo.redeemedTotals(trx, op.merchantId)).get(id) ?? 0);
    });
  }

  function presentAdminOrder(row: repo.OrderRow & { username: string }) {
    return {
      ...presentRecord(row),
      id: Number(row.id),
      memberId: Number(row.memberId),
      username: row.username,
      itemId: Number(row.itemId),
      address: row.address,
      mobile: row.mobile,
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function adminOrders(merchantId: number, query: { pageNo: number; pageSize: number; status?: MallOrderStatusName | undefined }) {
    const { rows, total } = await repo.findOrdersOfMerchant(db, {
      merchantId,
      status: query.status,
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    return {
      list: rows.map(presentAdminOrder),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
    };
  }

  /**
   * Completes (the gift was sent) or rejects a processing order. A rejection gives the points back
   * through the ledger and the units back to the stock, in the transaction that closes the order;
   * an order already closed is `mall_order_closed`.
   */
  async function decide(op: Operator, orderId: number, decision: 'fulfil' | 'reject', remark: string | undefined) {
    await withTransactionRetry(db, async (trx) => {
      const order = await repo.lockOrder(trx, op.merchantId, orderId);
      if (!order) throw new DomainError('not_found', 'order');
      if (order.status !== 'processing') throw new DomainError('mall_order_closed');
      let refundTransferId: number | null = null;
      if (decision === 'reject') {
        const accounts = await core.accountsOf(trx, order);
        refundTransferId = (
          await ledger.transfer(
            {
              fromAccountId: accounts.pool,
              toAccountId: accounts.points,
              amount: Number(order.points),
              code: 'points_refund',
              idempotencyKey: `points:order:${order.orderNo}:refund`,
              reference: { type: 'point_mall_order', id: order.orderNo },
              note: order.productName,
            },
            trx,
          )
        ).transferId;
        await repo.addStock(trx, op.merchantId, Number(order.itemId), order.quantity);
      }
      const status = decision === 'reject' ? 'rejected' : 'completed';
      await repo.closeOrder(trx, Number(order.id), {
        status,
        remark: remark && remark.length > 0 ? remark : null,
        decidedBy: op.adminId,
        decidedAt: now(),
        refundTransferId,
      });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        merchantId: op.merchantId,
        action: decision === 'reject' ? 'point_mall.order_rejected' : 'point_mall.order_fulfilled',
        subjectType: 'member',
        subjectId: Number(order.memberId),
        data: { orderNo: order.orderNo, points: Number(order.points), remark: remark ?? null },
        ip: op.ip,
      });
    });
    const row = await repo.findOrderOfMerchant(db, op.merchantId, orderId);
    if (!row) throw new DomainError('not_found', 'order');
    return presentAdminOrder(row);
  }

  return {
    itemsFor,
    records,
    redeem,
    admin: { items: adminItems, createItem, editItem, adjustStock, orders: adminOrders, decide },
  };
}
