import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type AuthenticatorStatus = { enabled: boolean };

export function getAuthenticatorStatus(signal?: AbortSignal): Promise<AuthenticatorStatus> {
  return apiGet<AuthenticatorStatus>('/wps/member/authenticator', signal);
}

export const authenticatorStatusQuery = (customerId: number) =>
  queryOptions({ queryKey: memberCentreKeys.authenticator(customerId), queryFn: ({ signal }) => getAuthenticatorStatus(signal) });

export function useAuthenticatorStatus() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery(authenticatorStatusQuery(customerId));
}
