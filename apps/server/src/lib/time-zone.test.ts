import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetweenInclusive, isValidTimeZone, localDateOf, periodStartOf, startOfLocalDate } from './time-zone.ts';

describe('time zone calendar', () => {
  it('finds local midnight in Ho Chi Minh City (UTC+7, no daylight saving)', () => {
    expect(startOfLocalDate('2026-11-22', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(localDateOf(new Date('2026-11-21T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22');
    expect(localDateOf(new Date('2026-11-21T16:59:59Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-21');
  });

  it('finds local midnight across daylight-saving changes', () => {
    expect(startOfLocalDate('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDate('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDate('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('starts weeks on Monday and months on the 1st, in the zone', () => {
    // Sunday 22 Nov 2026, 10:00 local.
    const sunday = new Date('2026-11-22T03:00:00Z');
    expect(periodStartOf(sunday, 'Asia/Ho_Chi_Minh', 'daily').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(periodStartOf(sunday, 'Asia/Ho_Chi_Minh', 'weekly').toISOString()).toBe('2026-11-15T17:00:00.000Z');
    expect(periodStartOf(sunday, 'Asia/Ho_Chi_Minh', 'monthly').toISOString()).toBe('2026-10-31T17:00:00.000Z');
  });

  it('counts days and rejects unknown zones', () => {
    expect(daysBetweenInclusive('2026-11-22', '2026-11-22')).toBe(1);
    expect(daysBetweenInclusive('2026-02-01', '2026-03-01')).toBe(29);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isValidTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('puts every instant inside its own local day, in any zone', () => {
    const zones = ['Asia/Ho_Chi_Minh', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const instant = new Date(ms);
        const day = localDateOf(instant, zone);
        expect(startOfLocalDate(day, zone).getTime()).toBeLessThanOrEqual(ms);
        expect(startOfLocalDate(addDays(day, 1), zone).getTime()).toBeGreaterThan(ms);
      }),
    );
  });
});
