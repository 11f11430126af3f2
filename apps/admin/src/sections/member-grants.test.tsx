import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { wageringPercent } from './member-grants.tsx';

const detail = {
  profile: {
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
  },
  upline: [],
  balances: { currency: 'VND', main: 0, bonus: 80_000, agent: 0, locked: 0, sum: 80_000 },
  gameWallets: [],
  labels: { names: [], club: null },
  responsibleGaming: { limits: [], breakUntil: null, selfExcludedUntil: null, isPermanentlyExcluded: false },
  kycStatus: 'none',
  bankCards: [],
  totals: { deposits: 0, depositCount: 0, withdrawals: 0 },
  notes: [],
};
const grant = (id: number, status: string, extra: object = {}) => ({
  id,
  promotionId: 3,
  memberId: 7,
  status,
  amount: 100_000,
  bonusBalance: 80_000,
  requiredTurnover: 500_000,
  progress: 125_000,
  maxStake: null,
  converted: 0,
  removed: 0,
  issuedAt: '2026-11-25T08:00:00.000Z',
  expiresAt: '2026-12-02T08:00:00.000Z',
  closedAt: null,
  ...extra,
});
const promotion = { id: 3, state: 'active', input: { code: 'WELCOME100', titles: { vi: 'Thưởng chào mừng', en: 'Welcome bonus' } } };
const history = [
  {
    id: 41,
    at: '2026-11-26T09:00:00.000Z',
    event: 'break_set',
    by: 'operator',
    operatorId: 3,
    limits: [],
    until: '2026-11-29T09:00:00.000Z',
    permanent: false,
    minutes: null,
    note: 'Asked by phone',
  },
  {
    id: 40,
    at: '2026-11-25T09:00:00.000Z',
    event: 'limits_changed',
    by: 'member',
    operatorId: null,
    limits: [{ kind: 'deposit', period: 'daily', inForce: 500_000, pending: { amount: 800_000, effectiveAt: '2026-11-26T09:00:00.000Z' } }],
    until: null,
    permanent: false,
    minutes: null,
    note: null,
  },
];

const rgState = {
  timeZone: 'Asia/Ho_Chi_Minh',
  limits: [],
  breakUntil: null,
  selfExcludedUntil: null,
  isPermanentlyExcluded: false,
  realityCheckMinutes: null,
};

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 3, username: 'risk01', role: 'risk', permissions } as never,
  });
}

function server(forfeit: () => ReturnType<typeof ok>) {
  let forfeited = false;
  return fakeServer([
    (call) => (call.path === '/admin-api/members/7/detail' ? ok(detail) : undefined),
    (call) =>
      call.path === '/admin-api/promotions/members/7/grants'
        ? ok({
            list: [
              grant(9, forfeited ? 'forfeited' : 'active'),
              grant(5, 'completed', { bonusBalance: 0, progress: 500_000, converted: 60_000 }),
            ],
          })
        : undefined,
    (call) => (call.method === 'GET' && call.path === '/admin-api/promotions' ? ok({ list: [promotion] }) : undefined),
    (call) => (call.path === '/admin-api/members/7/responsible-gaming' ? ok(rgState) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/members/7/responsible-gaming/history')
        ? ok({ list: call.path.includes('before=40') ? [] : history, nextBefore: call.path.includes('before=') ? null : 40 })
        : undefined,
    (call) => {
      if (call.method !== 'POST' || call.path !== '/admin-api/promotions/grants/9/forfeit') return undefined;
      const answer = forfeit();
      if ((answer.status ?? 200) === 200) forfeited = true;
      return answer;
    },
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('wagering progress', () => {
  it('is whole percent, capped at 100, and done when nothing is asked', () => {
    expect(wageringPercent({ progress: 125_000, requiredTurnover: 500_000 })).toBe(25);
    expect(wageringPercent({ progress: 499_999, requiredTurnover: 500_000 })).toBe(99);
    expect(wageringPercent({ progress: 900_000, requiredTurnover: 500_000 })).toBe(100);
    expect(wageringPercent({ progress: 0, requiredTurnover: 0 })).toBe(100);
  });
});

describe("the member file's grants and responsible-gaming history", () => {
  it('lists the grants with progress, bonus left and expiry, and forfeits an active one with a reason', async () => {
    signIn(['member:read', 'promotion:read', 'promotion:review']);
    changeLanguage('en');
    let answers = 0;
    const calls = server(() => {
      answers += 1;
      return answers === 1 ? refused(409, 'conflict', 'This grant is no longer active.') : ok(grant(9, 'forfeited'));
    });
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-grants');
    const active = await within(card).findByTestId('grant-9');
    expect(active.textContent).toContain('WELCOME100 · Welcome bonus');
    expect(active.textContent).toContain('Active');
    expect(active.textContent).toMatch(/80[.,]000/);
    expect(active.textContent).toContain('(25 %)');
    const done = within(card).getByTestId('grant-5');
    expect(done.textContent).toContain('Completed');
    expect(done.textContent).toMatch(/Converted .*60[.,]000/);
    expect(within(done).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(active).getByRole('button', { name: 'Forfeit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('3 characters');
    expect(calls.some((call) => call.path.endsWith('/forfeit'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox'), 'Bonus abuse, shared device');
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('no longer active');
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByText('Grant #9 forfeited.')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/forfeit')).map((call) => call.body)).toEqual([
      { reason: 'Bonus abuse, shared device' },
      { reason: 'Bonus abuse, shared device' },
    ]);
    await waitFor(() => expect(within(card).getByTestId('grant-9').textContent).toContain('Forfeited'));
  });

  it('offers no forfeit without promotion:review', async () => {
    signIn(['member:read', 'promotion:read']);
    changeLanguage('en');
    server(() => ok({}));
    renderConsole('/members/7');
    const row = await screen.findByTestId('grant-9');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows the history newest first with who did what, and pages to older events', async () => {
    signIn(['member:read']);
    changeLanguage('en');
    const calls = server(() => ok({}));
    renderConsole('/members/7');
    const card = await screen.findByTestId('member-rg-history');
    const breakRow = await within(card).findByTestId('rg-event-41');
    expect(breakRow.textContent).toContain('Break set by an operator');
    expect(breakRow.textContent).toContain('Operator #3');
    expect(breakRow.textContent).toContain('Asked by phone');
    const limitRow = within(card).getByTestId('rg-event-40');
    expect(limitRow.textContent).toContain('The member');
    expect(limitRow.textContent).toMatch(/Deposits \(Day\): .*500[.,]000 in force; .*800[.,]000 from/);
    expect(screen.queryByTestId('member-grants')).toBeNull();
    expect(calls.some((call) => call.path.includes('/grants'))).toBe(false);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Older' }));
    expect(await within(card).findByText('No limit, break, self-exclusion or reality check was ever set.')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/history?before=40'))).toBe(true);
  });
});
