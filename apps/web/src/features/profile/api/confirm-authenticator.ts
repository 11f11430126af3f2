import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Confirms the enrolment with a code from the app; from then on the authenticator is on. */
export function confirmAuthenticator(code: string): Promise<{ enabled: true }> {
  return apiSend('POST', '/wps/member/authenticator/confirm', { code });
}

export function useConfirmAuthenticator() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: () => queryClient.setQueryData(memberCentreKeys.authenticator(customerId), { enabled: true }),
  });
}
