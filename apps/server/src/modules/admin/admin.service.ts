import { randomBytes } from 'node:crypto';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  type AdminPermission,
  type AdminRole,
  defaultPermissionsOf,
  isAdminPermission,
} from '@platform/contracts/admin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
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

  async function login(input: { username: string; password: string; ip: string | null }) {
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
      const isLocking = admin.failedLogins + 1 >= ADMIN_FAILED_LOGINS_MAX;
      await repo.recordFailedLogin(db, admin.id, isLocking ? new Date(at.getTime() + ADMIN_LOCK_MINUTES * 60_000) : null);
      await recordAudit(db, { actorType: 'admin', actorId: admin.id, action: 'admin.login_failed', ip: input.ip, data: { isLocking } });
      throw new DomainError(isLocking ? 'account_locked' : 'admin_login_failed');
    }
    if (!isAdminRole(admin.role)) throw new DomainError('admin_forbidden');

    const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(at.getTime() + ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000);
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, { tokenHash: hashSessionToken(token), adminId: admin.id, createdAt: at, expiresAt, ip: input.ip });
      await repo.recordSuccessfulLogin(trx, admin.id, at);
      await recordAudit(trx, { actorType: 'admin', actorId: admin.id, action: 'admin.login', ip: input.ip });
    });
    return {
      token,
      expiresAt,
      lastLoginAt: admin.lastLoginAt,
      admin: { id: admin.id, username: admin.username, role: admin.role, merchantCode: merchant.code },
    };
  }

  async function resolve(token: string): Promise<AdminPrincipal | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const row = await repo.findActiveSession(db, hashSessionToken(token));
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

  /** Creates a back-office user (tests, seeding, and later the back office's user screen). */
  async function createAdmin(input: { merchantId: number; username: string; password: string; role: AdminRole }): Promise<number> {
    return repo.insertAdmin(db, {
      merchantId: input.merchantId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      role: input.role,
    });
  }

  return { login, resolve, logout, createAdmin };
}
