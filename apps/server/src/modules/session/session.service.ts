import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './session.repository.ts';

export const SESSION_TOKEN_BYTES = 32;
/** last_seen_at is written at most this often, so reading a session is not a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type SessionPolicy = { idleMinutes: number; absoluteHours: number };

export type Principal = {
  sessionId: number;
  memberId: number;
  merchantId: number;
  username: string;
  accountType: number;
  currency: string;
};

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Sessions are opaque 256-bit random tokens; only their hash is stored. A session ends at its
 * absolute expiry, after the idle time without use, or when revoked.
 */
export function createSessionService(deps: { db: Kysely<DB>; policy: SessionPolicy; now: () => Date }) {
  const { db, policy, now } = deps;

  async function create(memberId: number, meta: { ip?: string | null; userAgent?: string | null } = {}) {
    const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    // Both times come from the service clock, so the idle check compares like with like.
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + policy.absoluteHours * 3_600_000);
    const sessionId = await repo.insertSession(db, {
      tokenHash: hashSessionToken(token),
      createdAt,
      memberId,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
    });
    return { token, sessionId, expiresAt };
  }

  async function resolve(token: string): Promise<Principal | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const row = await repo.findActiveByTokenHash(db, hashSessionToken(token));
    if (row?.memberStatus !== 'active') return undefined;
    const at = now();
    if (row.expiresAt.getTime() <= at.getTime()) return undefined;
    if (at.getTime() - row.lastSeenAt.getTime() > policy.idleMinutes * 60_000) return undefined;
    if (at.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      await repo.touchSession(db, row.sessionId, at);
    }
    return {
      sessionId: row.sessionId,
      memberId: row.memberId,
      merchantId: row.merchantId,
      username: row.username,
      accountType: row.accountType,
      currency: row.currency,
    };
  }

  return {
    create,
    resolve,
    revoke: (sessionId: number) => repo.revokeSession(db, sessionId, now()),
    revokeAllForMember: (memberId: number) => repo.revokeAllForMember(db, memberId, now()),
  };
}
