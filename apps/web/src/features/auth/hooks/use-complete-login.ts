import type { SessionValues } from '@platform/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { MEMBER_CENTRE_PARAM } from '../../member-centre/member-centre-param.ts';
import { useSessionStore } from './session-store.ts';

/**
 * After a login, registration or free play: keep the session values, then either force the
 * password change the server asks for (cpw) or close the popup and go home.
 */
export function useCompleteLogin(): (values: SessionValues, next?: 'registerSuccess') => void {
  const signIn = useSessionStore((s) => s.signIn);
  const { open, close } = usePopupStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (values, next) => {
      signIn(values);
      void queryClient.invalidateQueries();
      if (values.cpw) {
        open('changePassword', { isForced: true });
        return;
      }
      // A member-centre link that asked for the login opens once logged in; otherwise home.
      const memberCentrePage = new URLSearchParams(window.location.search).get(MEMBER_CENTRE_PARAM);
      void navigate(memberCentrePage ? `/index?${MEMBER_CENTRE_PARAM}=${encodeURIComponent(memberCentrePage)}` : '/');
      if (next) open(next);
      else close();
    },
    [signIn, queryClient, open, close, navigate],
  );
}
