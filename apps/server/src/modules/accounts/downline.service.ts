import { ACCOUNT_TYPE, isAgentAccountType, mayOpen } from '@platform/contracts/account-types';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { merchantCurrencyOf } from '../merchant/merchant.service.ts';
import * as accountsRepo from './accounts.repository.ts';
import * as repo from './downline.repository.ts';

/**
 * Who opens an account, which decides where it may go (docs/agents.md, "The hierarchy"):
 * - an agent opens directly under itself a type its own type may open (`mayOpen`);
 * - an operator opens under any active member a type that member may open, or with no upline a
 *   type-1 agent or a player;
 * - public registration opens a player, with no upline or under the agent of an invitation code
 *   (or recommender) that may have players;
 * - free play opens a trial account with no upline.
 */
export type AccountOpener =
  | { readonly kind: 'agent'; readonly memberId: number }
  | { readonly kind: 'operator'; readonly adminId: number }
  | { readonly kind: 'registration' }
  | { readonly kind: 'free-play' };

/** The types an opener may place with no upline. */
function mayOpenAtTop(opener: AccountOpener, accountType: number): boolean {
  switch (opener.kind) {
    case 'operator':
      return accountType === ACCOUNT_TYPE.agentLevel1 || accountType === ACCOUNT_TYPE.member;
    case 'registration':
      return accountType === ACCOUNT_TYPE.member;
    case 'free-play':
      return accountType === ACCOUNT_TYPE.trial;
    case 'agent':
      return false;
  }
}

/**
 * Checks where a new account of `accountType` may go and locks its parent (`FOR SHARE`) for the
 * rest of `trx`; answers the parent's id and path for `insertMember`. `upline_invalid` for a parent
 * that is not an active member of the merchant; `account_type_not_allowed` for a type the parent
 * (or the top, or this opener) may not have.
 */
export async function placeNewMember(
  trx: Transaction<DB>,
  input: { merchantId: number; parentId: number | null; accountType: number; opener: AccountOpener },
): Promise<{ id: number; uplinePath: string } | null> {
  const { opener } = input;
  if (input.parentId === null) {
    if (!mayOpenAtTop(opener, input.accountType)) throw new DomainError('account_type_not_allowed');
    return null;
  }
  if (opener.kind === 'free-play') throw new DomainError('account_type_not_allowed');
  if (opener.kind === 'agent' && opener.memberId !== input.parentId) throw new DomainError('forbidden');
  const parent = await repo.lockParentForChild(trx, input.merchantId, input.parentId);
  if (parent?.status !== 'active') throw new DomainError('upline_invalid');
  if (opener.kind === 'registration' && input.accountType !== ACCOUNT_TYPE.member) throw new DomainError('account_type_not_allowed');
  if (!mayOpen(parent.accountType, input.accountType)) throw new DomainError('account_type_not_allowed');
  return { id: parent.id, uplinePath: parent.uplinePath };
}

export type OpenAccountInput = {
  merchantId: number;
  /** Defaults to the merchant's currency. */
  currency?: string;
  /** The upline; null opens at the top (operators: type 1 or a player). */
  parentId: number | null;
  accountType: number;
  username: string;
  /** The first password; with `mustChangePassword` the member chooses a new one at first login. */
  password: string;
  mustChangePassword: boolean;
  nickname?: string | null;
  mobileNum?: string | null;
  email?: string | null;
  /** Messenger contacts kept on the profile (telegram, zalo, ...). */
  contacts?: Record<string, string>;
  openedBy: AccountOpener;
  ip: string | null;
};

export type OpenedAccount = { memberId: number; username: string; accountType: number; parentId: number | null; uplinePath: string };

export type DownlineService = ReturnType<typeof createDownlineService>;

/**
 * Told of a subtree move inside the move's transaction: the moved member's path before and after,
 * its new upline, the operator. It may answer work to do once the move has committed (a notice).
 */
export type SubtreeMovedHook = (
  trx: Transaction<DB>,
  move: {
    merchantId: number;
    memberId: number;
    fromPath: string;
    toPath: string;
    toParentId: number;
    by: { adminId: number; ip: string | null };
  },
) => Promise<void | (() => Promise<void>)>;

/**
 * Opening accounts in the downline and moving a member under another upline: the hierarchy of
 * account types (packages/contracts/src/account-types.ts) holds for both, and a move rewrites the
 * whole subtree's paths in one transaction.
 */
