import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { emptyPage, fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { levelsOf } from './withdrawal-rules.tsx';

const auto = {
  isEnabled: false,
  maxAmountMinor: 5_000_000,
  requireWageringMet: true,
  requireNoBonusSinceLastWithdrawal: true,
  requireNoLinkedAccounts: true,
  allowedVipLevels: [],
};
const rules = { minAmountMinor: 100_000, maxAmountMinor: 500_000_000, separatePayoutAboveMinor: 10_000_000 };

describe('the withdrawal rules screen', () => {
  it('reads levels as whole numbers', () => {
    expect(levelsOf('3, 1,3 2')).toEqual([1, 2, 3]);
    expect(levelsOf('')).toEqual([]);
    expect(levelsOf('1, x')).toBeNull();
  });

  it('saves automatic approval and the payout threshold, keeping the other rules', async () => {
    setSession({
      token: 't',
      expiresAt: '2026-11-27T06:00:00.000Z',
      admin: { id: 1, username: 'admin', role: 'administrator', permissions: ['withdrawal:read', 'settings:read', 'settings:write'] },
    });
    const calls = fakeServer([
      (call) =>
        call.path === '/admin-api/settings'
          ? ok([
              { key: 'withdrawals.autoApproval', value: auto },
              { key: 'withdrawals.rules', value: rules },
            ])
          : undefined,
      (call) => (call.method === 'PUT' ? ok({ key: call.path, value: (call.body as { value: unknown }).value }) : undefined),
      (call) => (call.path.startsWith('/admin-api/withdrawals?') ? ok(emptyPage) : undefined),
    ]);
    renderConsole('/withdrawals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Quy tắc' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Tự động duyệt' }));
    await user.click(screen.getByRole('checkbox', { name: /Không có thành viên liên quan/ }));
    await user.type(screen.getByLabelText(/Chỉ các cấp VIP/), '2, 3');
    await user.clear(screen.getByLabelText(/người đã duyệt không được chi trả/));
    await user.type(screen.getByLabelText(/người đã duyệt không được chi trả/), '0');
    await user.click(screen.getByRole('button', { name: 'Lưu quy tắc' }));
    expect(await screen.findByText('Đã lưu quy tắc rút tiền.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts[0]).toMatchObject({
      path: '/admin-api/settings/withdrawals.autoApproval',
      body: { value: { ...auto, isEnabled: true, requireNoLinkedAccounts: false, allowedVipLevels: [2, 3] } },
    });
    expect(puts[1]).toMatchObject({
      path: '/admin-api/settings/withdrawals.rules',
      body: { value: { ...rules, separatePayoutAboveMinor: 0 } },
    });
  });
});
