import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** After registration: logged in already (DIRECTREG3) or asked to log in. */
export function RegisterSuccessPopup() {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const isLogin = useSessionStore((s) => s.isLogin);
  return (
    <ModalDialog title={t('auth.registerSuccessTitle')} onClose={close} size="small">
      <p className="dialog__text">{isLogin ? t('auth.registerSuccessText') : t('auth.registerSuccessLogin')}</p>
      <div className="form__actions">
        {isLogin ? (
          <button type="button" className="button button--primary" onClick={close} data-autofocus>
            {t('auth.startPlaying')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => open('login')} data-autofocus>
            {t('auth.login')}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
