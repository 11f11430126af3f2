import { randomInt } from 'node:crypto';
import type { AdminDepositChannelBody, DepositOrderStatus } from '@platform/contracts/deposits';
import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { amountParam, DomainError } from '../../lib/domain-error.ts';
import { lockMember } from '../accounts/member-directory.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService, TransferResult } from '../ledger/ledger.service.ts';
import { merchantCurrencyOf } from '../merchant/merchant.service.ts';
import type { PaymentGateways, PaymentOutcome } from '../payments/payment-gateway.ts';
import type { Principal } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './deposits.repository.ts';
import { depositPolicySetting } from './deposits.settings.ts';

/** Reference codes: 8 characters of Crockford's base32 (no I, L, O, U), about 10^12 codes. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_LENGTH = 8;
const REFERENCE_ATTEMPTS_MAX = 5;
/** Clearing account ids remembered per node at most (one per merchant and currency). */
const CLEARING_ACCOUNT_IDS_MAX = 1_000;
/** A gateway order is asked about only after it had this long to be paid, and then at most this often. */
export const RECHECK_AFTER_SECONDS = 60;
/** Orders looked at per re-check run; a backlog is worked off over several runs. */
export const RECHECK_BATCH_SIZE = 100;
export const ORDER_PAGE_SIZE_MAX = 100;

/**
 * The responsible-gaming check on money coming in. It runs at the one place a deposit is credited,
 * inside the crediting transaction, and refuses by throwing a DomainError. The wallet's
 * responsible-gaming service (`assertCanDeposit`) is wired here by app.ts once it exists; until then
 * the default lets every credit through.
 */
export type DepositGuard = {
  assertCanDeposit: (memberId: number, amountMinor: number, trx: Transaction<DB>) => Promise<void>;
};
export const passThroughDepositGuard: DepositGuard = { assertCanDeposit: async () => {} };

export type DepositsService = ReturnType<typeof createDepositsService>;

export type DepositsDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  gateways: PaymentGateways;
  /** Base URL the gateway calls back and sends the browser back to (the site as the outside world sees it). */
  publicUrl: string;
  now: () => Date;
  depositGuard?: DepositGuard;
  logger?: JobLogger;
  /** A deposit was credited, in the crediting transaction (promotions grant the deposit bonuses the member joined). */
  onCredited?: DepositCreditedHook | undefined;
};

/** Called once per credited order, inside the transaction that credits it. */
export type DepositCreditedHook = (
  trx: Transaction<DB>,
  deposit: { memberId: number; amount: number; reference: string; isFirst: boolean },
) => Promise<unknown>;

export type ApplyResult = { order: repo.OrderRow; isChanged: boolean };

function referenceCode(): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

function channelValuesOf(body: AdminDepositChannelBody, currency: string): repo.ChannelValues {
  if (body.maxAmount < body.minAmount) throw new DomainError('deposit_channel_invalid', 'maxAmount');
  const isBank = body.type === 'bank_transfer';
  return {
    type: body.type,
    name: body.name,
    names: body.names ?? {},
    currency,
    bankName: isBank ? body.bankName : null,
    bankAccountName: isBank ? body.bankAccountName : null,
    bankAccountNumber: isBank ? body.bankAccountNumber : null,
    bankBranch: isBank ? (body.bankBranch ?? null) : null,
    gatewayCode: isBank ? null : body.gatewayCode,
    minAmount: body.minAmount,
    maxAmount: body.maxAmount,
    isEnabled: body.isEnabled,
    sort: body.sort,
    tutorialVi: body.tutorial.vi,
    tutorialEn: body.tutorial.en,
  };
}

/**
 * Deposits: channels an operator configures, orders members make, and the one path that credits
 * an order. Every credit locks the order row first and credits only a pending (or expired or
 * failed) order, under the ledger idempotency key `deposit:<order id>`, so gateway callbacks,
 * their duplicates, operator confirmations and re-check jobs can race in any order and an order
 * is still credited at most once.
 */
