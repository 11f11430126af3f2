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
  settings: { ...terms, name: '', streamUrl: '', limits: { min: 1_000, max: 10_000_000, drawMax: 1_000_000 } },
  closedAt: null,
  fight: fight(phase),
  history: [],
});

function serve(phase: 'betting' | 'closed' | 'settled', answer?: () => ReturnType<typeof ok>, more: ArenaView[] = []) {
  return fakeServer([
    (call) =>
      call.method === 'GET' && call.path === '/admin-api/house/cockfight' ? ok({ arenas: [arenaWith(phase), ...more] }) : undefined,
    (call) =>
      call.method === 'POST' && call.path.startsWith('/admin-api/house/cockfight/') ? (answer?.() ?? ok(arenaWith('settled'))) : undefined,
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
      ['/admin-api/house/cockfight/a1/result', { result: 'wala', fight: 3 }],
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
    const settings = screen.getByRole('heading', { name: 'Thiết lập sới' }).closest('form') as HTMLFormElement;
    await user.type(within(settings).getByLabelText(/Địa chỉ phát trực tiếp/), 'https://video.example/a1');
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

  it('creates an arena with a name, its stream and mode, and names each arena as members see it', async () => {
    login();
    changeLanguage('en');
    const second: ArenaView = {
      ...arenaWith('betting'),
      arenaId: 'a2',
      settings: { ...arenaWith('betting').settings, name: 'Can Tho pit' },
    };
    const calls = serve('settled', undefined, [second]);
    renderConsole('/cockfight');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Arena 1 a1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Can Tho pit a2' })).toBeTruthy();
    const create = screen.getByRole('heading', { name: 'New arena' }).closest('form') as HTMLFormElement;
    await user.click(within(create).getByRole('button', { name: 'Create arena' }));
    expect(within(create).getByText('Give the arena a name members will recognise, then create it.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(create).getByLabelText('Name members see'), ' Hau Giang pit ');
    await user.type(within(create).getByLabelText(/Live stream address/), 'https://video.example/hg');
    await user.selectOptions(within(create).getByLabelText('Mode'), 'fixed');
    await user.click(within(create).getByRole('button', { name: 'Create arena' }));
    expect(await screen.findByText('Done: the arena Hau Giang pit is created.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/admin-api/house/cockfight/arenas', { name: 'Hau Giang pit', mode: 'fixed', streamUrl: 'https://video.example/hg' }],
    ]);
  });

  it('closes an arena only after a confirmation, shows the refusal while a fight is under way, and keeps a closed arena’s past fights', async () => {
    login();
    changeLanguage('en');
    const closed: ArenaView = {
      ...arenaWith('settled'),
      arenaId: 'a2',
      settings: { ...arenaWith('settled').settings, name: 'Can Tho pit' },
      closedAt: Date.UTC(2026, 10, 20, 9),
      fight: null,
      history: [{ ...fight('settled'), fight: 7, result: 'meron', declared: 'meron', paid: 9_000 }],
    };
    let answers = 0;
    const calls = serve(
      'betting',
      () =>
        answers++ === 0
          ? refused(
              409,
              'cockfight_arena_busy',
              'This arena still has a fight under way; close its betting, declare its result and let it settle before closing the arena.',
            )
          : ok({ ...arenaWith('settled'), closedAt: Date.now() }),
      [closed],
    );
    renderConsole('/cockfight');
    const user = userEvent.setup();
    // The closed arena: its date, no buttons, its past fights.
    const past = await screen.findByTestId('arena-a2');
    expect(past.textContent).toContain('Closed on');
    expect(past.textContent).toContain('members do not see it');
    expect(within(past).queryByRole('button')).toBeNull();
    expect(within(past).getByTestId('fight-7').textContent).toContain('Meron');

    const open = screen.getByTestId('arena-a1');
    await user.click(within(open).getByRole('button', { name: 'Close arena' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Members no longer see this arena/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close arena' }));
    expect(await within(dialog).findByText(/still has a fight under way/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close arena' }));
    expect(await screen.findByText('Done: the arena Arena 1 is closed.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/admin-api/house/cockfight/a1/retire', {}],
      ['/admin-api/house/cockfight/a1/retire', {}],
    ]);
  });
});
