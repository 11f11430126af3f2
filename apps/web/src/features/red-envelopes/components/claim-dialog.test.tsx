import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRedEnvelopesTranslations } from '../i18n/register-translations.ts';
import { ClaimDialog } from './claim-dialog.tsx';

const WAITING = {
  list: [
    {
      id: 11,
      senderUsername: 'agent01',
      message: 'Chúc mừng năm mới',
      currency: 'VND',
      shareCount: 10,
      remainingCount: 4,
      expiresAt: '2026-11-27T07:00:00.000Z',
    },
    {
      id: 12,
      senderUsername: 'agent01',
      message: '',
      currency: 'VND',
      shareCount: 3,
      remainingCount: 1,
      expiresAt: '2026-11-27T08:00:00.000Z',
    },
  ],
};
const RECEIVED = {
  list: [
    { envelopeId: 9, senderUsername: 'agent01', message: 'Lì xì', amount: 12_345, currency: 'VND', claimedAt: '2026-11-25T07:00:00.000Z' },
  ],
  pageNo: 1,
  pageSize: 10,
  totalCount: 1,
  totalPages: 1,
  totalAmount: 12_345,
};

function claimed(overrides: Record<string, unknown> = {}) {
  return {
    envelopeId: 11,
    senderUsername: 'agent01',
    message: 'Chúc mừng năm mới',
    amount: 25_000,
    currency: 'VND',
    claimedAt: '2026-11-26T07:00:00.000Z',
    isReplay: false,
    ...overrides,
  };
}

describe('ClaimDialog', () => {
  beforeAll(registerRedEnvelopesTranslations);
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 0 }));

  it('lists the envelopes waiting, opens one and says how much went into the main wallet', async () => {
    const api = mockApi({
      'GET /wps/member/red-envelopes/claimable': WAITING,
      'POST /wps/member/red-envelopes/11/claim': claimed(),
      'GET /wps/v2/wallets/balance': { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 },
    });
    const { user } = renderWithSite(<ClaimDialog onClose={() => {}} />, { language: 'en' });
    const items = await screen.findAllByTestId('claimable-envelope');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('From agent01');
    expect(items[0]?.textContent).toContain('4/10 shares left');
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Open' }));
    const outcome = await screen.findByTestId('claim-outcome');
    expect(outcome.textContent).toContain('You received ₫25,000');
    expect(outcome.textContent).toContain('The red envelope from agent01 is in your main wallet.');
    expect(api.callsTo('POST /wps/member/red-envelopes/11/claim')).toHaveLength(1);
  });

  it('says when every share is gone, when the envelope expired, and in Vietnamese by default', async () => {
    mockApi({
      'GET /wps/member/red-envelopes/claimable': WAITING,
      'POST /wps/member/red-envelopes/11/claim': new ApiRefusal(
        'red_envelope_all_claimed',
        'Phong bao lì xì này đã được nhận hết',
        undefined,
        409,
      ),
      'POST /wps/member/red-envelopes/12/claim': new ApiRefusal('red_envelope_expired', 'Phong bao lì xì này đã hết hạn', undefined, 409),
    });
    const { user } = renderWithSite(<ClaimDialog onClose={() => {}} />);
    await user.click(within((await screen.findAllByTestId('claimable-envelope'))[0] as HTMLElement).getByRole('button', { name: 'Mở' }));
    expect((await screen.findByTestId('claim-outcome')).textContent).toContain('Tiếc quá! Lì xì này đã được nhận hết.');
    await user.click(screen.getByRole('button', { name: 'Quay lại danh sách' }));
    await user.click(within((await screen.findAllByTestId('claimable-envelope'))[1] as HTMLElement).getByRole('button', { name: 'Mở' }));
    expect((await screen.findByTestId('claim-outcome')).textContent).toContain('Lì xì này đã hết hạn.');
  });

  it('shows an envelope opened before as already received', async () => {
    mockApi({
      'GET /wps/member/red-envelopes/claimable': WAITING,
      'POST /wps/member/red-envelopes/11/claim': claimed({ isReplay: true }),
      'GET /wps/v2/wallets/balance': { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 },
    });
    const { user } = renderWithSite(<ClaimDialog onClose={() => {}} />, { language: 'en' });
    await user.click(within((await screen.findAllByTestId('claimable-envelope'))[0] as HTMLElement).getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('claim-outcome')).textContent).toContain('You already opened this one: ₫25,000');
  });

  it('lists the envelopes received, with their total, on the second tab, and closes', async () => {
    mockApi({ 'GET /wps/member/red-envelopes/claimable': { list: [] }, 'GET /wps/member/red-envelopes/received': RECEIVED });
    const onClose = vi.fn();
    const { user } = renderWithSite(<ClaimDialog onClose={onClose} />, { language: 'en' });
    expect(await screen.findByText('No red envelope is waiting for you right now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Received' }));
    expect(await screen.findByText('Received in all: ₫12,345')).toBeTruthy();
    expect(screen.getByTestId('received-envelope').textContent).toContain('₫12,345');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
