import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { type Call, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const row = {
  id: 7,
  username: 'player07',
  accountType: 0,
  status: 'active',
  parentUsername: 'agent01',
  createdAt: '2026-10-01T08:00:00.000Z',
  lastLoginAt: '2026-11-25T09:30:00.000Z',
  mustChangePassword: false,
};

const detail = {
  profile: {
    ...row,
    nickname: 'Bảy',
    payeeName: 'NGUYEN VAN BAY',
    currency: 'VND',
    mobileNum: '0912345678',
    email: null,
    lastLoginIp: '203.0.113.7',
    loginCount: 12,
    registerIp: '203.0.113.7',
    registerDomain: null,
  },
  upline: [{ id: 2, username: 'agent01' }],
  balances: { currency: 'VND', main: 1_500_000, bonus: 20_000, agent: 0, locked: 100_000, sum: 1_620_000 },
  gameWallets: [{ vendorCode: 'SABA', balance: null }],
  labels: { names: ['VIP'], club: { name: 'Gold', rankLevel: 3 } },
  responsibleGaming: {
    timeZone: 'Asia/Ho_Chi_Minh',
    limits: [],
    breakUntil: null,
    selfExcludedUntil: null,
    isPermanentlyExcluded: false,
    realityCheckMinutes: null,
  },
  kycStatus: 'approved',
  bankCards: [
    {
      id: 1,
      bankCode: 'VCB',
      bankName: 'Vietcombank',
      accountName: 'NGUYEN VAN BAY',
      maskedAccountNumber: '********9012',
      isVerified: true,
      createdAt: '2026-10-02T08:00:00.000Z',
      status: 'active',
      removedAt: null,
    },
  ],
  totals: { deposits: 3_000_000, depositCount: 2, withdrawals: 500_000 },
  notes: [] as { id: number; adminId: number; text: string; createdAt: string }[],
};

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 3, username: 'support01', role: 'support', permissions },
  });
}

/** The member calls of the server; `note` answers the note call. */
function memberServer(
  note: (call: Call) => ReturnType<typeof ok> = (call) =>
    ok({ id: 1, adminId: 3, text: (call.body as { text: string }).text, createdAt: '2026-11-26T10:00:00.000Z' }),
) {
  const notes = [...detail.notes];
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
    // Its history card (member-grants.test.tsx covers it).
    (call) => (call.path.includes('/responsible-gaming/history') ? ok({ list: [], nextBefore: null }) : undefined),
    // Its limit refusals per day (member-rg.test.tsx covers them).
    (call) => (call.path.includes('/responsible-gaming/triggers') ? ok({ list: [], nextBefore: null }) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/members/search?')
        ? ok({ list: [row], pageNo: 1, pageSize: 20, totalCount: 1, totalPages: 1 })
        : undefined,
    (call) => (call.path === '/admin-api/members/7/detail' ? ok({ ...detail, notes: [...notes] }) : undefined),
    (call) => {
      if (call.method !== 'POST' || call.path !== '/admin-api/members/7/note') return undefined;
      const answer = note(call);
      if ((answer.status ?? 200) === 200) notes.unshift((answer.body as { value: (typeof notes)[number] }).value);
      return answer;
    },
    (call) =>
      call.path.startsWith('/admin-api/members/7/logins')
        ? ok({
            list: [
              {
                id: 90,
                createdAt: '2026-11-25T09:30:00.000Z',
                result: 'failed',
                method: 'password',
                ip: '198.51.100.4',
                userAgent: 'Mozilla/5.0',
              },
            ],
            nextBefore: 90,
          })
        : undefined,
    (call) =>
      call.path.startsWith('/admin-api/members/7/linked')
        ? ok({ list: [{ memberId: 8, username: 'player08', status: 'locked', links: [{ kind: 'ip', value: '203.0.113.7' }] }] })
        : undefined,
  ]);
}

describe('the member search', () => {
  it('finds members by mobile number and opens the chosen one', async () => {
    signIn(['member:read']);
    const calls = memberServer();
    renderConsole('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tìm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Vui lòng nhập nội dung cần tìm.');

    await user.selectOptions(screen.getByLabelText('Tìm theo'), 'phone');
    await user.type(screen.getByLabelText('Nội dung tìm'), '0912345678');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    const found = await screen.findByTestId('member-7');
    expect(within(found).getByText('Hoạt động')).toBeTruthy();
    const search = calls.find((call) => call.path.startsWith('/admin-api/members/search?'));
    expect(search?.path).toContain('by=phone');
    expect(search?.path).toContain('q=0912345678');
    expect(search?.path).toContain('pageNo=1');

    await user.click(within(found).getByRole('link', { name: 'player07' }));
    expect(await screen.findByRole('heading', { name: 'Thành viên player07' })).toBeTruthy();
  });
});

describe('the member file', () => {
  it('shows the balances, the logins and the linked members, and adds a note', async () => {
    signIn(['member:read', 'member:note']);
    const calls = memberServer();
    renderConsole('/members/7');
    expect((await screen.findByTestId('balance-main')).textContent).toMatch(/1\.500\.000\s₫/);
    expect(screen.getByText('********9012', { exact: false })).toBeTruthy();
    expect(screen.getByText('Gold (cấp 3)')).toBeTruthy();
    expect(screen.getByText('Đã xác minh')).toBeTruthy();
    expect(await screen.findByText('198.51.100.4')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cũ hơn' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('/logins?before=90'))).toBe(true));
    await user.click(screen.getByRole('tab', { name: 'Thành viên liên quan' }));
    expect((await screen.findByRole('link', { name: 'player08' })).getAttribute('href')).toBe('/members/8');

    await user.type(screen.getByLabelText('Ghi chú mới'), 'Gọi điện xác nhận tài khoản');
    await user.click(screen.getByRole('button', { name: 'Thêm ghi chú' }));
    expect(await screen.findByText('Đã thêm ghi chú.')).toBeTruthy();
    expect(await screen.findByText('Gọi điện xác nhận tài khoản')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Gọi điện xác nhận tài khoản' });
  });

  it('has no note form without the note permission', async () => {
    signIn(['member:read']);
    memberServer();
    renderConsole('/members/7');
    await screen.findByTestId('balance-main');
    expect(screen.queryByLabelText('Ghi chú mới')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Thêm ghi chú' })).toBeNull();
  });

  it('shows the refusal of a note in the operator language', async () => {
    signIn(['member:read', 'member:note']);
    memberServer(() => refused(403, 'admin_forbidden', 'Bạn không có quyền thực hiện thao tác này.'));
    renderConsole('/members/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Ghi chú mới'), 'Ghi chú');
    await user.click(screen.getByRole('button', { name: 'Thêm ghi chú' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Bạn không có quyền thực hiện thao tác này.');
    expect(screen.getByText('Chưa có ghi chú.')).toBeTruthy();
  });

  it('shows the refusal of the file itself', async () => {
    signIn(['member:read']);
    fakeServer([(call) => (call.path.includes('/members/') ? refused(404, 'member_not_found', 'Không tìm thấy thành viên.') : undefined)]);
    renderConsole('/members/99');
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toContain('Không tìm thấy thành viên.');
  });
});