export function createDownlineService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  /** Runs in a move's transaction after the subtree's paths changed (the daily team rollups follow it). */
  onSubtreeMoved?: SubtreeMovedHook | undefined;
}) {
  const { db, now } = deps;

  /**
   * Opens an account where the hierarchy allows (see AccountOpener): the member, its profile and
   * security rows and an audit row in one transaction. `username_taken` when the name is in use.
   */
  async function openAccount(input: OpenAccountInput): Promise<OpenedAccount> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (trx) => {
        const parent = await placeNewMember(trx, {
          merchantId: input.merchantId,
          parentId: input.parentId,
          accountType: input.accountType,
          opener: input.openedBy,
        });
        const created = await accountsRepo.insertMember(trx, {
          merchantId: input.merchantId,
          username: input.username,
          accountType: input.accountType,
          parent,
          nickname: input.nickname ?? null,
          payeeName: null,
          mobileNum: input.mobileNum ?? null,
          email: input.email ?? null,
          currency: input.currency ?? (await merchantCurrencyOf(trx, input.merchantId)),
          passwordHash,
          paymentPasswordHash: null,
        });
        await accountsRepo.insertProfile(trx, {
          memberId: created.id,
          contacts: input.contacts ?? {},
          idNumber: null,
          registerMethod: input.openedBy.kind === 'agent' ? 'agent' : input.openedBy.kind,
          registerDomain: null,
          registerUrl: null,
          registerIp: input.ip,
          affiliateCodeUsed: null,
        });
        await repo.insertOpenedSecurity(trx, {
          memberId: created.id,
          passwordChangedAt: now(),
          mustChangePassword: input.mustChangePassword,
        });
        await recordAudit(trx, {
          actorType: input.openedBy.kind === 'operator' ? 'admin' : input.openedBy.kind === 'agent' ? 'member' : 'visitor',
          actorId:
            input.openedBy.kind === 'operator' ? input.openedBy.adminId : input.openedBy.kind === 'agent' ? input.openedBy.memberId : null,
          action: 'member.opened',
          subjectType: 'member',
          subjectId: created.id,
          data: { accountType: input.accountType, parentId: parent?.id ?? null, mustChangePassword: input.mustChangePassword },
          ip: input.ip,
        });
        return {
          memberId: created.id,
          username: input.username,
          accountType: input.accountType,
          parentId: parent?.id ?? null,
          uplinePath: created.uplinePath,
        };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'members_username_key')) throw new DomainError('username_taken');
      if (isUniqueViolation(error, 'members_mobile_key')) throw new DomainError('mobile_taken');
      throw error;
    }
  }

  /**
   * An operator moves a member (and its whole team) under another upline of the same merchant.
   * Refused: the member itself or anyone in its team as the new upline (`downline_cycle`), an
   * upline that is not active (`upline_invalid`), a type the new upline may not have
   * (`account_type_not_allowed`). The parent and every path of the subtree change in one
   * transaction; moves of one merchant run one at a time.
   */
  async function moveMember(
    op: { adminId: number; merchantId: number; ip: string | null },
    memberId: number,
    newParentId: number,
  ): Promise<{ memberId: number; parentId: number; uplinePath: string; movedCount: number }> {
    let afterCommit: (() => Promise<void>) | undefined;
    const moved = await db.transaction().execute(async (trx) => {
      await repo.lockMovesOf(trx, op.merchantId);
      const member = await repo.findForMove(trx, op.merchantId, memberId);
      if (!member) throw new DomainError('not_found', 'member');
      if (newParentId === member.id) throw new DomainError('downline_cycle');
      const parent = await repo.findForMove(trx, op.merchantId, newParentId);
      if (parent?.status !== 'active') throw new DomainError('upline_invalid');
      if (parent.uplinePath.startsWith(member.uplinePath)) throw new DomainError('downline_cycle');
      if (!isAgentAccountType(parent.accountType) || !mayOpen(parent.accountType, member.accountType)) {
        throw new DomainError('account_type_not_allowed');
      }
      const newPath = `${parent.uplinePath}${member.id}/`;
      if (member.parentId === parent.id) {
        return { memberId: member.id, parentId: parent.id, uplinePath: member.uplinePath, movedCount: 0 };
      }
      const subtreeSize = await repo.lockSubtree(trx, op.merchantId, member.uplinePath);
      await repo.setParent(trx, member.id, parent.id);
      const movedCount = await repo.rewriteSubtreePaths(trx, op.merchantId, member.uplinePath, newPath);
      if (movedCount !== subtreeSize) throw new Error(`moved ${movedCount} paths of a subtree of ${subtreeSize}`);
      afterCommit =
        (await deps.onSubtreeMoved?.(trx, {
          merchantId: op.merchantId,
          memberId: member.id,
          fromPath: member.uplinePath,
          toPath: newPath,
          toParentId: parent.id,
          by: { adminId: op.adminId, ip: op.ip },
        })) || undefined;
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'member.moved',
        subjectType: 'member',
        subjectId: member.id,
        data: { fromParentId: member.parentId, toParentId: parent.id, fromPath: member.uplinePath, toPath: newPath, movedCount },
        ip: op.ip,
      });
      return { memberId: member.id, parentId: parent.id, uplinePath: newPath, movedCount };
    });
    await afterCommit?.();
    return moved;
  }

  /** The id of an upline named by username in the merchant; `upline_invalid` when there is none. */
  async function uplineIdOf(merchantId: number, username: string): Promise<number> {
    const found = await accountsRepo.findByUsername(db, merchantId, username);
    if (!found) throw new DomainError('upline_invalid');
    return found.id;
  }

  return { openAccount, moveMember, uplineIdOf };
}
