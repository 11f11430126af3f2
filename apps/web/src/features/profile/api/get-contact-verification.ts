import type { ContactVerificationValue } from '@platform/contracts/member-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** The member's mobile and e-mail (masked) and whether each is verified. */
export function getContactVerification(signal?: AbortSignal): Promise<ContactVerificationValue> {
  return apiGet<ContactVerificationValue>('/wps/member/verification', signal);
}

export const contactVerificationQuery = (customerId: number) =>
  queryOptions({ queryKey: memberCentreKeys.contacts(customerId), queryFn: ({ signal }) => getContactVerification(signal) });

export function useContactVerification() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery(contactVerificationQuery(customerId));
}
