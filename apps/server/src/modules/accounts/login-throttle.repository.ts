import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ThrottleScope } from './login-throttle.ts';

type Key = { merchantId: number; scope: ThrottleScope; key: string };

export async function find(db: Kysely<DB>, k: Key) {
  return db
    .selectFrom('auth_throttles')
    .select(['failures', 'lockouts', 'window_started_at', 'locked_until'])
    .where('merchant_id', '=', k.merchantId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .executeTakeFirst();
}

/** Counts one failure in a single statement; the count restarts when its window began before `windowStart`. */
export async function countFailure(db: Kysely<DB>, k: Key, now: Date, windowStart: Date) {
  const result = await sql<{ failures: number; locked_until: Date | null; lockouts: number }>`
    INSERT INTO auth_throttles AS t (merchant_id, scope, key, failures, lockouts, window_started_at, locked_until)
    VALUES (${k.merchantId}, ${k.scope}, ${k.key}, 1, 0, ${now}, NULL)
    ON CONFLICT (merchant_id, scope, key) DO UPDATE SET
      failures = CASE WHEN t.window_started_at < ${windowStart} THEN 1 ELSE t.failures + 1 END,
      window_started_at = CASE WHEN t.window_started_at < ${windowStart} THEN ${now}::timestamptz ELSE t.window_started_at END
    RETURNING t.failures, t.locked_until, t.lockouts
  `.execute(db);
  return result.rows[0]!;
}

export async function lock(db: Kysely<DB>, k: Key, lock: { lockedUntil: Date; lockouts: number; now: Date }): Promise<void> {
  await db
    .updateTable('auth_throttles')
    .set({ locked_until: lock.lockedUntil, lockouts: lock.lockouts, failures: 0, window_started_at: lock.now })
    .where('merchant_id', '=', k.merchantId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .execute();
}

export async function remove(db: Kysely<DB>, k: Key): Promise<void> {
  await db
    .deleteFrom('auth_throttles')
    .where('merchant_id', '=', k.merchantId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .execute();
}
