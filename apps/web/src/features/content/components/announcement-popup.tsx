import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { formatDateTime } from '../../../lib/time-format.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { usePopupAnnouncements } from '../api/get-popup-announcements.ts';
import { usePopupChoice } from '../hooks/popup-frequency.ts';
import { hiddenTodayIds, hideForToday } from '../hooks/popup-hidden-today.ts';
import '../content.css';

/** The operator's popup announcements the launcher chose; the visitor may hide them for today. */
export function AnnouncementPopup() {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.close);
  const { data } = usePopupAnnouncements();
  const [hidden] = useState(hiddenTodayIds);
  const chosen = usePopupChoice((s) => s.ids);
  const [isHiddenToday, setHiddenToday] = useState(false);
  const shown = (data ?? []).filter((a) => !hidden.has(a.id) && (chosen === null || chosen.includes(a.id)));
  const finish = () => {
    if (isHiddenToday) hideForToday(shown.map((a) => a.id));
    close();
  };
  if (shown.length === 0) return null;
  const single = shown.length === 1 ? shown[0] : undefined;
  return (
    <ModalDialog title={single ? single.title : t('content.popupTitle')} onClose={finish}>
      <div className="announcement-popup">
        {shown.map((announcement) => (
          <article key={announcement.id} className="announcement-popup__item">
            {!single && <h3 className="announcement-popup__title">{announcement.title}</h3>}
            <p className="announcement-popup__time">
              <span className="visually-hidden">{t('content.posted')} </span>
              <time dateTime={announcement.startDate}>{formatDateTime(announcement.startDate)}</time>
            </p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores bodies cleaned by an allow-list (no scripts, handlers or styles). */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: announcement.content }} />
          </article>
        ))}
        <div className="announcement-popup__actions">
          <label className="checkbox">
            <input type="checkbox" checked={isHiddenToday} onChange={(e) => setHiddenToday(e.target.checked)} />
            <span>{t('content.hideToday')}</span>
          </label>
          <button type="button" className="button button--primary" onClick={finish} data-autofocus>
            {t('content.gotIt')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
