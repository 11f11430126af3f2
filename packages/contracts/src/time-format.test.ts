import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInZone, formatDateTimeInZone, wallClockFormatterOf, wallClockOf } from './time-format.ts';

const ZONES = ['Asia/Ho_Chi_Minh', 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

/** The parts the hand-written copies read, with their own locales (en-US, en-GB, en-CA). */
function partsOf(locale: string, date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

describe('time in a zone', () => {
  it('writes the site format and the calendar date', () => {
    expect(formatDateTimeInZone(new Date('2026-11-21T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22 00:00:00');
    expect(formatDateTimeInZone(new Date('2026-11-24T18:30:05Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-25 01:30:05');
    expect(formatDateTimeInZone(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
    expect(dateInZone(new Date('2026-11-21T16:59:59Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-21');
    expect(dateInZone(new Date('2026-11-24T18:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(wallClockOf(new Date('2026-11-21T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toEqual({
      year: '2026',
      month: '11',
      day: '22',
      hour: '00',
      minute: '00',
      second: '00',
    });
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => wallClockFormatterOf('Mars/Olympus')).toThrow(RangeError);
  });

  it('gives what each locale the copies used gave', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (date, zone) => {
        const text = formatDateTimeInZone(date, zone);
        for (const locale of ['en-US', 'en-GB', 'en-CA']) expect(text).toBe(partsOf(locale, date, zone));
        expect(dateInZone(date, zone)).toBe(text.slice(0, 10));
      }),
    );
  });
});
