import { z } from 'zod';
import { createBoundedCache } from '../../lib/bounded-cache.ts';

/**
 * The progressive jackpot pools a vendor keeps and publishes (the house game server's public
 * `GET /api/jackpot/pools`, ADR 0036). The pool is the vendor's liability, not money the platform
 * holds: the platform only shows it (the home counter). Each answer is kept a few seconds; a vendor
 * that does not answer in time gives no pools, and the counter falls back to its display rule.
 */
const poolSchema = z.object({
  gameCode: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.number().int().min(0).max(1e15),
});
const answerSchema = z.object({ pools: z.array(poolSchema).max(100) });
export type JackpotPool = z.infer<typeof poolSchema>;

export type JackpotPoolSource = {
  /** The pools as last read, and when they were read (undefined: the vendor did not answer). */
  pools: () => Promise<{ pools: JackpotPool[]; readAt: Date } | undefined>;
};

export const JACKPOT_POOLS_TTL_MS = 2_000;
const JACKPOT_POOLS_TIMEOUT_MS = 1_500;

export function createJackpotPoolSource(deps: {
  /** The vendor's base URL, or undefined while its integration is off. */
  baseUrl: () => Promise<string | undefined>;
  now: () => Date;
  fetchImpl?: typeof fetch;
}): JackpotPoolSource {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const cache = createBoundedCache<'pools', { pools: JackpotPool[]; readAt: Date } | undefined>({
    max: 1,
    ttlMs: JACKPOT_POOLS_TTL_MS,
    now: deps.now,
  });
  async function load() {
    const base = await deps.baseUrl();
    if (!base) return undefined;
    try {
      const response = await fetchImpl(`${base.replace(/\/+$/, '')}/api/jackpot/pools`, {
        signal: AbortSignal.timeout(JACKPOT_POOLS_TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      const parsed = answerSchema.safeParse(await response.json());
      return parsed.success ? { pools: parsed.data.pools, readAt: deps.now() } : undefined;
    } catch {
      return undefined;
    }
  }
  return { pools: () => cache.remember('pools', load) };
}
