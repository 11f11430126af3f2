import { createHash, randomBytes } from 'node:crypto';
import type { PubSub } from '@platform/realtime/pubsub';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './session.repository.ts';

export const SESSION_TOKEN_BYTES = 32;
/** last_seen_at is written at most this often, so reading a session is not a write per request. */
const SESSION_TOUCH_INTERVAL_MS_MAX = 60_000;
/** ...and at most a quarter of the idle time, so a short idle time is still touched by use. */
const SESSION_TOUCH_FRACTION = 4;
/** The shortest idle time the touch can follow: one minute, touched every 15 s at most. */
export const SESSION_IDLE_MINUTES_MIN = 1;

/**
 * Ended sessions (logout, a password change, a lock, a break) are announced here, on every node,
 * so the realtime module closes their sockets at once.
 */
export const SESSION_ENDED_CHANNEL = 'sessions:ended';
export type SessionEndedEvent = { sessionId: number } | { memberId: number };

export type SessionPolicy = { idleMinutes: number; absoluteHours: number };

/**
 * The idle clock of a session last written at `lastSeenAt`. last_seen_at is written at most every
 * `touch` (a quarter of the idle time, at most a minute); the uses in between are not recorded, so a
 * session ends between `idle` and `idle + touch` after its last use: never while it is in use,
 * whatever the idle time. The answer: ended, due a write of the new time, or neither. Member and
 * operator sessions both follow it.
 */
export function idleClockOf(idleMinutes: number, lastSeenAt: Date, at: Date): 'ended' | 'touch' | 'fresh' {
  const idleMs = idleMinutes * 60_000;
  const touchMs = Math.min(SESSION_TOUCH_INTERVAL_MS_MAX, idleMs / SESSION_TOUCH_FRACTION);
  const unseenMs = at.getTime() - lastSeenAt.getTime();
  // Uses since the last write were not recorded, so the idle time counts from up to touchMs later.
  if (unseenMs > idleMs + touchMs) return 'ended';
  // A last use "in the future" means the clock stepped back: write the time as it now reads, or the
  // session would be counted fresh, and never idle, until the clock caught up again.
  if (unseenMs < 0) return 'touch';
  return unseenMs > touchMs ? 'touch' : 'fresh';
}

/** Why a policy cannot be followed, or null: the idle time must fit the touch and the lifetime. */
export function sessionPolicyProblem(policy: SessionPolicy): string | null {
  if (!Number.isInteger(policy.idleMinutes) || policy.idleMinutes < SESSION_IDLE_MINUTES_MIN) {
    return `SESSION_IDLE_MINUTES must be a whole number of minutes, at least ${SESSION_IDLE_MINUTES_MIN}`;
  }
  if (policy.idleMinutes >= policy.absoluteHours * 60) {
    return 'SESSION_IDLE_MINUTES must be shorter than SESSION_ABSOLUTE_HOURS, or the idle time would never end a session';
  }
  return null;
}

export type Principal = {
  sessionId: number;
  memberId: number;
  merchantId: number;
  username: string;
  accountType: number;
  currency: string;
  /** A login that answered cpw: this session may only change the password (plugins/auth.ts). */
  isPasswordChangeOnly?: boolean;
};

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Sessions are opaque 256-bit random tokens; only their hash is stored. A session ends at its
 * absolute expiry, after the idle time without use, or when revoked.
 */
export function createSessionService(deps: { db: Kysely<DB>; policy: SessionPolicy; now: () => Date; pubsub?: PubSub | undefined }) {
  const { db, policy, now } = deps;
  const problem = sessionPolicyProblem(policy);
  if (problem) throw new Error(problem);

  const announce = (event: SessionEndedEvent) => deps.pubsub?.publish(SESSION_ENDED_CHANNEL, event) ?? Promise.resolve();

  async function create(
    memberId: number,
    meta: { ip?: string | null; userAgent?: string | null } = {},
    options: { isPasswordChangeOnly?: boolean } = {},
  ) {
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
      isPasswordChangeOnly: options.isPasswordChangeOnly === true,
    });
    return { token, sessionId, expiresAt };
  }

  async function resolve(token: string): Promise<Principal | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const row = await repo.findActiveByTokenHash(db, hashSessionToken(token));
    if (row?.memberStatus !== 'active') return undefined;
    const at = now();
    if (row.expiresAt.getTime() <= at.getTime()) return undefined;
    const clock = idleClockOf(policy.idleMinutes, row.lastSeenAt, at);
    if (clock === 'ended') return undefined;
    if (clock === 'touch') await repo.touchSession(db, row.sessionId, at);
    return {
      sessionId: row.sessionId,
      memberId: row.memberId,
      merchantId: row.merchantId,
      username: row.username,
      accountType: row.accountType,
      currency: row.currency,
      isPasswordChangeOnly: row.isPasswordChangeOnly,
    };
  }

  /** Ends one session (logout); its open sockets close at once. */
  async function revoke(sessionId: number): Promise<void> {
    await repo.revokeSession(db, sessionId, now());
    await announce({ sessionId });
  }

  /** Ends every session of the member (a password change, a lock, a break); their sockets close at once. */
  async function revokeAllForMember(memberId: number): Promise<number> {
    const ended = await repo.revokeAllForMember(db, memberId, now());
    await announce({ memberId });
    return ended;
  }

  return { create, resolve, revoke, revokeAllForMember };
}

/** When the session began (a responsible-gaming reality check counts from it). */
export function sessionStartedAt(db: Kysely<DB>, sessionId: number): Promise<Date | undefined> {
  return repo.findCreatedAt(db, sessionId);
}

/** A member's most recent sessions, newest first, for their login history. */
export function recentSessionsOf(db: Kysely<DB>, memberId: number, limit: number) {
  return repo.findRecentForMember(db, memberId, limit);
}
