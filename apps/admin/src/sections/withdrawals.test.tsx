import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const withdrawal = (status: 'pending' | 'approved') => ({
  id: 9,
  status,
  currency: 'VND',
  amount: 400_000,
  fee: 10_000,
  netAmount: 390_000,
  bankCard: { id: 3, bankCode: 'VCB', bankName: 'Vietcombank', accountName: 'NGUYEN VAN AN', accountNumber: '0123456789' },
  rejectReason: null,
  confirmation: null,
  createdAt: new Date(Date.now() - 26 * 3_600_000).toISOString(),
  paidAt: null,
  confirmedAt: null,
  memberId: 7,
  username: 'player07',
  isKycRequired: true,
  kycStatus: 'pending',
  disputeNote: null,
  proofIds: [],
  approvedAt: null,
  approvedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  paidBy: null,
});
const page = (list: unknown[]) => ok({ list, pageNo: 1, pageSize: 20, totalCount: list.length, totalPages: 1 });

describe('the withdrawal queues', () => {
  it('approves from the review queue and shows the payout refusal in the operator language', async () => {
    setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 2, username: 'finance01', role: 'finance' } });
    changeLanguage('en');
    const calls = fakeServer([
      (call) => (call.path === '/admin-api/withdrawals/9/approve' ? ok(withdrawal('approved')) : undefined),
      (call) =>
        call.path === '/admin-api/withdrawals/9/payout'
          ? refused(403, 'admin_self_approval', 'The administrator who made a request cannot approve it.')
          : undefined,
      (call) =>
        call.path.startsWith('/admin-api/withdrawals?') && call.path.includes('status=pending') ? page([withdrawal('pending')]) : undefined,
      (call) =>
        call.path.startsWith('/admin-api/withdrawals?') && call.path.includes('status=approved')
          ? page([withdrawal('approved')])
          : undefined,
      (call) => (call.path.startsWith('/admin-api/deposit/orders?') ? page([]) : undefined),
    ]);
    renderConsole('/withdrawals');
    const user = userEvent.setup();

    const row = await screen.findByTestId('withdrawal-9');
    expect(row.textContent).toContain('Vietcombank · 0123456789 · NGUYEN VAN AN');
    expect(row.textContent).toContain('Identity check needed');
    expect(within(row).getByTestId('sla-age').className).toContain('sla--breach');
    expect(within(row).getByTestId('sla-age').textContent).toBe('1 d 2 h');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Withdrawal #9 approved.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/admin-api/withdrawals/9/approve')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'To pay out' }));
    const payoutRow = await screen.findByTestId('withdrawal-9');
    await user.click(within(payoutRow).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirm only after the bank transfer of');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The administrator who made a request cannot approve it.');
  });
});
