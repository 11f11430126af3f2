import { amountMinor } from '@platform/contracts/money';
import { pageOffset } from '@platform/contracts/pagination';
import type { WithdrawalRequest, WithdrawalStatus, withdrawalRulesSchema } from '@platform/contracts/withdrawals';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { amountParam, DomainError } from '../../lib/domain-error.ts';
import type { UploadedImage } from '../../lib/image-upload.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards.service.ts';
import type { PaymentPasswordService } from '../bank-cards/payment-password.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WageringService } from './wagering.service.ts';
import { autoApprovalChecks, autoApprovalSetting } from './withdrawals.auto-approval.ts';
import * as repo from './withdrawals.repository.ts';
import { dayStartOf, withdrawalFeeOf, withdrawalRulesSetting } from './withdrawals.settings.ts';

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
export type WithdrawalMember = { memberId: number; merchantId: number; currency: string };
export type WithdrawalAdmin = { adminId: number; merchantId: number };

/** Payouts auto-confirmed per merchant per run; the next run takes the rest. */
export const AUTO_CONFIRM_BATCH_SIZE = 500;
export const AUTO_CONFIRM_JOB_NAME = 'withdrawals-auto-confirm';
export const AUTO_CONFIRM_CRON = '* * * * *';

/** Ledger keys of one withdrawal's money steps; each step happens once per key. */
export function withdrawalKeys(id: number) {
  return {
    netReserve: `withdrawal:${id}:net`,
    feeReserve: `withdrawal:${id}:fee`,
    netPost: `withdrawal:${id}:net:post`,
    feePost: `withdrawal:${id}:fee:post`,
    netVoid: `withdrawal:${id}:net:void`,
    feeVoid: `withdrawal:${id}:fee:void`,
  };
}

/**
 * Withdrawals: the member asks, an operator approves or rejects, then pays out; the member confirms
 * receipt or disputes it. The state machine:
 *
 *   pending ──approve──▶ approved ──payout──▶ paid ──▶ confirmed_received | disputed
 *   pending | approved ──reject──▶ rejected
 *
 * Money: on request the amount is reserved from the member's main wallet (two reservations: the net
 * amount, code `withdrawal`, and the fee, code `withdrawal_fee`); payout posts the net amount to
 * payment_clearing and the fee to house_revenue; rejection voids both back to the member. Every
 * transition is a conditional update in the same transaction as its ledger step and audit row, so
 * it happens once whatever the number of concurrent clicks, and the ledger's keys make the money
 * step once as well.
 */
