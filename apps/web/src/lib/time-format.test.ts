import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_SITE_TIME_ZONE,
  formatDateTime,
  formatInZone,
  formatLocaleDate,
  hourMinuteOf,
  setSiteTimeZone,
  siteToday,
  timeZoneLabel,
  todayIn,
} from './time-format.ts';

describe('web time formats', () => {
  afterEach(() => setSiteTimeZone(DEFAULT_SITE_TIME_ZONE));

  it("writes every shown time in the merchant's zone, labelled, whatever the device's zone", () => {
    // 02:05:07 UTC is 09:05:07 in Ho Chi Minh City.
    expect(formatDateTime('2026-11-22T02:05:07Z')).toBe('2026-11-22 09:05:07 (GMT+7)');
    expect(hourMinuteOf('2026-11-22T02:05:07Z')).toBe('09:05');
    expect(formatLocaleDate('2026-11-21T17:30:00Z', 'vi')).toBe('22/11/2026');
    expect(siteToday(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('follows the zone the site names, and ignores one Intl does not know', () => {
    setSiteTimeZone('Asia/Kolkata');
    expect(formatDateTime('2026-11-22T02:05:07Z')).toBe('2026-11-22 07:35:07 (GMT+5:30)');
    setSiteTimeZone('Not/AZone');
    expect(formatDateTime('2026-11-22T02:05:07Z')).toBe('2026-11-22 07:35:07 (GMT+5:30)');
    setSiteTimeZone('UTC');
    expect(formatDateTime('2026-11-22T02:05:07Z')).toBe('2026-11-22 02:05:07 (GMT)');
  });

  it('labels a zone with daylight saving by the offset of the moment', () => {
    expect(timeZoneLabel('Europe/London', new Date('2026-07-01T12:00:00Z'))).toBe('GMT+1');
    expect(timeZoneLabel('Europe/London', new Date('2026-01-01T12:00:00Z'))).toBe('GMT');
    expect(timeZoneLabel('America/New_York', new Date('2026-01-01T12:00:00Z'))).toBe('GMT-5');
  });

  it('writes the site format and today in a named zone', () => {
    expect(formatInZone('2026-11-21T17:00:00Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-22 00:00:00');
    expect(formatInZone('', 'Asia/Ho_Chi_Minh')).toBe('');
    expect(todayIn('Asia/Ho_Chi_Minh', new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(todayIn('Asia/Ho_Chi_Minh', new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('always puts the Ho Chi Minh City wall clock seven hours after UTC', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (date) => {
        const shifted = new Date(date.getTime() + 7 * 3_600_000).toISOString();
        expect(formatDateTime(date.toISOString())).toBe(`${shifted.slice(0, 10)} ${shifted.slice(11, 19)} (GMT+7)`);
      }),
    );
  });
});
