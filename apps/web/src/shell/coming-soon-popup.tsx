import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { usePopupStore } from '../state/popup-store.ts';

/** A menu entry whose screen is not built yet says so rather than doing nothing. */
export function ComingSoonPopup() {
  const { t } = useTranslation();
  const { close, featureKey } = usePopupStore();
  return (
    <ModalDialog title={featureKey ? t(featureKey) : t('comingSoon.title')} onClose={close} size="small">
      <p className="dialog__text">{t('comingSoon.text')}</p>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={close} data-autofocus>
          {t('common.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
