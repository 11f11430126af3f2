import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet } from '../lib/api-client.ts';
import { useSessionStore } from '../state/session-store.ts';
import { authKeys } from './auth-keys.ts';

export type MemberInfo = {
  customerId: number;
  account: string;
  username: string;
  nickname: string;
  currency: string;
  isAgent: number;
  payeeName: string;
  /** Masked by the server: only the last digits. '' when not set. */
  mobileNum: string;
  /** Masked by the server. '' when not set. */
  email: string;
  /** Whether the member has a payment password: money calls (withdrawals, transfers, red envelopes) then ask for it. */
  hasPaymentPassword: boolean;
  registerTime: string;
  lastLoginTime: string | null;
};

export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo> {
  return apiGet<MemberInfo>('/wps/member/info', signal);
}

/**
 * The spec loads member info at start-up when a token exists. A 401 means the stored session has
 * ended on the server (expired, or a password change elsewhere): the player is signed out here too.
 */
export function useMemberInfo() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const signOut = useSessionStore((s) => s.signOut);
  const query = useQuery({
    queryKey: authKeys.memberInfo(customerId ?? 0),
    queryFn: ({ signal }) => getMemberInfo(signal),
    enabled: customerId !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 1,
    staleTime: 60_000,
  });
  const isExpired = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (isExpired) signOut();
  }, [isExpired, signOut]);
  return query;
}
