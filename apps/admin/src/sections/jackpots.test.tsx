import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { hundredthsOf, ruleBody, ruleFormOf } from './jackpots.tsx';

const rule = { base: 12_345_678_900, growthPerTick: 16_511, tickMs: 3_000, startedAt: '2026-11-22T00:00:00.000Z' };
const view = (extra: object = {}) => ({
  vendorCode: 'HOUSE',
  isPublishing: true,
  readAt: '2026-11-27T03:00:00.000Z',
  currency: 'VND',
  pools: [
    { gameCode: 'jackpot-wheel', name: { vi: 'Vòng quay hũ', en: 'Jackpot wheel' }, currency: 'VND', amount: 52_000_000, isCounted: true },
    { gameCode: 'jackpot-wheel', name: { vi: 'Vòng quay hũ', en: 'Jackpot wheel' }, currency: 'USD', amount: 2_000_00, isCounted: false },
  ],
  source: 'pools',
  counter: { value: 5_200_033_022, base: 5_200_000_000, startedAt: '2026-11-27T03:00:00.000Z', serverTime: '2026-11-27T03:00:06.000Z' },
  rule,
  ...extra,
});

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 3, username: 'risk01', role: 'risk', permissions } as never,
  });
}

describe('the display rule typed in the console', () => {
  it('reads amounts with two decimals and group separators as hundredths', () => {
    expect(hundredthsOf('165.11')).toBe(16_511);
    expect(hundredthsOf('165,11')).toBe(16_511);
    expect(hundredthsOf('123,456,789.00')).toBe(12_345_678_900);
    expect(hundredthsOf('123.456.789,5')).toBe(12_345_678_950);
    expect(hundredthsOf('7')).toBe(700);
    for (const bad of ['', '1.2345', '-5', 'abc', '1.2.3']) expect(hundredthsOf(bad)).toBeNaN();
  });

  it('sends the rule in hundredths and milliseconds, or names the field to correct', () => {
    const form = ruleFormOf(rule);
    expect(form).toEqual({ base: '123456789.00', growth: '165.11', tick: '3', isRestarted: false });
    expect(ruleBody({ ...form, isRestarted: true })).toEqual({
      body: { base: 12_345_678_900, growthPerTick: 16_511, tickMs: 3_000, isRestarted: true },
    });
    expect(ruleBody({ ...form, tick: '0.1' })).toEqual({ problem: 'tick' });
    expect(ruleBody({ ...form, growth: '20000000' })).toEqual({ problem: 'growth' });
    expect(ruleBody({ ...form, base: 'x' })).toEqual({ problem: 'base' });
  });
});

describe('the jackpots screen', () => {
  it('shows the pools, which of them the home counter adds up, and the counter running on them', async () => {
    signIn(['game:read']);
    changeLanguage('en');
    fakeServer([(call) => (call.path === '/admin-api/games/jackpot/pools' ? ok(view()) : undefined)]);
    renderConsole('/jackpots');
    const counter = await screen.findByTestId('jackpot-counter');
    expect(counter.textContent).toContain('52,000,330.22 VND');
    expect(counter.textContent).toContain('The counter starts from the sum of the pools in VND');
    const pools = screen.getAllByTestId('pool-jackpot-wheel');
    expect(pools[0]?.textContent).toContain('Jackpot wheel (jackpot-wheel)');
    expect(pools[0]?.textContent).toContain('Yes');
    expect(pools[1]?.textContent).toContain('No, another currency');
    expect(screen.queryByRole('button', { name: 'Edit the rule' })).toBeNull();
  });

  it('says when the game server does not answer, and saves a new rule with game:write', async () => {
    signIn(['game:read', 'game:write']);
    changeLanguage('vi');
    const calls = fakeServer([
      (call) =>
        call.path === '/admin-api/games/jackpot/pools'
          ? ok(view({ isPublishing: false, readAt: null, pools: [], source: 'rule' }))
          : undefined,
      (call) => (call.method === 'PUT' ? ok(rule) : undefined),
    ]);
    renderConsole('/jackpots');
    const counter = await screen.findByTestId('jackpot-counter');
    expect(counter.textContent).toContain('Máy chủ trò chơi của nhà cái không trả lời');
    expect(screen.getByText('Không có hũ nào được công bố.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sửa quy tắc' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Nhịp (giây)'));
    await user.type(within(dialog).getByLabelText('Nhịp (giây)'), '0,1');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu quy tắc' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Nhập nhịp bằng giây, từ 0,25 đến 3.600.');
    await user.clear(within(dialog).getByLabelText('Nhịp (giây)'));
    await user.type(within(dialog).getByLabelText('Nhịp (giây)'), '5');
    await user.click(within(dialog).getByLabelText(/Bắt đầu lại từ giá trị gốc/));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu quy tắc' }));
    expect(await screen.findByText('Đã lưu quy tắc hiển thị; trang hiển thị ngay.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/admin-api/games/jackpot',
      body: { base: 12_345_678_900, growthPerTick: 16_511, tickMs: 5_000, isRestarted: true },
    });
  });
});
