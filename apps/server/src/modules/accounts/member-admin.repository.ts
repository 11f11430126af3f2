import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type MemberListRow = {
  id: number;
  username: string;
  accountType: number;
  status: 'active' | 'locked' | 'closed';
  parentUsername: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  mustChangePassword: boolean | null;
};

export async function findPage(
  db: Kysely<DB>,
  filter: { merchantId: number; usernamePrefix?: string | undefined; status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; totalCount: number }> {
  let query = db
    .selectFrom('members as m')
    .leftJoin('members as p', 'p.id', 'm.parent_id')
    .leftJoin('member_security as s', 's.member_id', 'm.id')
    .where('m.merchant_id', '=', filter.merchantId);
  if (filter.usernamePrefix) {
    const escaped = filter.usernamePrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`lower(m.username) LIKE ${`${escaped}%`}`);
  }
  if (filter.status) query = query.where('m.status', '=', filter.status as 'active' | 'locked' | 'closed');
  const [rows, count] = await Promise.all([
    query
      .select([
        'm.id as id',
        'm.username as username',
        'm.account_type as accountType',
        'm.status as status',
        'p.username as parentUsername',
        'm.created_at as createdAt',
        's.last_login_at as lastLoginAt',
        's.must_change_password as mustChangePassword',
      ])
      .orderBy('m.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemberListRow[], totalCount: Number(count.n) };
}

export async function findMember(db: Kysely<DB>, merchantId: number, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'mobile_num as mobileNum', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function setStatus(db: Kysely<DB>, memberId: number, status: 'active' | 'locked'): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ status })
    .where('id', '=', memberId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function requirePasswordChange(db: Kysely<DB>, memberId: number): Promise<void> {
  await db
    .insertInto('member_security')
    .values({ member_id: memberId, must_change_password: true })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ must_change_password: true }))
    .execute();
}

/** Clears the login lock kept for the member's name and mobile number (any login type). */
export async function clearAccountThrottles(db: Kysely<DB>, merchantId: number, loginNames: readonly string[]): Promise<number> {
  if (loginNames.length === 0) return 0;
  const result = await db
    .deleteFrom('auth_throttles')
    .where('merchant_id', '=', merchantId)
    .where('scope', '=', 'account')
    .where(sql<boolean>`substring(key from position(':' in key) + 1) IN (${sql.join(loginNames.map((n) => n.toLowerCase()))})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
