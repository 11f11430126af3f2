import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './member-labels.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };

export type MemberLabel = {
  id: number;
  code: string;
  name: string;
  rankLevel: number | null;
  sort: number;
  isEnabled: boolean;
  memberCount: number;
};

export type LabelInput = { code: string; name: string; rankLevel: number | null; sort: number; isEnabled: boolean };

/** What a member carries: the labels' names in display order, and the VIP tier (highest rank level). */
export type MemberLabelsOf = { names: string[]; club: { name: string; rankLevel: number } | null };

/** A member without labels. */
export const NO_LABELS: MemberLabelsOf = { names: [], club: null };

export type MemberLabelsService = ReturnType<typeof createMemberLabelsService>;

/**
 * Who holds which label (`member_id`, `label_id`), as a sub-query another module's repository may
 * use where it must filter by label holders in the same query (the inbox's label messages).
 */
export const labelAssignmentsForJoin = repo.assignmentsForJoin;

/** Whether the label is one of the merchant's. */
export async function isLabelOfMerchant(db: Kysely<DB> | Transaction<DB>, merchantId: number, labelId: number): Promise<boolean> {
  return (await repo.findIdsOfMerchant(db, merchantId, [labelId])).length === 1;
}

/**
 * Member labels: tags and VIP tiers an operator defines and gives members. The member's first label
 * is the session's `memberLabel` (the spec's VIP customer-service name) and the highest rank level is
 * `clubLabel.rankLevel`. Disabled labels stay assigned but are not shown. Every change is audited.
 */
export function createMemberLabelsService(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function list(merchantId: number): Promise<MemberLabel[]> {
    const rows = await repo.findByMerchantWithCounts(db, merchantId);
    return rows.map((r) => ({ ...r, id: Number(r.id), memberCount: Number(r.memberCount ?? 0) }));
  }

  async function create(op: Operator, input: LabelInput): Promise<MemberLabel> {
    try {
      return await db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, op.merchantId, input);
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'member_label.create',
          subjectType: 'member_label',
          subjectId: id,
          data: input,
          ip: op.ip,
        });
        return { id, ...input, memberCount: 0 };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('member_label_code_taken', 'code');
      throw error;
    }
  }

  async function update(op: Operator, labelId: number, input: LabelInput): Promise<MemberLabel> {
    try {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockById(trx, op.merchantId, labelId);
        if (!before) throw new DomainError('member_label_not_found');
        await repo.update(trx, labelId, input, new Date());
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'member_label.update',
          subjectType: 'member_label',
          subjectId: labelId,
          data: {
            before: { code: before.code, name: before.name, rankLevel: before.rank_level, isEnabled: before.is_enabled },
            after: input,
          },
          ip: op.ip,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('member_label_code_taken', 'code');
      throw error;
    }
    const found = (await list(op.merchantId)).find((l) => l.id === labelId);
    if (!found) throw new DomainError('member_label_not_found');
    return found;
  }

  /** Replaces a member's labels with exactly `labelIds` (all of the operator's merchant). */
  async function setForMember(op: Operator, memberId: number, labelIds: number[]): Promise<MemberLabelsOf> {
    const wanted = [...new Set(labelIds)];
    await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, memberId, { merchantId: op.merchantId });
      if (!member) throw new DomainError('not_found', 'member');
      if (wanted.length > 0) {
        const known = await repo.findIdsOfMerchant(trx, op.merchantId, wanted);
        if (known.length !== wanted.length) throw new DomainError('member_label_not_found');
      }
      const had = new Set(await repo.findAssignedLabelIds(trx, memberId));
      const removed = [...had].filter((id) => !wanted.includes(id));
      const added = wanted.filter((id) => !had.has(id));
      if (removed.length > 0) {
        await repo.deleteAssignments(trx, memberId, removed);
      }
      if (added.length > 0) {
        await repo.insertAssignments(trx, memberId, added, op.adminId);
      }
      if (removed.length > 0 || added.length > 0) {
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'member.labels',
          subjectType: 'member',
          subjectId: memberId,
          data: { added, removed },
          ip: op.ip,
        });
      }
    });
    return labelsOf(memberId);
  }

  async function labelsOf(memberId: number): Promise<MemberLabelsOf> {
    const rows = await repo.findEnabledOfMember(db, memberId);
    let club: MemberLabelsOf['club'] = null;
    for (const row of rows) {
      if (row.rankLevel !== null && (club === null || row.rankLevel > club.rankLevel)) club = { name: row.name, rankLevel: row.rankLevel };
    }
    return { names: rows.map((r) => r.name), club };
  }

  /** The enabled labels' names of many members in one read (members without labels are left out). */
  async function labelNamesOf(memberIds: readonly number[]): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>();
    for (const row of await repo.findEnabledOfMembers(db, memberIds)) {
      const id = Number(row.memberId);
      names.set(id, [...(names.get(id) ?? []), row.name]);
    }
    return names;
  }

  return { list, create, update, setForMember, labelsOf, labelNamesOf };
}
