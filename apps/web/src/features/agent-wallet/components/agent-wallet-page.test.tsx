import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentWalletTranslations } from '../i18n/register-translations.ts';
import { AgentWalletPage } from './agent-wallet-page.tsx';

const WALLET = { 'GET /wps/agent/wallet': { currency: 'VND', mainBalance: 100_000, agentBalance: 20_000 } };

describe('AgentWalletPage', () => {
  // The test set-up starts i18next afresh for each file; the page's texts are registered again here.
  beforeAll(registerAgentWalletTranslations);
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1 }));

  it('shows both balances and says downline transfers come from the agent wallet', async () => {
    mockApi(WALLET);
    renderWithSite(<AgentWalletPage />);
    expect((await screen.findByText('Ví chính')).nextElementSibling?.textContent).toMatch(/^100\.000/);
    expect(screen.getByText('Ví đại lý').nextElementSibling?.textContent).toMatch(/^20\.000/);
    expect(screen.getByTestId('agent-wallet-downline-note').textContent).toMatch(/cấp dưới|tuyến dưới/);
  });

  it('checks the amount against the wallet the money leaves, before any call', async () => {
    const api = mockApi(WALLET);
    const { user } = renderWithSite(<AgentWalletPage />, { language: 'en' });
    await user.type(await screen.findByLabelText('Amount (VND)'), '30000');
    await user.click(screen.getByRole('button', { name: 'Move to main wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is more than the agent wallet holds');
    await user.clear(screen.getByLabelText('Amount (VND)'));
    await user.type(screen.getByLabelText('Amount (VND)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Move to agent wallet' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter a valid amount'));
    expect(api.callsTo('POST /wps/agent/wallet/move')).toHaveLength(0);
  });

  it('moves either way with a request id, shows the server sentence and the new balances', async () => {
    const api = mockApi({
      ...WALLET,
      'POST /wps/agent/wallet/move': (call: { body: { amount: number; direction: string } }) => ({
        moveId: 1,
        direction: call.body.direction,
        amount: call.body.amount,
        currency: 'VND',
        mainBalance: 70_000,
        agentBalance: 50_000,
        createdAt: '2026-11-26T06:00:00.000Z',
        message: 'Moved 30,000 VND from the main wallet to the agent wallet',
      }),
    });
    const { user } = renderWithSite(<AgentWalletPage />, { language: 'en' });
    await user.type(await screen.findByLabelText('Amount (VND)'), '30000');
    await user.click(screen.getByRole('button', { name: 'Move to agent wallet' }));
    await screen.findByText('Moved 30,000 VND from the main wallet to the agent wallet');
    expect(api.callsTo('POST /wps/agent/wallet/move')[0]?.body).toEqual({
      amount: 30_000,
      direction: 'toAgent',
      requestId: expect.any(String),
    });
    expect(screen.getByText('Agent wallet').nextElementSibling?.textContent).toMatch(/50,000/);
    // The other button sends the other direction, with a new request id.
    await user.type(screen.getByLabelText('Amount (VND)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Move to main wallet' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/agent/wallet/move')).toHaveLength(2));
    const [first, second] = api.callsTo('POST /wps/agent/wallet/move').map((c) => c.body as { direction: string; requestId: string });
    expect(second?.direction).toBe('toMain');
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('shows a refusal in the server words', async () => {
    mockApi({ ...WALLET, 'POST /wps/agent/wallet/move': new ApiRefusal('insufficient_funds', 'Số dư không đủ', undefined, 409) });
    const { user } = renderWithSite(<AgentWalletPage />);
    await user.type(await screen.findByLabelText('Số tiền (VND)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Chuyển sang ví đại lý' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Số dư không đủ');
  });
});
