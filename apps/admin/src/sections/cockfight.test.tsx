import type { ArenaView } from '@platform/contracts/cockfight';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { oddsOf } from '../lib/format.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const terms = { mode: 'pari-mutuel' as const, commissionBp: 500, odds: { meron: 1_900, wala: 1_900 } };
const fight = (phase: 'betting' | 'closed' | 'settled') => ({
  fight: 3,
  phase,
  terms,
  pools: { meron: 6_000, wala: 4_000, draw: 1_000 },
  betCount: 3,
  per100: { meron: 15_833, wala: 23_750 },
  result: null,
  declared: null,
  openedAt: 1,
  closedAt: null,
  settledAt: null,
  staked: 11_000,
  paid: 0,
});
const arenaWith = (phase: 'betting' | 'closed' | 'settled'): ArenaView => ({
  arenaId: 'a1',
  gameCode: 'cockfight',
  settings: { ...terms, streamUrl: '', limits: { min: 1_000, max: 10_000_000, drawMax: 1_000_000 } },
  fight: fight(phase),
  history: [],
});

function serve(phase: 'betting' | 'closed' | 'settled', answer?: () => ReturnType<typeof ok>) {
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/house/cockfight' ? ok({ arenas: [arenaWith(phase)] }) : undefined),
    (call) =>
      call.method === 'POST' && call.path.startsWith('/admin-api/house/cockfight/a1/')
        ? (answer?.() ?? ok(arenaWith('settled')))
        : undefined,
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}
const login = (permissions?: string[]) =>
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 1, username: 'risk1', role: 'risk', ...(permissions ? { permissions } : {}) },
  } as Parameters<typeof setSession>[0]);

describe('the cockfight arena screen', () => {
  it('reads odds typed with a point or a comma, and refuses anything else', () => {
    expect(oddsOf('1.95')).toBe(1_950);
    expect(oddsOf('2,1')).toBe(2_100);
    expect(oddsOf('1.9x')).toBeNaN();
  });

  it('shows the live pools and returns per 100, and declares a result only after a confirmation', async () => {
    login();
    changeLanguage('en');
    const calls = serve('closed');
    renderConsole('/cockfight');
    const user = userEvent.setup();
    const panel = await screen.findByTestId('cockfight-a1');
    expect(panel.textContent).toContain('Fight #3');
    expect(panel.textContent).toContain('Betting closed');
    expect(panel.textContent).toContain('Per 100: 158.33');
    expect(panel.textContent).toContain('Per 100: 237.50');
    expect(within(panel).getByRole('button', { name: 'Open next fight' })).toHaveProperty('disabled', true);
    await user.click(within(panel).getByRole('button', { name: 'Declare Wala' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Declare Wala' }));
    expect(await screen.findByText('Done: Declare Wala.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/admin-api/house/cockfight/a1/result', { result: 'wala' }],
    ]);
  });

  it('checks the settings form, shows the server’s refusal in the operator’s language, and hides the buttons without game:write', async () => {
    login();
    changeLanguage('vi');
    const calls = serve('settled', () => refused(400, 'cockfight_invalid', 'Thiết lập sới đá gà chưa hợp lệ.'));
    const { unmount } = renderConsole('/cockfight');
    const user = userEvent.setup();
    const odds = await screen.findByLabelText('Tỷ lệ Meron');
    await user.clear(odds);
    await user.type(odds, 'cao');
    await user.click(screen.getByRole('button', { name: 'Lưu thiết lập' }));
    expect(screen.getByText('Chỉ nhập số: phí từ 0 đến 20, tỷ lệ dạng 1.95, số tiền cược là số nguyên.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(odds);
    await user.type(odds, '1.85');
    await user.type(screen.getByLabelText(/Địa chỉ phát trực tiếp/), 'https://video.example/a1');
    await user.click(screen.getByRole('button', { name: 'Lưu thiết lập' }));
    expect(await screen.findByText('Thiết lập sới đá gà chưa hợp lệ.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        mode: 'pari-mutuel',
        commissionBp: 500,
        odds: { meron: 1_850, wala: 1_900 },
        streamUrl: 'https://video.example/a1',
        limits: { min: 1_000, max: 10_000_000, drawMax: 1_000_000 },
      },
    ]);
    unmount();

    login(['game:read']);
    serve('betting');
    renderConsole('/cockfight');
    const readOnly = await screen.findByTestId('cockfight-a1');
    expect(within(readOnly).queryByRole('button')).toBeNull();
  });
});
