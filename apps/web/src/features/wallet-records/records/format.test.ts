import { describe, expect, it } from 'vitest';
import { addDays, amountInputOf, formatInZone, parseAmount, presetRange, todayIn } from './format.ts';

describe('record dates in the member time zone', () => {
  it('takes the calendar day of the zone, not of the browser', () => {
    // 18:30 UTC is already the next day in Vietnam (UTC+7).
    const instant = new Date('2026-11-24T18:30:00Z');
    expect(todayIn('Asia/Ho_Chi_Minh', instant)).toBe('2026-11-25');
    expect(todayIn('UTC', instant)).toBe('2026-11-24');
    expect(formatInZone('2026-11-24T18:30:05Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-25 01:30:05');
  });

  it('builds the presets with both ends included', () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(presetRange('today', 'Asia/Ho_Chi_Minh', instant)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', 'Asia/Ho_Chi_Minh', instant)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7', 'Asia/Ho_Chi_Minh', instant)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('last30', 'Asia/Ho_Chi_Minh', instant)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('typed amounts', () => {
  it('reads major units into minor units by the currency scale', () => {
    expect(parseAmount('150000', 'VND')).toBe(150000);
    expect(parseAmount('150000.5', 'VND')).toBeNull();
    expect(parseAmount('12.5', 'USD')).toBe(1250);
    expect(parseAmount('12,05', 'USD')).toBe(1205);
    expect(parseAmount('12.345', 'USD')).toBeNull();
    expect(parseAmount('-5', 'USD')).toBeNull();
    expect(parseAmount('', 'VND')).toBeNull();
    expect(parseAmount('1e5', 'VND')).toBeNull();
    expect(amountInputOf(1205, 'USD')).toBe('12.05');
    expect(amountInputOf(50000, 'VND')).toBe('50000');
  });
});
