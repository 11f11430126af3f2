import type { SessionValues } from '@platform/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFlashStore } from '../../../state/flash-store.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/**
 * After a password change (spec: "login info reloads, the popup closes and the site goes to '/'"):
 * the server ended every earlier session and answered this device's new one, so the session values
 * are replaced, everything the site holds is fetched again, and the member sees that it worked.
 * A change the login forced goes on to where that login was going (the agent centre after a login
 * at the agent entry).
 */
export function usePasswordChanged(): (login: SessionValues) => void {
  const { t } = useTranslation();
  const signIn = useSessionStore((s) => s.signIn);
  const close = usePopupStore((s) => s.close);
  const showFlash = useFlashStore((s) => s.show);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (login) => {
      const destination = usePopupStore.getState().afterPasswordChange ?? '/';
      signIn(login);
      void queryClient.invalidateQueries();
      close();
      void navigate(destination);
      showFlash(t('auth.passwordChanged'));
    },
    [signIn, queryClient, close, navigate, showFlash, t],
  );
}
