import type { MallItem } from '@platform/contracts/points';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { RedeemDialog } from './redeem-dialog.tsx';

const MEMBER_INFO = {
  customerId: LOGIN_VALUE.customerId,
  account: 'player01',
  username: 'player01',
  nickname: '',
  payeeName: '',
  mobileNum: '',
  email: '',
  currency: 'VND',
  isAgent: 0,
  hasPaymentPassword: true,
  registerTime: '2026-01-01 00:00:00',
  lastLoginTime: null,
};

const GIFT: MallItem = {
  id: 3,
  kind: 'gift',
  name: 'Lotus umbrella',
  description: '',
  imageUrl: null,
  pointsCost: 500,
  cashAmount: null,
  currency: 'VND',
  hasWagering: false,
  wageringMultiple: null,
  stock: 4,
  limitPerMember: 1,
  redeemedCount: 0,
};

describe('RedeemDialog (points mall)', { timeout: 20_000 }, () => {
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('asks for the withdrawal password, the address and a mobile number of a gift before sending anything', async () => {
    const api = mockApi({ 'GET /wps/member/info': MEMBER_INFO });
    const { user } = renderWithSite(
      <RedeemDialog item={GIFT} balance={2_000} currency="VND" quantityMax={1} onClose={() => {}} onRedeemed={() => {}} />,
      { language: 'en' },
    );
    await vi.waitFor(() => expect(api.callsTo('GET /wps/member/info')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter your withdrawal password.')).toBeTruthy();
    expect(screen.getByText('Enter the address to deliver the gift to.')).toBeTruthy();
    expect(screen.getByText('Enter a mobile number of 6 to 20 digits.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
