import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { ruleBody, ruleForm } from './earning-rules.tsx';
import { itemBody, itemForm, stockDeltaOf } from './point-mall.tsx';

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'support01', role: 'support', permissions } as never,
  });
}

const order = (id: number, status = 'processing') => ({
  id,
  transactionNo: `PM20261127${String(id).padStart(10, '0')}`,
  type: 'gift',
  productName: 'Lotus umbrella',
  quantity: 2,
  pointsNeeded: 1_600,
  amount: null,
  currency: 'VND',
  status,
  time: '2026-11-27T02:00:00.000Z',
  remark: null,
  memberId: 7,
  username: 'player01',
  itemId: 3,
  address: '12 Lê Lợi, Huế',
  mobile: '0901234567',
  decidedAt: null,
});
const gift = {
  id: 3,
  input: {
    kind: 'gift',
    names: { vi: 'Ô Lotus', en: 'Lotus umbrella', th: 'ร่ม' },
    descriptions: {},
    imageUrl: null,
    pointsCost: 800,
    cashAmount: null,
    promotionId: null,
    stock: 5,
    limitPerMember: 2,
    isEnabled: true,
    sortOrder: 0,
  },
  redeemedCount: 4,
  updatedAt: '2026-11-27T00:00:00.000Z',
};

