import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerGamesTranslations } from '../i18n/register-translations.ts';
import { TransferPrompt } from './transfer-prompt.tsx';

const BALANCES = { currency: 'VND', mainBalance: 5000, list: [{ vendorCode: 'V1', balance: 0 }] };
const INVALID = 'Nhập số tiền là số nguyên dương, không lớn hơn số dư ví chính.';

describe('TransferPrompt', () => {
  beforeAll(registerGamesTranslations);
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('refuses an amount that is not whole, zero or over the main wallet, and clears the message on typing', async () => {
    const api = mockApi({ 'GET /wps/relay/GCS_walletBalances': BALANCES });
    const { user } = renderWithSite(<TransferPrompt vendor="V1" vendorName="Vendor One" onDone={() => {}} />);
    await screen.findByText(/5[.,]000/);
    const input = screen.getByLabelText('Số tiền chuyển vào');
    for (const bad of ['12.5', '0', '5001']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.click(screen.getByRole('button', { name: 'Chuyển và chơi' }));
      expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    }
    await user.type(input, '1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });

  it('moves the amount with a request id and goes on to the game', async () => {
    const api = mockApi({
      'GET /wps/relay/GCS_walletBalances': BALANCES,
      'POST /wps/relay/GCS_walletTransfer': { status: 'SUCCEEDED', amount: 300, currency: 'VND', mainBalance: 4700 },
    });
    const onDone = vi.fn();
    const { user } = renderWithSite(<TransferPrompt vendor="V1" vendorName="Vendor One" onDone={onDone} />, { language: 'en' });
    await screen.findByText(/5[.,]000/);
    await user.type(screen.getByLabelText('Amount to bring in'), ' 300 ');
    await user.click(screen.getByRole('button', { name: 'Transfer and play' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')[0]?.body).toEqual({
      fromWallet: 'MAIN',
      toWallet: 'V1',
      amount: 300,
      requestId: expect.any(String),
    });
  });
});
