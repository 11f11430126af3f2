import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { logout } from '../api/logout.ts';
import { useSessionStore } from '../hooks/session-store.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * Change password; forced (no way to dismiss but signing out) when the login answer says cpw. The
 * server ends every session on success, so the member logs in again with the new password.
 */
export function ChangePasswordPopup() {
  const { t } = useTranslation();
  const { open, close, isForced } = usePopupStore();
  const signOut = useSessionStore((s) => s.signOut);

  return (
    <ModalDialog title={t('auth.changePasswordTitle')} onClose={isForced ? undefined : close} size="small">
      {isForced && <p className="form__notice">{t('auth.changePasswordForced')}</p>}
      <ChangePasswordForm
        autoFocus
        onChanged={() => {
          signOut();
          open('login');
        }}
        footer={
          isForced && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                // The server session ends too; a failure there changes nothing for the player here.
                logout().catch(() => undefined);
                signOut();
                close();
              }}
            >
              {t('account.signOut')}
            </button>
          )
        }
      />
    </ModalDialog>
  );
}
