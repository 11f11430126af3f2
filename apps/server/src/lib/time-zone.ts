import { dateInZone, wallClockFormatterOf, wallClockOf } from '@platform/contracts/time-format';
import { utcDateOf } from './time-format.ts';

/**
 * Calendar arithmetic in a named time zone with Intl only. Dates are `YYYY-MM-DD` strings of the
 * zone's calendar; instants are Dates. Zones with daylight saving are handled: a local midnight is
 * found by correcting the zone's offset twice.
 */

export function isValidTimeZone(timeZone: string): boolean {
  try {
    wallClockFormatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClockAt(instant: Date, timeZone: string): { year: number; month: number; day: number; msOfDay: number } {
  const c = wallClockOf(instant, timeZone);
  return {
    year: Number(c.year || 0),
    month: Number(c.month || 1),
    day: Number(c.day || 1),
    msOfDay: (Number(c.hour) * 3600 + Number(c.minute) * 60 + Number(c.second)) * 1000 + instant.getUTCMilliseconds(),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (Asia/Ho_Chi_Minh: +7 h). */
export function offsetMsAt(instant: Date, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) + w.msOfDay - instant.getTime();
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The zone's calendar date at an instant. */
export function localDateOf(instant: Date, timeZone: string): string {
  return dateInZone(instant, timeZone);
}

export function addDays(date: string, days: number): string {
  const d = parseDate(date);
  return utcDateOf(Date.UTC(d.year, d.month - 1, d.day + days));
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysBetweenInclusive(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1;
}

/** The instant the date begins in the zone (its local midnight). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const d = parseDate(date);
  const wall = Date.UTC(d.year, d.month - 1, d.day);
  const first = wall - offsetMsAt(new Date(wall), timeZone);
  return new Date(wall - offsetMsAt(new Date(first), timeZone));
}

export type CalendarPeriod = 'daily' | 'weekly' | 'monthly';

/** When the current day, week (from Monday) or month began in the zone. */
export function periodStartOf(instant: Date, timeZone: string, period: CalendarPeriod): Date {
  const today = localDateOf(instant, timeZone);
  if (period === 'daily') return startOfLocalDate(today, timeZone);
  const d = parseDate(today);
  if (period === 'monthly') return startOfLocalDate(utcDateOf(Date.UTC(d.year, d.month - 1, 1)), timeZone);
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  const daysSinceMonday = (weekday + 6) % 7;
  return startOfLocalDate(addDays(today, -daysSinceMonday), timeZone);
}
