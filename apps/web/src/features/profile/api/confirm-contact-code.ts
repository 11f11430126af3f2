import type { ContactChannel, ContactVerificationValue } from '@platform/contracts/member-centre';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth-keys.ts';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

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
