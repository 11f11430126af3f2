import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openRealtime } from '../../../lib/realtime-client.ts';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { inboxKeys } from '../../inbox/api/inbox-api.ts';
import { walletKeys } from '../api/get-balance.ts';

/**
 * Keeps the balance query (the lottery page on a settlement, the inbox and the chat room on a new message) up to date from the server's pushes while a member is logged in, so a
 * deposit confirmed by the operator or a win in another tab shows without a refresh.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.userInfo?.token ?? null);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  useEffect(() => {
    if (!token || customerId === null) return;
    return openRealtime(token, (message) => {
      if (message.type === 'balance') queryClient.setQueryData(walletKeys.balance(customerId), message.value);
      // A lottery draw the member bet on was settled or voided: the lottery page's results and tickets reload.
      else if (message.type === 'lottery') void queryClient.invalidateQueries({ queryKey: ['lottery'] });
      // A platform message arrived or was withdrawn: the unread count and the inbox reload.
      else if (message.type === 'inbox') void queryClient.invalidateQueries({ queryKey: inboxKeys.all(customerId) });
      // The chat room changed (a new message, or one hidden): the open room and the unread badge reload.
      else if (message.type === 'chat') {
        void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', message.room] });
        void queryClient.invalidateQueries({ queryKey: ['chat', 'unread'] });
      }
    });
  }, [token, customerId, queryClient]);
}
