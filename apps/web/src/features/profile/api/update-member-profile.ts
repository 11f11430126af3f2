import type { MemberProfileRequest, MemberProfileValue } from '@platform/contracts/member-centre';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Saves the whole profile; the answer is the profile as stored. */
export function updateMemberProfile(request: MemberProfileRequest): Promise<MemberProfileValue> {
  return apiSend('PUT', '/wps/member/profile', request);
}

export function useUpdateMemberProfile() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberProfile,
    onSuccess: (profile) => queryClient.setQueryData(memberCentreKeys.profile(customerId), profile),
  });
}
