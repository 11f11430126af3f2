import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { type Call, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { minorOf } from './deposits.tsx';

const order = {
  id: 41,
  orderNo: 'D41',
  channelId: 1,
  type: 'bank_transfer',
  currency: 'VND',
  amount: 1_500_000,
  creditedAmount: null,
  status: 'pending',
  referenceCode: 'LT7Q2M',
  rejectReason: null,
  createdAt: new Date(Date.now() - 95 * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  completedAt: null,
  memberId: 7,
  username: 'player07',
  gatewayCode: null,
  gatewayTxId: null,
  ledgerTransferId: null,
  decidedByAdminId: null,
};

function signInAsFinance() {
  setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 2, username: 'finance01', role: 'finance' } });
}

/** The deposit queue with one order until it is decided. */
function depositServer(decide: (call: Call) => ReturnType<typeof ok> | undefined) {
  let isDecided = false;
  return fakeServer([
    (call) => {
      if (call.method === 'POST' && call.path.startsWith('/admin-api/deposit/orders/41/')) {
        const answer = decide(call);
        if (answer && (answer.status ?? 200) === 200) isDecided = true;
        return answer;
      }
      return undefined;
    },
    (call) =>
      call.path.startsWith('/admin-api/deposit/orders?')
        ? ok({ list: isDecided ? [] : [order], pageNo: 1, pageSize: 20, totalCount: isDecided ? 0 : 1, totalPages: 1 })
        : undefined,
    (call) =>
      call.path.startsWith('/admin-api/withdrawals?') ? ok({ list: [], pageNo: 1, pageSize: 1, totalCount: 0, totalPages: 1 }) : undefined,
  ]);
}

describe('the deposit queue', () => {
  it('lists pending bank transfers with the amount, the SLA age and the count in the navigation', async () => {
    signInAsFinance();
    const calls = depositServer(() => undefined);
    renderConsole('/deposits');
    const row = await screen.findByTestId('deposit-LT7Q2M');
    expect(within(row).getByText('player07')).toBeTruthy();
    expect(within(row).getByText(/1\.500\.000\s₫/)).toBeTruthy();
    expect(within(row).getByTestId('sla-age').textContent).toContain('1 giờ 35 phút');
    expect((await screen.findByTestId('count-deposits')).textContent).toContain('1');
    expect(calls.some((call) => call.path.includes('status=pending') && call.path.includes('type=bank_transfer'))).toBe(true);

    // The member filter goes to the server and starts at the first page.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tên thành viên bắt đầu bằng'), 'player0');
    await user.click(screen.getByRole('button', { name: 'Lọc' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('username=player0') && call.path.includes('pageNo=1'))).toBe(true));
  });

  it('confirms with the amount that actually arrived, in minor units, and the order leaves the queue', async () => {
    signInAsFinance();
    const calls = depositServer((call) => (call.path.endsWith('/confirm') ? ok({ ...order, status: 'paid' }) : undefined));
    renderConsole('/deposits');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('deposit-LT7Q2M')).getByRole('button', { name: 'Xác nhận' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Số tiền thực nhận/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Vui lòng nhập số nguyên lớn hơn 0, hoặc để trống.');

    await user.clear(within(dialog).getByLabelText(/Số tiền thực nhận/));
    await user.type(within(dialog).getByLabelText(/Số tiền thực nhận/), '1.400.000');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Đã cộng tiền khoản nạp LT7Q2M.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/confirm'))?.body).toEqual({ actualAmount: 1_400_000 });
    expect(await screen.findByText('Không có việc nào đang chờ.')).toBeTruthy();
  });

  it('rejects only with a reason, and shows the server refusal message in the operator language', async () => {
    signInAsFinance();
    const calls = depositServer((call) =>
      call.path.endsWith('/reject') ? refused(409, 'deposit_order_closed', 'Đơn nạp tiền đã được xử lý hoặc đã đóng.') : undefined,
    );
    renderConsole('/deposits');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('deposit-LT7Q2M')).getByRole('button', { name: 'Từ chối' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Vui lòng ghi lý do để thành viên đọc.');
    expect(calls.some((call) => call.path.endsWith('/reject'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Lý do'), 'Không thấy tiền về');
    await user.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    expect(await within(dialog).findByText('Đơn nạp tiền đã được xử lý hoặc đã đóng.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({ reason: 'Không thấy tiền về' });
  });
});

describe('reading a typed amount', () => {
  it('takes group separators in VND and decimals in a currency with cents', () => {
    expect(minorOf('1.400.000', 'VND')).toBe(1_400_000);
    expect(minorOf('1 400 000', 'VND')).toBe(1_400_000);
    expect(minorOf('12.5', 'USD')).toBe(1250);
    expect(minorOf('12,05', 'USD')).toBe(1205);
    expect(minorOf('12.555', 'USD')).toBeNull();
    expect(minorOf('0', 'VND')).toBeNull();
    expect(minorOf('-5', 'VND')).toBeNull();
  });
});
