import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type MemberAccountRow = {
  id: number;
  merchantId: number;
  username: string;
  accountType: number;
  parentId: number | null;
  uplinePath: string;
  nickname: string | null;
  payeeName: string | null;
  mobileNum: string | null;
  email: string | null;
  currency: string;
  passwordHash: string | null;
  paymentPasswordHash: string | null;
  status: 'active' | 'locked' | 'closed';
  createdAt: Date;
  passwordChangedAt: Date | null;
  mustChangePassword: boolean | null;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  loginCount: number | null;
  parentAccountType: number | null;
};

function selectAccount(db: Kysely<DB>) {
  return db
    .selectFrom('members')
    .leftJoin('member_security', 'member_security.member_id', 'members.id')
    .leftJoin('members as parent', 'parent.id', 'members.parent_id')
    .select([
      'members.id as id',
      'members.merchant_id as merchantId',
      'members.username as username',
      'members.account_type as accountType',
      'members.parent_id as parentId',
      'members.upline_path as uplinePath',
      'members.nickname as nickname',
      'members.payee_name as payeeName',
      'members.mobile_num as mobileNum',
      'members.email as email',
      'members.currency as currency',
      'members.password_hash as passwordHash',
      'members.payment_password_hash as paymentPasswordHash',
      'members.status as status',
      'members.created_at as createdAt',
      'member_security.password_changed_at as passwordChangedAt',
      'member_security.must_change_password as mustChangePassword',
      'member_security.last_login_at as lastLoginAt',
      'member_security.last_login_ip as lastLoginIp',
      'member_security.login_count as loginCount',
      'parent.account_type as parentAccountType',
    ]);
}

export async function findById(db: Kysely<DB>, memberId: number): Promise<MemberAccountRow | undefined> {
  return selectAccount(db).where('members.id', '=', memberId).executeTakeFirst();
}