function server() {
  let orders = [order(1), order(2)];
  return fakeServer([
    (call) => {
      const decided = /^\/admin-api\/point-mall\/orders\/(\d+)\/(fulfil|reject)$/.exec(call.path);
      if (!decided) return undefined;
      const id = Number(decided[1]);
      if (id === 2 && decided[2] === 'fulfil')
        return refused(409, 'mall_order_closed', 'This exchange order has already been handled. Reload the list.');
      orders = orders.filter((o) => o.id !== id);
      return ok({ ...order(id), status: decided[2] === 'fulfil' ? 'completed' : 'rejected' });
    },
    (call) =>
      call.path.startsWith('/admin-api/point-mall/orders?status=processing')
        ? ok({ ...emptyPage, list: orders, totalCount: orders.length })
        : undefined,
    (call) => (call.path === '/admin-api/point-mall/items' && call.method === 'GET' ? ok({ list: [gift] }) : undefined),
    (call) => (call.path.startsWith('/admin-api/point-mall/items') ? ok(gift) : undefined),
    (call) => (call.path === '/admin-api/points/rules' && call.method === 'GET' ? ok({ list: [] }) : undefined),
    (call) => (call.path.startsWith('/admin-api/points/rules') ? ok({}) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('the points mall forms', () => {
  it('reads an item: a gift needs a stock, game points a cash amount, other languages kept', () => {
    const form = { ...itemForm(), nameEn: 'Cap', pointsCost: '1.000', stock: '' };
    expect(itemBody(form)).toEqual({ problem: 'stock' });
    expect(itemBody({ ...form, stock: '10' })).toMatchObject({
      body: { kind: 'gift', names: { en: 'Cap' }, pointsCost: 1_000, stock: 10 },
    });
    expect(itemBody({ ...form, kind: 'game_points', cashAmount: '' })).toEqual({ problem: 'cashAmount' });
    expect(itemBody({ ...form, kind: 'game_points', cashAmount: '100.000', promotionId: '4' })).toMatchObject({
      body: { kind: 'game_points', cashAmount: 100_000, promotionId: 4, stock: null },
    });
    expect(itemBody({ ...form, nameEn: '' })).toEqual({ problem: 'name' });
    expect(itemBody({ ...form, stock: '1', limitPerMember: '0' })).toEqual({ problem: 'limit' });
    expect(itemBody({ ...form, stock: '1', imageUrl: 'not a url' })).toEqual({ problem: 'image' });
    const edited = itemBody(itemForm(gift.input as never), gift.input as never);
    expect(edited).toMatchObject({ body: { names: { vi: 'Ô Lotus', en: 'Lotus umbrella', th: 'ร่ม' } } });
    expect([stockDeltaOf('+5'), stockDeltaOf('-3'), stockDeltaOf('−2'), stockDeltaOf('0'), stockDeltaOf('1.5x')]).toEqual([
      5,
      -3,
      -2,
      Number.NaN,
      Number.NaN,
    ]);
  });

  it('reads an earning rule with only the fields its event uses', () => {
    const base = { ...ruleForm(), ruleKey: 'daily_bet', amount: '20', streakDays: '7', minDeposit: '100' };
    expect(ruleBody({ ...base, event: 'valid_bet', validBetMin: '' })).toEqual({ problem: 'validBetMin' });
    expect(ruleBody({ ...base, event: 'valid_bet', category: 'LIVE', validBetMin: '1.000.000' })).toEqual({
      body: {
        ruleKey: 'daily_bet',
        event: 'valid_bet',
        amount: 20,
        dailyCap: null,
        streakDays: null,
        minDeposit: null,
        category: 'LIVE',
        validBetMin: 1_000_000,
        isEnabled: true,
      },
    });
    expect(ruleBody({ ...base, event: 'sign_in_streak', streakDays: '1' })).toEqual({ problem: 'streakDays' });
    expect(ruleBody({ ...base, ruleKey: 'Bad Key' })).toEqual({ problem: 'key' });
    expect(ruleBody({ ...base, amount: '0' })).toEqual({ problem: 'amount' });
  });
});

describe('the points mall screen', () => {
  it('counts the waiting gift orders, fulfils one, shows a refusal, and rejects only with a reason', async () => {
    signIn(['point-mall:read', 'point-mall:fulfil']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/point-mall');
    const row = await screen.findByTestId('mall-order-1');
    expect(row.textContent).toContain('Lotus umbrella × 2');
    expect(row.textContent).toContain('12 Lê Lợi, Huế · 0901234567');
    expect(row.textContent).toContain('1,600');
    const nav = screen.getByRole('link', { name: /Points mall/ });
    await waitFor(() => expect(nav.textContent).toContain('2'));

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Fulfil' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Remark/), 'Sent by courier');
    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));
    expect(await screen.findByText(/Order PM20261127\d+1 fulfilled/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin-api/point-mall/orders/1/fulfil')?.body).toEqual({ remark: 'Sent by courier' });
    await waitFor(() => expect(screen.queryByTestId('mall-order-1')).toBeNull());

    // The server's refusal stays in the dialog.
    await user.click(within(screen.getByTestId('mall-order-2')).getByRole('button', { name: 'Fulfil' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already been handled');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(screen.getByTestId('mall-order-2')).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('reason');
    expect(calls.some((c) => c.path === '/admin-api/point-mall/orders/2/reject')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Out of this colour');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/admin-api/point-mall/orders/2/reject')?.body).toEqual({ remark: 'Out of this colour' }),
    );
  });

  it('hides the decisions without point-mall:fulfil', async () => {
    signIn(['point-mall:read']);
    changeLanguage('en');
    server();
    renderConsole('/point-mall');
    const row = await screen.findByTestId('mall-order-1');
    expect(within(row).queryByRole('button', { name: 'Fulfil' })).toBeNull();
  });

  it('adds a gift, edits one and changes its stock, and adds an earning rule', async () => {
    signIn(['point-mall:read', 'point-mall:write']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/point-mall');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Items' }));
    const row = await screen.findByTestId('mall-item-3');
    expect(row.textContent).toContain('Lotus umbrella');
    expect(row.textContent).toContain('Delivered by the team');

    await user.click(screen.getByRole('button', { name: 'New item' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name (English)'), 'Lotus cap');
    await user.type(within(dialog).getByLabelText('Points per unit'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('stock');
    await user.type(within(dialog).getByLabelText(/^Stock/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/admin-api/point-mall/items')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/admin-api/point-mall/items')?.body).toMatchObject({
      kind: 'gift',
      names: { en: 'Lotus cap' },
      pointsCost: 500,
      stock: 20,
      cashAmount: null,
    });

    await user.click(within(await screen.findByTestId('mall-item-3')).getByRole('button', { name: 'Stock ±' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Units to add/), '-6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('more units than the stock');
    await user.clear(within(dialog).getByLabelText(/Units to add/));
    await user.type(within(dialog).getByLabelText(/Units to add/), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/admin-api/point-mall/items/3/stock')?.body).toEqual({ delta: -2 }));

    await user.click(screen.getByRole('tab', { name: 'Earning rules' }));
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Key/), 'deposit_50');
    await user.selectOptions(within(dialog).getByLabelText('When'), 'deposit');
    await user.type(within(dialog).getByLabelText(/Least deposit/), '200.000');
    await user.type(within(dialog).getByLabelText('Points'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/admin-api/points/rules')?.body).toEqual({
        ruleKey: 'deposit_50',
        event: 'deposit',
        amount: 50,
        dailyCap: null,
        streakDays: null,
        minDeposit: 200_000,
        category: null,
        validBetMin: null,
        isEnabled: true,
      }),
    );
  });
});
