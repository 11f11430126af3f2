import { describe, expect, it } from 'vitest';
import type { JackpotRule } from '../../../api/home-queries.ts';
import { formatJackpot, jackpotValueAt } from './jackpot-counter.tsx';

const rule: JackpotRule = {
  base: 100_000_00,
  growthPerTick: 16_511,
  tickMs: 3_000,
  startedAt: '2026-11-25T00:00:00.000Z',
  serverTime: '2026-11-25T00:00:10.000Z',
  value: 100_000_00 + 3 * 16_511,
  scale: 2,
};
const at = (iso: string) => Date.parse(iso);

describe('the jackpot counter', () => {
  it('adds one step of 165.11 per whole tick of 3 s since the start', () => {
    expect(jackpotValueAt(rule, at('2026-11-25T00:00:00.000Z'))).toBe(rule.base);
    expect(jackpotValueAt(rule, at('2026-11-25T00:00:02.999Z'))).toBe(rule.base);
    expect(jackpotValueAt(rule, at('2026-11-25T00:00:03.000Z'))).toBe(rule.base + 16_511);
    expect(jackpotValueAt(rule, at('2026-11-25T00:00:10.000Z'))).toBe(rule.value);
  });

  it('never goes below the base for a clock before the start', () => {
    expect(jackpotValueAt(rule, at('2026-11-24T23:59:00.000Z'))).toBe(rule.base);
  });

  it("shows the amount in the merchant's currency: whole đồng with ₫, cents for a currency that has them", () => {
    expect(formatJackpot(123_456_789_01, 'vi', 'VND').replace(/\s/g, ' ')).toBe('123.456.789 ₫');
    expect(formatJackpot(123_456_789_99, 'en', 'VND')).toBe('₫123,456,789');
    expect(formatJackpot(123_456_789_01, 'en', 'USD')).toBe('US$123,456,789.01');
  });
});
