import { LRUCache } from 'lru-cache';

/**
 * An in-memory cache with a bound: at most `max` entries, the least recently used dropped first
 * (lru-cache), and, with `ttlMs`, entries that expire. Expiry is read from the injected clock, never
 * from the system's, so tests move time instead of waiting. An entry lives `ttlMs`: at exactly
 * `ttlMs` after it was stored it is gone. Values may be anything, `undefined` included (a
 * remembered "not found").
 *
 * A clock that steps back (NTP correcting a fast clock, a test clock moved back) leaves entries
 * stored "in the future": their age reads negative, and lru-cache would keep them for their lifetime
 * plus the step. An entry whose age is negative is treated as expired (its true age is unknown), so
 * no entry is served longer than its lifetime measured on the clock as it now reads.
 */
export type BoundedCacheOptions = {
  max: number;
  /** Default lifetime of an entry; none: entries stay until evicted or deleted. */
  ttlMs?: number;
  /** Needed with a lifetime: the application's clock. */
  now?: () => Date;
};

export type BoundedCache<K, V> = {
  /** The entry, or undefined when there is none (or it expired). Marks it recently used. */
  lookup(key: K): { value: V } | undefined;
  /** The value, or undefined when there is none; use `lookup` when `undefined` is a value. */
  get(key: K): V | undefined;
  has(key: K): boolean;
  /** Stores a value; `ttlMs` overrides the cache's lifetime for this entry. */
  set(key: K, value: V, ttlMs?: number): void;
  /** The stored value, else what `load` gives (stored, even when undefined). */
  remember(key: K, load: () => Promise<V>): Promise<V>;
  delete(key: K): void;
  /** Drops every entry whose key matches. */
  deleteWhere(matches: (key: K) => boolean): void;
  clear(): void;
  size(): number;
};

/**
 * lru-cache reads a start time of 0 as "no lifetime": the clock is shifted so that a test clock
 * starting at the epoch still expires entries. Only differences of times are used.
 */
const CLOCK_SHIFT_MS = 2 ** 40;

/** A stored value with the lifetime it was stored for (none: it stays until evicted). */
type Box<V> = { value: V; ttlMs?: number };

export function createBoundedCache<K extends NonNullable<unknown>, V>(options: BoundedCacheOptions): BoundedCache<K, V> {
  const { max, ttlMs } = options;
  const clock = options.now;
  if (ttlMs !== undefined && !clock) throw new TypeError('a cache with a lifetime needs the clock');
  const nowMs = () => (clock ? clock().getTime() + CLOCK_SHIFT_MS : 0);
  const lru = new LRUCache<K, Box<V>>({
    max,
    ...(ttlMs !== undefined ? { ttl: ttlMs } : {}),
    // Reads the clock on every check (no timer caching the time).
    ttlResolution: 0,
    perf: { now: nowMs },
  });

  function lookup(key: K): { value: V } | undefined {
    const box = lru.get(key);
    if (!box) return undefined;
    if (clock && box.ttlMs !== undefined) {
      const remainingMs = lru.getRemainingTTL(key);
      // lru-cache keeps an entry while its age is <= ttl; ours lives strictly less than ttl. More
      // left than the whole lifetime: stored after what the clock now reads (it stepped back).
      if (remainingMs <= 0 || remainingMs > box.ttlMs) {
        lru.delete(key);
        return undefined;
      }
    }
    return { value: box.value };
  }

  function set(key: K, value: V, entryTtlMs?: number): void {
    if (entryTtlMs !== undefined && !clock) throw new TypeError('a cache with a lifetime needs the clock');
    const lifetimeMs = entryTtlMs ?? ttlMs;
    lru.set(key, lifetimeMs === undefined ? { value } : { value, ttlMs: lifetimeMs }, entryTtlMs !== undefined ? { ttl: entryTtlMs } : {});
  }

  return {
    lookup,
    get: (key) => lookup(key)?.value,
    has: (key) => lookup(key) !== undefined,
    set,
    async remember(key, load) {
      const hit = lookup(key);
      if (hit) return hit.value;
      const value = await load();
      set(key, value);
      return value;
    },
    delete: (key) => {
      lru.delete(key);
    },
    deleteWhere(matches) {
      for (const key of [...lru.keys()]) if (matches(key)) lru.delete(key);
    },
    clear: () => lru.clear(),
    size: () => lru.size,
  };
}
