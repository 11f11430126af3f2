import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { currentSealPrefix, openSecret, resealSecret, sealSecret } from '../../lib/secret-box.ts';

/* Authenticator secrets are stored sealed (ADR 0022), bound to their operator; these are the only reads and writes of them. */
const totpContext = (adminId: number) => `admin_totp:${adminId}`;
const enrolContext = (adminId: number) => `admin_enrol:${adminId}`;

/**
 * One step of a key rotation: up to `limit` operator secrets (enrolled authenticators, then pending
 * enrolments) not sealed with the current key, each sealed again (compare-and-set on the old value).
 */
export async function resealOperatorSecrets(db: Kysely<DB>, limit: number): Promise<{ seen: number; resealed: number }> {
  const prefix = currentSealPrefix();
  const operators = await db
    .selectFrom('admin_users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .where(sql<boolean>`not starts_with(totp_secret, ${prefix})`)
    .orderBy('id')
    .limit(limit)
    .execute();
  let resealed = 0;
  for (const row of operators) {
    if (row.totp_secret === null) continue;
    const updated = await db
      .updateTable('admin_users')
      .set({ totp_secret: resealSecret(row.totp_secret, totpContext(row.id)) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    resealed += Number(updated.numUpdatedRows);
  }
  const room = limit - operators.length;
  if (room <= 0) return { seen: operators.length, resealed };
  const enrolments = await db
    .selectFrom('admin_login_challenges')
    .select(['token_hash', 'admin_id', 'enrol_secret'])
    .where('enrol_secret', 'is not', null)
    .where(sql<boolean>`not starts_with(enrol_secret, ${prefix})`)
    .orderBy('token_hash')
    .limit(room)
    .execute();
  for (const row of enrolments) {
    if (row.enrol_secret === null) continue;
    const updated = await db
      .updateTable('admin_login_challenges')
      .set({ enrol_secret: resealSecret(row.enrol_secret, enrolContext(Number(row.admin_id))) })
      .where('token_hash', '=', row.token_hash)
      .where('enrol_secret', '=', row.enrol_secret)
      .executeTakeFirst();
    resealed += Number(updated.numUpdatedRows);
  }
  return { seen: operators.length + enrolments.length, resealed };
}

function withOpenSecret(row: AdminUserRow | undefined): AdminUserRow | undefined {
  return row && { ...row, totpSecret: row.totpSecret === null ? null : openSecret(row.totpSecret, totpContext(row.id)) };
}

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
  totpSecret: string | null;
};

const ADMIN_USER_COLUMNS = [
  'id',
  'merchant_id as merchantId',
  'username',
  'password_hash as passwordHash',
  'role',
  'status',
  'failed_logins as failedLogins',
  'locked_until as lockedUntil',
  'last_login_at as lastLoginAt',
  'totp_secret as totpSecret',
] as const;

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
  const row = await db
    .selectFrom('admin_users')
    .select(ADMIN_USER_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return withOpenSecret(row);
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
  row: { tokenHash: string; adminId: number; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
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
      user_agent: row.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findActiveSession(db: Kysely<DB>, tokenHash: string): Promise<AdminSessionRow | undefined> {
  return selectActiveSessions(db).where('admin_sessions.token_hash', '=', tokenHash).executeTakeFirst();
}

/** A session by its id, when it has not been ended (a signed download link names its session). */
export async function findActiveSessionById(db: Kysely<DB>, sessionId: number): Promise<AdminSessionRow | undefined> {
  return selectActiveSessions(db).where('admin_sessions.id', '=', sessionId).executeTakeFirst();
}

function selectActiveSessions(db: Kysely<DB>) {
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
    .where('admin_sessions.revoked_at', 'is', null);
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

export async function findById(db: Kysely<DB>, adminId: number): Promise<AdminUserRow | undefined> {
  return withOpenSecret(await db.selectFrom('admin_users').select(ADMIN_USER_COLUMNS).where('id', '=', adminId).executeTakeFirst());
}

export async function insertChallenge(
  db: Kysely<DB>,
  row: {
    tokenHash: string;
    adminId: number;
    stage: 'totp' | 'enrol';
    enrolSecret: string | null;
    ip: string | null;
    at: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('admin_login_challenges')
    .values({
      token_hash: row.tokenHash,
      admin_id: row.adminId,
      stage: row.stage,
      enrol_secret: row.enrolSecret === null ? null : sealSecret(row.enrolSecret, enrolContext(row.adminId)),
      ip: row.ip,
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function deleteExpiredChallenges(db: Kysely<DB>, at: Date): Promise<void> {
  await db.deleteFrom('admin_login_challenges').where('expires_at', '<', at).execute();
}

export async function findLiveChallenge(db: Kysely<DB>, tokenHash: string, at: Date) {
  const row = await db
    .selectFrom('admin_login_challenges')
    .select(['admin_id as adminId', 'stage', 'enrol_secret as enrolSecret'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return row && { ...row, enrolSecret: row.enrolSecret === null ? null : openSecret(row.enrolSecret, enrolContext(Number(row.adminId))) };
}

/** Marks the challenge used; false when another call used it first. */
export async function spendChallenge(db: Kysely<DB>, tokenHash: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('admin_login_challenges')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('admin_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers the time step of an accepted code; false when it (or a later one) was accepted before. */
export async function advanceTotpCounter(db: Kysely<DB>, adminId: number, counter: number): Promise<boolean> {
  const row = await db
    .updateTable('admin_users')
    .set({ totp_last_counter: counter })
    .where('id', '=', adminId)
    .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', counter)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function enrolTotp(db: Kysely<DB>, adminId: number, secret: string, at: Date): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_secret: sealSecret(secret, totpContext(adminId)), totp_enrolled_at: at })
    .where('id', '=', adminId)
    .execute();
}

export async function listLiveSessions(db: Kysely<DB>, adminId: number, at: Date, idleSince: Date) {
  return db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at as createdAt', 'last_seen_at as lastSeenAt', 'ip', 'user_agent as userAgent'])
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the operator's sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Kysely<DB>, adminId: number, sessionId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('admin_sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the operator's sessions but one (or all, when `keepId` is null); how many ended. */
export async function revokeSessionsOf(db: Kysely<DB>, adminId: number, keepId: number | null, at: Date): Promise<number> {
  let query = db.updateTable('admin_sessions').set({ revoked_at: at }).where('admin_id', '=', adminId).where('revoked_at', 'is', null);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export async function listOperators(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('admin_users')
    .select([
      'id',
      'username',
      'role',
      'status',
      'totp_secret as totpSecret',
      'locked_until as lockedUntil',
      'last_login_at as lastLoginAt',
      'created_at as createdAt',
    ])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
}

export async function updateOperator(
  db: Kysely<DB>,
  adminId: number,
  change: { role?: string; status?: 'active' | 'disabled' },
): Promise<void> {
  await db.updateTable('admin_users').set(change).where('id', '=', adminId).execute();
}

/** A new password, the authenticator forgotten (the next login enrols one), the lock lifted. */
export async function resetOperator(db: Kysely<DB>, adminId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({
      password_hash: passwordHash,
      totp_secret: null,
      totp_enrolled_at: null,
      totp_last_counter: null,
      failed_logins: 0,
      locked_until: null,
    })
    .where('id', '=', adminId)
    .execute();
}

export async function listRoles(db: Kysely<DB>, merchantId: number) {
  return db.selectFrom('admin_roles').select(['code', 'permissions']).where('merchant_id', '=', merchantId).execute();
}

export async function upsertRole(
  db: Kysely<DB>,
  row: { merchantId: number; code: string; permissions: string[]; at: Date; by: number },
): Promise<void> {
  await db
    .insertInto('admin_roles')
    .values({
      merchant_id: row.merchantId,
      code: row.code,
      permissions: JSON.stringify(row.permissions),
      updated_at: row.at,
      updated_by: row.by,
    })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'code'])
        .doUpdateSet({ permissions: JSON.stringify(row.permissions), updated_at: row.at, updated_by: row.by }),
    )
    .execute();
}

/**
 * Operators' ids and merchants, without anything else of theirs, for another module's repository to
 * use as a sub-query (the audit log takes an operator's merchant from it).
 */
export function operatorMerchants(db: Kysely<DB> | Transaction<DB>) {
  return db.selectFrom('admin_users').select(['admin_users.id', 'admin_users.merchant_id']);
}
