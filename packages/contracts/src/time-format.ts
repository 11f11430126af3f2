/**
 * Instants as text in a named time zone, with Intl only: one rule for the server and the web app.
 * The site's time format is `YYYY-MM-DD HH:mm:ss` (spec section 2).
 */

/** Year to minute, two digits each but the year, 24-hour: the fields the site's formats show. */
export const DATE_TIME_TO_MINUTE = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A (cached) formatter whose parts are a zone's wall clock, year to second. Throws a RangeError
 * for a time zone Intl does not know.
 */
export function wallClockFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { ...DATE_TIME_TO_MINUTE, second: '2-digit', timeZone });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string };

/** The zone's wall clock at an instant, as two-digit texts (four for the year). */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const clock: WallClock = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of wallClockFormatterOf(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = part.value;
  }
  return clock;
}

/** The zone's calendar date `YYYY-MM-DD` at an instant. */
export function dateInZone(instant: Date, timeZone: string): string {
  const c = wallClockOf(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}`;
}

/** The site's time format, `YYYY-MM-DD HH:mm:ss`, in a time zone. */
export function formatDateTimeInZone(instant: Date, timeZone: string): string {
  const c = wallClockOf(instant, timeZone);
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`;
}
