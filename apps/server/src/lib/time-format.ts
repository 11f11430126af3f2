import { DATE_TIME_TO_MINUTE } from '@platform/contracts/time-format';

/**
 * Dates and times as the server writes them. Calendar arithmetic in a time zone lives in
 * time-zone.ts; this file only turns instants into text.
 */

/** The UTC calendar date `YYYY-MM-DD` of an instant (a Date or epoch milliseconds). */
export function utcDateOf(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The calendar date `YYYY-MM-DD` at a fixed offset from UTC (minutes east, +420 for UTC+7). */
export function dateAtOffset(instant: Date, offsetMinutes: number): string {
  return utcDateOf(instant.getTime() + offsetMinutes * 60_000);
}

export { formatDateTimeInZone } from '@platform/contracts/time-format';

/**
 * A date and time (to the minute, 24-hour) for a message, in both message languages, read in a
 * time zone: `{ vi: '22:30 21/11/2026', en: '21/11/2026, 22:30' }`.
 */
export function messageDateTimeOf(instant: Date, timeZone: string): { vi: string; en: string } {
  const format = (locale: string) => new Intl.DateTimeFormat(locale, { ...DATE_TIME_TO_MINUTE, timeZone }).format(instant);
  return { vi: format('vi-VN'), en: format('en-GB') };
}
