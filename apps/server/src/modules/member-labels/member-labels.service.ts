import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';

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

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Member labels: tags and VIP tiers an operator defines and gives members. The member's first label
 * is the session's `memberLabel` (the spec's VIP customer-service name) and the highest rank level is
 * `clubLabel.rankLevel`. Disabled labels stay assigned but are not shown. Every change is audited.
 */
export function createMemberLabelsService(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function list(merchantId: number): Promise<MemberLabel[]> {
    const rows = await db
      .selectFrom('member_labels as l')
      .select((eb) => [
        'l.id',
        'l.code',
        'l.name',
        'l.rank_level as rankLevel',
        'l.sort',
        'l.is_enabled as isEnabled',
        eb
          .selectFrom('member_label_assignments as a')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('a.label_id', '=', 'l.id')
          .as('memberCount'),
      ])
      .where('l.merchant_id', '=', merchantId)
      .orderBy('l.sort')
      .orderBy('l.id')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), memberCount: Number(r.memberCount ?? 0) }));
  }

  async function create(op: Operator, input: LabelInput): Promise<MemberLabel> {
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('member_labels')
          .values({
            merchant_id: op.merchantId,
            code: input.code,
            name: input.name,
            rank_level: input.rankLevel,
            sort: input.sort,
            is_enabled: input.isEnabled,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'member_label.create',
          subjectType: 'member_label',
          subjectId: Number(row.id),
          data: input,
          ip: op.ip,
        });
        return { id: Number(row.id), ...input, memberCount: 0 };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('member_label_code_taken', 'code');
      throw error;
    }
  }

  async function update(op: Operator, labelId: number, input: LabelInput): Promise<MemberLabel> {
    try {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('member_labels')
          .selectAll()
          .where('id', '=', labelId)
          .where('merchant_id', '=', op.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new DomainError('member_label_not_found');
        await trx
          .updateTable('member_labels')
          .set({
            code: input.code,
            name: input.name,
            rank_level: input.rankLevel,
            sort: input.sort,
            is_enabled: input.isEnabled,
            updated_at: new Date(),
          })
          .where('id', '=', labelId)
          .execute();
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
      const member = await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', memberId)
        .where('merchant_id', '=', op.merchantId)
        .forUpdate()
        .executeTakeFirst();
      if (!member) throw new DomainError('not_found', 'member');
      if (wanted.length > 0) {
        const known = await trx
          .selectFrom('member_labels')
          .select('id')
          .where('merchant_id', '=', op.merchantId)
          .where('id', 'in', wanted)
          .execute();
        if (known.length !== wanted.length) throw new DomainError('member_label_not_found');
      }
      const before = await trx.selectFrom('member_label_assignments').select('label_id').where('member_id', '=', memberId).execute();
      const had = new Set(before.map((r) => Number(r.label_id)));
      const removed = [...had].filter((id) => !wanted.includes(id));
      const added = wanted.filter((id) => !had.has(id));
      if (removed.length > 0) {
        await trx.deleteFrom('member_label_assignments').where('member_id', '=', memberId).where('label_id', 'in', removed).execute();
      }
      if (added.length > 0) {
        await trx
          .insertInto('member_label_assignments')
          .values(added.map((labelId) => ({ member_id: memberId, label_id: labelId, assigned_by: op.adminId })))
          .execute();
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
    const rows = await db
      .selectFrom('member_label_assignments as a')
      .innerJoin('member_labels as l', 'l.id', 'a.label_id')
      .select(['l.name', 'l.rank_level as rankLevel'])
      .where('a.member_id', '=', memberId)
      .where('l.is_enabled', '=', true)
      .orderBy('l.sort')
      .orderBy('l.id')
      .execute();
    let club: MemberLabelsOf['club'] = null;
    for (const row of rows) {
      if (row.rankLevel !== null && (club === null || row.rankLevel > club.rankLevel)) club = { name: row.name, rankLevel: row.rankLevel };
    }
    return { names: rows.map((r) => r.name), club };
  }

  return { list, create, update, setForMember, labelsOf };
}
