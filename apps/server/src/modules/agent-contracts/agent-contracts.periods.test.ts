import { describe, expect, it } from 'vitest';
import { dividendPeriodOf, dividendPeriodsBefore, isSlotStart, slotsBefore } from './agent-contracts.periods.ts';

describe('dividend periods', () => {
  it('cuts weeks from Monday, half-months at the 15th and months at their last day', () => {
    expect(dividendPeriodOf('week', '2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(dividendPeriodOf('week', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(dividendPeriodOf('week', '2026-12-31')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(dividendPeriodOf('halfMonth', '2026-11-15')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(dividendPeriodOf('halfMonth', '2026-11-16')).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(dividendPeriodOf('halfMonth', '2028-02-20')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(dividendPeriodOf('month', '2027-02-03')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it('lists the periods before the one holding a day, the oldest first', () => {
    expect(dividendPeriodsBefore('halfMonth', '2027-01-03', 2)).toEqual([
      { start: '2026-12-01', end: '2026-12-15' },
      { start: '2026-12-16', end: '2026-12-31' },
    ]);
    expect(dividendPeriodsBefore('month', '2026-03-31', 1)).toEqual([{ start: '2026-02-01', end: '2026-02-28' }]);
  });
});

describe('hours and 5-minute slots of the merchant clock', () => {
  const at = (iso: string) => new Date(iso);

  it('starts an hour at minute 0 of the zone clock, a real-time slot at a multiple of 5 minutes', () => {
    expect(isSlotStart('hourlyWage', at('2026-11-26T03:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe(true);
    expect(isSlotStart('hourlyWage', at('2026-11-26T03:05:00Z'), 'Asia/Ho_Chi_Minh')).toBe(false);
    // Half an hour off UTC: the hour starts at :30 UTC.
    expect(isSlotStart('hourlyWage', at('2026-11-26T03:30:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(isSlotStart('hourlyWage', at('2026-11-26T03:00:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isSlotStart('realtimeSalary', at('2026-11-26T03:35:00Z'), 'Asia/Kathmandu')).toBe(true);
    expect(isSlotStart('realtimeSalary', at('2026-11-26T03:35:00.001Z'), 'Asia/Ho_Chi_Minh')).toBe(false);
    expect(isSlotStart('realtimeSalary', new Date(Number.NaN), 'Asia/Ho_Chi_Minh')).toBe(false);
  });

  it('lists the complete slots ending at or before an instant, the oldest first', () => {
    expect(slotsBefore('hourlyWage', at('2026-11-26T08:04:00Z'), 'Asia/Ho_Chi_Minh', 3)).toEqual([
      { from: at('2026-11-26T05:00:00Z'), to: at('2026-11-26T06:00:00Z') },
      { from: at('2026-11-26T06:00:00Z'), to: at('2026-11-26T07:00:00Z') },
      { from: at('2026-11-26T07:00:00Z'), to: at('2026-11-26T08:00:00Z') },
    ]);
    expect(slotsBefore('hourlyWage', at('2026-11-26T08:04:00Z'), 'Asia/Kolkata', 1)).toEqual([
      { from: at('2026-11-26T06:30:00Z'), to: at('2026-11-26T07:30:00Z') },
    ]);
    expect(slotsBefore('realtimeSalary', at('2026-11-26T08:10:00Z'), 'Asia/Ho_Chi_Minh', 2)).toEqual([
      { from: at('2026-11-26T08:00:00Z'), to: at('2026-11-26T08:05:00Z') },
      { from: at('2026-11-26T08:05:00Z'), to: at('2026-11-26T08:10:00Z') },
    ]);
  });
});
