import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const profile = {
  id: 7,
  username: 'player07',
  accountType: 0,
  status: 'active',
  createdAt: '2026-10-01T08:00:00.000Z',
  lastLoginAt: null,
  nickname: null,
  payeeName: null,
  currency: 'VND',
  mobileNum: null,
  email: null,
  lastLoginIp: null,
  loginCount: 0,
  mustChangePassword: false,
  registerIp: null,
};
const detail = {
  profile,
  upline: [],
  balances: { currency: 'VND', main: 0, bonus: 0, agent: 0, locked: 0, sum: 0 },
  gameWallets: [],
  labels: { names: [], club: null },
  responsibleGaming: { limits: [], breakUntil: null, selfExcludedUntil: null, isPermanentlyExcluded: false },
  kycStatus: 'none',
  bankCards: [],
  totals: { deposits: 0, depositCount: 0, withdrawals: 0 },
  notes: [],
};
const limit = (kind: string, period: string, amount: number | null, used = 0, pending: unknown = null) => ({
  kind,
  period,
  amount,
  used,
  pending,
  periodStartedAt: '2026-11-27T00:00:00.000Z',
});
const rgState = {
  timeZone: 'Asia/Ho_Chi_Minh',
  limits: [
    limit('deposit', 'daily', 500_000, 120_000),
    limit('loss', 'weekly', null, 0, { amount: 2_000_000, effectiveAt: '2026-11-28T05:00:00.000Z' }),
    limit('wager', 'monthly', null),
  ],
  breakUntil: null,
  selfExcludedUntil: null,
  isPermanentlyExcluded: false,
  realityCheckMinutes: 30,
};

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 3, username: 'risk01', role: 'risk', permissions } as never,
  });
}

function server(put: () => ReturnType<typeof ok>) {
  return fakeServer([
    (call) => (call.path === '/admin-api/members/7/detail' ? ok(detail) : undefined),
    (call) => (call.method === 'GET' && call.path === '/admin-api/members/7/responsible-gaming' ? ok(rgState) : undefined),
    (call) => (call.method === 'PUT' && call.path === '/admin-api/members/7/responsible-gaming/limits' ? put() : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe("the member file's responsible gaming", () => {
  it('shows the limits in force with their use and a waiting change, and tightens one with a reason', async () => {
    signIn(['member:read', 'member:lock']);
    changeLanguage('en');
    let puts = 0;
    const calls = server(() => {
      puts += 1;
      return puts === 1
        ? refused(
            409,
            'rg_operator_loosening',
            'An operator may only tighten a limit (add or lower it); raising or removing one is for the member to ask.',
          )
        : ok(rgState);
    });
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-rg');
    const deposit = await within(card).findByTestId('rg-limit-deposit-daily');
    expect(deposit.textContent).toMatch(/500[.,]000/);
    expect(deposit.textContent).toMatch(/120[.,]000/);
    expect(within(card).getByTestId('rg-limit-loss-weekly').textContent).toMatch(/2[.,]000[.,]000/);
    expect(within(card).queryByTestId('rg-limit-wager-monthly')).toBeNull();
    expect(within(card).getByText('Reality check every 30 min')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Tighten a limit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^New limit/), '900000');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Tighten a limit' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('3 characters');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Tighten a limit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('may only tighten');
    await user.clear(within(dialog).getByLabelText(/^New limit/));
    await user.type(within(dialog).getByLabelText(/^New limit/), '300000');
    await user.click(within(dialog).getByRole('button', { name: 'Tighten a limit' }));
    expect(await screen.findByText('Limit saved for player07.')).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    expect(sent[1]).toEqual({ limits: [{ kind: 'deposit', period: 'daily', amount: 300_000 }], note: 'ok by phone' });
  });

  it('offers no action without member:lock', async () => {
    signIn(['member:read']);
    changeLanguage('en');
    server(() => ok(rgState));
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-rg');
    await within(card).findByTestId('rg-limit-deposit-daily');
    await waitFor(() => expect(within(card).queryByRole('button')).toBeNull());
  });

  it('lists the refusals per day with their reason (a limit, a break, a self-exclusion), newest first, and pages to older days', async () => {
    signIn(['member:read']);
    changeLanguage('en');
    const calls = fakeServer([
      (call) => (call.path === '/admin-api/members/7/detail' ? ok(detail) : undefined),
      (call) => (call.path === '/admin-api/members/7/responsible-gaming' ? ok(rgState) : undefined),
      (call) =>
        call.path === '/admin-api/members/7/responsible-gaming/triggers'
          ? ok({
              list: [
                { day: '2026-11-26', kind: 'deposit', refusals: 3, lastAt: '2026-11-26T09:30:00.000Z' },
                { day: '2026-11-26', kind: 'wager', refusals: 1, lastAt: '2026-11-26T10:00:00.000Z' },
                { day: '2026-11-26', kind: 'break', refusals: 4, lastAt: '2026-11-26T11:00:00.000Z' },
                { day: '2026-11-26', kind: 'self_exclusion', refusals: 2, lastAt: '2026-11-26T12:00:00.000Z' },
              ],
              nextBefore: '2026-11-26',
            })
          : undefined,
      (call) =>
        call.path === '/admin-api/members/7/responsible-gaming/triggers?before=2026-11-26'
          ? ok({ list: [{ day: '2026-10-02', kind: 'loss', refusals: 7, lastAt: '2026-10-02T01:00:00.000Z' }], nextBefore: null })
          : undefined,
      (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
    ]);
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-rg-triggers');
    const deposits = await within(card).findByTestId('rg-trigger-2026-11-26-deposit');
    expect(deposits.textContent).toContain('Deposit limit');
    expect(deposits.textContent).toContain('3');
    expect(within(card).getByTestId('rg-trigger-2026-11-26-wager').textContent).toContain('Stake limit');
    expect(within(card).getByTestId('rg-trigger-2026-11-26-break').textContent).toContain('On a break4');
    expect(within(card).getByTestId('rg-trigger-2026-11-26-self_exclusion').textContent).toContain('Self-excluded2');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Older' }));
    expect((await within(card).findByTestId('rg-trigger-2026-10-02-loss')).textContent).toContain('Net loss limit');
    expect(within(card).queryByTestId('rg-trigger-2026-11-26-deposit')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/triggers?before=2026-11-26'))).toBe(true);
    await user.click(within(card).getByRole('button', { name: 'Newest' }));
    expect(await within(card).findByTestId('rg-trigger-2026-11-26-deposit')).toBeTruthy();
  });

  it('says so when no limit of the member has refused anything', async () => {
    signIn(['member:read']);
    changeLanguage('vi');
    server(() => ok(rgState));
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-rg-triggers');
    expect(await within(card).findByText('Chưa có giao dịch nào của thành viên này bị từ chối.')).toBeTruthy();
  });
});
