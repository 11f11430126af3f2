import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './money-format.ts';

describe('parseAmountInput', () => {
  it('reads whole VND with or without group separators', () => {
    expect(parseAmountInput('200000', 'VND')).toBe(200_000);
    expect(parseAmountInput('200.000', 'VND')).toBe(200_000);
    expect(parseAmountInput(' 1,500,000 ', 'VND')).toBe(1_500_000);
  });

  it('reads cents in a currency with two decimals and refuses a third', () => {
    expect(parseAmountInput('12.5', 'USD')).toBe(1_250);
    expect(parseAmountInput('12.50', 'USD')).toBe(1_250);
    expect(parseAmountInput('12.505', 'USD')).toBeNull();
  });

  it('refuses nothing, zero, negatives and words', () => {
    for (const text of ['', '0', '-5', 'abc', '1e5', '1.2.3']) expect(parseAmountInput(text, 'USD')).toBeNull();
    for (const text of ['', '000', '-5', 'abc', '1e5']) expect(parseAmountInput(text, 'VND')).toBeNull();
  });
});
