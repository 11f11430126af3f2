import type { SessionValues } from '@platform/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AGENT_CENTRE_PARAM, DEFAULT_AGENT_CENTRE_PAGE } from '../../../state/agent-centre-pages.ts';
import { MEMBER_CENTRE_PARAM } from '../../../state/member-centre-param.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Where a login goes: the page that asked for it, the agent centre after the agent entry, else home. */
function destinationOf(next: 'registerSuccess' | 'agentCentre' | undefined): string {
  // A member-centre or agent-centre link that asked for the login opens once logged in; a login
  // at the agent entry opens the agent centre; otherwise home.
  const params = new URLSearchParams(window.location.search);
  const memberCentrePage = params.get(MEMBER_CENTRE_PARAM);
  const agentCentrePage = next === 'agentCentre' ? DEFAULT_AGENT_CENTRE_PAGE : params.get(AGENT_CENTRE_PARAM);
  if (memberCentrePage) return `/index?${MEMBER_CENTRE_PARAM}=${encodeURIComponent(memberCentrePage)}`;
  if (agentCentrePage) return `/index?${AGENT_CENTRE_PARAM}=${encodeURIComponent(agentCentrePage)}`;
  return '/';
}

/**
 * After a login, registration or free play: keep the session values, then either force the
 * password change the server asks for (cpw), going on afterwards to where the login was going, or
 * close the popup and go there at once. Also from `/login`: the route's page leaves the route only
 * when its popup closes without a login. A third-party sign-in names its destination (where it started).
 */
export function useCompleteLogin(): (values: SessionValues, next?: 'registerSuccess' | 'agentCentre', destination?: string) => void {
  const signIn = useSessionStore((s) => s.signIn);
  const { open, close } = usePopupStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (values, next, givenDestination) => {
      signIn(values);
      void queryClient.invalidateQueries();
      const destination = givenDestination ?? destinationOf(next);
      if (values.cpw) {
        open('changePassword', { isForced: true, afterPasswordChange: destination });
        return;
      }
      void navigate(destination);
      if (next === 'registerSuccess') open(next);
      else close();
    },
    [signIn, queryClient, open, close, navigate],
  );
}
