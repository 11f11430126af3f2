import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { BalanceDisplay } from './balance-display.tsx';

const BALANCE = { currency: 'VND', sumBalance: 100_000, mainBalance: 100_000, bonusBalance: 0, lockedBalance: 0 };

describe('BalanceDisplay', () => {
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));
  afterEach(() => useSessionStore.getState().signOut());

  it('says that it shows the main wallet, in the member language', async () => {
    mockApi({ 'GET /wps/v2/wallets/balance': BALANCE });
    renderWithSite(<BalanceDisplay />);
    const output = await screen.findByRole('status', { name: 'Ví chính' });
    await screen.findByText(/^100\.000/);
    expect(output.textContent).toMatch(/^100\.000/);
    expect(screen.getByText('Ví chính')).toBeTruthy();
  });

  it('reads Main wallet in English', async () => {
    mockApi({ 'GET /wps/v2/wallets/balance': BALANCE });
    renderWithSite(<BalanceDisplay />, { language: 'en' });
    expect(await screen.findByRole('status', { name: 'Main wallet' })).toBeTruthy();
  });

  it('shows the cash and, beside it, the bonus of active promotions', async () => {
    mockApi({ 'GET /wps/v2/wallets/balance': { ...BALANCE, sumBalance: 120_000, bonusBalance: 20_000 } });
    renderWithSite(<BalanceDisplay />);
    const output = await screen.findByRole('status', { name: 'Ví chính' });
    await screen.findByText(/^100\.000/);
    expect(output.textContent).toMatch(/^100\.000/);
    expect(screen.getByTestId('header-bonus').textContent?.replace(/\s/g, ' ').trim()).toMatch(/^\+ 20\.000 ₫ thưởng$/);
  });

  it('shows no bonus while the balance is hidden', async () => {
    mockApi({ 'GET /wps/v2/wallets/balance': { ...BALANCE, sumBalance: 120_000, bonusBalance: 20_000 } });
    useSessionStore.getState().toggleBalance();
    renderWithSite(<BalanceDisplay />);
    await screen.findByText('***');
    expect(screen.queryByTestId('header-bonus')).toBeNull();
    useSessionStore.getState().toggleBalance();
  });
});
