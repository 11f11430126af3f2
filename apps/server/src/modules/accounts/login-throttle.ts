import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LoginPolicy } from './accounts.settings.ts';
import * as repo from './login-throttle.repository.ts';

export type ThrottleScope = 'account' | 'ip';

/** lockouts counts earlier locks; a key that was locked once keeps needing a captcha. */
export type ThrottleState = { failures: number; lockouts: number; lockedUntil: Date | null };

const CLEAR: ThrottleState = { failures: 0, lockouts: 0, lockedUntil: null };

export async function readThrottle(db: Kysely<DB>, merchantId: number, scope: ThrottleScope, key: string, now: Date, policy: LoginPolicy) {
  const row = await repo.find(db, { merchantId, scope, key });
  if (!row) return CLEAR;
  const windowOver = now.getTime() - row.window_started_at.getTime() > policy.failureWindowMinutes * 60_000;
  const lockedUntil = row.locked_until && row.locked_until.getTime() > now.getTime() ? row.locked_until : null;
  return { failures: windowOver ? 0 : row.failures, lockouts: row.lockouts, lockedUntil } satisfies ThrottleState;
}

/**
 * Counts one failure in a single statement, so parallel wrong guesses cannot slip past the count.
 * Reaching the threshold locks the key for lockBaseMinutes, doubled for every earlier lock, capped
 * at lockMaxMinutes. The count restarts when the failure window has passed.
 */
export async function recordFailure(
  db: Kysely<DB>,
  merchantId: number,
  scope: ThrottleScope,
  key: string,
  now: Date,
  policy: LoginPolicy,
  threshold: number,
): Promise<ThrottleState & { justLocked: boolean }> {
  const windowStart = new Date(now.getTime() - policy.failureWindowMinutes * 60_000);
  const row = await repo.countFailure(db, { merchantId, scope, key }, now, windowStart);
  const failures = Number(row.failures);
  const lockouts = Number(row.lockouts);
  if (failures < threshold) {
    return { failures, lockouts, lockedUntil: row.locked_until && row.locked_until > now ? row.locked_until : null, justLocked: false };
  }
  const minutes = Math.min(policy.lockBaseMinutes * 2 ** Math.min(lockouts, 20), policy.lockMaxMinutes);
  const lockedUntil = new Date(now.getTime() + minutes * 60_000);
  await repo.lock(db, { merchantId, scope, key }, { lockedUntil, lockouts: lockouts + 1, now });
  return { failures, lockouts: lockouts + 1, lockedUntil, justLocked: true };
}

/** A successful login clears the account's count and lock history; the IP keeps its own. */
export async function clearThrottle(db: Kysely<DB>, merchantId: number, scope: ThrottleScope, key: string) {
  await repo.remove(db, { merchantId, scope, key });
}
