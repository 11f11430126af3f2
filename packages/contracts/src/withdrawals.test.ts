import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withdrawalFeeOf } from './withdrawals.ts';

describe('the withdrawal fee rule', () => {
  it('is free for the first requests of the day', () => {
    const rule = { freePerDay: 2, feeFixedMinor: 500, feePercentBasisPoints: 150 };
    expect(withdrawalFeeOf(rule, 1_000_000, 0)).toBe(0);
    expect(withdrawalFeeOf(rule, 1_000_000, 1)).toBe(0);
    expect(withdrawalFeeOf(rule, 1_000_000, 2)).toBe(500 + 15_000);
  });

  it('rounds the percentage up to the minor unit, exactly for every safe amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER - 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, basisPoints, fixed) => {
          const fee = withdrawalFeeOf({ freePerDay: 0, feeFixedMinor: fixed, feePercentBasisPoints: basisPoints }, amount, 0);
          const percent = BigInt(fee - fixed);
          const exact = BigInt(amount) * BigInt(basisPoints);
          // The smallest whole number of minor units not below the exact percentage.
          expect(percent * 10_000n >= exact).toBe(true);
          expect(percent === 0n || (percent - 1n) * 10_000n < exact).toBe(true);
        },
      ),
    );
  });
});
