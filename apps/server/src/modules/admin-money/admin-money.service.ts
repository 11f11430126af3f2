import type { AdjustmentApprovalSetting, AdjustmentCreate, AdjustmentListQuery, AdjustmentWallet } from '@platform/contracts/admin-money';
import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { findMemberOfMerchant } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MemberAccountKind, SystemAccountKind } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './admin-money.repository.ts';
import { adjustmentApprovalSetting } from './admin-money.settings.ts';

/** The operator acting, as the admin plugin names it. */
export type Operator = { adminId: number; merchantId: number };

const ACCOUNT_KIND_OF_WALLET: Record<AdjustmentWallet, MemberAccountKind> = {
  main: 'player_main',
  bonus: 'player_bonus',
  agent: 'agent_main',
};

/** Where a credit comes from and a debit goes: bonus money to and from the bonus pool, the rest the house. */
const SYSTEM_KIND_OF_WALLET: Record<AdjustmentWallet, SystemAccountKind> = {
  main: 'house_revenue',
  bonus: 'bonus_pool',
  agent: 'house_revenue',
};

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;

/**
 * Manual credits and debits (ledger code admin_adjustment). A request at or under the merchant's
 * threshold moves the money at once; over it, the request waits until a different operator
 * approves it (the money moves then, exactly once) or rejects it (nothing moves). Every step
 * writes an audit row in its own transaction with the money.
 */
