import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { batchBody, emptyBatchForm } from './redeem-codes.tsx';

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'finance01', role: 'finance', permissions } as never,
  });
}

const code = (id: number, text: string, batch: string, extra: object = {}) => ({
  id,
  code: text,
  kind: 'single',
  batch,
  cap: 1,
  redeemed: 0,
  reward: { kind: 'points', amount: 100 },
  state: 'active',
  startsAt: '2026-11-01T00:00:00.000Z',
  expiresAt: '2099-12-31T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});
const shared = code(1, 'LOTUS2026', 'launch', { kind: 'shared', cap: 500, redeemed: 500, reward: { kind: 'cash', amount: 10_000 } });
const single = code(2, 'VIPAB3CD5EFGH', 'vip-dec');

function server() {
  return fakeServer([
    (call) =>
      call.path === '/admin-api/redeem-codes/batches' ? ok({ batch: (call.body as { batch: string }).batch, created: 3 }) : undefined,
    (call) =>
      call.path === '/admin-api/redeem-codes/batches/broken/export'
        ? refused(403, 'admin_forbidden', 'Your role may not do this.')
        : undefined,
    (call) => (call.path.endsWith('/export') ? ok('code,kind\n') : undefined),
    (call) => (call.path === '/admin-api/redeem-codes' ? ok({ list: [shared, single] }) : undefined),
    (call) => (call.path.startsWith('/admin-api/redeem-codes?batch=') ? ok({ list: [single] }) : undefined),
    (call) => (call.path.startsWith('/admin-api/redeem-codes/') ? ok({}) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('the redeem code batch form', () => {
  const filled = {
    ...emptyBatchForm(),
    batch: 'dec-gift',
    count: '200',
    prefix: 'dec',
    reward: { kind: 'cash' as const, amount: '20.000', promotionId: '' },
    vipLevels: '1, 2',
    expiresAt: '2026-12-31T23:59',
  };

  it('reads single-use batches and shared codes with their audience and dates', () => {
    const single = batchBody(filled);
    expect(single).toMatchObject({
      body: {
        kind: 'single',
        batch: 'dec-gift',
        count: 200,
        prefix: 'DEC',
        reward: { kind: 'cash', amount: 20_000 },
        audience: { vipLevels: [1, 2] },
      },
    });
    expect('body' in single && single.body.expiresAt).toBe(new Date('2026-12-31T23:59').toISOString());
    expect(batchBody({ ...filled, kind: 'shared', code: 'xmas-2026', cap: '50', newMemberDays: '30' })).toMatchObject({
      body: { kind: 'shared', code: 'XMAS-2026', cap: 50, audience: { vipLevels: [1, 2], newMemberDays: 30 } },
    });
    expect(batchBody({ ...filled, count: '5001' })).toEqual({ problem: 'count' });
    expect(batchBody({ ...filled, expiresAt: '' })).toEqual({ problem: 'expiresAt' });
    expect(batchBody({ ...filled, startsAt: '2027-01-01T00:00' })).toEqual({ problem: 'expiresAt' });
    expect(batchBody({ ...filled, vipLevels: '1, x' })).toEqual({ problem: 'vipLevels' });
    expect(batchBody({ ...filled, kind: 'shared', code: 'AB', cap: '5' })).toEqual({ problem: 'code' });
    expect(batchBody({ ...filled, kind: 'shared', code: 'ABCD', cap: '0' })).toEqual({ problem: 'cap' });
  });
});

describe('the redeem codes screen', () => {
  it('lists codes with their use, generates a batch, exports its CSV and disables a code', async () => {
    signIn(['promotion:read', 'promotion:write']);
    changeLanguage('en');
    const calls = server();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderConsole('/redeem-codes');
    const row = await screen.findByTestId('redeem-code-LOTUS2026');
    expect(row.textContent).toContain('500 / 500');
    expect(row.textContent).toContain('Used up');
    expect(row.textContent).toContain('Cash 10,000');
    expect(screen.getByTestId('redeem-code-VIPAB3CD5EFGH').textContent).toContain('100 points');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New codes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Batch/), 'vip-dec');
    await user.type(within(dialog).getByLabelText(/^How many codes/), '3');
    await user.type(within(dialog).getByLabelText(/^Amount/), '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('expiry');
    await user.type(within(dialog).getByLabelText(/^Expires/), '2026-12-31T23:59');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('3 codes made in batch vip-dec.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin-api/redeem-codes/batches')?.body).toMatchObject({
      kind: 'single',
      batch: 'vip-dec',
      count: 3,
      reward: { kind: 'cash', amount: 50_000 },
      audience: {},
    });
    // The list shows the new batch, which can be exported.
    await waitFor(() => expect(screen.queryByTestId('redeem-code-LOTUS2026')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Export vip-dec (CSV)' }));
    expect(await screen.findByText('The codes of vip-dec were saved as a CSV file.')).toBeTruthy();
    const exported = calls.find((c) => c.path === '/admin-api/redeem-codes/batches/vip-dec/export');
    expect(exported?.headers.authorization).toBe('Bearer t');
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(within(screen.getByTestId('redeem-code-VIPAB3CD5EFGH')).getByRole('button', { name: 'Disable' }));
    const disabling = await screen.findByRole('dialog');
    await user.click(within(disabling).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/admin-api/redeem-codes/2/state')?.body).toEqual({ state: 'disabled' }));
  });

  it('shows a refused export in the operator’s language', async () => {
    signIn(['promotion:read', 'promotion:write']);
    changeLanguage('en');
    server();
    renderConsole('/redeem-codes');
    const user = userEvent.setup();
    await screen.findByTestId('redeem-code-LOTUS2026');
    await user.type(screen.getByLabelText('Batch'), 'broken');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Export broken (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
  });

  it('reads only without promotion:write', async () => {
    vi.restoreAllMocks();
    signIn(['promotion:read']);
    changeLanguage('vi');
    server();
    renderConsole('/redeem-codes');
    const row = await screen.findByTestId('redeem-code-LOTUS2026');
    expect(row.textContent).toContain('Đã hết lượt');
    expect(screen.queryByRole('button', { name: 'Tạo mã' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Vô hiệu hoá' })).toBeNull();
  });
});
