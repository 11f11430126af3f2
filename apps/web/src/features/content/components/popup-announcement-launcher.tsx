import { useEffect } from 'react';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { usePopupAnnouncements } from '../api/get-popup-announcements.ts';
import { hiddenTodayIds } from '../hooks/popup-hidden-today.ts';

/** Once per page load; moving between pages does not show it again. */
let hasShown = false;

/**
 * Shows the operator's popup announcements once after the site loads, unless the visitor hid them
 * for today. It waits while another popup (login, register) is open, so it never replaces one.
 */
export function PopupAnnouncementLauncher() {
  const { data } = usePopupAnnouncements();
  const current = usePopupStore((s) => s.popup);
  const open = usePopupStore((s) => s.open);
  useEffect(() => {
    if (hasShown || !data || current !== null) return;
    const hidden = hiddenTodayIds();
    if (!data.some((a) => !hidden.has(a.id))) return;
    hasShown = true;
    open('announcementPopup');
  }, [data, current, open]);
  return null;
}
