import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';

/** A trial account tried something only a real account may do (in_need_true_account). */
export function RealAccountWarning() {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.close);
  return (
    <ModalDialog title={t('common.notice')} onClose={close} size="small">
      <p className="dialog__text">{t('in_need_true_account')}</p>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={close} data-autofocus>
          {t('common.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
