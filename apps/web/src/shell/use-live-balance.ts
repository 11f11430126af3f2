import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { walletKeys } from '../api/get-balance.ts';
import { moneyKeys } from '../api/money-keys.ts';
import { supportChatKeys } from '../features/customer-service/api/customer-service-api.ts';
import { inboxKeys } from '../features/inbox/api/inbox-api.ts';
import { redEnvelopeKeys } from '../features/red-envelopes/api/red-envelopes-api.ts';
import { openRealtime } from '../lib/realtime-client.ts';
import { useSessionStore } from '../state/session-store.ts';

/**
 * Keeps the balance query (and the deposit and withdrawal histories; the lottery page on a settlement, the inbox and the chat room on a new message) up to date from the server's pushes while a member is logged in, so a
 * deposit confirmed by the operator or a win in another tab shows without a refresh.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.userInfo?.token ?? null);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  useEffect(() => {
    if (!token || customerId === null) return;
    return openRealtime(token, (message) => {
      if (message.type === 'balance') {
        queryClient.setQueryData(walletKeys.balance(customerId), message.value);
        // The money moved (a deposit credited, a withdrawal paid or returned): the histories that show
        // those orders' states are out of date, so the open ones reload.
        void queryClient.invalidateQueries({ queryKey: moneyKeys.deposits(customerId) });
        void queryClient.invalidateQueries({ queryKey: [...moneyKeys.all, 'deposit', customerId] });
        void queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawals(customerId) });
      }
      // A lottery draw the member bet on was settled or voided: the lottery page's results and tickets reload.
      else if (message.type === 'lottery') void queryClient.invalidateQueries({ queryKey: ['lottery'] });
      // A platform message arrived or was withdrawn: the unread count and the inbox reload.
      else if (message.type === 'inbox') void queryClient.invalidateQueries({ queryKey: inboxKeys.all(customerId) });
      // A red envelope was sent to an audience the member may be in: the notice reloads its list.
      else if (message.type === 'red_envelope') void queryClient.invalidateQueries({ queryKey: redEnvelopeKeys.claimable(customerId) });
      // Customer service answered or closed the member's conversation: the conversation and its badge reload.
      else if (message.type === 'support_chat') void queryClient.invalidateQueries({ queryKey: supportChatKeys.all });
      // The chat room changed (a new message, or one hidden): the open room and the unread badge reload.
      else if (message.type === 'chat') {
        void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', message.room] });
        void queryClient.invalidateQueries({ queryKey: ['chat', 'unread'] });
      }
    });
  }, [token, customerId, queryClient]);
}
