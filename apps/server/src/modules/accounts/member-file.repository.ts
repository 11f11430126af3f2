import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MemberListRow } from './member-admin.repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

function selectListRows(db: Executor, merchantId: number) {
  return db
    .selectFrom('members as m')
    .leftJoin('members as p', 'p.id', 'm.parent_id')
    .leftJoin('member_security as s', 's.member_id', 'm.id')
    .where('m.merchant_id', '=', merchantId)
    .select([
      'm.id as id',
      'm.username as username',
      'm.account_type as accountType',
      'm.status as status',
      'p.username as parentUsername',
      'm.created_at as createdAt',
      's.last_login_at as lastLoginAt',
      's.must_change_password as mustChangePassword',
    ]);
}

/** Members whose name starts with the prefix, ignoring case (index members_username_prefix_idx). */
export async function findByUsernamePrefix(
  db: Executor,
  filter: { merchantId: number; prefix: string; limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number }> {
  const pattern = `${filter.prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql<boolean>`lower(m.username) LIKE ${pattern}`;
  const [rows, count] = await Promise.all([
    selectListRows(db, filter.merchantId).where(where).orderBy('m.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    db
      .selectFrom('members as m')
      .where('m.merchant_id', '=', filter.merchantId)
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemberListRow[], total: Number(count.n) };
}

/** The member with this mobile number (index members_mobile_key). */
export async function findByMobile(db: Executor, merchantId: number, mobileNum: string): Promise<MemberListRow[]> {
  return (await selectListRows(db, merchantId).where('m.mobile_num', '=', mobileNum).execute()) as MemberListRow[];
}

/** Members with this e-mail address, ignoring case (index members_email_idx). */
export async function findByEmail(db: Executor, merchantId: number, email: string): Promise<MemberListRow[]> {
  return (await selectListRows(db, merchantId)
    .where('m.email', 'is not', null)
    .where(sql<string>`lower(m.email)`, '=', email.toLowerCase())
    .orderBy('m.id', 'desc')
    .execute()) as MemberListRow[];
}

export async function findByIds(db: Executor, merchantId: number, memberIds: readonly number[]): Promise<MemberListRow[]> {
  if (memberIds.length === 0) return [];
  return (await selectListRows(db, merchantId).where('m.id', 'in', memberIds).orderBy('m.id', 'desc').execute()) as MemberListRow[];
}

/** The members that logged in from this address, right or refused (index member_logins_ip_idx). */
export async function findMemberIdsByLoginIp(db: Executor, merchantId: number, ip: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('member_logins')
    .select('member_id')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('ip', '=', ip)
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

export async function insertLogin(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    result: 'success' | 'failed';
    method: string;
    ip: string | null;
    userAgent: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('member_logins')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      result: row.result,
      method: row.method,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.at,
    })
    .execute();
}

export type LoginRow = {
  id: number;
  createdAt: Date;
  result: 'success' | 'failed';
  method: string;
  ip: string | null;
  userAgent: string | null;
};

/** A member's logins, newest first, before the id given. */
export async function findLogins(db: Executor, memberId: number, before: number | undefined, limit: number): Promise<LoginRow[]> {
  let query = db
    .selectFrom('member_logins')
    .select(['id', 'created_at as createdAt', 'result', 'method', 'ip', 'user_agent as userAgent'])
    .where('member_id', '=', memberId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Other members of the merchant that logged in from one of the member's addresses, with the
 * addresses shared and whether a user agent was shared with it too.
 */
export async function findSharedLogins(
  db: Executor,
  merchantId: number,
  memberId: number,
  limit: number,
): Promise<{ memberId: number; ip: string; userAgent: string | null }[]> {
  const mine = db
    .selectFrom('member_logins')
    .select(['ip', 'user_agent'])
    .distinct()
    .where('member_id', '=', memberId)
    .where('ip', 'is not', null)
    .orderBy('ip')
    .limit(200);
  const rows = await db
    .selectFrom('member_logins as o')
    .innerJoin(mine.as('mine'), 'mine.ip', 'o.ip')
    .select([
      'o.member_id as memberId',
      'o.ip as ip',
      sql<string | null>`max(CASE WHEN o.user_agent = mine.user_agent THEN o.user_agent END)`.as('userAgent'),
    ])
    .where('o.merchant_id', '=', merchantId)
    .where('o.member_id', '<>', memberId)
    .groupBy(['o.member_id', 'o.ip'])
    .orderBy('o.member_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ memberId: r.memberId, ip: r.ip as string, userAgent: r.userAgent }));
}

export async function insertNote(db: Executor, row: { merchantId: number; memberId: number; adminId: number; body: string; at: Date }) {
  return db
    .insertInto('member_notes')
    .values({ merchant_id: row.merchantId, member_id: row.memberId, admin_id: row.adminId, body: row.body, created_at: row.at })
    .returning(['id', 'admin_id as adminId', 'body', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

export async function findNotes(db: Executor, memberId: number, limit: number) {
  return db
    .selectFrom('member_notes')
    .select(['id', 'admin_id as adminId', 'body', 'created_at as createdAt'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The member's account as the back office shows it, with the usernames along its upline path. */
export async function findProfile(db: Executor, merchantId: number, memberId: number) {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('member_security as s', 's.member_id', 'm.id')
    .leftJoin('member_profiles as pr', 'pr.member_id', 'm.id')
    .select([
      'm.id as id',
      'm.username as username',
      'm.nickname as nickname',
      'm.payee_name as payeeName',
      'm.account_type as accountType',
      'm.status as status',
      'm.currency as currency',
      'm.mobile_num as mobileNum',
      'm.email as email',
      'm.parent_id as parentId',
      'm.upline_path as uplinePath',
      'm.created_at as createdAt',
      's.last_login_at as lastLoginAt',
      's.last_login_ip as lastLoginIp',
      's.login_count as loginCount',
      's.must_change_password as mustChangePassword',
      'pr.register_ip as registerIp',
      'pr.register_domain as registerDomain',
    ])
    .where('m.merchant_id', '=', merchantId)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  return row;
}

export async function findUsernames(db: Executor, merchantId: number, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db.selectFrom('members').select(['id', 'username']).where('merchant_id', '=', merchantId).where('id', 'in', memberIds).execute();
}

/** The merchant's members registered in [from, to), per local day (in `timeZone`): the back-office reports. */
export async function countRegistrationsByDay(
  db: Executor,
  filter: { merchantId: number; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; members: number }[]> {
  const result = await sql<{ day: string; members: string }>`
    SELECT to_char(created_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day, count(*)::text AS members
      FROM members
     WHERE merchant_id = ${filter.merchantId} AND created_at >= ${filter.from}::timestamptz AND created_at < ${filter.to}::timestamptz
     GROUP BY 1
     ORDER BY 1`.execute(db);
  return result.rows.map((r) => ({ day: r.day, members: Number(r.members) }));
}
