import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MINOR_MAX, amountMinor, betUnitsToMinor, formatAmount, minorToBetHundredths, positiveAmountMinorSchema } from './money.ts';

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

describe('bet units', () => {
  it("state the spec's minimum-bet choices in the merchant's currency: thousands of đồng, cents of a dollar", () => {
    expect(['0.01', '0.05', '0.1', '0.5', '0.75'].map((choice) => betUnitsToMinor(Number(choice), 'VND'))).toEqual([
      1_000, 5_000, 10_000, 50_000, 75_000,
    ]);
    expect(['0.01', '0.75'].map((choice) => betUnitsToMinor(Number(choice), 'USD'))).toEqual([1, 75]);
  });

  it("put a lottery's minimum stake in the catalogue's hundredths so its card and its slip agree", () => {
    expect(minorToBetHundredths(amountMinor(1_000), 'VND')).toBe(1);
    expect(betUnitsToMinor(minorToBetHundredths(amountMinor(1_000), 'VND') / 100, 'VND')).toBe(1_000);
    expect(minorToBetHundredths(amountMinor(10), 'VND')).toBe(1);
  });
});
