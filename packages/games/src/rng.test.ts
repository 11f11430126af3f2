import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, newServerSeed, uniformInt, verifyCommitment } from './rng.ts';

describe('commit-reveal randomness', () => {
  it('verifies a revealed seed against its published commitment and rejects any other seed', () => {
    const seed = newServerSeed();
    const commitment = commitmentOf(seed);
    expect(verifyCommitment(seed, commitment)).toBe(true);
    expect(verifyCommitment(newServerSeed(), commitment)).toBe(false);
  });

  it('draws the same number from the same seeds and always within the bound', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8 }),
        fc.string(),
        fc.nat(),
        fc.integer({ min: 1, max: 2 ** 32 }),
        (seed, client, nonce, bound) => {
          const a = uniformInt(seed, client, nonce, bound);
          expect(a).toBe(uniformInt(seed, client, nonce, bound));
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThan(bound);
        },
      ),
    );
  });

  it('spreads draws evenly over a small range (chi-squared within the 99.9% bound)', () => {
    const seed = newServerSeed();
    const counts = new Array<number>(10).fill(0);
    const draws = 20_000;
    for (let i = 0; i < draws; i++) counts[uniformInt(seed, 'client', i, 10)]! += 1;
    const expected = draws / 10;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
  });

  it('refuses a bound it cannot draw from', () => {
    expect(() => uniformInt('s', 'c', 0, 0)).toThrow(RangeError);
    expect(() => uniformInt('s', 'c', 0, 2 ** 32 + 1)).toThrow(RangeError);
  });
});
