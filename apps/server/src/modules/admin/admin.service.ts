import { randomBytes } from 'node:crypto';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  type AdminLoginChallenge,
  type AdminPermission,
  type AdminRole,
  defaultPermissionsOf,
  isAdminPermission,
} from '@platform/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { resealUntilDone } from '../../lib/secret-box.ts';
import { matchTotp, newTotpSecret, totpUri } from '../../lib/totp.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import { hashSessionToken, idleClockOf, SESSION_TOKEN_BYTES } from '../session/session.service.ts';
import * as repo from './admin.repository.ts';

/** Back-office sessions are shorter than players': an operator's token moves money. */
export const ADMIN_SESSION_IDLE_MINUTES = 30;
export const ADMIN_SESSION_ABSOLUTE_HOURS = 12;
/** Wrong passwords in a row before the account is locked, and for how long. */
export const ADMIN_FAILED_LOGINS_MAX = 5;
export const ADMIN_LOCK_MINUTES = 15;
/** How long the challenge between the password and the code lives. */
export const ADMIN_CHALLENGE_MINUTES = 5;
const TOTP_ISSUER = 'Lotus back office';

export type AdminPrincipal = {
  sessionId: number;
  adminId: number;
  merchantId: number;
  username: string;
  role: AdminRole;
  permissions: ReadonlySet<AdminPermission>;
};

export type AdminService = ReturnType<typeof createAdminService>;

const isAdminRole = (role: string): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * What a role may do: everything for the administrator; otherwise the merchant's stored set, or
 * the defaults when the merchant has none stored (a merchant made after roles were seeded).
 */
export function permissionsOf(role: AdminRole, stored: readonly string[] | null | undefined): AdminPermission[] {
  if (role === 'administrator') return [...ADMIN_PERMISSIONS];
  const held = stored ? stored.filter(isAdminPermission) : defaultPermissionsOf(role);
  return ADMIN_PERMISSIONS.filter((permission) => held.includes(permission));
}

// A fixed hash verified for unknown names, so a wrong name costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
};

