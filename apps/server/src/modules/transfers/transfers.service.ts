import { createHash } from 'node:crypto';
import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type {
  DownlineTransferRequest,
  TransferDirection,
  TransferPermissionsUpdate,
  UplineTransferRequest,
} from '@platform/contracts/transfers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MemberAccountKind } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './transfers.repository.ts';

/** A member without a row in transfer_permissions has these. */
export const DEFAULT_TRANSFER_PERMISSIONS: repo.PermissionsRow = {
  toUpline: false,
  canTransferToDownline: true,
  canReceiveFromDownline: true,
};

export type MemberTransferResult = {
  transferId: number;
  direction: TransferDirection;
  receiverUsername: string;
  amount: number;
  currency: string;
  note: string;
  balanceAfter: number;
  createdAt: Date;
  isReplay: boolean;
};

export type TransfersService = ReturnType<typeof createTransfersService>;

/** An agent's money for transfers is its agent wallet; anyone else's is the main wallet. */
export function transferWalletOf(accountType: number): MemberAccountKind {
  return isAgentAccountType(accountType) ? 'agent_main' : 'player_main';
}

/**
 * Transfers along the downline: an agent to any member of its own downline, and a member to its
 * direct upline. One SQL transaction claims the request id, moves the money through the ledger and
 * writes the audit row; a repeated request id replays the first answer and moves nothing.
 */
/** Checks a member's payment password, counting wrong answers towards its lock (bank-cards module). */
export type PaymentPasswordVerifier = (member: { memberId: number; merchantId: number }, plain: string) => Promise<unknown>;

