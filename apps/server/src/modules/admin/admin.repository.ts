import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type AdminUserRow = {
  id: number;
  merchantId: number;
  username: string;
  passwordHash: string;
  role: string;
  status: 'active' | 'disabled';
  failedLogins: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
};

export type AdminSessionRow = {
  sessionId: number;
  adminId: number;
  merchantId: number;
  username: string;
  role: string;
  adminStatus: 'active' | 'disabled';
  lastSeenAt: Date;
  expiresAt: Date;
  /** The role's stored permissions; null when the merchant has no row for it (the defaults apply). */
  rolePermissions: string[] | null;
};

export async function findByUsername(db: Kysely<DB>, merchantId: number, username: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('admin_users')
    .select([
      'id',
      'merchant_id as merchantId',
      'username',
      'password_hash as passwordHash',
      'role',
      'status',
      'failed_logins as failedLogins',
      'locked_until as lockedUntil',
      'last_login_at as lastLoginAt',
    ])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function recordFailedLogin(db: Kysely<DB>, adminId: number, lockedUntil: Date | null): Promise<void> {
  await db
    .updateTable('admin_users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1), ...(lockedUntil ? { locked_until: lockedUntil } : {}) }))
    .where('id', '=', adminId)
    .execute();
}

export async function recordSuccessfulLogin(db: Kysely<DB>, adminId: number, at: Date): Promise<void> {
  await db.updateTable('admin_users').set({ failed_logins: 0, locked_until: null, last_login_at: at }).where('id', '=', adminId).execute();
}

export async function insertSession(
  db: Kysely<DB>,
  row: { tokenHash: string; adminId: number; createdAt: Date; expiresAt: Date; ip: string | null },
): Promise<number> {
  const inserted = await db
    .insertInto('admin_sessions')
    .values({
      token_hash: row.tokenHash,
      admin_id: row.adminId,
      created_at: row.createdAt,
      last_seen_at: row.createdAt,
      expires_at: row.expiresAt,
      ip: row.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findActiveSession(db: Kysely<DB>, tokenHash: string): Promise<AdminSessionRow | undefined> {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
    .leftJoin('admin_roles', (join) =>
      join.onRef('admin_roles.merchant_id', '=', 'admin_users.merchant_id').onRef('admin_roles.code', '=', 'admin_users.role'),
    )
    .select([
      'admin_roles.permissions as rolePermissions',
      'admin_sessions.id as sessionId',
      'admin_users.id as adminId',
      'admin_users.merchant_id as merchantId',
      'admin_users.username as username',
      'admin_users.role as role',
      'admin_users.status as adminStatus',
      'admin_sessions.last_seen_at as lastSeenAt',
      'admin_sessions.expires_at as expiresAt',
    ])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<DB>, sessionId: number, at: Date): Promise<void> {
  await db.updateTable('admin_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: number, at: Date): Promise<void> {
  await db.updateTable('admin_sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function insertAdmin(
  db: Kysely<DB>,
  row: { merchantId: number; username: string; passwordHash: string; role: string },
): Promise<number> {
  const inserted = await db
    .insertInto('admin_users')
    .values({ merchant_id: row.merchantId, username: row.username, password_hash: row.passwordHash, role: row.role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The merchant's stored role, or undefined when it has none (the defaults apply). */
export async function findRolePermissions(db: Kysely<DB>, merchantId: number, code: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('admin_roles')
    .select('permissions')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.permissions;
}
