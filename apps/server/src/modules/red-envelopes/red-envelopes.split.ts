import { randomBytes } from 'node:crypto';
import type { RedEnvelopeSplit } from '@platform/contracts/agents/red-envelopes';

/** A uniform integer in [0, maxExclusive), for any safe maxExclusive up to 2^53. */
export type RandomBelow = (maxExclusive: number) => number;

const TWO_POW_53 = 2 ** 53;

/**
 * A uniform integer from the operating system's random source: 53 random bits, drawn again when
 * they fall in the top, incomplete stretch (rejection sampling), so no value is favoured.
 */
export const cryptoRandomBelow: RandomBelow = (maxExclusive) => {
  if (!Number.isSafeInteger(maxExclusive) || maxExclusive <= 0) throw new RangeError(`bad bound ${maxExclusive}`);
  const limit = TWO_POW_53 - (TWO_POW_53 % maxExclusive);
  for (;;) {
    const bytes = randomBytes(7);
    // 48 bits and 5 more: 53 random bits, exact in a double.
    const value = bytes.readUIntBE(0, 6) * 32 + (bytes.readUInt8(6) & 0x1f);
    if (value < limit) return value % maxExclusive;
  }
};

/**
 * The shares of an envelope, decided once at funding and stored, so the total is exact whatever
 * happens later. Equal: `total / count` each, the remainder given one minor unit at a time to the
 * first shares. Random: every share at least one minor unit, the split drawn uniformly among all
 * the ways to write `total` as `count` positive parts (stars and bars: `count - 1` distinct cut
 * points among the `total - 1` gaps, chosen by Floyd's sampling), so no share position is favoured.
 */
export function splitTotal(total: number, count: number, split: RedEnvelopeSplit, randomBelow: RandomBelow = cryptoRandomBelow): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(count) || count < 1 || total < count) {
    throw new RangeError(`cannot split ${total} into ${count} shares of at least 1`);
  }
  if (split === 'equal') {
    const base = Math.floor(total / count);
    const remainder = total % count;
    return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
  }
  const gaps = total - 1;
  const cuts = new Set<number>();
  // Floyd: for j in gaps-k+1..gaps, pick t in 1..j; take t, or j when t is already taken.
  for (let j = gaps - (count - 1) + 1; j <= gaps; j++) {
    const t = 1 + randomBelow(j);
    cuts.add(cuts.has(t) ? j : t);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const shares: number[] = [];
  let previous = 0;
  for (const cut of sorted) {
    shares.push(cut - previous);
    previous = cut;
  }
  shares.push(total - previous);
  return shares;
}
