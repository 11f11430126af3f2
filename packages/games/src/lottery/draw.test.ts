import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawFromSeed, seedCommitment, seedDigits } from './draw.ts';
import { type LotteryRegion, prizeLayout, validateDrawResult } from './layout.ts';

const SEED = '9f2c4e7a1b3d5f60718293a4b5c6d7e8f9011223344556677889aabbccddeef0';
const seedArb = fc.uint8Array({ minLength: 16, maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const regionArb = fc.constantFrom<LotteryRegion>('north', 'central', 'south');

describe('seeded draw', () => {
  it('is the same sheet for the same seed and region, and always a valid sheet', () => {
    fc.assert(
      fc.property(regionArb, seedArb, (region, seed) => {
        const result = drawFromSeed(region, seed);
        expect(drawFromSeed(region, seed)).toEqual(result);
        expect(validateDrawResult(region, result)).toEqual([]);
        expect(Object.keys(result)).toEqual(prizeLayout(region).map((spec) => spec.tier));
      }),
    );
  });

  it('gives different sheets for different seeds', () => {
    const other = `${SEED.slice(0, -1)}1`;
    expect(drawFromSeed('north', SEED)).not.toEqual(drawFromSeed('north', other));
  });

  it('can be recomputed by anyone from the documented recipe', () => {
    // HMAC-SHA256(seed bytes, "0"), bytes below 250 give byte % 10, in layout order
    const block = createHmac('sha256', Buffer.from(SEED, 'hex')).update('0').digest();
    const expected = [...block]
      .filter((b) => b < 250)
      .map((b) => String(b % 10))
      .join('');
    const special = drawFromSeed('south', SEED).DB![0]!;
    expect(expected.startsWith(special)).toBe(true);
    expect(special).toHaveLength(6);
  });

  it('spreads digits evenly (chi-squared over 200 000 digits within the 99.9% bound)', () => {
    const counts = new Array<number>(10).fill(0);
    const digits = seedDigits(SEED);
    const total = 200_000;
    for (let i = 0; i < total; i++) counts[Number(digits.next().value)]! += 1;
    const expected = total / 10;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
  });

  it('spreads the lô endings of whole sheets evenly over 00-99', () => {
    const counts = new Array<number>(100).fill(0);
    const sheets = 2000;
    for (let i = 0; i < sheets; i++) {
      const seed = createHash('sha256').update(`sheet ${i}`).digest('hex');
      for (const n of Object.values(drawFromSeed('north', seed)).flat()) counts[Number(n.slice(-2))]! += 1;
    }
    const expected = (sheets * 27) / 100;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 99 degrees of freedom: the 99.9% point is 148.23
    expect(chi2).toBeLessThan(148.23);
  });

  it('commits to the seed bytes with SHA-256', () => {
    expect(seedCommitment(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    expect(seedCommitment(SEED.toUpperCase())).toBe(seedCommitment(SEED));
    expect(seedCommitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses seeds that are not hex or too short', () => {
    for (const bad of ['', 'abc', 'zz'.repeat(16), '00'.repeat(15), ` ${SEED}`]) {
      expect(() => drawFromSeed('north', bad)).toThrow(RangeError);
      expect(() => seedCommitment(bad)).toThrow(RangeError);
    }
  });
});
