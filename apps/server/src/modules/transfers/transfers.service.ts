import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type { AmountMinor } from '@platform/contracts/money';
import type {
  DownlineTransferRequest,
  TransferDirection,
  TransferPermissionsUpdate,
  UplineTransferRequest,
} from '@platform/contracts/transfers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { findMember, findMemberCredentials, type MemberSummary } from '../accounts/member-directory.ts';
import type { AgentsService } from '../agents/agents.service.ts';
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
 * Checks a member's payment password when it has one (required then), counting wrong answers
 * towards its lock: the paymentPasswords module's `checkIfSet`.
 */
export type PaymentPasswordCheck = (member: { memberId: number; merchantId: number }, plain: string | undefined) => Promise<void>;

/**
 * Transfers along the downline: an agent to any member of its own downline, and a member to its
 * direct upline. One SQL transaction claims the request id, moves the money through the ledger and
 * writes the audit row; a repeated request id replays the first answer and moves nothing.
 */
export function createTransfersService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  /** The agent behind a session and its team: who a downline transfer may reach (the agents module). */
  agents: AgentsService;
  now: () => Date;
  checkPaymentPassword: PaymentPasswordCheck;
}) {
  const { db, ledger, now } = deps;

  async function permissionsOf(memberId: number): Promise<repo.PermissionsRow> {
    return (await repo.findPermissions(db, memberId)) ?? DEFAULT_TRANSFER_PERMISSIONS;
  }

  async function checkPaymentPassword(sender: MemberSummary, paymentPassword: string | undefined): Promise<void> {
    // The same check, and the same lock after repeated wrong answers, as a withdrawal's.
    await deps.checkPaymentPassword({ memberId: sender.id, merchantId: sender.merchantId }, paymentPassword);
  }

  async function senderOf(principal: Principal): Promise<MemberSummary> {
    const sender = await findMember(db, principal.memberId);
    if (sender?.status !== 'active') throw new DomainError('unauthorized');
    return sender;
  }

  async function move(
    sender: MemberSummary,
    receiver: MemberSummary,
    request: { direction: TransferDirection; amount: number; note: string; requestId: string; ip: string | null },
  ): Promise<MemberTransferResult> {
    const requestHash = hashRequest([request.direction, receiver.id, request.amount, request.note]);
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
      // Money leaving an agent wallet passes the agents module's check (a contract debtor keeps it).
      if (fromKind === 'agent_main') await deps.agents.assertCanPayOutOfAgentWallet(sender.id, trx);
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

  /**
   * An agent sends money to a member of its own downline (direct or indirect), found by username:
   * the agents module's `agentOf` and `teamMember`, the scope every agent call uses, so anyone else
   * (another team, an upline, the agent itself, an unknown name) is `not_in_team`.
   */
  async function transferToDownline(
    principal: Principal,
    input: DownlineTransferRequest,
    meta: { ip: string | null },
  ): Promise<MemberTransferResult> {
    const agent = await deps.agents.agentOf(principal);
    const sender = await senderOf(principal);
    if (!(await permissionsOf(sender.id)).canTransferToDownline) throw new DomainError('transfer_not_allowed');
    const receiver = await deps.agents.teamMember(agent, { username: input.username });
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
    const upline = sender.parentId === null ? undefined : await findMember(db, sender.parentId);
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
    const upline = member.parentId === null ? undefined : await findMember(db, member.parentId);
    const kind = transferWalletOf(member.accountType);
    const balances = await ledger.memberBalances({ memberId: member.id, currency: member.currency });
    return {
      ...permissions,
      canTransferToDownline: isAgentAccountType(member.accountType) && permissions.canTransferToDownline,
      hasPaymentPassword: ((await findMemberCredentials(db, member.id))?.paymentPasswordHash ?? null) !== null,
      uplineUsername: upline && isAgentAccountType(upline.accountType) ? upline.username : null,
      wallet: kind === 'agent_main' ? ('agent' as const) : ('main' as const),
      walletBalance: (kind === 'agent_main' ? balances.agent : balances.main) as AmountMinor,
      currency: member.currency,
    };
  }

  /** An operator changes a member's flags; the change and its author are audited. */
  async function setPermissions(
    memberId: number,
    update: TransferPermissionsUpdate,
    actor: { adminId: number; merchantId: number; ip: string | null },
  ): Promise<repo.PermissionsRow> {
    return db.transaction().execute(async (trx) => {
      const member = await findMember(trx, memberId);
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

  /**
   * An agent lets a member of its team transfer to that member's direct upline, or stops it (the
   * agent centre's team management). The caller has checked that the member is in the agent's
   * team. Only `toUpline` changes; the change and the agent are audited.
   */
  async function setToUplineByAgent(
    agent: { memberId: number; merchantId: number },
    memberId: number,
    toUpline: boolean,
    meta: { ip: string | null },
  ): Promise<repo.PermissionsRow> {
    return db.transaction().execute(async (trx) => {
      const member = await findMember(trx, memberId);
      if (!member || member.merchantId !== agent.merchantId) throw new DomainError('not_found', 'member');
      const before = (await repo.findPermissions(trx, memberId)) ?? DEFAULT_TRANSFER_PERMISSIONS;
      const after: repo.PermissionsRow = { ...before, toUpline };
      await repo.upsertPermissions(trx, memberId, after, `agent:${agent.memberId}`, now());
      await recordAudit(trx, {
        actorType: 'member',
        actorId: agent.memberId,
        action: 'transfer.permissions_changed',
        subjectType: 'member',
        subjectId: memberId,
        data: { before, after },
        ip: meta.ip,
      });
      return after;
    });
  }

  /** The `toUpline` flag of each member (the default for a member without a row). */
  async function toUplineOf(memberIds: readonly number[]): Promise<Map<number, boolean>> {
    const rows = await repo.findPermissionsOf(db, memberIds);
    const byId = new Map(rows.map((r) => [r.memberId, r.toUpline]));
    return new Map(memberIds.map((id) => [id, byId.get(id) ?? DEFAULT_TRANSFER_PERMISSIONS.toUpline]));
  }

  /** A member's flags as an operator of its merchant sees them. */
  async function permissionsForOperator(memberId: number, merchantId: number): Promise<repo.PermissionsRow> {
    const member = await findMember(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('not_found', 'member');
    return permissionsOf(memberId);
  }

  /** Who sent each transfer (by the transfer's id, as its ledger reference names it). */
  async function sendersOf(transferIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await repo.findSenderIds(db, transferIds);
    return new Map(rows.map((r) => [r.id, r.senderId]));
  }

  return {
    transferToDownline,
    transferToUpline,
    myPermissions,
    permissionsOf,
    permissionsForOperator,
    setPermissions,
    setToUplineByAgent,
    toUplineOf,
    sendersOf,
  };
}
