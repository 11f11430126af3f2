import type { PubSub } from '../../lib/pubsub.ts';

/**
 * Catalogue answers are the same for every visitor of a merchant in one language, so they are kept
 * in memory per merchant + language + call + query. The cache is bounded (least recently used
 * entries go first) and every entry expires after a short time as a safety net. An operator's edit
 * drops the merchant's entries at once, on this node directly and on the others through pub/sub.
 */
export const CATALOGUE_CACHE_ENTRIES_MAX = 2_000;
export const CATALOGUE_CACHE_TTL_MS = 60_000;
export const CATALOGUE_CHANGED_CHANNEL = 'games:catalogue-changed';

type Entry = { value: unknown; expiresAt: number };

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

export function createCatalogueCache(options: { entriesMax?: number; ttlMs?: number; now?: () => number } = {}) {
  const entriesMax = options.entriesMax ?? CATALOGUE_CACHE_ENTRIES_MAX;
  const defaultTtlMs = options.ttlMs ?? CATALOGUE_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation of a merchant: a load that started before it is not stored. */
  const generations = new Map<number, number>();
  let hits = 0;
  let misses = 0;

  function keyOf(merchantId: number, parts: readonly unknown[]): string {
    return `${merchantId}|${JSON.stringify(parts)}`;
  }

  async function get<T>(merchantId: number, parts: readonly unknown[], load: () => Promise<T>, ttlMs = defaultTtlMs): Promise<T> {
    const key = keyOf(merchantId, parts);
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      // Re-inserting moves the key to the end: Map order is the recency order.
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry.value as T;
    }
    if (entry) entries.delete(key);
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    misses += 1;
    const generation = generations.get(merchantId) ?? 0;
    const promise = load()
      .then((value) => {
        if ((generations.get(merchantId) ?? 0) === generation) {
          entries.set(key, { value, expiresAt: now() + ttlMs });
          while (entries.size > entriesMax) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  }

  function invalidate(merchantId: number): void {
    generations.set(merchantId, (generations.get(merchantId) ?? 0) + 1);
    const prefix = `${merchantId}|`;
    for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    for (const key of [...inFlight.keys()]) if (key.startsWith(prefix)) inFlight.delete(key);
  }

  return {
    get,
    invalidate,
    size: () => entries.size,
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}

/** Drops a merchant's entries on every node: here at once, elsewhere when the message arrives. */
export type CatalogueInvalidator = (merchantId: number) => Promise<void>;

export async function connectCatalogueCache(
  cache: CatalogueCache,
  pubsub: PubSub,
): Promise<{ announce: CatalogueInvalidator; disconnect: () => Promise<void> }> {
  const unsubscribe = await pubsub.subscribe(CATALOGUE_CHANGED_CHANNEL, (message) => {
    const merchantId = (message as { merchantId?: unknown } | null)?.merchantId;
    if (typeof merchantId === 'number' && Number.isSafeInteger(merchantId)) cache.invalidate(merchantId);
  });
  return {
    announce: async (merchantId) => {
      cache.invalidate(merchantId);
      await pubsub.publish(CATALOGUE_CHANGED_CHANNEL, { merchantId });
    },
    disconnect: unsubscribe,
  };
}
