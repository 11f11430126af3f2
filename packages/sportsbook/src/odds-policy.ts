import type { OddsMilli } from './model.ts';

/**
 * What a member accepts when the price moved between the slip and the placement: `none` (the
 * price must be the one on the slip), `any` (any current price), `higher` (the slip's price or a
 * better one). An accepted bet is always placed at the current price.
 */
export type OddsChangePolicy = 'none' | 'any' | 'higher';

export type OddsCheck = { accepted: true; odds: OddsMilli } | { accepted: false; requested: OddsMilli; current: OddsMilli };

export function checkOddsChange(requested: OddsMilli, current: OddsMilli, policy: OddsChangePolicy): OddsCheck {
  const accepted = policy === 'any' || current === requested || (policy === 'higher' && current > requested);
  return accepted ? { accepted: true, odds: current } : { accepted: false, requested, current };
}

/** Every leg of a slip against its current price: all accepted, or the legs that were not. */
export function checkSlipOdds(
  legs: ReadonlyArray<{ requested: OddsMilli; current: OddsMilli }>,
  policy: OddsChangePolicy,
): { accepted: true; odds: OddsMilli[] } | { accepted: false; rejected: number[] } {
  const checks = legs.map((l) => checkOddsChange(l.requested, l.current, policy));
  const rejected = checks.flatMap((c, i) => (c.accepted ? [] : [i]));
  if (rejected.length > 0) return { accepted: false, rejected };
  return { accepted: true, odds: checks.map((c) => (c as { odds: OddsMilli }).odds) };
}
