import type { PubSub } from '@platform/realtime/pubsub';
import { createBoundedCache } from '../../lib/bounded-cache.ts';

/**
 * Catalogue answers are the same for every visitor of a merchant in one language, so they are kept
 * in memory per merchant + language + call + query. The cache is bounded (least recently used
 * entries go first) and every entry expires after a short time as a safety net. An operator's edit
 * drops the merchant's entries at once, on this node directly and on the others through pub/sub.
 */
export const CATALOGUE_CACHE_ENTRIES_MAX = 2_000;
export const CATALOGUE_CACHE_TTL_MS = 60_000;
export const CATALOGUE_CHANGED_CHANNEL = 'games:catalogue-changed';

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

export function createCatalogueCache(options: { entriesMax?: number; ttlMs?: number; now?: () => Date } = {}) {
  const entries = createBoundedCache<string, unknown>({
    max: options.entriesMax ?? CATALOGUE_CACHE_ENTRIES_MAX,
    ttlMs: options.ttlMs ?? CATALOGUE_CACHE_TTL_MS,
    now: options.now ?? (() => new Date()),
  });
  const inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation of a merchant: a load that started before it is not stored. */
  const generations = new Map<number, number>();
  let hits = 0;
  let misses = 0;

  function keyOf(merchantId: number, parts: readonly unknown[]): string {
    return `${merchantId}|${JSON.stringify(parts)}`;
  }

  async function get<T>(merchantId: number, parts: readonly unknown[], load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const key = keyOf(merchantId, parts);
    const entry = entries.lookup(key);
    if (entry) {
      hits += 1;
      return entry.value as T;
    }
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    misses += 1;
    const generation = generations.get(merchantId) ?? 0;
    const promise = load()
      .then((value) => {
        if ((generations.get(merchantId) ?? 0) === generation) entries.set(key, value, ttlMs);
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
    entries.deleteWhere((key) => key.startsWith(prefix));
    for (const key of [...inFlight.keys()]) if (key.startsWith(prefix)) inFlight.delete(key);
  }

  return {
    get,
    invalidate,
    size: () => entries.size(),
    stats: () => ({ hits, misses, entries: entries.size() }),
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
