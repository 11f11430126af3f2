import type { RealtimeServerMessage } from '@platform/contracts/realtime-protocol';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletKeys } from '../api/get-balance.ts';
import { moneyKeys } from '../api/money-keys.ts';
import { LOGIN_VALUE } from '../test/fixtures.ts';
import { renderWithSite } from '../test/render.tsx';

let push: ((message: RealtimeServerMessage) => void) | null = null;
vi.mock('../lib/realtime-client.ts', () => ({
  openRealtime: (_token: string, onMessage: (message: RealtimeServerMessage) => void) => {
    push = onMessage;
    return () => {
      push = null;
    };
  },
}));

// Test files share a worker's modules: another file may have loaded the hook with the real socket
// already, so the hook and the session store it reads are loaded afresh, with the mock in place.
let useLiveBalance: typeof import('./use-live-balance.ts').useLiveBalance;
let useSessionStore: typeof import('../state/session-store.ts').useSessionStore;
beforeAll(async () => {
  vi.resetModules();
  ({ useSessionStore } = await import('../state/session-store.ts'));
  ({ useLiveBalance } = await import('./use-live-balance.ts'));
});

function Probe() {
  useLiveBalance();
  return null;
}

describe('the live balance', () => {
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('marks the deposit and withdrawal histories stale when the money moves, so a credited deposit no longer says pending', () => {
    const { queryClient } = renderWithSite(<Probe />);
    const customerId = LOGIN_VALUE.customerId;
    queryClient.setQueryData([...moneyKeys.deposits(customerId), 1], { list: [{ orderNo: 'D1', status: 'pending' }] });
    queryClient.setQueryData([...moneyKeys.withdrawals(customerId), 1], { list: [] });
    expect(push).not.toBeNull();
    const balance = { sumBalance: 100_000, currency: 'VND' } as never;
    push?.({ type: 'balance', value: balance });
    expect(queryClient.getQueryData(walletKeys.balance(customerId))).toEqual(balance);
    expect(queryClient.getQueryState([...moneyKeys.deposits(customerId), 1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...moneyKeys.withdrawals(customerId), 1])?.isInvalidated).toBe(true);
  });

  it('reloads the customer-service conversation and its badge when an operator answers', () => {
    const { queryClient } = renderWithSite(<Probe />);
    const customerId = LOGIN_VALUE.customerId;
    queryClient.setQueryData(['support-chat', 'unread', customerId], { unReadCount: 0 });
    queryClient.setQueryData(['support-chat', 'messages', customerId], { pages: [], pageParams: [] });
    push?.({ type: 'support_chat' });
    expect(queryClient.getQueryState(['support-chat', 'unread', customerId])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['support-chat', 'messages', customerId])?.isInvalidated).toBe(true);
  });
});