export function createAdminMoneyService(deps: { db: Kysely<DB>; ledger: LedgerService; settings: SettingsService; now: () => Date }) {
  const { db, ledger, settings, now } = deps;

  /** Moves the money of a requested adjustment and marks it approved, in the caller's transaction. */
  async function execute(trx: Transaction<DB>, row: repo.AdjustmentRow, decidedBy: number | null, note: string | null): Promise<void> {
    const kind = ACCOUNT_KIND_OF_WALLET[row.wallet];
    const accounts = await ledger.ensureMemberAccounts(
      { merchantId: row.merchantId, memberId: row.memberId, currency: row.currency, kinds: [kind] },
      trx,
    );
    const member = accounts[kind];
    if (!member) throw new Error('member account missing after ensureMemberAccounts');
    const system = await ledger.ensureSystemAccount(
      { merchantId: row.merchantId, kind: SYSTEM_KIND_OF_WALLET[row.wallet], currency: row.currency },
      trx,
    );
    const isCredit = row.direction === 'credit';
    const moved = await ledger.transfer(
      {
        fromAccountId: isCredit ? system.id : member.id,
        toAccountId: isCredit ? member.id : system.id,
        amount: row.amount,
        code: 'admin_adjustment',
        idempotencyKey: `admin-adjustment:${row.id}`,
        reference: { type: 'admin_adjustment', id: String(row.id) },
        note: row.reason,
      },
      trx,
    );
    await repo.markApproved(trx, row.id, {
      decidedBy,
      note,
      ledgerTransferId: moved.transferId,
      balanceAfter: isCredit ? moved.toBalanceAfter : moved.fromBalanceAfter,
      at: now(),
    });
  }

  async function create(operator: Operator, memberId: number, input: AdjustmentCreate, ip: string | null): Promise<repo.AdjustmentRow> {
    const requestHash = hashRequest([operator.adminId, memberId, input.wallet, input.direction, input.amount, input.reason]);
    return db.transaction().execute(async (trx) => {
      const member = await findMemberOfMerchant(trx, operator.merchantId, memberId);
      if (!member) throw new DomainError('not_found', 'member');
      const { approvalThresholdMinor } = await settings.get(operator.merchantId, adjustmentApprovalSetting, trx);
      const needsApproval = input.amount > approvalThresholdMinor;
      const id = await repo.insertOnce(trx, {
        merchantId: operator.merchantId,
        memberId,
        wallet: input.wallet,
        direction: input.direction,
        amount: input.amount,
        currency: member.currency,
        reason: input.reason,
        requestId: input.requestId,
        requestHash,
        needsApproval,
        requestedBy: operator.adminId,
        createdAt: now(),
      });
      if (id === undefined) {
        const existing = await repo.findByRequestId(trx, operator.merchantId, input.requestId);
        if (existing?.requestHash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
        return existing;
      }
      const row = await repo.findById(trx, operator.merchantId, id);
      if (!row) throw new Error('adjustment vanished after insert');
      if (!needsApproval) await execute(trx, row, null, null);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: operator.adminId,
        action: needsApproval ? 'admin_money.requested' : 'admin_money.executed',
        subjectType: 'member',
        subjectId: memberId,
        data: {
          adjustmentId: id,
          wallet: input.wallet,
          direction: input.direction,
          amount: input.amount,
          currency: member.currency,
          reason: input.reason,
          needsApproval,
        },
        ip,
      });
      return (await repo.findById(trx, operator.merchantId, id)) ?? row;
    });
  }

  /** A different operator's decision on a waiting request; the row lock makes it happen once. */
  async function decide(
    operator: Operator,
    id: number,
    decision: 'approve' | 'reject',
    note: string | undefined,
    ip: string | null,
  ): Promise<repo.AdjustmentRow> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.lockById(trx, operator.merchantId, id))) throw new DomainError('not_found', 'adjustment');
      const row = await repo.findById(trx, operator.merchantId, id);
      if (!row) throw new DomainError('not_found', 'adjustment');
      if (row.status !== 'requested') throw new DomainError('admin_request_not_pending');
      if (row.requestedBy === operator.adminId) throw new DomainError('admin_self_approval');
      const decisionNote = note === undefined || note === '' ? null : note;
      if (decision === 'approve') await execute(trx, row, operator.adminId, decisionNote);
      else await repo.markRejected(trx, id, { decidedBy: operator.adminId, note: decisionNote, at: now() });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: operator.adminId,
        action: decision === 'approve' ? 'admin_money.approved' : 'admin_money.rejected',
        subjectType: 'member',
        subjectId: row.memberId,
        data: {
          adjustmentId: id,
          amount: row.amount,
          direction: row.direction,
          wallet: row.wallet,
          requestedBy: row.requestedBy,
          note: decisionNote,
        },
        ip,
      });
      const decided = await repo.findById(trx, operator.merchantId, id);
      if (!decided) throw new Error('adjustment vanished after its decision');
      return decided;
    });
  }

  async function list(operator: Operator, query: AdjustmentListQuery) {
    const { rows, totalCount } = await repo.findPage(db, {
      merchantId: operator.merchantId,
      status: query.status,
      memberId: query.memberId,
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return { rows, totalCount, pageNo: query.pageNo, pageSize: query.pageSize };
  }

  async function get(operator: Operator, id: number): Promise<repo.AdjustmentRow> {
    const row = await repo.findById(db, operator.merchantId, id);
    if (!row) throw new DomainError('not_found', 'adjustment');
    return row;
  }

  const approvalSetting = (operator: Operator) => settings.get(operator.merchantId, adjustmentApprovalSetting);

  async function setApprovalSetting(
    operator: Operator,
    value: AdjustmentApprovalSetting,
    ip: string | null,
  ): Promise<AdjustmentApprovalSetting> {
    const before = await approvalSetting(operator);
    await settings.set(operator.merchantId, adjustmentApprovalSetting, value, `admin:${operator.adminId}`);
    await recordAudit(db, {
      actorType: 'admin',
      actorId: operator.adminId,
      action: 'admin_money.threshold_changed',
      subjectType: 'merchant',
      subjectId: operator.merchantId,
      data: { before, after: value },
      ip,
    });
    return approvalSetting(operator);
  }

  return {
    create,
    approve: (operator: Operator, id: number, note: string | undefined, ip: string | null) => decide(operator, id, 'approve', note, ip),
    reject: (operator: Operator, id: number, note: string | undefined, ip: string | null) => decide(operator, id, 'reject', note, ip),
    list,
    get,
    approvalSetting,
    setApprovalSetting,
  };
}
