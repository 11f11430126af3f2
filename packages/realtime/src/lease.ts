import { Redis } from 'ioredis';

/**
 * Leases that say which node does a piece of work (the house game server: which node runs a table's
 * rounds). A lease names its owner and lapses `ttlMs` after it was last held, so the owner holds it
 * again well within that time while it is alive, and another node gets it once the owner is gone.
 * In process (one node, or tests with several nodes in one process) a map is enough; with several
 * processes Redis keeps them, each hold one atomic script.
 *
 * A lease is not a fence: a node that stalls longer than the lease may still act for a moment after
 * another node took over, so what the work does must stay safe when that happens (each node of the
 * game server keeps its own journal and its own round ids).
 */
export type Leases = {
  readonly kind: 'memory' | 'redis';
  /** Takes the lease, or keeps it, for `owner` if it is free or already theirs; true when `owner` holds it. */
  hold: (key: string, owner: string, ttlMs: number) => Promise<boolean>;
  /** Gives the lease up if `owner` still holds it, so another node need not wait for it to lapse. */
  release: (key: string, owner: string) => Promise<void>;
  close: () => Promise<void>;
};

export function createMemoryLeases(now: () => number = Date.now): Leases {
  const held = new Map<string, { owner: string; until: number }>();
  return {
    kind: 'memory',
    async hold(key, owner, ttlMs) {
      const lease = held.get(key);
      if (lease && lease.owner !== owner && lease.until > now()) return false;
      held.set(key, { owner, until: now() + ttlMs });
      return true;
    },
    async release(key, owner) {
      if (held.get(key)?.owner === owner) held.delete(key);
    },
    async close() {
      held.clear();
    },
  };
}

const HOLD_SCRIPT = `local v = redis.call('get', KEYS[1])
if v == false or v == ARGV[1] then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

export function createRedisLeases(options: { url: string; onError?: (err: unknown) => void }): Leases {
  const redis = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  // Connection errors are retried by ioredis; a hold that fails in the meantime rejects.
  redis.on('error', (err) => options.onError?.(err));
  return {
    kind: 'redis',
    async hold(key, owner, ttlMs) {
      return (await redis.eval(HOLD_SCRIPT, 1, key, owner, String(Math.ceil(ttlMs)))) === 1;
    },
    async release(key, owner) {
      await redis.eval(RELEASE_SCRIPT, 1, key, owner);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

export function createLeases(options: { redisUrl?: string | undefined; onError?: (err: unknown) => void }): Leases {
  return options.redisUrl
    ? createRedisLeases({ url: options.redisUrl, ...(options.onError ? { onError: options.onError } : {}) })
    : createMemoryLeases();
}
