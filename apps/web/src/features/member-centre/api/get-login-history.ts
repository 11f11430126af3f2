import type { LoginHistoryValue } from '@platform/contracts/member-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { memberCentreKeys } from './member-centre-keys.ts';

export function getLoginHistory(signal?: AbortSignal): Promise<LoginHistoryValue> {
  return apiGet<LoginHistoryValue>('/wps/member/sessions', signal);
}

export const loginHistoryQuery = (customerId: number) =>
  queryOptions({ queryKey: memberCentreKeys.loginHistory(customerId), queryFn: ({ signal }) => getLoginHistory(signal) });

export function useLoginHistory() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery(loginHistoryQuery(customerId));
}
