import { RG_COOLING_PERIOD_MS } from '@platform/contracts/responsible-gaming';

/**
 * A stored limit: `amount` in force (null: none), and a waiting change (`pendingAmount`, null for a
 * removal) that takes over at `pendingEffectiveAt`.
 */
export type StoredLimit = { amount: number | null; pendingAmount: number | null; pendingEffectiveAt: Date | null };

export type EffectiveLimit = { amount: number | null; pending: { amount: number | null; effectiveAt: Date } | null };

/** What is in force at `at`: a waiting change whose time has come has replaced the old value. */
export function effectiveLimit(stored: StoredLimit, at: Date): EffectiveLimit {
  if (stored.pendingEffectiveAt !== null && stored.pendingEffectiveAt.getTime() <= at.getTime()) {
    return { amount: stored.pendingAmount, pending: null };
  }
  return {
    amount: stored.amount,
    pending: stored.pendingEffectiveAt === null ? null : { amount: stored.pendingAmount, effectiveAt: stored.pendingEffectiveAt },
  };
}

/** True when `next` is stricter than `current` (null means no limit, the loosest of all). */
function isStricter(next: number | null, current: number | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

/**
 * A member asks for `requested` (null: remove the limit) at `at`. A stricter limit applies at once
 * and drops any waiting change; the same value drops a waiting change; a looser one (an increase or
 * a removal) waits RG_COOLING_PERIOD_MS, restarting the wait if one was already waiting.
 */
export function changeLimit(stored: StoredLimit, requested: number | null, at: Date): StoredLimit {
  const current = effectiveLimit(stored, at).amount;
  if (requested === current) return { amount: current, pendingAmount: null, pendingEffectiveAt: null };
  if (isStricter(requested, current)) return { amount: requested, pendingAmount: null, pendingEffectiveAt: null };
  return { amount: current, pendingAmount: requested, pendingEffectiveAt: new Date(at.getTime() + RG_COOLING_PERIOD_MS) };
}