export function createDepositsService(deps: DepositsDeps) {
  const { db, ledger, settings, gateways, now } = deps;
  const guard = deps.depositGuard ?? passThroughDepositGuard;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /**
   * The merchant's payment_clearing account id, once a transaction that used it has committed (an
   * account created by a transaction that rolled back must not be remembered). System accounts are
   * never deleted, so the id stays right.
   */
  const clearingAccountIds = createBoundedCache<string, number>({ max: CLEARING_ACCOUNT_IDS_MAX });
  const clearingKey = (order: { merchantId: number; currency: string }) => `${order.merchantId}:${order.currency}`;
  function rememberClearing(order: { merchantId: number; currency: string }, accountId: number): void {
    clearingAccountIds.set(clearingKey(order), accountId);
  }

  // Channels (back office)

  async function listChannels(merchantId: number) {
    return repo.findChannels(db, merchantId);
  }

  function assertGatewayKnown(values: repo.ChannelValues): void {
    if (values.type === 'gateway' && !gateways.has(values.gatewayCode ?? ''))
      throw new DomainError('deposit_channel_invalid', 'gatewayCode');
  }

  async function createChannel(admin: AdminPrincipal, body: AdminDepositChannelBody, ip: string | null) {
    const values = channelValuesOf(body, body.currency ?? (await merchantCurrencyOf(db, admin.merchantId)));
    assertGatewayKnown(values);
    return db.transaction().execute(async (trx) => {
      const channel = await repo.insertChannel(trx, admin.merchantId, values, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'deposit.channel_created',
        subjectType: 'deposit_channel',
        subjectId: channel.id,
        data: { ...values },
        ip,
      });
      return channel;
    });
  }

  async function updateChannel(admin: AdminPrincipal, id: number, body: AdminDepositChannelBody, ip: string | null) {
    return db.transaction().execute(async (trx) => {
      const before = await repo.findChannelById(trx, admin.merchantId, id, { forUpdate: true });
      if (!before) throw new DomainError('deposit_channel_not_found');
      const values = channelValuesOf(body, body.currency ?? before.currency);
      // Orders keep their channel's type; a channel of the other kind is a new channel.
      if (values.type !== before.type) throw new DomainError('deposit_channel_invalid', 'type');
      assertGatewayKnown(values);
      await repo.updateChannel(trx, admin.merchantId, id, values, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'deposit.channel_updated',
        subjectType: 'deposit_channel',
        subjectId: id,
        data: { before: { ...before }, after: { ...values } },
        ip,
      });
      return (await repo.findChannelById(trx, admin.merchantId, id))!;
    });
  }

  async function deleteChannel(admin: AdminPrincipal, id: number, ip: string | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const before = await repo.findChannelById(trx, admin.merchantId, id, { forUpdate: true });
      if (!before) throw new DomainError('deposit_channel_not_found');
      if (await repo.hasOrdersOfChannel(trx, id)) throw new DomainError('deposit_channel_in_use');
      await repo.deleteChannel(trx, admin.merchantId, id);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'deposit.channel_deleted',
        subjectType: 'deposit_channel',
        subjectId: id,
        data: { before: { ...before } },
        ip,
      });
    });
  }

  // Member calls

  async function channelsForMember(principal: Principal) {
    return repo.findChannels(db, principal.merchantId, { isEnabled: true, currency: principal.currency });
  }

  async function createOrder(
    principal: Principal,
    input: { channelId: number; amount: number },
    ip: string | null,
  ): Promise<repo.OrderRow> {
    const channel = await repo.findChannelById(db, principal.merchantId, input.channelId);
    // A channel in another currency is not offered to this member: to them it does not exist.
    if (!channel || channel.currency !== principal.currency) throw new DomainError('deposit_channel_not_found');
    if (!channel.isEnabled) throw new DomainError('deposit_channel_disabled');
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new DomainError('invalid_amount');
    if (input.amount < channel.minAmount) {
      throw new DomainError('deposit_amount_below_min', undefined, { amount: amountParam(channel.minAmount, channel.currency) });
    }
    if (input.amount > channel.maxAmount) {
      throw new DomainError('deposit_amount_above_max', undefined, { amount: amountParam(channel.maxAmount, channel.currency) });
    }
    const gateway = channel.type === 'gateway' ? gateways.get(channel.gatewayCode ?? '') : undefined;
    if (channel.type === 'gateway' && !gateway) throw new DomainError('payment_gateway_unavailable');
    const policy = await settings.get(principal.merchantId, depositPolicySetting);
    const createdAt = now();
    const expiryMinutes = channel.type === 'gateway' ? policy.gatewayOrderExpiryMinutes : policy.bankTransferExpiryMinutes;

    const orderId = await db.transaction().execute(async (trx) => {
      await lockMember(trx, principal.memberId);
      if ((await repo.countPendingOfMember(trx, principal.memberId)) >= policy.pendingOrdersPerMemberMax) {
        throw new DomainError('deposit_pending_limit');
      }
      // RESPONSIBLE GAMING: the deposit limit and any break or self-exclusion, checked before the
      // member pays (see DepositGuard), under the member's lock so two requests cannot share headroom.
      await guard.assertCanDeposit(principal.memberId, input.amount, trx);
      for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS_MAX; attempt++) {
        const code = referenceCode();
        const id = await repo.insertOrder(trx, {
          merchantId: principal.merchantId,
          memberId: principal.memberId,
          channelId: channel.id,
          type: channel.type,
          referenceCode: code,
          currency: channel.currency,
          amount: input.amount,
          gatewayCode: channel.gatewayCode,
          bankName: channel.bankName,
          bankAccountName: channel.bankAccountName,
          bankAccountNumber: channel.bankAccountNumber,
          bankBranch: channel.bankBranch,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + expiryMinutes * 60_000),
        });
        if (id === undefined) continue;
        await recordAudit(trx, {
          actorType: 'member',
          actorId: principal.memberId,
          action: 'deposit.requested',
          subjectType: 'deposit_order',
          subjectId: id,
          data: { referenceCode: code, channelId: channel.id, type: channel.type, amount: input.amount, currency: channel.currency },
          ip,
        });
        return id;
      }
      throw new Error('could not draw a free deposit reference code');
    });

    let order = (await repo.findOrderById(db, orderId))!;
    if (!gateway) return order;
    try {
      // Outside the transaction: a slow gateway must not hold the member's row lock.
      const created = await gateway.createPayment({
        referenceCode: order.referenceCode,
        amount: order.amount,
        currency: order.currency,
        callbackUrl: `${publicUrl}/payment-api/${gateway.code}/callback`,
        returnUrl: `${publicUrl}${policy.returnPath}`,
      });
      await repo.updateOrder(db, order.id, { redirectUrl: created.redirectUrl });
    } catch (err) {
      // The order stays on record as failed; should the gateway have taken it after all, its
      // "paid" notification (or a re-check) still credits it.
      await closeWithoutCredit(order.id, 'failed', { actorType: 'system', action: 'deposit.gateway_unavailable' });
      if (err instanceof DomainError) throw err;
      throw new DomainError('payment_gateway_unavailable');
    }
    order = (await repo.findOrderById(db, orderId))!;
    return order;
  }

  async function ordersOfMember(
    principal: Principal,
    query: { pageNo: number; pageSize: number; status?: DepositOrderStatus | undefined },
  ) {
    const pageSize = Math.min(query.pageSize, ORDER_PAGE_SIZE_MAX);
    return repo.findOrders(
      db,
      { merchantId: principal.merchantId, memberId: principal.memberId, status: query.status },
      { limit: pageSize, offset: pageOffset({ pageNo: query.pageNo, pageSize }) },
    );
  }

  async function orderOfMember(principal: Principal, orderNo: string): Promise<repo.OrderRow> {
    const order = await repo.findOrderByReferenceCode(db, orderNo);
    // Another member's order answers exactly like a missing one.
    if (!order || order.memberId !== principal.memberId) throw new DomainError('deposit_order_not_found');
    return order;
  }

  // Crediting: the only place a deposit becomes money

  /**
   * Credits a locked, not yet paid order inside the caller's transaction and marks it paid. The
   * ledger key `deposit:<order id>` is a second guard: even a caller that skipped the row lock
   * could not credit an order twice.
   */
  async function creditLockedOrder(
    trx: Transaction<DB>,
    order: repo.OrderRow,
    amount: number,
    patch: repo.OrderPatch,
  ): Promise<{ transfer: TransferResult; order: repo.OrderRow }> {
    // No limit check here: by now the member has paid (the gateway took the money, or the operator
    // saw the transfer), and refusing would keep their money. Limits and exclusions are checked
    // when the deposit is requested (createOrder).
    const accounts = await ledger.ensureMemberAccounts(
      { merchantId: order.merchantId, memberId: order.memberId, currency: order.currency },
      trx,
    );
    const main = accounts.player_main;
    if (!main) throw new Error(`main wallet missing for member ${order.memberId}`);
    const clearingId =
      clearingAccountIds.get(clearingKey(order)) ??
      (await ledger.ensureSystemAccount({ merchantId: order.merchantId, kind: 'payment_clearing', currency: order.currency }, trx)).id;
    const transfer = await ledger.transfer(
      {
        fromAccountId: clearingId,
        toAccountId: main.id,
        amount,
        code: 'deposit',
        idempotencyKey: `deposit:${order.id}`,
        reference: { type: 'deposit_order', id: order.referenceCode },
        note: `Deposit ${order.referenceCode}`,
      },
      trx,
    );
    const paid = { ...patch, status: 'paid' as const, creditedAmount: amount, ledgerTransferId: transfer.transferId, completedAt: now() };
    const isFirst = deps.onCredited ? (await repo.sumCreditedOfMember(trx, order.memberId)).every((t) => t.count === 0) : false;
    await repo.updateOrder(trx, order.id, paid);
    await deps.onCredited?.(trx, { memberId: order.memberId, amount, reference: order.referenceCode, isFirst });
    return { transfer, order: { ...order, ...paid } };
  }

  async function closeWithoutCredit(
    orderId: number,
    status: 'failed' | 'expired',
    audit: { actorType: 'system' | 'vendor'; actorId?: string; action: string; data?: Record<string, unknown> },
    patch: repo.OrderPatch = {},
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const order = await repo.findOrderById(trx, orderId, { forUpdate: true });
      if (order?.status !== 'pending') return false;
      await repo.updateOrder(trx, orderId, { ...patch, status, completedAt: now() });
      await recordAudit(trx, {
        actorType: audit.actorType,
        actorId: audit.actorId ?? null,
        action: audit.action,
        subjectType: 'deposit_order',
        subjectId: orderId,
        data: { referenceCode: order.referenceCode, ...audit.data },
      });
      return true;
    });
  }

  // Back office: bank transfers

  async function ordersForAdmin(admin: AdminPrincipal, query: Omit<repo.OrderFilter, 'merchantId'> & { pageNo: number; pageSize: number }) {
    const pageSize = Math.min(query.pageSize, ORDER_PAGE_SIZE_MAX);
    const { pageNo, pageSize: _ignored, ...filter } = query;
    return repo.findOrders(db, { ...filter, merchantId: admin.merchantId }, { limit: pageSize, offset: pageOffset({ pageNo, pageSize }) });
  }

  async function lockAdminOrder(trx: Transaction<DB>, admin: AdminPrincipal, id: number): Promise<repo.OrderRow> {
    const order = await repo.findOrderById(trx, id, { forUpdate: true, merchantId: admin.merchantId });
    if (!order) throw new DomainError('deposit_order_not_found');
    if (order.type !== 'bank_transfer') throw new DomainError('deposit_order_not_manual');
    // An expired bank order may still be decided: the money can arrive after the order timed out.
    if (order.status !== 'pending' && order.status !== 'expired') throw new DomainError('deposit_order_closed');
    return order;
  }

  async function confirmOrder(admin: AdminPrincipal, id: number, input: { actualAmount?: number | undefined }, ip: string | null) {
    const credited = await db.transaction().execute(async (trx) => {
      const order = await lockAdminOrder(trx, admin, id);
      const amount = input.actualAmount ?? order.amount;
      const { transfer } = await creditLockedOrder(trx, order, amount, { decidedByAdminId: admin.adminId });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'deposit.confirmed',
        subjectType: 'deposit_order',
        subjectId: order.id,
        data: {
          referenceCode: order.referenceCode,
          requestedAmount: order.amount,
          creditedAmount: amount,
          currency: order.currency,
          memberId: order.memberId,
          transferId: transfer.transferId,
          statusBefore: order.status,
        },
        ip,
      });
      return { order, clearingAccountId: transfer.fromAccountId };
    });
    rememberClearing(credited.order, credited.clearingAccountId);
    return adminOrder(admin, id);
  }

  async function rejectOrder(admin: AdminPrincipal, id: number, reason: string, ip: string | null) {
    await db.transaction().execute(async (trx) => {
      const order = await lockAdminOrder(trx, admin, id);
      await repo.updateOrder(trx, order.id, {
        status: 'rejected',
        rejectReason: reason,
        decidedByAdminId: admin.adminId,
        completedAt: now(),
      });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'deposit.rejected',
        subjectType: 'deposit_order',
        subjectId: order.id,
        data: { referenceCode: order.referenceCode, amount: order.amount, memberId: order.memberId, reason, statusBefore: order.status },
        ip,
      });
    });
    return adminOrder(admin, id);
  }

  async function adminOrder(admin: AdminPrincipal, id: number): Promise<repo.AdminOrderRow> {
    const order = await repo.findOrderById(db, id, { merchantId: admin.merchantId });
    if (!order) throw new DomainError('deposit_order_not_found');
    const { rows } = await repo.findOrders(
      db,
      { merchantId: admin.merchantId, referenceCode: order.referenceCode },
      { limit: 1, offset: 0 },
    );
    return rows[0]!;
  }

  // Gateways

  /**
   * Applies the gateway's word on a payment (a callback or a re-check), once. A paid outcome
   * credits an order that is pending, failed or expired (the gateway took the money); a failed
   * outcome closes only a pending order; an outcome for a paid order changes nothing.
   */
  async function applyGatewayOutcome(gatewayCode: string, outcome: PaymentOutcome, source: 'callback' | 'recheck'): Promise<ApplyResult> {
    let result: Awaited<ReturnType<typeof applyInTransaction>>;
    try {
      result = await db.transaction().execute((trx) => applyInTransaction(trx, gatewayCode, outcome, source));
    } catch (err) {
      // The unique index on (gateway, transaction id) is the check: one transaction pays one order.
      if (repo.isGatewayTxTaken(err)) throw new DomainError('payment_transaction_reused');
      throw err;
    }
    if (result.kind === 'mismatch') throw new DomainError('payment_amount_mismatch');
    if (result.kind === 'second_payment') throw new DomainError('deposit_order_closed');
    if (result.clearingAccountId !== undefined) rememberClearing(result.order, result.clearingAccountId);
    return { order: result.order, isChanged: result.isChanged };
  }

  async function applyInTransaction(trx: Transaction<DB>, gatewayCode: string, outcome: PaymentOutcome, source: 'callback' | 'recheck') {
    const order = await repo.findOrderByReferenceCode(trx, outcome.referenceCode, { forUpdate: true });
    if (order?.type !== 'gateway' || order.gatewayCode !== gatewayCode) throw new DomainError('deposit_order_not_found');
    const auditBase = { actorType: 'vendor' as const, actorId: gatewayCode, subjectType: 'deposit_order', subjectId: order.id };
    const facts = { referenceCode: order.referenceCode, source, outcome: { ...outcome }, statusBefore: order.status };
    const unchanged = { kind: 'done' as const, order, isChanged: false, clearingAccountId: undefined };

    if (outcome.currency !== order.currency || outcome.amount !== order.amount) {
      // Recorded, and committed, before the caller is refused: the operator must see it.
      await recordAudit(trx, {
        ...auditBase,
        action: 'deposit.gateway_mismatch',
        data: { ...facts, expected: { amount: order.amount, currency: order.currency } },
      });
      return { kind: 'mismatch' as const };
    }
    if (order.status === 'paid') {
      if (outcome.status === 'paid' && outcome.gatewayTxId !== order.gatewayTxId) {
        await recordAudit(trx, { ...auditBase, action: 'deposit.gateway_second_payment', data: facts });
        return { kind: 'second_payment' as const };
      }
      return unchanged;
    }
    if (outcome.status === 'failed') {
      if (order.status !== 'pending') return unchanged;
      const patch = { status: 'failed' as const, gatewayTxId: outcome.gatewayTxId, completedAt: now() };
      await repo.updateOrder(trx, order.id, patch);
      await recordAudit(trx, { ...auditBase, action: 'deposit.gateway_failed', data: facts });
      return { kind: 'done' as const, order: { ...order, ...patch }, isChanged: true, clearingAccountId: undefined };
    }
    const credited = await creditLockedOrder(trx, order, outcome.amount, { gatewayTxId: outcome.gatewayTxId });
    await recordAudit(trx, {
      ...auditBase,
      action: 'deposit.gateway_paid',
      data: { ...facts, transferId: credited.transfer.transferId, memberId: order.memberId },
    });
    return { kind: 'done' as const, order: credited.order, isChanged: true, clearingAccountId: credited.transfer.fromAccountId };
  }

  async function handleCallback(gatewayCode: string, headers: Record<string, string | string[] | undefined>, rawBody: Buffer) {
    const gateway = gateways.get(gatewayCode);
    if (!gateway) throw new DomainError('payment_gateway_unknown');
    const outcome = gateway.verifyCallback(headers, rawBody);
    return applyGatewayOutcome(gateway.code, outcome, 'callback');
  }

  /**
   * The re-check job: asks the gateway about pending gateway orders no callback settled, applies
   * what it says, and expires those past their time; expires bank orders nobody decided. Safe to
   * run twice or on two nodes at once: every change re-reads the locked order.
   */
  async function recheckPending(limit = RECHECK_BATCH_SIZE) {
    const at = now();
    const checkedBefore = new Date(at.getTime() - RECHECK_AFTER_SECONDS * 1000);
    const counts = { checked: 0, paid: 0, failed: 0, expired: 0, errors: 0 };
    for (const order of await repo.findOrdersToRecheck(db, checkedBefore, checkedBefore, limit)) {
      counts.checked += 1;
      const gateway = gateways.get(order.gatewayCode ?? '');
      try {
        const answer = gateway ? await gateway.queryPayment(order.referenceCode) : undefined;
        if (answer && (answer.status === 'paid' || answer.status === 'failed')) {
          const { isChanged } = await applyGatewayOutcome(order.gatewayCode!, answer, 'recheck');
          if (isChanged) counts[answer.status] += 1;
          continue;
        }
        if (order.expiresAt.getTime() <= at.getTime()) {
          const isExpired = await closeWithoutCredit(order.id, 'expired', {
            actorType: 'system',
            action: 'deposit.expired',
            data: { gateway: order.gatewayCode, gatewayStatus: answer?.status ?? 'no gateway' },
          });
          if (isExpired) counts.expired += 1;
        } else {
          await repo.updateOrder(db, order.id, { lastCheckedAt: at });
        }
      } catch (err) {
        counts.errors += 1;
        await repo.updateOrder(db, order.id, { lastCheckedAt: at });
        deps.logger?.warn({ err, referenceCode: order.referenceCode }, 'deposit re-check failed; will try again');
      }
    }
    for (const order of await repo.findExpiredBankOrders(db, at, limit)) {
      if (await closeWithoutCredit(order.id, 'expired', { actorType: 'system', action: 'deposit.expired' })) counts.expired += 1;
    }
    return counts;
  }

  /** What the member's paid deposits credited, per currency, with how many there were. */
  async function totalsOfMember(memberId: number) {
    return repo.sumCreditedOfMember(db, memberId);
  }

  /** How many paid deposits each of `memberIds` has had, in one read (0 for a member without any). */
  async function paidCountsOf(memberIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map(memberIds.map((id) => [id, 0]));
    for (const row of await repo.countPaidOfMembers(db, memberIds)) counts.set(row.memberId, row.count);
    return counts;
  }

  return {
    totalsOfMember,
    paidCountsOf,
    /** The merchant's paid deposits per local day and channel over [from, to) (the back-office reports). */
    paidByDayAndChannel: (filter: { merchantId: number; from: Date; to: Date; timeZone: string }) =>
      repo.sumPaidByDayAndChannel(db, filter),
    listChannels,
    createChannel,
    updateChannel,
    deleteChannel,
    channelsForMember,
    createOrder,
    ordersOfMember,
    orderOfMember,
    ordersForAdmin,
    adminOrder,
    confirmOrder,
    rejectOrder,
    applyGatewayOutcome,
    handleCallback,
    recheckPending,
  };
}
