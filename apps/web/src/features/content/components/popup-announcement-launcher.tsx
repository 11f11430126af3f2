import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePopupStore } from '../../../state/popup-store.ts';
import { usePopupAnnouncements } from '../api/get-popup-announcements.ts';
import { isGamePath, markSeenThisSession, popupsToShow, seenThisSession, usePopupChoice } from '../hooks/popup-frequency.ts';
import { hiddenTodayIds } from '../hooks/popup-hidden-today.ts';

/** Once per page load at most; moving between pages does not show it again. */
let hasShown = false;

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
  useEffect(() => {
    if (hasShown || !data || current !== null || isGamePath(pathname)) return;
    const shown = popupsToShow(data, { hiddenToday: hiddenTodayIds(), seen: seenThisSession() });
    if (shown.length === 0) return;
    hasShown = true;
    const ids = shown.map((a) => a.id);
    markSeenThisSession(ids);
    usePopupChoice.setState({ ids });
    open('announcementPopup');
  }, [data, current, open, pathname]);
  return null;
}
