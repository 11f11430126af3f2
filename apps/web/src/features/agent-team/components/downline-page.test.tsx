import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentTeamTranslations } from '../i18n/register-translations.ts';
import { DownlinePage } from './downline-page.tsx';
import { DownlineTransferDialog } from './downline-transfer-dialog.tsx';
import { TeamSearchForm } from './team-search-form.tsx';

const row = (memberId: number, username: string, extra: Record<string, unknown> = {}) => ({
  memberId,
  username,
  accountType: 0,
  level: 1,
  teamSize: 0,
  turnover: 1_250_000,
  lastLoginAt: null,
  status: 'active',
  registeredAt: '2026-11-01T02:00:00.000Z',
  toUpline: false,
  uplineUsername: 'agent01',
  ...extra,
});
const page = (list: Record<string, unknown>[], breadcrumb: unknown[]) => ({
  list,
  pageNo: 1,
  pageSize: 10,
  totalCount: list.length,
  totalPages: 1,
  breadcrumb,
  currency: 'VND',
  turnoverFrom: '2026-11-01',
  turnoverTo: '2026-11-26',
});
const ME = { memberId: 1, username: 'agent01', level: 0 };
const TOP = page([row(2, 'sub01', { accountType: 2, teamSize: 3 }), row(3, 'player01')], [ME]);
const UNDER_SUB = page([row(4, 'deep01', { level: 2, uplineUsername: 'sub01' })], [ME, { memberId: 2, username: 'sub01', level: 1 }]);
const WALLET = { currency: 'VND', mainBalance: 0, agentBalance: 500_000 };
const PERMISSIONS = {
  toUpline: false,
  canTransferToDownline: true,
  canReceiveFromDownline: true,
  hasPaymentPassword: false,
  uplineUsername: null,
};

function downlineAnswer(call: ApiCall) {
  return call.path.includes('parentId=2') ? UNDER_SUB : TOP;
}

describe('DownlinePage', () => {
  beforeAll(registerAgentTeamTranslations);

  it('lists the direct downline with team size and turnover, and drills down and back with the breadcrumb', async () => {
    const api = mockApi({ 'GET /wps/agent/team/downline': downlineAnswer });
    const { user } = renderWithSite(<DownlinePage />);
    const sub = await screen.findByTestId('team-member-sub01');
    expect(within(sub).getByText('3')).toBeTruthy();
    expect(within(sub).getByText(/1\.250\.000/)).toBeTruthy();
    expect(within(screen.getByTestId('team-member-player01')).getByText('Chưa đăng nhập')).toBeTruthy();
    await user.click(within(sub).getByRole('button', { name: 'Xem tuyến dưới (3)' }));
    await screen.findByTestId('team-member-deep01');
    expect(api.callsTo('GET /wps/agent/team/downline').at(-1)?.path).toContain('parentId=2');
    const crumbs = screen.getByRole('navigation', { name: 'Vị trí trong đội' });
    expect(within(crumbs).getByText('sub01').getAttribute('aria-current')).toBe('page');
    await user.click(within(crumbs).getByRole('button', { name: 'Tôi (agent01)' }));
    await screen.findByTestId('team-member-sub01');
  });

  it('searches the whole team and clears back to the list', async () => {
    const api = mockApi({
      'GET /wps/agent/team/downline': downlineAnswer,
      'GET /wps/agent/team/search': { ...UNDER_SUB, list: [{ ...UNDER_SUB.list[0], parentId: 2 }], breadcrumb: undefined },
    });
    const { user } = renderWithSite(<DownlinePage />, { language: 'en' });
    await screen.findByTestId('team-member-sub01');
    await user.type(screen.getByRole('searchbox', { name: 'Username' }), 'deep');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Results for "deep": 1 member')).toBeTruthy();
    expect(api.callsTo('GET /wps/agent/team/search')[0]?.path).toContain('username=deep');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByTestId('team-member-sub01');
  });

  it('switches whether a member may transfer to its upline and says so', async () => {
    const api = mockApi({
      'GET /wps/agent/team/downline': downlineAnswer,
      'PUT /wps/agent/team/members/3/upline-transfer': { memberId: 3, username: 'player01', toUpline: true },
    });
    const { user } = renderWithSite(<DownlinePage />);
    const card = await screen.findByTestId('team-member-player01');
    await user.click(within(card).getByRole('checkbox', { name: 'Cho phép chuyển cho cấp trên' }));
    expect(await within(card).findByText('Đã cho phép player01 chuyển tiền cho cấp trên.')).toBeTruthy();
    expect(api.callsTo('PUT /wps/agent/team/members/3/upline-transfer')[0]?.body).toEqual({ toUpline: true });
  });
});