export function createAdminService(deps: { db: Kysely<DB>; merchants: MerchantService; now: () => Date }) {
  const { db, merchants, now } = deps;

  /**
   * The password step. Right or wrong it opens no session: a right password gets a challenge to
   * answer with an authenticator code (and, for an operator without one, the secret to enrol).
   */
  async function login(input: { username: string; password: string; ip: string | null }): Promise<AdminLoginChallenge> {
    const merchant = await merchants.current();
    const admin = await repo.findByUsername(db, merchant.id, input.username);
    if (!admin) {
      await verifyPassword(await decoy(), input.password);
      throw new DomainError('admin_login_failed');
    }
    const at = now();
    if (admin.status !== 'active') throw new DomainError('admin_login_failed');
    if (admin.lockedUntil && admin.lockedUntil.getTime() > at.getTime()) throw new DomainError('account_locked');
    if (!(await verifyPassword(admin.passwordHash, input.password))) {
      await countFailure(admin.id, admin.failedLogins, 'admin.login_failed', input.ip, at);
    }
    if (!isAdminRole(admin.role)) throw new DomainError('admin_forbidden');

    const challenge = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(at.getTime() + ADMIN_CHALLENGE_MINUTES * 60_000);
    const enrolSecret = admin.totpSecret ? null : newTotpSecret();
    await repo.deleteExpiredChallenges(db, at);
    await repo.insertChallenge(db, {
      tokenHash: hashSessionToken(challenge),
      adminId: admin.id,
      stage: enrolSecret ? 'enrol' : 'totp',
      enrolSecret,
      ip: input.ip,
      at,
      expiresAt,
    });
    const challengeExpiresAt = expiresAt.toISOString();
    if (!enrolSecret) return { stage: 'totp', challenge, challengeExpiresAt };
    return {
      stage: 'enrol',
      challenge,
      challengeExpiresAt,
      secret: enrolSecret,
      otpauthUri: totpUri(enrolSecret, `${TOTP_ISSUER} ${merchant.code}`, admin.username),
    };
  }

  /** A wrong password or code: counted, the account locked at the limit, audited. Always throws. */
  async function countFailure(adminId: number, failedLogins: number, action: string, ip: string | null, at: Date): Promise<never> {
    const isLocking = failedLogins + 1 >= ADMIN_FAILED_LOGINS_MAX;
    await repo.recordFailedLogin(db, adminId, isLocking ? new Date(at.getTime() + ADMIN_LOCK_MINUTES * 60_000) : null);
    await recordAudit(db, { actorType: 'admin', actorId: adminId, action, ip, data: { isLocking } });
    throw new DomainError(isLocking ? 'account_locked' : action === 'admin.login_failed' ? 'admin_login_failed' : 'admin_totp_invalid');
  }

  /**
   * The second step: a code from the operator's authenticator (the first code of a new one enrols
   * it) opens the session. Each code is accepted once; wrong codes count toward the lock.
   */
  async function verifyTotp(input: { challenge: string; code: string; ip: string | null; userAgent: string | null }) {
    const merchant = await merchants.current();
    const at = now();
    const tokenHash = hashSessionToken(input.challenge);
    const challenge = await repo.findLiveChallenge(db, tokenHash, at);
    if (!challenge) throw new DomainError('admin_challenge_expired');
    const admin = await repo.findById(db, challenge.adminId);
    if (admin?.status !== 'active' || admin.merchantId !== merchant.id || !isAdminRole(admin.role)) {
      throw new DomainError('admin_challenge_expired');
    }
    if (admin.lockedUntil && admin.lockedUntil.getTime() > at.getTime()) throw new DomainError('account_locked');
    const secret = challenge.stage === 'enrol' ? challenge.enrolSecret : admin.totpSecret;
    // An operator reset since the challenge was made enrols again with a new password.
    if (!secret || (challenge.stage === 'totp') !== (admin.totpSecret !== null)) throw new DomainError('admin_challenge_expired');
    const counter = matchTotp(secret, input.code, at);
    if (counter === null || !(await repo.advanceTotpCounter(db, admin.id, counter))) {
      await countFailure(admin.id, admin.failedLogins, 'admin.totp_failed', input.ip, at);
    }
    const role = admin.role as AdminRole;

    const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(at.getTime() + ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000);
    const stored = await repo.findRolePermissions(db, admin.merchantId, role);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.spendChallenge(trx, tokenHash, at))) throw new DomainError('admin_challenge_expired');
      if (challenge.stage === 'enrol') {
        await repo.enrolTotp(trx, admin.id, secret, at);
        await recordAudit(trx, { actorType: 'admin', actorId: admin.id, action: 'admin.totp_enrolled', ip: input.ip });
      }
      await repo.insertSession(trx, {
        tokenHash: hashSessionToken(token),
        adminId: admin.id,
        createdAt: at,
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      });
      await repo.recordSuccessfulLogin(trx, admin.id, at);
      await recordAudit(trx, { actorType: 'admin', actorId: admin.id, action: 'admin.login', ip: input.ip });
    });
    return {
      token,
      expiresAt,
      lastLoginAt: admin.lastLoginAt,
      admin: {
        id: admin.id,
        username: admin.username,
        role,
        merchantCode: merchant.code,
        permissions: permissionsOf(role, stored),
      },
    };
  }

  /** The operator's sessions still open, the newest use first. */
  async function listSessions(principal: AdminPrincipal) {
    const at = now();
    const rows = await repo.listLiveSessions(db, principal.adminId, at, new Date(at.getTime() - ADMIN_SESSION_IDLE_MINUTES * 60_000));
    return rows.map((row) => ({ ...row, isCurrent: row.id === principal.sessionId }));
  }

  async function endSession(principal: AdminPrincipal, sessionId: number, ip: string | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.revokeOwnSession(trx, principal.adminId, sessionId, now()))) throw new DomainError('admin_session_not_found');
      await recordAudit(trx, { actorType: 'admin', actorId: principal.adminId, action: 'admin.session_end', ip, data: { sessionId } });
    });
  }

  /** Signs the operator out everywhere but here; how many sessions ended. */
  async function endOtherSessions(principal: AdminPrincipal, ip: string | null): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const ended = await repo.revokeSessionsOf(trx, principal.adminId, principal.sessionId, now());
      await recordAudit(trx, { actorType: 'admin', actorId: principal.adminId, action: 'admin.sessions_end_others', ip, data: { ended } });
      return ended;
    });
  }

  async function resolve(token: string): Promise<AdminPrincipal | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    return principalOf(await repo.findActiveSession(db, hashSessionToken(token)));
  }

  /**
   * The operator of a session by its id, with the same checks as `resolve` (the operator active, the
   * session neither ended nor idle nor expired): a signed download link names the session it was made in.
   */
  async function resolveSessionId(sessionId: number): Promise<AdminPrincipal | undefined> {
    if (!Number.isSafeInteger(sessionId) || sessionId <= 0) return undefined;
    return principalOf(await repo.findActiveSessionById(db, sessionId));
  }

  async function principalOf(row: repo.AdminSessionRow | undefined): Promise<AdminPrincipal | undefined> {
    if (row?.adminStatus !== 'active' || !isAdminRole(row.role)) return undefined;
    const at = now();
    if (row.expiresAt.getTime() <= at.getTime()) return undefined;
    const clock = idleClockOf(ADMIN_SESSION_IDLE_MINUTES, row.lastSeenAt, at);
    if (clock === 'ended') return undefined;
    if (clock === 'touch') await repo.touchSession(db, row.sessionId, at);
    return {
      sessionId: row.sessionId,
      adminId: row.adminId,
      merchantId: row.merchantId,
      username: row.username,
      role: row.role,
      permissions: new Set(permissionsOf(row.role, row.rolePermissions)),
    };
  }

  async function logout(principal: AdminPrincipal, ip: string | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.revokeSession(trx, principal.sessionId, now());
      await recordAudit(trx, { actorType: 'admin', actorId: principal.adminId, action: 'admin.logout', ip });
    });
  }

  async function operatorIn(merchantId: number, adminId: number): Promise<repo.AdminUserRow> {
    const row = await repo.findById(db, adminId);
    if (!row || row.merchantId !== merchantId) throw new DomainError('admin_operator_not_found');
    return row;
  }

  /** The merchant's operators, oldest first. */
  async function listOperators(principal: AdminPrincipal) {
    const at = now();
    const rows = await repo.listOperators(db, principal.merchantId);
    return rows
      .filter((row) => isAdminRole(row.role))
      .map((row) => ({
        id: row.id,
        username: row.username,
        role: row.role as AdminRole,
        isEnabled: row.status === 'active',
        hasSecondFactor: row.totpSecret !== null,
        isLocked: row.lockedUntil !== null && row.lockedUntil.getTime() > at.getTime(),
        lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      }));
  }

  async function createOperator(
    principal: AdminPrincipal,
    input: { username: string; role: AdminRole; password: string },
    ip: string | null,
  ) {
    const passwordHash = await hashPassword(input.password);
    const id = await db.transaction().execute(async (trx) => {
      try {
        const inserted = await repo.insertAdmin(trx, {
          merchantId: principal.merchantId,
          username: input.username,
          passwordHash,
          role: input.role,
        });
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: principal.adminId,
          action: 'operator.create',
          subjectType: 'admin',
          subjectId: inserted,
          ip,
          data: { username: input.username, role: input.role },
        });
        return inserted;
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('admin_username_taken');
        throw error;
      }
    });
    const created = (await listOperators(principal)).find((row) => row.id === id);
    if (!created) throw new DomainError('admin_operator_not_found');
    return created;
  }

  /** Changes an operator's role or switches it off (its sessions end). Nobody demotes or disables themself. */
  async function updateOperator(
    principal: AdminPrincipal,
    adminId: number,
    change: { role?: AdminRole; isEnabled?: boolean },
    ip: string | null,
  ) {
    const before = await operatorIn(principal.merchantId, adminId);
    const isSelf = adminId === principal.adminId;
    if (isSelf && ((change.role !== undefined && change.role !== before.role) || change.isEnabled === false))
      throw new DomainError('admin_self_change');
    const status = change.isEnabled === undefined ? undefined : change.isEnabled ? ('active' as const) : ('disabled' as const);
    const role = change.role !== undefined && change.role !== before.role ? change.role : undefined;
    const isStatusChanged = status !== undefined && status !== before.status;
    if (role !== undefined || isStatusChanged) {
      await db.transaction().execute(async (trx) => {
        await repo.updateOperator(trx, adminId, { ...(role ? { role } : {}), ...(isStatusChanged ? { status } : {}) });
        const ended = status === 'disabled' ? await repo.revokeSessionsOf(trx, adminId, null, now()) : 0;
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: principal.adminId,
          action: 'operator.update',
          subjectType: 'admin',
          subjectId: adminId,
          ip,
          data: {
            before: { role: before.role, status: before.status },
            after: { role: role ?? before.role, status: isStatusChanged ? status : before.status },
            sessionsEnded: ended,
          },
        });
      });
    }
    const after = (await listOperators(principal)).find((row) => row.id === adminId);
    if (!after) throw new DomainError('admin_operator_not_found');
    return after;
  }

  /** A new temporary password, shown once; the authenticator is forgotten and every session ends. */
  async function resetOperator(principal: AdminPrincipal, adminId: number, ip: string | null): Promise<{ temporaryPassword: string }> {
    await operatorIn(principal.merchantId, adminId);
    const temporaryPassword = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(temporaryPassword);
    await db.transaction().execute(async (trx) => {
      await repo.resetOperator(trx, adminId, passwordHash);
      const ended = await repo.revokeSessionsOf(trx, adminId, null, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: principal.adminId,
        action: 'operator.reset',
        subjectType: 'admin',
        subjectId: adminId,
        ip,
        data: { sessionsEnded: ended },
      });
    });
    return { temporaryPassword };
  }

  /** Every role of the merchant with what it may do, and the whole list of permissions. */
  async function listRoles(principal: AdminPrincipal) {
    const stored = new Map((await repo.listRoles(db, principal.merchantId)).map((row) => [row.code, row.permissions]));
    return {
      roles: ADMIN_ROLES.map((code) => ({ code, permissions: permissionsOf(code, stored.get(code)), isFixed: code === 'administrator' })),
      permissions: [...ADMIN_PERMISSIONS],
    };
  }

  /** Sets what a role may do (not the administrator's). Its operators' next calls see the change. */
  async function setRolePermissions(principal: AdminPrincipal, code: string, permissions: readonly AdminPermission[], ip: string | null) {
    if (!isAdminRole(code)) throw new DomainError('not_found');
    if (code === 'administrator') throw new DomainError('admin_role_fixed');
    const before = permissionsOf(code, await repo.findRolePermissions(db, principal.merchantId, code));
    const after = ADMIN_PERMISSIONS.filter((permission) => permissions.includes(permission));
    await db.transaction().execute(async (trx) => {
      await repo.upsertRole(trx, { merchantId: principal.merchantId, code, permissions: after, at: now(), by: principal.adminId });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: principal.adminId,
        action: 'admin_role.update',
        subjectType: 'admin_role',
        subjectId: code,
        ip,
        data: { added: after.filter((p) => !before.includes(p)), removed: before.filter((p) => !after.includes(p)) },
      });
    });
    return (await listRoles(principal)).roles.find((role) => role.code === code);
  }

  /** Creates a back-office user (tests, seeding, and later the back office's user screen). */
  async function createAdmin(input: { merchantId: number; username: string; password: string; role: AdminRole }): Promise<number> {
    return repo.insertAdmin(db, {
      merchantId: input.merchantId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      role: input.role,
    });
  }

  /** A key rotation's work for operators' authenticator secrets: every one sealed again with the current key. */
  function resealSecrets(): Promise<number> {
    return resealUntilDone((limit) => repo.resealOperatorSecrets(db, limit));
  }

  return {
    resealSecrets,
    login,
    verifyTotp,
    listSessions,
    endSession,
    endOtherSessions,
    resolve,
    resolveSessionId,
    logout,
    createAdmin,
    listOperators,
    createOperator,
    updateOperator,
    resetOperator,
    listRoles,
    setRolePermissions,
  };
}
