import type { ContactChannel, ContactVerificationValue } from '@platform/contracts/member-centre';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { authKeys } from '../../auth/api/auth-keys.ts';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { memberCentreKeys } from './member-centre-keys.ts';

export function confirmContactCode(request: { channel: ContactChannel; code: string }): Promise<ContactVerificationValue> {
  return apiSend('POST', '/wps/member/verification/confirm', request);
}

export function useConfirmContactCode() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmContactCode,
    onSuccess: (value) => {
      queryClient.setQueryData(memberCentreKeys.contacts(customerId), value);
      // A contact added by the confirmation shows in member info too.
      void queryClient.invalidateQueries({ queryKey: authKeys.memberInfo(customerId) });
    },
  });
}
