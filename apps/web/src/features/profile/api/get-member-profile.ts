import type { MemberProfileValue } from '@platform/contracts/member-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export function getMemberProfile(signal?: AbortSignal): Promise<MemberProfileValue> {
  return apiGet<MemberProfileValue>('/wps/member/profile', signal);
}

export const memberProfileQuery = (customerId: number) =>
  queryOptions({ queryKey: memberCentreKeys.profile(customerId), queryFn: ({ signal }) => getMemberProfile(signal) });

export function useMemberProfile() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery(memberProfileQuery(customerId));
}
