import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { prefetchPopupAnnouncements, usePopupAnnouncements } from '../api/get-popup-announcements.ts';
import { isGamePath, markSeenThisSession, popupsToShow, seenThisSession, usePopupChoice } from '../hooks/popup-frequency.ts';
import { hiddenTodayIds } from '../hooks/popup-hidden-today.ts';

/** The routes whose page opens the login or register popup for a visitor (app/router.tsx, `handle.popup`). */
const ROUTE_POPUP_PATHS: readonly string[] = ['/login', '/register', '/register.html'];

/** Once per page load at most; moving between pages does not show it again. */
let hasShown = false;

/**
 * Called by the root view once the site is known to be open: asks for the popup list while the site
 * is being drawn and, when this page load will show a popup, loads its code too, so the popup (on a
 * first visit the largest thing painted) follows the site's first drawing without two more round
 * trips. Shown or not, the launcher below decides with the same rules.
 */
export async function preparePopupAnnouncements(queryClient: QueryClient, language: string): Promise<void> {
  const list = await prefetchPopupAnnouncements(queryClient, language);
  if (!list || hasShown || isGamePath(window.location.pathname)) return;
  if (popupsToShow(list, { hiddenToday: hiddenTodayIds(), seen: seenThisSession() }).length > 0) {
    await import('./announcement-popup.tsx').catch(() => undefined);
  }
}

/**
 * Shows the operator's popup announcements after the site loads: each once per browser session
 * unless the operator marks it for every page load, none hidden for today, never over a game page
 * (it waits until the member leaves it). It waits while another popup (login, register) is open, so
 * it never replaces one.
 */
export function PopupAnnouncementLauncher() {
  const { data } = usePopupAnnouncements();
  const { pathname } = useLocation();
  const current = usePopupStore((s) => s.popup);
  const open = usePopupStore((s) => s.open);
  const isLogin = useSessionStore((s) => s.isLogin);
  // A route that opens a popup of its own for a visitor (/login, /register) opens it first; the list
  // may be in before that page has opened it (it is asked for early), so the route is checked too.
  const isRouteOpening = ROUTE_POPUP_PATHS.includes(pathname) && !isLogin;
  useEffect(() => {
    if (hasShown || !data || current !== null || isRouteOpening || isGamePath(pathname)) return;
    // Another effect of the same drawing (a page's) may have opened a popup since this one was drawn.
    if (usePopupStore.getState().popup !== null) return;
    const shown = popupsToShow(data, { hiddenToday: hiddenTodayIds(), seen: seenThisSession() });
    if (shown.length === 0) return;
    hasShown = true;
    const ids = shown.map((a) => a.id);
    markSeenThisSession(ids);
    usePopupChoice.setState({ ids });
    open('announcementPopup');
  }, [data, current, open, pathname, isRouteOpening]);
  return null;
}
