import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SessionService } from '../session/session.service.ts';
import * as repo from './member-admin.repository.ts';

/** Members listed per page in the back office, at most. */
export const MEMBER_PAGE_SIZE_MAX = 100;

type Operator = { adminId: number; merchantId: number; ip: string | null };

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;

/**
 * What an operator does to a member's account: find it, lock or unlock it, force a password change.
 * Each action is audited in the transaction that makes it.
 */
export function createMemberAdminService(deps: {
  db: Kysely<DB>;
  sessions: SessionService;
  /** An account was locked, in the lock's transaction (promotions forfeit the member's active grants). */
  onLocked?: ((trx: Transaction<DB>, memberId: number) => Promise<unknown>) | undefined;
}) {
  const { db, sessions } = deps;

  async function list(
    merchantId: number,
    query: { username?: string | undefined; status?: string | undefined; pageNo: number; pageSize: number },
  ) {
    const pageSize = Math.min(query.pageSize, MEMBER_PAGE_SIZE_MAX);
    const { rows, totalCount } = await repo.findPage(db, {
      merchantId,
      usernamePrefix: query.username,
      status: query.status,
      limit: pageSize,
      offset: pageOffset({ pageNo: query.pageNo, pageSize }),
    });
    return { rows, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
  }

  async function memberOf(trx: Kysely<DB>, op: Operator, memberId: number) {
    const member = await repo.findMember(trx, op.merchantId, memberId);
    if (!member) throw new DomainError('not_found', 'member');
    return member;
  }

  /** Locks the account and ends its sessions; the member cannot log in until unlocked. */
  async function lock(op: Operator, memberId: number, reason: string) {
    await db.transaction().execute(async (trx) => {
      const member = await memberOf(trx, op, memberId);
      if (member.status === 'closed') throw new DomainError('conflict', 'closed');
      await repo.setStatus(trx, memberId, 'locked');
      await deps.onLocked?.(trx, memberId);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'member.lock',
        subjectType: 'member',
        subjectId: memberId,
        data: { reason, previousStatus: member.status },
        ip: op.ip,
      });
    });
    await sessions.revokeAllForMember(memberId);
  }

  /** Unlocks a locked account and clears the login lock after failed passwords. */
  async function unlock(op: Operator, memberId: number) {
    return db.transaction().execute(async (trx) => {
      const member = await memberOf(trx, op, memberId);
      if (member.status === 'closed') throw new DomainError('conflict', 'closed');
      const names = [member.username, ...(member.mobileNum ? [member.mobileNum] : [])];
      const clearedLocks = await repo.clearAccountThrottles(trx, op.merchantId, names);
      if (member.status === 'locked') await repo.setStatus(trx, memberId, 'active');
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'member.unlock',
        subjectType: 'member',
        subjectId: memberId,
        data: { previousStatus: member.status, clearedLocks },
        ip: op.ip,
      });
      return { status: 'active' as const, clearedLocks };
    });
  }

  /** The member must choose a new password at the next login (the spec's cpw). */
  async function forcePasswordChange(op: Operator, memberId: number) {
    await db.transaction().execute(async (trx) => {
      await memberOf(trx, op, memberId);
      await repo.requirePasswordChange(trx, memberId);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'member.force_password_change',
        subjectType: 'member',
        subjectId: memberId,
        ip: op.ip,
      });
    });
    await sessions.revokeAllForMember(memberId);
  }

  return { list, lock, unlock, forcePasswordChange };
}
