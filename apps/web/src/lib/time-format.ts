import { dateInZone, formatDateTimeInZone, wallClockOf } from '@platform/contracts/time-format';

/**
 * Dates and times as the web app shows them: every time a member sees is in the merchant's time
 * zone (the site's, from the permission call; Asia/Ho_Chi_Minh until it arrives, the server's
 * default), in the site's format `YYYY-MM-DD HH:mm:ss` (spec section 2), labelled with the zone's
 * offset ("GMT+7") so no one reads it as their device's clock. The one helper for times (ADR 0015).
 */

/** The server's default member time zone, used until the permission call names the merchant's. */
export const DEFAULT_SITE_TIME_ZONE = 'Asia/Ho_Chi_Minh';

let checkedZone = DEFAULT_SITE_TIME_ZONE;
/** The zone the permission answer named, checked when a time is first shown. */
let namedZone: string | null = null;

/**
 * Set from the permission answer (api/home-queries.ts); an unknown zone is ignored. The zone is
 * checked when a time is first shown rather than here: Intl's first time zone formatter loads its
 * zone data, a long task the page's start does not need (docs/web-shell.md, "First paint").
 */
export function setSiteTimeZone(timeZone: string): void {
  namedZone = timeZone;
}

/** The site's zone: the named one once Intl knows it, else the default or the last good one. */
function currentZone(): string {
  if (namedZone !== null) {
    try {
      dateInZone(new Date(), namedZone);
      checkedZone = namedZone;
    } catch {
      // Intl does not know it: the zone before it stays.
    }
    namedZone = null;
  }
  return checkedZone;
}

export function siteTimeZone(): string {
  return currentZone();
}

const pad = (value: number) => String(value).padStart(2, '0');

function validDateOf(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The zone's offset as a label, `GMT+7` (`GMT+5:30`, `GMT` for UTC), at an instant. */
export function timeZoneLabel(timeZone: string = currentZone(), at: Date = new Date()): string {
  const c = wallClockOf(at, timeZone);
  const wall = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second));
  const minutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  if (minutes === 0) return 'GMT';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
}

/** The device's calendar date `YYYY-MM-DD` of an instant (a date field's own value, not a shown time). */
export function localDateOf(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today's date (YYYY-MM-DD) in the site's time zone. */
export function siteToday(now: Date = new Date()): string {
  return dateInZone(now, currentZone());
}

/** `HH:mm` in the site's time zone (a chat line's time). */
export function hourMinuteOf(iso: string): string {
  const c = wallClockOf(new Date(iso), currentZone());
  return `${c.hour}:${c.minute}`;
}

/** The site's time format in the site's time zone, labelled: `2026-11-22 09:05:07 (GMT+7)`; '' for nothing. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = validDateOf(iso);
  if (!date) return '';
  const zone = currentZone();
  return `${formatDateTimeInZone(date, zone)} (${timeZoneLabel(zone, date)})`;
}

/**
 * A table's time cell: the site's format in the site's zone, unlabelled, because its column heading
 * carries the zone (`withZoneLabel`); a row of two labelled times would not fit a phone.
 */
export function formatTableTime(iso: string | null | undefined): string {
  return formatInZone(iso, currentZone());
}

/** A heading with the site zone's label: `Time (GMT+7)`. */
export function withZoneLabel(heading: string): string {
  return `${heading} (${timeZoneLabel(currentZone())})`;
}

/** The site's time format (YYYY-MM-DD HH:mm:ss) in a named time zone, unlabelled (a table that labels its column); '' for nothing. */
export function formatInZone(iso: string | null | undefined, timeZone: string): string {
  const date = validDateOf(iso);
  return date ? formatDateTimeInZone(date, timeZone) : '';
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dateInZone(now, timeZone);
}

/** A calendar date moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A date in the page's language (Vietnamese or else British English) in the site's zone: `22/11/2026`. */
export function formatLocaleDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language === 'vi' ? 'vi-VN' : 'en-GB', { timeZone: currentZone() });
}

/** A date and time in a language's medium date and short time in the site's zone, labelled (`22 Nov 2026, 10:30 (GMT+7)`). */
export function formatMediumDateTime(iso: string, language: string): string {
  const at = new Date(iso);
  const zone = currentZone();
  const text = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at);
  return `${text} (${timeZoneLabel(zone, at)})`;
}