describe('DownlineTransferDialog', () => {
  beforeAll(registerAgentTeamTranslations);

  it('says the money comes from the agent wallet and checks the amount against it', async () => {
    const api = mockApi({ 'GET /wps/agent/wallet': WALLET, 'GET /wps/member/transfer/permissions': PERMISSIONS });
    const { user } = renderWithSite(<DownlineTransferDialog username="player01" onClose={() => undefined} />);
    expect(screen.getByTestId('transfer-from-agent-wallet').textContent).toBe('Tiền được trừ từ ví đại lý của bạn, không phải ví chính.');
    await screen.findByText(/^Số dư ví đại lý: 500\.000/);
    await user.type(screen.getByLabelText('Số tiền (VND)'), '600000');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Số tiền lớn hơn số dư ví đại lý.');
    expect(api.callsTo('POST /wps/agent/transfer/downline')).toHaveLength(0);
  });

  it('sends one request id per intent: a retry after a refusal draws a new one, and a success says so', async () => {
    let attempt = 0;
    const api = mockApi({
      'GET /wps/agent/wallet': WALLET,
      'GET /wps/member/transfer/permissions': { ...PERMISSIONS, hasPaymentPassword: true },
      'POST /wps/agent/transfer/downline': () => {
        attempt += 1;
        return attempt === 1
          ? new ApiRefusal('payment_password_incorrect', 'Mật khẩu rút tiền không chính xác')
          : { message: 'Chuyển tiền cho cấp dưới thành công: player01, số tiền 50.000 ₫, ghi chú: thưởng' };
      },
    });
    const { user } = renderWithSite(<DownlineTransferDialog username="player01" onClose={() => undefined} />);
    await user.type(await screen.findByLabelText('Số tiền (VND)'), '50000');
    await user.type(screen.getByLabelText('Ghi chú (không bắt buộc)'), 'thưởng');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nhập mật khẩu thanh toán.');
    await user.type(screen.getByLabelText('Mật khẩu thanh toán'), '000000');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mật khẩu rút tiền không chính xác');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    await screen.findByText(/^Chuyển tiền cho cấp dưới thành công: player01/);
    const sent = api.callsTo('POST /wps/agent/transfer/downline').map((c) => c.body as { requestId: string; amount: number });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ username: 'player01', amount: 50_000, note: 'thưởng', paymentPassword: '000000' });
    expect(sent[0]?.requestId).not.toBe(sent[1]?.requestId);
  });
});

describe('DownlineTransferDialog after a lost call', () => {
  beforeAll(registerAgentTeamTranslations);

  it('retries with the same request id, so the server answers the first transfer instead of moving the money twice', async () => {
    let attempt = 0;
    const api = mockApi({
      'GET /wps/agent/wallet': WALLET,
      'GET /wps/member/transfer/permissions': PERMISSIONS,
      'POST /wps/agent/transfer/downline': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { message: 'Chuyển tiền cho cấp dưới thành công: player01, số tiền 10.000 ₫, ghi chú: -' };
      },
    });
    const { user } = renderWithSite(<DownlineTransferDialog username="player01" onClose={() => undefined} />);
    await user.type(await screen.findByLabelText('Số tiền (VND)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    await screen.findByText(/^Chuyển tiền cho cấp dưới thành công/);
    const ids = api.callsTo('POST /wps/agent/transfer/downline').map((c) => (c.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('TeamSearchForm', () => {
  beforeAll(registerAgentTeamTranslations);

  it('asks for part of a username before searching', async () => {
    const onSearch = vi.fn();
    const { user } = renderWithSite(<TeamSearchForm onSearch={onSearch} onClear={() => undefined} isSearching={false} />);
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hãy nhập một phần tên tài khoản để tìm.');
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(screen.getByRole('searchbox', { name: 'Tên tài khoản' }), '  abc ');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    expect(onSearch).toHaveBeenCalledWith('abc');
  });
});
