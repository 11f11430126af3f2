import type { Announcement } from '@platform/contracts/content';
import { create } from 'zustand';

/**
 * How often the operator's popup announcements show: once per browser session (session storage
 * keeps the ids seen), or on every page load for a popup the operator marks `every_load`; never one
 * hidden for today; never over a game (/seamless, /game).
 */
const SEEN_KEY = 'announcementPopupSeen';

/** The routes a popup never covers: the game pages. */
const GAME_PATHS: readonly string[] = ['/seamless', '/game'];

export function isGamePath(pathname: string): boolean {
  return GAME_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

export function seenThisSession(): ReadonlySet<number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

export function markSeenThisSession(ids: readonly number[]): void {
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...seenThisSession(), ...ids])]));
  } catch {
    // Storage blocked: the popup may show again on the next load, which is harmless.
  }
}

/** The popups this page load shows. */
export function popupsToShow(
  list: readonly Announcement[],
  memory: { hiddenToday: ReadonlySet<number>; seen: ReadonlySet<number> },
): Announcement[] {
  return list.filter((a) => !memory.hiddenToday.has(a.id) && (a.popupRepeat === 'every_load' || !memory.seen.has(a.id)));
}

/** The ids the launcher chose for the popup it opened (null: the popup shows every one not hidden today). */
export const usePopupChoice = create<{ ids: readonly number[] | null }>(() => ({ ids: null }));
