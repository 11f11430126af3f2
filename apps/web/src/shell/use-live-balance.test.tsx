import type { RealtimeServerMessage } from '@platform/contracts/realtime-protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { walletKeys } from '../api/get-balance.ts';
import { moneyKeys } from '../api/money-keys.ts';
import { useSessionStore } from '../state/session-store.ts';
import { LOGIN_VALUE } from '../test/fixtures.ts';
import { renderWithSite } from '../test/render.tsx';
import { useLiveBalance } from './use-live-balance.ts';

let push: ((message: RealtimeServerMessage) => void) | null = null;
vi.mock('../lib/realtime-client.ts', () => ({
  openRealtime: (_token: string, onMessage: (message: RealtimeServerMessage) => void) => {
    push = onMessage;
    return () => {
      push = null;
    };
  },
}));

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
});
