import { siteToday } from '../../../lib/time-format.ts';

/**
 * "Don't show again today" for popup announcements (spec: a pop-up can be hidden for today). Local
 * storage keeps the day (the site's calendar day, in the merchant's zone) and the ids hidden that day, so a popup the
 * operator publishes later the same day still shows once.
 */
const STORAGE_KEY = 'announcementPopupHidden';

function read(): { day: string; ids: number[] } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { day?: unknown; ids?: unknown };
    if (typeof parsed.day !== 'string' || !Array.isArray(parsed.ids)) return null;
    return { day: parsed.day, ids: parsed.ids.filter((id): id is number => typeof id === 'number') };
  } catch {
    return null;
  }
}

/** The ids hidden today; yesterday's choice no longer counts. */
export function hiddenTodayIds(): ReadonlySet<number> {
  const stored = read();
  return new Set(stored && stored.day === siteToday() ? stored.ids : []);
}

export function hideForToday(ids: readonly number[]): void {
  const merged = new Set([...hiddenTodayIds(), ...ids]);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ day: siteToday(), ids: [...merged] }));
  } catch {
    // Storage full or blocked: the popup shows again next time, which is harmless.
  }
}
