import type { InboxFilter, InboxMessage, InboxPage, UnreadCountValue } from '@platform/contracts/inbox';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export const INBOX_PAGE_SIZE = 10;
/** The unread count is refetched this often (and on window focus), besides the realtime notice. */
export const UNREAD_REFRESH_MS = 60_000;

/** Query keys per member, so a sign-in as someone else never shows stale messages. */
export const inboxKeys = {
  all: (customerId: number) => ['inbox', customerId] as const,
  unread: (customerId: number) => [...inboxKeys.all(customerId), 'unread'] as const,
  page: (customerId: number, filter: InboxFilter, pageNo: number) => [...inboxKeys.all(customerId), 'page', filter, pageNo] as const,
};

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/**
 * The spec's shared `unreadMessage`: the member's unread platform messages (CSP_unreadCount). Only a
 * logged-in real account has an inbox; for anyone else it stays null. Refetched every minute, on
 * window focus, after a read or delete and when the server pushes an `inbox` notice.
 */
export function useUnreadCount(): number | null {
  const customerId = useCustomerId();
  const isReal = useSessionStore((s) => s.isLogin && !s.isTrial);
  const query = useQuery({
    queryKey: inboxKeys.unread(customerId),
    queryFn: ({ signal }) => apiGet<UnreadCountValue>('/wps/relay/CSP_unreadCount', signal),
    enabled: isReal && customerId > 0,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
  return isReal ? (query.data?.unReadCount ?? null) : null;
}

export function useInboxPage(filter: InboxFilter, pageNo: number) {
  const customerId = useCustomerId();
  return useQuery({
    queryKey: inboxKeys.page(customerId, filter, pageNo),
    queryFn: ({ signal }) => apiGet<InboxPage>(`/wps/member/inbox?filter=${filter}&pageNo=${pageNo}&pageSize=${INBOX_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a read, a delete or a notice: the list and the count load again. Mutations return this
 * promise from onSuccess, so their own success message shows only once the list is up to date.
 */
export function useRefreshInbox() {
  const customerId = useCustomerId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inboxKeys.all(customerId) });
}

/** Opens a message; the server marks it read. */
export function useOpenMessage() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (id: number) => apiGet<InboxMessage>(`/wps/member/inbox/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useReadAll() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: () => apiSend<UnreadCountValue>('POST', '/wps/member/inbox/read-all'),
    onSuccess: () => refresh(),
  });
}

export function useDeleteMessage() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (id: number) => apiSend<UnreadCountValue>('DELETE', `/wps/member/inbox/${id}`),
    onSuccess: () => refresh(),
  });
}
