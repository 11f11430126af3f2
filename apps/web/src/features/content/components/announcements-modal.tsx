import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useNoticeStore } from '../hooks/notice-store.ts';
import { AnnouncementList } from './announcement-list.tsx';

/** The notice and announcement popup: bulletins 9 per page, each body expandable. */
export function AnnouncementsModal() {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.close);
  const focusId = useNoticeStore((s) => s.focusId);
  const [pageNo, setPageNo] = useState(1);
  return (
    <ModalDialog title={t('content.noticesTitle')} onClose={close}>
      <div className="notices-modal">
        <AnnouncementList type="B" pageNo={pageNo} onPage={setPageNo} focusId={focusId} />
        <Link className="notices-modal__all" to="/noticePage" onClick={close}>
          {t('content.allNotices')}
        </Link>
      </div>
    </ModalDialog>
  );
}
