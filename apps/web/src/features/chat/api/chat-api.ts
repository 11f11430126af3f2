import type { ChatMessage, ChatMessagesValue } from '@platform/contracts/chat';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** Every chat query starts with 'chat', so a chat push from the server refreshes them all at once. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: (customerId: number | null, language: string) => [...chatKeys.all, 'unread', customerId, language] as const,
  messages: (room: string, customerId: number | null) => [...chatKeys.all, 'messages', room, customerId] as const,
};

/** Safety net for a dropped socket: pushes normally refresh the room at once. */
const CHAT_REFRESH_MS = 30_000;

/** The spec's "chat message" call: messages by others the member has not read in their language's room (the badge). */
export function useChatUnread(customerId: number | null, language: string, isEnabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread(customerId, language),
    queryFn: ({ signal }) => apiGet<{ unReadCount: number }>(`/wps/chat/unread?language=${encodeURIComponent(language)}`, signal),
    enabled: isEnabled && customerId !== null,
    refetchInterval: CHAT_REFRESH_MS,
    select: (value) => value.unReadCount,
  });
}

export type ChatUrlBody = { b2c: number; title: string; language: string; headerColor?: string };

/** The spec's "chat URL" call: the site's own chat page for the member's language and its room. */
export function useChatUrl(body: ChatUrlBody, customerId: number | null) {
  return useQuery({
    queryKey: [...chatKeys.all, 'url', body.language, customerId] as const,
    queryFn: () => apiSend<{ chatUrl: string; room: string }>('POST', '/wps/chat/url', body),
    enabled: customerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The room's messages: the first page is the newest, further pages are older. */
export function useChatMessages(room: string, customerId: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(room, customerId),
    queryFn: ({ signal, pageParam }) =>
      apiGet<ChatMessagesValue>(
        `/wps/chat/messages?room=${encodeURIComponent(room)}${pageParam === null ? '' : `&before=${pageParam}`}`,
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: customerId !== null,
    refetchInterval: CHAT_REFRESH_MS,
  });
}

/** Oldest first across the loaded pages. */
export function messagesOf(data: InfiniteData<ChatMessagesValue> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.list);
}

export function usePostChatMessage(room: string, customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiSend<ChatMessage>('POST', '/wps/chat/messages', { room, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(room, customerId) }),
  });
}

export function useMarkChatRead(customerId: number | null, room: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiSend<{ unReadCount: number }>('POST', '/wps/chat/read', { room, messageId }),
    // The badge counts the room of the site's language, which may be another room: it reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'unread', customerId] }),
  });
}