export function createWithdrawalsService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  bankCards: BankCardsService;
  paymentPasswords: PaymentPasswordService;
  wagering: WageringService;
  kyc: KycService;
  /** What the auto-approval rules read from other modules: linked members (member file) and the VIP level. */
  autoApprovalFacts: {
    linkedMembers: (merchantId: number, memberId: number) => Promise<number>;
    vipLevel: (memberId: number) => Promise<number>;
  };
  /** A withdrawal is being requested, in its transaction, before the wagering check (promotions forfeit what they say). */
  onRequested?: ((trx: Transaction<DB>, memberId: number) => Promise<unknown>) | undefined;
  now: () => Date;
}) {
  const { db, ledger, settings, bankCards, paymentPasswords, wagering, kyc, now } = deps;

  async function stateError(executor: Kysely<DB> | Transaction<DB>, scope: { merchantId?: number; memberId?: number }, id: number) {
    const row = await repo.findById(executor, id);
    const isVisible =
      row !== undefined &&
      (scope.merchantId === undefined || row.merchantId === scope.merchantId) &&
      (scope.memberId === undefined || row.memberId === scope.memberId);
    return new DomainError(isVisible ? 'withdrawal_state_invalid' : 'withdrawal_not_found');
  }

  async function rules(member: WithdrawalMember): Promise<z.infer<typeof withdrawalRulesSchema>> {
    const setting = await settings.get(member.merchantId, withdrawalRulesSetting);
    const [usedToday, balances, wageringRemaining, hasPaymentPassword, kycStatus] = await Promise.all([
      repo.countSince(db, member.memberId, dayStartOf(now(), setting.dayOffsetMinutes)),
      ledger.memberBalances({ memberId: member.memberId, currency: member.currency }),
      wagering.remaining(member),
      paymentPasswords.hasPaymentPassword(member.memberId),
      kyc.statusOf(member.memberId),
    ]);
    return {
      currency: member.currency,
      minAmount: amountMinor(setting.minAmountMinor),
      maxAmount: amountMinor(setting.maxAmountMinor),
      dailyCountMax: setting.dailyCountMax,
      usedToday,
      feeFixed: amountMinor(setting.feeFixedMinor),
      feePercentBasisPoints: setting.feePercentBasisPoints,
      freePerDay: setting.freePerDay,
      availableBalance: amountMinor(balances.main),
      wageringRemaining: amountMinor(wageringRemaining),
      hasPaymentPassword,
      kycStatus,
      autoConfirmMinutes: setting.autoConfirmMinutes,
    };
  }

  /**
   * The withdrawal already made under this request id: its id when the content is the same, a
   * conflict when it differs, undefined when there is none.
   */
  async function earlierRequest(executor: Kysely<DB>, member: WithdrawalMember, input: WithdrawalRequest, requestHash: string) {
    const earlier = await repo.findByRequest(executor, member.memberId, input.requestId);
    if (!earlier) return undefined;
    if (earlier.requestHash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
    return earlier.id;
  }

  /**
   * A member asks for a withdrawal. The client sends one request id per intent: a retry with the
   * same id and content (a double tap, a flaky network) answers the first withdrawal and reserves
   * nothing more; the same id with other content is a conflict. Secrets are not part of the content.
   */
  async function request(member: WithdrawalMember, input: WithdrawalRequest, ip: string | null): Promise<repo.WithdrawalRow> {
    const requestHash = hashRequest(['withdrawal', input.bankCardId, input.amount]);
    await paymentPasswords.verify(member, input.paymentPassword);
    const replayed = await earlierRequest(db, member, input, requestHash);
    if (replayed !== undefined) return (await repo.findById(db, replayed))!;
    const setting = await settings.get(member.merchantId, withdrawalRulesSetting);
    if (input.amount < setting.minAmountMinor) {
      throw new DomainError('withdrawal_amount_too_small', undefined, { amount: amountParam(setting.minAmountMinor, member.currency) });
    }
    if (input.amount > setting.maxAmountMinor) {
      throw new DomainError('withdrawal_amount_too_large', undefined, { amount: amountParam(setting.maxAmountMinor, member.currency) });
    }
    const card = await bankCards.activeCardOf(member.memberId, input.bankCardId);
    if (card.verifiedAt === null) {
      try {
        await paymentPasswords.reauthenticate(member, input);
      } catch (error) {
        // Two copies of the first request to a card at once: the SMS code is spent by the one that
        // made the withdrawal, and this copy answers with it.
        const made = await earlierRequest(db, member, input, requestHash);
        if (made === undefined) throw error;
        return (await repo.findById(db, made))!;
      }
    }
    const wallets = await ledger.ensureMemberAccounts({
      merchantId: member.merchantId,
      memberId: member.memberId,
      currency: member.currency,
    });
    const main = wallets.player_main;
    if (!main) throw new Error('main wallet missing after creation');
    const at = now();

    const id = await db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, member.memberId);
      // Under the member's lock, a copy of this request that got here first is found here.
      const made = await earlierRequest(trx, member, input, requestHash);
      if (made !== undefined) return made;
      const current = await bankCards.activeCardOf(member.memberId, card.id, trx);
      const countToday = await repo.countSince(trx, member.memberId, dayStartOf(at, setting.dayOffsetMinutes));
      if (countToday >= setting.dailyCountMax) throw new DomainError('withdrawal_daily_limit');
      const fee = withdrawalFeeOf(setting, input.amount, countToday);
      if (fee >= input.amount)
        throw new DomainError('withdrawal_fee_exceeds_amount', undefined, { fee: amountParam(fee, member.currency) });
      await deps.onRequested?.(trx, member.memberId);
      const left = await wagering.remaining(member, trx);
      if (left > 0) throw new DomainError('wagering_incomplete', undefined, { amount: amountParam(left, member.currency) });
      const paidSoFar = await repo.sumPaid(trx, member.memberId, member.currency);
      const id = await repo.insert(trx, {
        merchantId: member.merchantId,
        memberId: member.memberId,
        bankCardId: card.id,
        currency: member.currency,
        amount: input.amount,
        fee,
        isKycRequired: paidSoFar + input.amount > setting.kycThresholdMinor,
        createdAt: at,
        requestId: input.requestId,
        requestHash,
      });
      const keys = withdrawalKeys(id);
      const reference = { type: 'withdrawal', id: String(id) };
      const net = await ledger.reserve(
        { accountId: main.id, amount: input.amount - fee, code: 'withdrawal', idempotencyKey: keys.netReserve, reference },
        trx,
      );
      const feeReservation =
        fee > 0
          ? await ledger.reserve(
              { accountId: main.id, amount: fee, code: 'withdrawal_fee', idempotencyKey: keys.feeReserve, reference },
              trx,
            )
          : null;
      await repo.setReservations(trx, id, net.reservationId, feeReservation?.reservationId ?? null);
      if (current.verifiedAt === null) await bankCards.markVerified(card.id, trx);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'withdrawal.requested',
        subjectType: 'withdrawal',
        subjectId: id,
        data: { amount: input.amount, fee, bankCardId: card.id, firstToCard: current.verifiedAt === null, requestId: input.requestId },
        ip,
      });
      return id;
    });
    try {
      await autoReview(member, id);
    } catch (error) {
      // The request stands (its money is reserved and it was answered once): it waits for an operator.
      await recordAudit(db, {
        actorType: 'system',
        action: 'withdrawal.auto_review_failed',
        subjectType: 'withdrawal',
        subjectId: id,
        merchantId: member.merchantId,
        data: { memberId: member.memberId, error: error instanceof Error ? error.message : String(error) },
      });
    }
    return (await repo.findById(db, id))!;
  }

  /**
   * The merchant's auto-approval rules (withdrawals.auto-approval.ts) on a new request: approved by
   * the system when every rule holds, else left to an operator with the failed rules in the audit
   * log. A request replayed by its request id was reviewed the first time and is not again.
   */
  async function autoReview(member: WithdrawalMember, id: number): Promise<void> {
    const setting = await settings.get(member.merchantId, autoApprovalSetting);
    if (!setting.isEnabled) return;
    const row = (await repo.findById(db, id))!;
    if (row.status !== 'pending') return;
    const since = await repo.lastPaidAt(db, member.memberId, id);
    const [wageringRemaining, bonuses, linkedMembers, vipLevel] = await Promise.all([
      setting.requireWageringMet ? wagering.remaining(member) : 0,
      setting.requireNoBonusSinceLastWithdrawal
        ? ledger.history({
            memberId: member.memberId,
            currency: member.currency,
            codes: ['promotion'],
            from: since ?? undefined,
            pageSize: 1,
          })
        : { totalCount: 0 },
      setting.requireNoLinkedAccounts ? deps.autoApprovalFacts.linkedMembers(member.merchantId, member.memberId) : 0,
      setting.allowedVipLevels.length > 0 ? deps.autoApprovalFacts.vipLevel(member.memberId) : 0,
    ]);
    const checks = autoApprovalChecks(setting, {
      amount: row.amount,
      wageringRemaining,
      bonusSinceLastWithdrawal: bonuses.totalCount > 0,
      linkedMembers,
      vipLevel,
    });
    const isApproved = checks.every((check) => check.passed);
    await db.transaction().execute(async (trx) => {
      if (isApproved) {
        // Conditional like an operator's approval: an operator who decided first wins.
        const moved = await repo.transition(trx, { id, merchantId: member.merchantId }, ['pending'], 'approved', {
          approved_at: now(),
          approved_by: null,
        });
        if (!moved) return;
      }
      await recordAudit(trx, {
        actorType: 'system',
        action: isApproved ? 'withdrawal.auto_approved' : 'withdrawal.auto_review_failed',
        subjectType: 'withdrawal',
        subjectId: id,
        merchantId: member.merchantId,
        data: { memberId: member.memberId, amount: row.amount, checks },
      });
    });
  }

  async function listForMember(
    member: WithdrawalMember,
    query: { status?: WithdrawalStatus | undefined; pageNo: number; pageSize: number },
  ) {
    return page({ memberId: member.memberId, merchantId: member.merchantId, status: query.status }, query);
  }

  async function page(filter: repo.WithdrawalFilter, paging: { pageNo: number; pageSize: number }) {
    return repo.pageWithdrawals(db, filter, { limit: paging.pageSize, offset: pageOffset(paging) });
  }

  async function getForMember(member: WithdrawalMember, id: number): Promise<repo.WithdrawalRow> {
    const row = await repo.findById(db, id);
    if (row?.memberId !== member.memberId) throw new DomainError('withdrawal_not_found');
    return row;
  }

  async function getForAdmin(admin: WithdrawalAdmin, id: number) {
    const row = await repo.findById(db, id);
    if (row?.merchantId !== admin.merchantId) throw new DomainError('withdrawal_not_found');
    const [proofs, kycStatus] = await Promise.all([repo.proofIdsOf(db, [id]), kyc.statusOf(row.memberId)]);
    return { row, proofIds: proofs.get(id) ?? [], kycStatus };
  }

  async function listForAdmin(
    admin: WithdrawalAdmin,
    query: {
      status?: WithdrawalStatus | undefined;
      memberId?: number | undefined;
      username?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const found = await page(
      {
        merchantId: admin.merchantId,
        memberId: query.memberId,
        username: query.username,
        status: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      query,
    );
    const proofs = await repo.proofIdsOf(
      db,
      found.list.map((r) => r.id),
    );
    const statuses = new Map<number, Awaited<ReturnType<KycService['statusOf']>>>();
    for (const memberId of new Set(found.list.map((r) => r.memberId))) statuses.set(memberId, await kyc.statusOf(memberId));
    return {
      list: found.list.map((row) => ({ row, proofIds: proofs.get(row.id) ?? [], kycStatus: statuses.get(row.memberId) ?? 'none' })),
      totalCount: found.totalCount,
    };
  }

  async function approve(admin: WithdrawalAdmin, id: number, ip: string | null) {
    await db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, { id, merchantId: admin.merchantId }, ['pending'], 'approved', {
        approved_at: now(),
        approved_by: admin.adminId,
      });
      if (!moved) throw await stateError(trx, { merchantId: admin.merchantId }, id);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'withdrawal.approved',
        subjectType: 'withdrawal',
        subjectId: id,
        ip,
      });
    });
    return getForAdmin(admin, id);
  }

  async function reject(admin: WithdrawalAdmin, id: number, reason: string, ip: string | null) {
    await db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, { id, merchantId: admin.merchantId }, ['pending', 'approved'], 'rejected', {
        rejected_at: now(),
        rejected_by: admin.adminId,
        reject_reason: reason,
      });
      if (!moved) throw await stateError(trx, { merchantId: admin.merchantId }, id);
      const row = (await repo.findById(trx, id))!;
      const keys = withdrawalKeys(id);
      if (row.netReservationId !== null) {
        await ledger.voidReservation({ reservationId: row.netReservationId, idempotencyKey: keys.netVoid, note: reason }, trx);
      }
      if (row.feeReservationId !== null) {
        await ledger.voidReservation({ reservationId: row.feeReservationId, idempotencyKey: keys.feeVoid, note: reason }, trx);
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'withdrawal.rejected',
        subjectType: 'withdrawal',
        subjectId: id,
        data: { reason, amount: row.amount, returned: true },
        ip,
      });
    });
    return getForAdmin(admin, id);
  }

  async function payout(admin: WithdrawalAdmin, id: number, ip: string | null) {
    const found = await repo.findById(db, id);
    if (found?.merchantId !== admin.merchantId) throw new DomainError('withdrawal_not_found');
    const setting = await settings.get(admin.merchantId, withdrawalRulesSetting);
    const clearing = await ledger.ensureSystemAccount({ merchantId: admin.merchantId, kind: 'payment_clearing', currency: found.currency });
    const house = await ledger.ensureSystemAccount({ merchantId: admin.merchantId, kind: 'house_revenue', currency: found.currency });
    await db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, { id, merchantId: admin.merchantId }, ['approved'], 'paid', {
        paid_at: now(),
        paid_by: admin.adminId,
      });
      if (!moved) throw await stateError(trx, { merchantId: admin.merchantId }, id);
      const row = (await repo.findById(trx, id))!;
      // Two people per large payout: the approver may not pay (the update above rolls back).
      if (row.approvedBy === admin.adminId && row.amount > setting.separatePayoutAboveMinor) {
        throw new DomainError('withdrawal_same_operator');
      }
      // The paid sum now includes this withdrawal.
      const paidTotal = await repo.sumPaid(trx, row.memberId, row.currency);
      const needsKyc = row.isKycRequired || paidTotal > setting.kycThresholdMinor;
      if (needsKyc && (await kyc.statusOf(row.memberId, trx)) !== 'approved') throw new DomainError('kyc_required');
      const keys = withdrawalKeys(id);
      if (row.netReservationId === null) throw new Error(`withdrawal ${id} has no reservation`);
      await ledger.post(
        { reservationId: row.netReservationId, toAccountId: clearing.id, code: 'withdrawal', idempotencyKey: keys.netPost },
        trx,
      );
      if (row.feeReservationId !== null) {
        await ledger.post(
          { reservationId: row.feeReservationId, toAccountId: house.id, code: 'withdrawal_fee', idempotencyKey: keys.feePost },
          trx,
        );
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'withdrawal.paid',
        subjectType: 'withdrawal',
        subjectId: id,
        data: { amount: row.amount, fee: row.fee, netAmount: row.netAmount, kycChecked: needsKyc },
        ip,
      });
    });
    return getForAdmin(admin, id);
  }

  async function confirmReceived(member: WithdrawalMember, id: number, ip: string | null) {
    await db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, { id, memberId: member.memberId }, ['paid'], 'confirmed_received', {
        confirmed_at: now(),
        confirmation: 'received',
      });
      if (!moved) throw await stateError(trx, { memberId: member.memberId }, id);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'withdrawal.confirmed_received',
        subjectType: 'withdrawal',
        subjectId: id,
        ip,
      });
    });
    return getForMember(member, id);
  }

  /** "Not received": the payout is disputed, with 1 to 3 proof images for the operator. */
  async function dispute(member: WithdrawalMember, id: number, proof: { images: UploadedImage[]; note: string | null }, ip: string | null) {
    if (proof.images.length === 0) throw new DomainError('image_required', 'images');
    await db.transaction().execute(async (trx) => {
      const at = now();
      const moved = await repo.transition(trx, { id, memberId: member.memberId }, ['paid'], 'disputed', {
        confirmed_at: at,
        confirmation: 'not_received',
        dispute_note: proof.note,
      });
      if (!moved) throw await stateError(trx, { memberId: member.memberId }, id);
      for (const image of proof.images)
        await repo.insertProof(trx, id, { contentType: image.contentType, bytes: image.bytes, createdAt: at });
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'withdrawal.disputed',
        subjectType: 'withdrawal',
        subjectId: id,
        data: { proofCount: proof.images.length },
        ip,
      });
    });
    return getForMember(member, id);
  }

  /** "All received": every payout of the member still waiting for confirmation. */
  async function confirmAllReceived(member: WithdrawalMember, ip: string | null): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const rows = await repo.confirmAllPaidReceived(trx, member.memberId, now());
      if (rows.length > 0) {
        await recordAudit(trx, {
          actorType: 'member',
          actorId: member.memberId,
          action: 'withdrawal.all_confirmed_received',
          subjectType: 'member',
          subjectId: member.memberId,
          data: { withdrawalIds: rows.map((r) => r.id) },
          ip,
        });
      }
      return rows.length;
    });
  }

  /**
   * Payouts not confirmed within the merchant's autoConfirmMinutes count as received (spec: "an
   * unconfirmed payout counts as received after {0} minutes"; a forced receipt is not refunded).
   * Idempotent: each row moves once, by its conditional update; a second run finds nothing.
   */
  async function autoConfirmDue(): Promise<number> {
    let confirmed = 0;
    for (const merchantId of await repo.merchantsWithPaid(db)) {
      const setting = await settings.get(merchantId, withdrawalRulesSetting);
      const cutoff = new Date(now().getTime() - setting.autoConfirmMinutes * 60_000);
      const due = await repo.findUnconfirmedPaid(db, merchantId, cutoff, AUTO_CONFIRM_BATCH_SIZE);
      for (const candidate of due) {
        await db.transaction().execute(async (trx) => {
          const moved = await repo.transition(trx, { id: candidate.id }, ['paid'], 'confirmed_received', {
            confirmed_at: now(),
            confirmation: 'auto',
          });
          if (!moved) return;
          confirmed += 1;
          await recordAudit(trx, {
            actorType: 'system',
            action: 'withdrawal.auto_confirmed',
            subjectType: 'withdrawal',
            subjectId: candidate.id,
            data: { afterMinutes: setting.autoConfirmMinutes },
          });
        });
      }
    }
    return confirmed;
  }

  async function proof(admin: WithdrawalAdmin, withdrawalId: number, proofId: number) {
    const row = await repo.findById(db, withdrawalId);
    if (row?.merchantId !== admin.merchantId) throw new DomainError('withdrawal_not_found');
    const found = await repo.findProof(db, withdrawalId, proofId);
    if (!found) throw new DomainError('not_found', 'proofId');
    return found;
  }

  /** Whether the member's next payout waits for an approved identity check. */
  async function isKycRequiredForPayout(member: WithdrawalMember): Promise<boolean> {
    const setting = await settings.get(member.merchantId, withdrawalRulesSetting);
    return (
      (await repo.hasOpenAwaitingKyc(db, member.memberId)) ||
      (await repo.sumPaid(db, member.memberId, member.currency)) >= setting.kycThresholdMinor
    );
  }

  return {
    /** What the member has been paid out in the currency (paid, confirmed or disputed). */
    totalPaidOf: (memberId: number, currency: string) => repo.sumPaid(db, memberId, currency),
    rules,
    request,
    listForMember,
    getForMember,
    listForAdmin,
    getForAdmin,
    approve,
    reject,
    payout,
    confirmReceived,
    dispute,
    confirmAllReceived,
    autoConfirmDue,
    proof,
    isKycRequiredForPayout,
    isCardInUse: (cardId: number, trx: Transaction<DB>) => repo.hasOpenOnCard(trx, cardId),
  };
}
