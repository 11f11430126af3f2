import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { type Call, emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const base = {
  memberId: 7,
  memberUsername: 'player07',
  wallet: 'main',
  direction: 'credit',
  currency: 'VND',
  reason: 'Goodwill after the outage',
  status: 'requested',
  needsApproval: true,
  decidedBy: null,
  decisionNote: null,
  ledgerTransferId: null,
  balanceAfter: null,
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  decidedAt: null,
};
const mine = { ...base, id: 31, amount: 5_000_000, requestedBy: 2 };
const theirs = { ...base, id: 32, amount: 8_000_000, requestedBy: 9 };

function signIn() {
  setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 2, username: 'finance01', role: 'finance' } });
}

function adjustmentServer(extra: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeServer([
    extra,
    (call) =>
      call.path.startsWith('/admin-api/adjustments?') && call.path.includes('status=requested')
        ? ok({ list: [theirs, mine], pageNo: 1, pageSize: 20, totalCount: 2, totalPages: 1 })
        : undefined,
    (call) => (call.path === '/admin-api/settings/adjustment-approval' ? ok({ approvalThresholdMinor: 1_000_000 }) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/members/search')
        ? ok({ list: [{ id: 7, username: 'player07' }], pageNo: 1, pageSize: 20, totalCount: 1 })
        : undefined,
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('the manual adjustments screen', () => {
  it('lists requests waiting with the SLA age; the operator decides another’s, never their own', async () => {
    signIn();
    changeLanguage('en');
    const calls = adjustmentServer((call) =>
      call.method === 'POST' && call.path === '/admin-api/adjustments/32/approve'
        ? ok({ ...theirs, status: 'approved', decidedBy: 2 })
        : undefined,
    );
    renderConsole('/adjustments');
    const own = await screen.findByTestId('adjustment-31');
    expect(within(own).getByText('Your request: another operator decides.')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('you')).toBeTruthy();
    const other = screen.getByTestId('adjustment-32');
    expect(within(other).getByText('operator #9')).toBeTruthy();
    expect(within(other).getByText(/8\.000\.000|8,000,000/)).toBeTruthy();
    expect(within(other).getByTestId('sla-age').textContent).toContain('2 h');
    expect((await screen.findByTestId('count-adjustments')).textContent).toContain('2');
    expect(screen.getByText(/Above 1,000,000/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(other).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Adjustment #32 approved: the money moved.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/32/approve'))?.body).toEqual({});
  });

  it('requests an adjustment for a member found by name, with one request id kept across a retry', async () => {
    signIn();
    changeLanguage('en');
    let attempts = 0;
    const calls = adjustmentServer((call) => {
      if (call.method !== 'POST' || call.path !== '/admin-api/members/7/adjustments') return undefined;
      attempts += 1;
      return attempts === 1
        ? refused(503, 'service_unavailable', 'Try again.')
        : ok({ ...mine, id: 40, status: 'requested', amount: 2_000_000 });
    });
    renderConsole('/adjustments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New adjustment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'New adjustment' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write the member’s name.');
    await user.type(within(dialog).getByLabelText('Member name (exact)'), 'player07');
    await user.type(within(dialog).getByLabelText('Amount'), '2000000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Refund of a stuck round');
    await user.click(within(dialog).getByRole('button', { name: 'New adjustment' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Try again.'));
    await user.click(within(dialog).getByRole('button', { name: 'New adjustment' }));
    expect(await screen.findByText('Adjustment #40 waits for another operator’s approval.')).toBeTruthy();
    const sent = calls.filter((call) => call.path === '/admin-api/members/7/adjustments').map((call) => call.body as { requestId: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ wallet: 'main', direction: 'credit', amount: 2_000_000, reason: 'Refund of a stuck round' });
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
  });
});
