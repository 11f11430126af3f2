import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MINOR_MAX, amountMinor, formatAmount, positiveAmountMinorSchema } from './money.ts';

describe('money in minor units', () => {
  it('accepts every safe integer and nothing else as an amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(amountMinor(n)).toBe(n);
      }),
    );
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53)]) {
      expect(() => amountMinor(bad)).toThrow(RangeError);
    }
  });

  it('refuses zero, negative, fractional and unsafe amounts on the wire', () => {
    for (const bad of [0, -1, 1.5, 2 ** 53, '10']) {
      expect(positiveAmountMinorSchema.safeParse(bad).success).toBe(false);
    }
    expect(positiveAmountMinorSchema.parse(1)).toBe(1);
    expect(positiveAmountMinorSchema.parse(AMOUNT_MINOR_MAX)).toBe(AMOUNT_MINOR_MAX);
  });

  it('formats with the currency scale: whole dong, cents for dollars', () => {
    expect(formatAmount(amountMinor(1_500_000), 'VND', 'en-US')).toBe('₫1,500,000');
    expect(formatAmount(amountMinor(123_456), 'USD', 'en-US')).toBe('$1,234.56');
  });
});
