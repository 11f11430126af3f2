import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { logout } from '../api/logout.ts';

/** Sign out after a confirmation: the server session ends, session storage is cleared but the merchant. */
export function LogoutConfirm() {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.close);
  const signOut = useSessionStore((s) => s.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The session may already be gone on the server; the player still leaves it here.
    }
    signOut();
    queryClient.removeQueries({ queryKey: ['wallet'] });
    close();
    void navigate('/');
  }

  return (
    <ModalDialog title={t('account.signOut')} onClose={close} size="small">
      <p className="dialog__text">{t('account.signOutConfirm')}</p>
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={close} data-autofocus>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" disabled={isBusy} onClick={() => void confirm()}>
          {t('common.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
