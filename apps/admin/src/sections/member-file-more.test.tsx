import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRANSFER_CODES } from '../../../server/src/modules/ledger/ledger.codes.ts';
import { setSession } from '../api/session-store.ts';
import { en } from '../i18n/en.ts';
import { vi as viTexts } from '../i18n/vi.ts';
import { zh } from '../i18n/zh.ts';
import { emptyPage, fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { LEDGER_CODES } from './member-tabs.tsx';

const profile = {
  id: 7,
  username: 'agent07',
  accountType: 1,
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
  labels: { names: ['VIP'], club: null },
  responsibleGaming: { limits: [], breakUntil: null, selfExcludedUntil: null, isPermanentlyExcluded: false },
  kycStatus: 'none',
  bankCards: [],
  totals: { deposits: 0, depositCount: 0, withdrawals: 0 },
  notes: [],
};

function signIn(permissions: string[]) {
  setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 3, username: 'support01', role: 'support', permissions } });
}

function server(overrides: { accountType?: number } = {}) {
  return fakeServer([
    // The responsible-gaming card of the file (member-rg.test.tsx covers it).
    (call) =>
      call.path.endsWith('/responsible-gaming')
        ? ok({
            timeZone: 'Asia/Ho_Chi_Minh',
            limits: [],
            breakUntil: null,
            selfExcludedUntil: null,
            isPermanentlyExcluded: false,
            realityCheckMinutes: null,
          })
        : undefined,
    (call) =>
      call.path === '/admin-api/members/7/detail'
        ? ok({ ...detail, profile: { ...profile, accountType: overrides.accountType ?? 1 } })
        : undefined,
    (call) => (call.path.startsWith('/admin-api/members/7/logins') ? ok({ list: [], nextBefore: null }) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/members/7/transactions')
        ? ok({
            ...emptyPage,
            list: [
              {
                entryId: 1,
                currency: 'VND',
                amount: 50_000,
                balanceAfter: 50_000,
                code: 'withdrawal_returned',
                createdAt: '2026-11-26T08:00:00.000Z',
              },
            ],
            totalCount: 1,
          })
        : undefined,
    (call) => (call.path.startsWith('/admin-api/members/7/deposits') ? ok(emptyPage) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/members/7/team')
        ? ok({
            list: [
              {
                memberId: 8,
                username: 'sub08',
                accountType: 2,
                level: 1,
                teamSize: 4,
                turnover: 1_200_000,
                lastLoginAt: null,
                status: 'active',
                registeredAt: '2026-10-01T08:00:00.000Z',
                toUpline: false,
                uplineUsername: 'agent07',
              },
            ],
            pageNo: 1,
            pageSize: 20,
            totalCount: 1,
            totalPages: 1,
            breadcrumb: [{ memberId: 7, username: 'agent07', level: 0 }],
            currency: 'VND',
            turnoverFrom: '2026-11-01',
            turnoverTo: '2026-11-26',
          })
        : undefined,
    (call) =>
      call.path === '/admin-api/member-labels'
        ? ok([
            { id: 1, code: 'vip', name: 'VIP', rankLevel: null, sort: 0, isEnabled: true, memberCount: 3 },
            { id: 2, code: 'watch', name: 'Theo dõi', rankLevel: null, sort: 1, isEnabled: true, memberCount: 0 },
          ])
        : undefined,
    (call) => (call.method === 'POST' && call.path === '/admin-api/members/7/lock' ? ok({ status: 'locked' }) : undefined),
    (call) =>
      call.method === 'PUT' && call.path === '/admin-api/members/7/labels' ? ok({ names: ['VIP', 'Theo dõi'], club: null }) : undefined,
  ]);
}

describe('the member file, completed', () => {
  it('names every ledger code of the server in the three languages', () => {
    expect([...LEDGER_CODES]).toEqual([...TRANSFER_CODES]);
    for (const texts of [en, viTexts, zh]) expect(Object.keys(texts.ledger.codes).sort()).toEqual([...TRANSFER_CODES].sort());
  });

  it('translates ledger codes and sends the type and days of the transaction filter', async () => {
    signIn(['member:read']);
    const calls = server();
    renderConsole('/members/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Giao dịch' }));
    expect(await screen.findByRole('cell', { name: 'Hoàn lệnh rút' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Loại'), 'deposit');
    await user.type(screen.getByLabelText('Từ'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Lọc' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path.includes('/transactions?') && call.path.includes('type=deposit') && call.path.includes('from=2026-'),
        ),
      ).toBe(true),
    );
  });

  it('shows the agent tree of an agent with its team figures, and no tree tab for a player', async () => {
    signIn(['member:read']);
    server();
    renderConsole('/members/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cây đại lý' }));
    const row = await screen.findByTestId('team-8');
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText(/1\.200\.000\s₫/)).toBeTruthy();
    expect(screen.getByTestId('team-breadcrumb').textContent).toContain('agent07');
  });

  it('hides the tree for a player, locks with a reason and saves labels, each only with its permission', async () => {
    signIn(['member:read', 'member:lock', 'member:label', 'label:read']);
    const calls = server({ accountType: 0 });
    renderConsole('/members/7');
    const user = userEvent.setup();
    await screen.findByRole('tab', { name: 'Giao dịch' });
    expect(screen.queryByRole('tab', { name: 'Cây đại lý' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mở khóa' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Khóa' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Lý do'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Khóa' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Vui lòng ghi lý do ít nhất 3 ký tự.');
    await user.type(within(dialog).getByLabelText('Lý do'), 'c gian lận');
    await user.click(within(dialog).getByRole('button', { name: 'Khóa' }));
    expect(await screen.findByText('Đã khóa agent07.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/admin-api/members/7/lock')?.body).toEqual({ reason: 'abc gian lận' });

    const vip = await screen.findByRole('checkbox', { name: 'VIP' });
    expect((vip as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Theo dõi' }));
    await user.click(screen.getByRole('button', { name: 'Lưu nhãn' }));
    expect(await screen.findByText('Đã lưu nhãn.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ labelIds: [1, 2] });
  });
});
