import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { logout } from '../api/logout.ts';
import { usePasswordChanged } from '../hooks/use-password-changed.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * Change password; forced (no way to dismiss but signing out) when the login answer says cpw. On
 * success the member goes on with the new session: the popup closes, the site goes to '/', and a
 * confirmation shows.
 */
export function ChangePasswordPopup() {
  const { t } = useTranslation();
  const { close, isForced } = usePopupStore();
  const signOut = useSessionStore((s) => s.signOut);
  const passwordChanged = usePasswordChanged();

  return (
    <ModalDialog title={t('auth.changePasswordTitle')} onClose={isForced ? undefined : close} size="small">
      {isForced && <p className="form__notice">{t('auth.changePasswordForced')}</p>}
      <ChangePasswordForm
        autoFocus
        onChanged={passwordChanged}
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
