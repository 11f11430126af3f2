import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateAtOffset, formatDateTimeInZone, messageDateTimeOf, utcDateOf } from './time-format.ts';

const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('server time formats', () => {
  it('writes UTC dates and dates at a fixed offset', () => {
    expect(utcDateOf(new Date('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
    expect(utcDateOf(Date.UTC(2026, 10, 22))).toBe('2026-11-22');
    expect(dateAtOffset(new Date('2026-11-21T16:59:59Z'), 420)).toBe('2026-11-21');
    expect(dateAtOffset(new Date('2026-11-21T17:00:00Z'), 420)).toBe('2026-11-22');
    expect(dateAtOffset(new Date('2026-11-22T02:00:00Z'), -300)).toBe('2026-11-21');
  });

  it('writes the site format in a time zone', () => {
    expect(formatDateTimeInZone(new Date('2026-11-21T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22 00:00:00');
    expect(formatDateTimeInZone(new Date('2026-11-22T03:04:05Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22 10:04:05');
    expect(formatDateTimeInZone(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
  });

  it('writes a message date in both languages, 24-hour', () => {
    expect(messageDateTimeOf(new Date('2026-11-21T15:30:00Z'), 'Asia/Ho_Chi_Minh')).toEqual({
      vi: '22:30 21/11/2026',
      en: '21/11/2026, 22:30',
    });
    expect(messageDateTimeOf(new Date('2026-11-21T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toEqual({
      vi: '00:00 22/11/2026',
      en: '22/11/2026, 00:00',
    });
  });

  it('gives what the copies it replaced gave', () => {
    // The chat mute text named no hour cycle; the responsible-gaming one named h23 (the content
    // presenter's start time is checked in packages/contracts).
    const oldChat = (date: Date, locale: string) =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'Asia/Ho_Chi_Minh',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).format(date);
    fc.assert(
      fc.property(instant, (date) => {
        expect(messageDateTimeOf(date, 'Asia/Ho_Chi_Minh')).toEqual({ vi: oldChat(date, 'vi-VN'), en: oldChat(date, 'en-GB') });
        expect(dateAtOffset(date, 420)).toBe(new Date(date.getTime() + 420 * 60_000).toISOString().slice(0, 10));
      }),
    );
  });
});
