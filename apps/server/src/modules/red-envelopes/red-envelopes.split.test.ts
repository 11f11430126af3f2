import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow, splitTotal } from './red-envelopes.split.ts';

describe('splitTotal', () => {
  it('gives exactly `count` shares of at least one minor unit that add up to the total, for both splits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom('equal' as const, 'random' as const),
        (count, extra, split) => {
          const total = count + extra;
          const shares = splitTotal(total, count, split);
          expect(shares).toHaveLength(count);
          expect(shares.every((s) => Number.isSafeInteger(s) && s >= 1)).toBe(true);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          if (split === 'equal') expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('splits totals near the largest safe amount exactly', () => {
    const total = Number.MAX_SAFE_INTEGER;
    for (const split of ['equal', 'random'] as const) {
      const shares = splitTotal(total, 7, split);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('gives one minor unit each when the total equals the count, and refuses less', () => {
    expect(splitTotal(5, 5, 'random')).toEqual([1, 1, 1, 1, 1]);
    expect(() => splitTotal(4, 5, 'random')).toThrow(RangeError);
    expect(() => splitTotal(10, 0, 'equal')).toThrow(RangeError);
  });

  it('draws every way of splitting a small total equally often (random split is uniform over compositions)', () => {
    // 5 into 3 positive parts: C(4, 2) = 6 compositions. With a seeded source (a linear congruential
    // generator read by its high bits), count each over many draws.
    let state = 12345;
    const seeded = (max: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * max);
    };
    const counts = new Map<string, number>();
    const draws = 60_000;
    for (let i = 0; i < draws; i++) {
      const key = splitTotal(5, 3, 'random', seeded).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['1,1,3', '1,2,2', '1,3,1', '2,1,2', '2,2,1', '3,1,1']);
    // Each of the six is expected 10,000 times; a biased draw (say a favoured first share) is far off.
    for (const n of counts.values()) expect(Math.abs(n - draws / 6)).toBeLessThan(draws / 6 / 10);
  });

  it('draws uniform integers below any bound from the system source', () => {
    for (const bound of [1, 2, 3, 1000, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
      for (let i = 0; i < 50; i++) {
        const value = cryptoRandomBelow(bound);
        expect(Number.isSafeInteger(value) && value >= 0 && value < bound).toBe(true);
      }
    }
    expect(() => cryptoRandomBelow(0)).toThrow(RangeError);
  });
});