export function createTransfersService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  now: () => Date;
  /** Without it, the password is compared directly (no lock after wrong answers). */
  verifyPaymentPassword?: PaymentPasswordVerifier;
}) {
  const { db, ledger, now } = deps;

  async function permissionsOf(memberId: number): Promise<repo.PermissionsRow> {
    return (await repo.findPermissions(db, memberId)) ?? DEFAULT_TRANSFER_PERMISSIONS;
  }

  async function checkPaymentPassword(sender: repo.TransferMemberRow, paymentPassword: string | undefined): Promise<void> {
    if (sender.paymentPasswordHash === null) return;
    if (paymentPassword === undefined) throw new DomainError('payment_password_required');
    if (deps.verifyPaymentPassword) {
      // The same check, and the same lock after repeated wrong answers, as a withdrawal's.
      await deps.verifyPaymentPassword({ memberId: sender.id, merchantId: sender.merchantId }, paymentPassword);
      return;
    }
    if (!(await verifyPassword(sender.paymentPasswordHash, paymentPassword))) throw new DomainError('payment_password_incorrect');
  }

  async function senderOf(principal: Principal): Promise<repo.TransferMemberRow> {
    const sender = await repo.findMemberById(db, principal.memberId);
    if (sender?.status !== 'active') throw new DomainError('unauthorized');
    return sender;
  }

  async function move(
    sender: repo.TransferMemberRow,
    receiver: repo.TransferMemberRow,
    request: { direction: TransferDirection; amount: number; note: string; requestId: string; ip: string | null },
  ): Promise<MemberTransferResult> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([request.direction, receiver.id, request.amount, request.note]))
      .digest('hex');
    return db.transaction().execute(async (trx) => {
      const at = now();
      const id = await repo.insertTransferOnce(trx, {
        merchantId: sender.merchantId,
        senderId: sender.id,
        receiverId: receiver.id,
        direction: request.direction,
        amount: request.amount,
        currency: sender.currency,
        note: request.note,
        requestId: request.requestId,
        requestHash,
        createdAt: at,
      });
      if (id === undefined) {
        const existing = await repo.findTransferByRequest(trx, sender.id, request.requestId);
        if (!existing || existing.requestHash !== requestHash || existing.ledgerTransferId === null) {
          throw new DomainError('idempotency_conflict', 'requestId');
        }
        return {
          transferId: existing.id,
          direction: existing.direction,
          receiverUsername: receiver.username,
          amount: existing.amount,
          currency: existing.currency,
          note: existing.note,
          balanceAfter: existing.senderBalanceAfter ?? 0,
          createdAt: existing.createdAt,
          isReplay: true,
        };
      }
      const fromKind = transferWalletOf(sender.accountType);
      const toKind = transferWalletOf(receiver.accountType);
      const from = (
        await ledger.ensureMemberAccounts(
          { merchantId: sender.merchantId, memberId: sender.id, currency: sender.currency, kinds: [fromKind] },
          trx,
        )
      )[fromKind];
      const to = (
        await ledger.ensureMemberAccounts(
          { merchantId: receiver.merchantId, memberId: receiver.id, currency: receiver.currency, kinds: [toKind] },
          trx,
        )
      )[toKind];
      if (!from || !to) throw new Error('member accounts missing after ensureMemberAccounts');
      const moved = await ledger.transfer(
        {
          fromAccountId: from.id,
          toAccountId: to.id,
          amount: request.amount,
          code: request.direction === 'downline' ? 'downline_transfer' : 'upline_transfer',
          idempotencyKey: `member-transfer:${id}`,
          reference: { type: 'member_transfer', id: String(id) },
          note: request.note === '' ? undefined : request.note,
        },
        trx,
      );
      await repo.completeTransfer(trx, id, moved.transferId, moved.fromBalanceAfter);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: sender.id,
        action: request.direction === 'downline' ? 'transfer.downline' : 'transfer.upline',
        subjectType: 'member',
        subjectId: receiver.id,
        data: {
          memberTransferId: id,
          ledgerTransferId: moved.transferId,
          amount: request.amount,
          currency: sender.currency,
          note: request.note,
          requestId: request.requestId,
        },
        ip: request.ip,
      });
      return {
        transferId: id,
        direction: request.direction,
        receiverUsername: receiver.username,
        amount: request.amount,
        currency: sender.currency,
        note: request.note,
        balanceAfter: moved.fromBalanceAfter ?? 0,
        createdAt: at,
        isReplay: false,
      };
    });
  }

  /** An agent sends money to a member of its own downline (direct or indirect), found by username. */
  async function transferToDownline(
    principal: Principal,
    input: DownlineTransferRequest,
    meta: { ip: string | null },
  ): Promise<MemberTransferResult> {
    const sender = await senderOf(principal);
    if (!isAgentAccountType(sender.accountType)) throw new DomainError('forbidden');
    if (!(await permissionsOf(sender.id)).canTransferToDownline) throw new DomainError('transfer_not_allowed');
    const receiver = await repo.findDownlineByUsername(db, sender, input.username);
    if (!receiver) throw new DomainError('downline_not_found');
    if (receiver.status !== 'active' || isTrialAccountType(receiver.accountType)) throw new DomainError('transfer_receiver_unavailable');
    await checkPaymentPassword(sender, input.paymentPassword);
    return move(sender, receiver, {
      direction: 'downline',
      amount: input.amount,
      note: input.note ?? '',
      requestId: input.requestId,
      ip: meta.ip,
    });
  }

  /** A member sends money to its direct upline, when the operator turned `toUpline` on for it. */
  async function transferToUpline(
    principal: Principal,
    input: UplineTransferRequest,
    meta: { ip: string | null },
  ): Promise<MemberTransferResult> {
    const sender = await senderOf(principal);
    if (!(await permissionsOf(sender.id)).toUpline) throw new DomainError('transfer_not_allowed');
    const upline = sender.parentId === null ? undefined : await repo.findMemberById(db, sender.parentId);
    if (!upline || upline.merchantId !== sender.merchantId || !isAgentAccountType(upline.accountType))
      throw new DomainError('upline_not_found');
    if (upline.status !== 'active') throw new DomainError('transfer_receiver_unavailable');
    if (!(await permissionsOf(upline.id)).canReceiveFromDownline) throw new DomainError('transfer_not_allowed');
    await checkPaymentPassword(sender, input.paymentPassword);
    return move(sender, upline, {
      direction: 'upline',
      amount: input.amount,
      note: input.note ?? '',
      requestId: input.requestId,
      ip: meta.ip,
    });
  }

  /** What the session member may do; the member centre shows `transferUpline` when `toUpline` is on. */
  async function myPermissions(principal: Principal) {
    const member = await senderOf(principal);
    const permissions = await permissionsOf(member.id);
    const upline = member.parentId === null ? undefined : await repo.findMemberById(db, member.parentId);
    return {
      ...permissions,
      canTransferToDownline: isAgentAccountType(member.accountType) && permissions.canTransferToDownline,
      hasPaymentPassword: member.paymentPasswordHash !== null,
      uplineUsername: upline && isAgentAccountType(upline.accountType) ? upline.username : null,
    };
  }

  /** An operator changes a member's flags; the change and its author are audited. */
  async function setPermissions(
    memberId: number,
    update: TransferPermissionsUpdate,
    actor: { adminId: number; merchantId: number; ip: string | null },
  ): Promise<repo.PermissionsRow> {
    return db.transaction().execute(async (trx) => {
      const member = await repo.findMemberById(trx, memberId);
      if (!member || member.merchantId !== actor.merchantId) throw new DomainError('not_found', 'member');
      const before = (await repo.findPermissions(trx, memberId)) ?? DEFAULT_TRANSFER_PERMISSIONS;
      const after: repo.PermissionsRow = {
        toUpline: update.toUpline ?? before.toUpline,
        canTransferToDownline: update.canTransferToDownline ?? before.canTransferToDownline,
        canReceiveFromDownline: update.canReceiveFromDownline ?? before.canReceiveFromDownline,
      };
      await repo.upsertPermissions(trx, memberId, after, `admin:${actor.adminId}`, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: actor.adminId,
        action: 'transfer.permissions_changed',
        subjectType: 'member',
        subjectId: memberId,
        data: { before, after },
        ip: actor.ip,
      });
      return after;
    });
  }

  /** A member's flags as an operator of its merchant sees them. */
  async function permissionsForOperator(memberId: number, merchantId: number): Promise<repo.PermissionsRow> {
    const member = await repo.findMemberById(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('not_found', 'member');
    return permissionsOf(memberId);
  }

  return { transferToDownline, transferToUpline, myPermissions, permissionsOf, permissionsForOperator, setPermissions };
}
