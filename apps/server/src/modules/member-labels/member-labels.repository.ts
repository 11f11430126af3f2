import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

type LabelRow = { code: string; name: string; rankLevel: number | null; sort: number; isEnabled: boolean };

/** The merchant's labels in display order, each with how many members hold it. */
export async function findByMerchantWithCounts(db: Executor, merchantId: number) {
  return db
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
}

export async function insert(db: Executor, merchantId: number, label: LabelRow): Promise<number> {
  const row = await db
    .insertInto('member_labels')
    .values({
      merchant_id: merchantId,
      code: label.code,
      name: label.name,
      rank_level: label.rankLevel,
      sort: label.sort,
      is_enabled: label.isEnabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function lockById(trx: Transaction<DB>, merchantId: number, labelId: number) {
  return trx
    .selectFrom('member_labels')
    .selectAll()
    .where('id', '=', labelId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function update(db: Executor, labelId: number, label: LabelRow, at: Date): Promise<void> {
  await db
    .updateTable('member_labels')
    .set({ code: label.code, name: label.name, rank_level: label.rankLevel, sort: label.sort, is_enabled: label.isEnabled, updated_at: at })
    .where('id', '=', labelId)
    .execute();
}

export async function findIdsOfMerchant(db: Executor, merchantId: number, labelIds: readonly number[]): Promise<number[]> {
  if (labelIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_labels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...labelIds])
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function findAssignedLabelIds(db: Executor, memberId: number): Promise<number[]> {
  const rows = await db.selectFrom('member_label_assignments').select('label_id').where('member_id', '=', memberId).execute();
  return rows.map((r) => Number(r.label_id));
}

export async function deleteAssignments(db: Executor, memberId: number, labelIds: readonly number[]): Promise<void> {
  await db
    .deleteFrom('member_label_assignments')
    .where('member_id', '=', memberId)
    .where('label_id', 'in', [...labelIds])
    .execute();
}

export async function insertAssignments(db: Executor, memberId: number, labelIds: readonly number[], assignedBy: number): Promise<void> {
  await db
    .insertInto('member_label_assignments')
    .values(labelIds.map((labelId) => ({ member_id: memberId, label_id: labelId, assigned_by: assignedBy })))
    .execute();
}

/** The member's enabled labels in display order. */
export async function findEnabledOfMember(db: Executor, memberId: number) {
  return db
    .selectFrom('member_label_assignments as a')
    .innerJoin('member_labels as l', 'l.id', 'a.label_id')
    .select(['l.name', 'l.rank_level as rankLevel'])
    .where('a.member_id', '=', memberId)
    .where('l.is_enabled', '=', true)
    .orderBy('l.sort')
    .orderBy('l.id')
    .execute();
}

/** The enabled labels' names of many members at once (one read), in the labels' order. */
export async function findEnabledOfMembers(db: Executor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('member_label_assignments as a')
    .innerJoin('member_labels as l', 'l.id', 'a.label_id')
    .select(['a.member_id as memberId', 'l.name'])
    .where(sql<boolean>`a.member_id = ANY(${sql.val([...new Set(memberIds)])}::bigint[])`)
    .where('l.is_enabled', '=', true)
    .orderBy('l.sort')
    .orderBy('l.id')
    .execute();
}

/** Who holds which label, as a sub-query another module's repository may use in a join or `exists`. */
export function assignmentsForJoin(db: Executor) {
  return db.selectFrom('member_label_assignments').select(['member_label_assignments.member_id', 'member_label_assignments.label_id']);
}
