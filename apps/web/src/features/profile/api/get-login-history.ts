import type { LoginHistoryValue } from '@platform/contracts/member-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export function getLoginHistory(signal?: AbortSignal): Promise<LoginHistoryValue> {
  return apiGet<LoginHistoryValue>('/wps/member/sessions', signal);
}

export const loginHistoryQuery = (customerId: number) =>
  queryOptions({ queryKey: memberCentreKeys.loginHistory(customerId), queryFn: ({ signal }) => getLoginHistory(signal) });

export function useLoginHistory() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery(loginHistoryQuery(customerId));
}