/** Usernames are unique per merchant regardless of case. */
export async function findByUsername(db: Kysely<DB>, merchantId: number, username: string): Promise<MemberAccountRow | undefined> {
  return selectAccount(db)
    .where('members.merchant_id', '=', merchantId)
    .where(sql<string>`lower(members.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findByMobile(db: Kysely<DB>, merchantId: number, mobileNum: string): Promise<MemberAccountRow | undefined> {
  return selectAccount(db).where('members.merchant_id', '=', merchantId).where('members.mobile_num', '=', mobileNum).executeTakeFirst();
}

export async function findActiveAffiliate(db: Kysely<DB>, merchantId: number, code: string) {
  return db
    .selectFrom('affiliate_codes')
    .innerJoin('members', 'members.id', 'affiliate_codes.member_id')
    .select(['affiliate_codes.code as code', 'members.id as memberId', 'members.account_type as accountType', 'members.status as status'])
    .where('affiliate_codes.merchant_id', '=', merchantId)
    .where(sql<string>`lower(affiliate_codes.code)`, '=', code.toLowerCase())
    .where('affiliate_codes.is_active', '=', true)
    .executeTakeFirst();
}

export async function findAffiliateCodeOf(db: Kysely<DB>, memberId: number): Promise<string | null> {
  const row = await db
    .selectFrom('affiliate_codes')
    .select('code')
    .where('member_id', '=', memberId)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function insertAffiliateCode(db: Kysely<DB>, row: { merchantId: number; memberId: number; code: string }) {
  await db.insertInto('affiliate_codes').values({ merchant_id: row.merchantId, member_id: row.memberId, code: row.code }).execute();
}

export type NewMember = {
  merchantId: number;
  username: string;
  accountType: number;
  parent: { id: number; uplinePath: string } | null;
  nickname: string | null;
  payeeName: string | null;
  mobileNum: string | null;
  email: string | null;
  currency: string;
  passwordHash: string | null;
  paymentPasswordHash: string | null;
};

/** Inserts a member and sets its upline path, which names every ancestor and the member itself. */
export async function insertMember(db: Kysely<DB>, row: NewMember): Promise<{ id: number; uplinePath: string }> {
  const inserted = await db
    .insertInto('members')
    .values({
      merchant_id: row.merchantId,
      username: row.username,
      account_type: row.accountType,
      parent_id: row.parent?.id ?? null,
      upline_path: row.parent?.uplinePath ?? '/',
      nickname: row.nickname,
      payee_name: row.payeeName,
      mobile_num: row.mobileNum,
      email: row.email,
      currency: row.currency,
      password_hash: row.passwordHash,
      payment_password_hash: row.paymentPasswordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const uplinePath = `${row.parent?.uplinePath ?? '/'}${inserted.id}/`;
  await db.updateTable('members').set({ upline_path: uplinePath }).where('id', '=', inserted.id).execute();
  return { id: inserted.id, uplinePath };
}

export async function insertProfile(
  db: Kysely<DB>,
  row: {
    memberId: number;
    contacts: Record<string, string>;
    idNumber: string | null;
    registerMethod: string;
    registerDomain: string | null;
    registerUrl: string | null;
    registerIp: string | null;
    affiliateCodeUsed: string | null;
  },
) {
  await db
    .insertInto('member_profiles')
    .values({
      member_id: row.memberId,
      contacts: JSON.stringify(row.contacts),
      id_number: row.idNumber,
      register_method: row.registerMethod,
      register_domain: row.registerDomain,
      register_url: row.registerUrl,
      register_ip: row.registerIp,
      affiliate_code_used: row.affiliateCodeUsed,
    })
    .execute();
}

/** Records a successful login; creates the bookkeeping row on a member's first login. */
export async function recordLogin(db: Kysely<DB>, memberId: number, at: Date, ip: string | null) {
  await db
    .insertInto('member_security')
    .values({ member_id: memberId, last_login_at: at, last_login_ip: ip, login_count: 1, password_changed_at: null })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        last_login_at: at,
        last_login_ip: ip,
        login_count: sql<number>`member_security.login_count + 1`,
      }),
    )
    .execute();
}

export async function setPassword(db: Kysely<DB>, memberId: number, passwordHash: string, at: Date) {
  await db.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
  await db
    .insertInto('member_security')
    .values({ member_id: memberId, password_changed_at: at, must_change_password: false })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ password_changed_at: at, must_change_password: false }))
    .execute();
}

export async function insertSecurity(
  db: Kysely<DB>,
  row: { memberId: number; passwordChangedAt: Date | null; mustChangePassword?: boolean },
) {
  await db
    .insertInto('member_security')
    .values({
      member_id: row.memberId,
      password_changed_at: row.passwordChangedAt,
      must_change_password: row.mustChangePassword ?? false,
    })
    .execute();
}

/**
 * Members directly under the agent who registered with its invitation code (any case), newest
 * first. Accounts the agent opened itself are not among them: they used no code.
 */
export async function findInvitees(db: Kysely<DB>, agentId: number, code: string, page: { limit: number; offset: number }) {
  const base = db
    .selectFrom('members')
    .innerJoin('member_profiles', 'member_profiles.member_id', 'members.id')
    .where('members.parent_id', '=', agentId)
    .where(sql<string>`lower(member_profiles.affiliate_code_used)`, '=', code.toLowerCase());
  const [rows, total] = await Promise.all([
    base
      .select([
        'members.id as memberId',
        'members.username as username',
        'members.account_type as accountType',
        'members.status as status',
        'members.created_at as joinedAt',
      ])
      .orderBy('members.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, memberId: Number(r.memberId) })), totalCount: Number(total.n) };
}

/** Serialises, until the transaction ends, two first requests of one agent for an invitation code. */
export async function lockAffiliateCodesOf(trx: Kysely<DB>, memberId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`affiliate:${memberId}`}, 0))`.execute(trx);
}
