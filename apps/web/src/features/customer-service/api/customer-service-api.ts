import type { CustomerServiceListValue, SupportChatMessage, SupportChatMessagesValue } from '@platform/contracts/support-chat';
import type { CustomerServiceEntry } from '@platform/contracts/system';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { createOneCallKey } from '../../../lib/payload-encryption.ts';

/** Every customer-service query starts with 'support-chat', so the realtime push refreshes them all at once. */
export const supportChatKeys = {
  all: ['support-chat'] as const,
  entries: (customerId: number | null) => [...supportChatKeys.all, 'entries', customerId] as const,
  unread: (customerId: number | null) => [...supportChatKeys.all, 'unread', customerId] as const,
  messages: (customerId: number | null) => [...supportChatKeys.all, 'messages', customerId] as const,
};

/** Safety net for a dropped socket: the push normally refreshes the conversation at once. */
const REFRESH_MS = 30_000;

/** The spec's list of customer-service paths for this visitor or member (type-3 paths empty: they are fetched sealed on click). */
export function useCustomerServiceEntries(customerId: number | null) {
  return useQuery({
    queryKey: supportChatKeys.entries(customerId),
    queryFn: () => apiSend<CustomerServiceListValue>('POST', '/wps/system/customer-service', {}),
    staleTime: 5 * 60_000,
  });
}

/**
 * Fetches the list again with a key made for this call and opens the sealed link of the entry at
 * `index`: the server sealed it to this page's key, so it is read here and nowhere else.
 */
export async function fetchOpenedLink(index: number): Promise<string> {
  const key = await createOneCallKey();
  const value = await apiSend<CustomerServiceListValue>('POST', '/wps/system/customer-service', { clientKey: key.publicJwk });
  const entry: CustomerServiceEntry | undefined = value.list[index];
  if (!entry?.path) throw new Error('customer-service entry without a link');
  return key.open(entry.path);
}

/** Operator answers the member has not read (the badge). */
export function useSupportChatUnread(customerId: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: supportChatKeys.unread(customerId),
    queryFn: ({ signal }) => apiGet<{ unReadCount: number }>('/wps/support-chat/unread', signal),
    enabled: isEnabled && customerId !== null,
    refetchInterval: REFRESH_MS,
    select: (value) => value.unReadCount,
  });
}

/** The member's conversation: the first page is the newest, further pages are older. */
export function useSupportChatMessages(customerId: number | null) {
  return useInfiniteQuery({
    queryKey: supportChatKeys.messages(customerId),
    queryFn: ({ signal, pageParam }) =>
      apiGet<SupportChatMessagesValue>(`/wps/support-chat/messages${pageParam === null ? '' : `?before=${pageParam}`}`, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: customerId !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** Oldest first across the loaded pages. */
export function supportMessagesOf(data: InfiniteData<SupportChatMessagesValue> | undefined): SupportChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.list);
}

export function usePostSupportMessage(customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiSend<SupportChatMessage>('POST', '/wps/support-chat/messages', { text }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportChatKeys.messages(customerId) }),
  });
}

export function useMarkSupportChatRead(customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ unReadCount: number }>('POST', '/wps/support-chat/read', {}),
    onSuccess: (value) => queryClient.setQueryData(supportChatKeys.unread(customerId), value),
  });
}
