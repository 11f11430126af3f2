import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { gameFormOf, gamePatchOf, oddsMilliOf, oddsRequestOf } from './lottery-games.tsx';
import { newGameBody, newGameForm } from './lottery-schedule.tsx';

const game = {
  gameId: 'EL1',
  category: 'ELOTT',
  region: 'north',
  province: '',
  name: { vi: 'Xổ số nhanh 1 phút', en: 'Fast lottery 1 min' },
  menuTag: 'EL',
  drawDays: [1, 2, 3, 4, 5, 6, 7],
  drawTime: null,
  intervalSeconds: 60,
  lockSeconds: 10,
  resultSource: 'rng',
  minStake: 1_000,
  maxStake: 5_000_000,
  maxPayoutPerNumber: 100_000_000,
  isEnabled: true,
  sort: 1,
};
const odds = [
  { region: 'north', betType: 'de', oddsMilli: 95_000, stakeMultiplier: 1, isEnabled: true },
  { region: 'north', betType: 'lo2', oddsMilli: 95_000, stakeMultiplier: 27, isEnabled: true },
];
const request = (id: number, requestedBy: number, extra: object = {}) => ({
  id,
  kind: 'odds',
  subject: 'north:lo2',
  change: { region: 'north', betType: 'lo2', oddsMilli: 98_500 },
  before: { oddsMilli: 95_000, stakeMultiplier: 27, isEnabled: true },
  reason: 'Margin review',
  status: 'requested',
  requestedBy,
  decidedBy: null,
  decisionNote: null,
  outcome: null,
  createdAt: new Date(Date.now() - 20 * 60_000).toISOString(),
  decidedAt: null,
  ...extra,
});
const voidRequest = request(8, 7, {
  kind: 'void',
  subject: 'EL1:20261127-0100',
  change: { gameId: 'EL1', numero: '20261127-0100' },
  before: { status: 'open', drawAt: '2026-11-27T01:40:00.000Z', openTickets: 3, openStake: 150_000 },
  reason: 'Draw machine fault',
});

function signIn(id: number, permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id, username: `risk0${id}`, role: 'risk', permissions } as never,
  });
}

const ALL = ['lottery:read', 'lottery:config', 'lottery:result', 'lottery:confirm'];

function server(waiting: object[], answer: (path: string, body: unknown) => ReturnType<typeof ok> = () => ok(request(9, 3))) {
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/lottery/games' ? ok({ list: [game] }) : undefined),
    (call) => (call.path.startsWith('/admin-api/lottery/odds?') ? ok({ list: odds }) : undefined),
    (call) =>
      call.method === 'GET' && call.path.startsWith('/admin-api/lottery/change-requests')
        ? ok({
            ...emptyPage,
            list: call.path.includes('kind=odds') ? waiting.filter((r) => (r as { kind: string }).kind === 'odds') : waiting,
            totalCount: waiting.length,
          })
        : undefined,
    (call) => (call.method === 'POST' || call.method === 'PATCH' ? answer(call.path, call.body) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('odds typed by the operator', () => {
  it('reads odds as thousandths and sends only what changed', () => {
    expect(oddsMilliOf('95')).toBe(95_000);
    expect(oddsMilliOf('98,5')).toBe(98_500);
    expect(oddsMilliOf('3.125')).toBe(3_125);
    for (const bad of ['0', '', '1.2345', 'x', '-2']) expect(oddsMilliOf(bad)).toBeNaN();
    const base = { odds: odds[1] as never, oddsText: '95', multiplierText: '27', isEnabled: true };
    expect(oddsRequestOf(base)).toEqual({ change: null });
    expect(oddsRequestOf({ ...base, oddsText: '98.5', isEnabled: false })).toEqual({ change: { oddsMilli: 98_500, isEnabled: false } });
    expect(oddsRequestOf({ ...base, multiplierText: '0' })).toEqual({ problem: 'multiplier' });
    expect(oddsRequestOf({ ...base, oddsText: 'abc' })).toEqual({ problem: 'odds' });
  });
});

describe('the lottery games and odds screen', () => {
  it('asks for an odds change with a reason; the bet type then shows the waiting request', async () => {
    signIn(3, ALL);
    changeLanguage('en');
    const calls = server([]);
    renderConsole('/lottery-games');
    const row = await screen.findByTestId('odds-north-lo2');
    expect(row.textContent).toContain('Lô 2 digits');
    expect(row.textContent).toContain('27');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Ask for a change' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a change' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Nothing was changed.');
    await user.clear(within(dialog).getByLabelText(/^Pays per unit/));
    await user.type(within(dialog).getByLabelText(/^Pays per unit/), '98,5');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a change' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('3 characters');
    await user.type(within(dialog).getByLabelText('Reason'), 'Margin review');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a change' }));
    expect(await screen.findByText('Request #9 waits for another operator.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin-api/lottery/odds/requests',
      body: { region: 'north', betType: 'lo2', oddsMilli: 98_500, reason: 'Margin review' },
    });
  });

  it("shows another operator's requests to approve or reject, and only a withdrawal on one's own", async () => {
    signIn(3, ALL);
    changeLanguage('en');
    let answered = 0;
    const calls = server(
      [request(5, 7), voidRequest, request(6, 3, { subject: 'north:de', change: { region: 'north', betType: 'de', isEnabled: false } })],
      () => {
        answered += 1;
        return answered === 1
          ? refused(409, 'lottery_period_not_open', 'The draw is not in a state that allows this.')
          : ok(request(8, 7, { status: 'approved' }));
      },
    );
    renderConsole('/lottery-games');
    const user = userEvent.setup();
    expect((await screen.findByTestId('odds-north-lo2')).textContent).toContain('Change #5 waiting');
    await user.click(screen.getByRole('tab', { name: 'Requests' }));
    const odds5 = await screen.findByTestId('change-5');
    expect(odds5.textContent).toContain('Lô 2 digits, North: odds 95 → 98.5');
    expect(odds5.textContent).toContain('operator #7');
    const own = screen.getByTestId('change-6');
    expect(own.textContent).toContain('you');
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    const voiding = screen.getByTestId('change-8');
    expect(voiding.textContent).toMatch(/Fast lottery 1 min \(EL1\), draw 20261127-0100: 3 open tickets, stakes 150,000/);
    await user.click(within(voiding).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('every open ticket refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('not in a state');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request #8 approved.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/admin-api/lottery/change-requests/8/approve',
      '/admin-api/lottery/change-requests/8/approve',
    ]);
  });

  it('asks to void a draw, with a reason', async () => {
    signIn(3, ALL);
    changeLanguage('en');
    const calls = server([]);
    renderConsole('/lottery-games');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Void a draw' }));
    await user.selectOptions(await screen.findByLabelText('Game'), 'EL1');
    await user.type(screen.getByLabelText('Draw number'), '20261127-0100');
    await user.click(screen.getByRole('button', { name: 'Ask to void' }));
    expect(screen.getByRole('alert').textContent).toContain('3 characters');
    await user.type(screen.getByLabelText('Reason'), 'Draw machine fault');
    await user.click(screen.getByRole('button', { name: 'Ask to void' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/admin-api/lottery/voids',
        body: { gameId: 'EL1', numero: '20261127-0100', reason: 'Draw machine fault' },
      }),
    );
  });

  it('offers nothing to change with lottery:read alone', async () => {
    signIn(4, ['lottery:read']);
    changeLanguage('en');
    server([request(5, 7)]);
    renderConsole('/lottery-games');
    await screen.findByTestId('odds-north-de');
    expect(screen.queryByRole('button', { name: 'Ask for a change' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Void a draw' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Requests' }));
    const row = await screen.findByTestId('change-5');
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe("a lottery game's edit", () => {
  it('sends only the fields changed, and names a field that is not a whole number or stakes the wrong way round', () => {
    const form = gameFormOf(game as never);
    expect(gamePatchOf(game as never, form)).toEqual({ patch: null });
    expect(gamePatchOf(game as never, { ...form, maxStake: '10.000.000', isEnabled: false })).toEqual({
      patch: { maxStake: 10_000_000, isEnabled: false },
    });
    expect(gamePatchOf(game as never, { ...form, lockSeconds: '1,5s' })).toEqual({ problem: 'lockSeconds' });
    expect(gamePatchOf(game as never, { ...form, minStake: '9000000' })).toEqual({ problem: 'stakes' });
  });

  it('edits a game with lottery:config and shows it saved', async () => {
    signIn(3, ALL);
    changeLanguage('en');
    const calls = server([], (path) => (path.startsWith('/admin-api/lottery/games/') ? ok({ ...game, maxStake: 9_000_000 }) : ok({})));
    renderConsole('/lottery-games');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    const row = await screen.findByTestId('lottery-game-EL1');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Most stake per ticket'));
    await user.type(within(dialog).getByLabelText('Most stake per ticket'), '9000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fast lottery 1 min (EL1) saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/admin-api/lottery/games/EL1',
      body: { maxStake: 9_000_000 },
    });
  });
});

describe("a lottery game's schedule", () => {
  const station = {
    ...game,
    gameId: 'DNAI',
    category: 'LOTT',
    region: 'south',
    province: 'Đồng Nai',
    name: { vi: 'Đồng Nai', en: 'Dong Nai' },
    drawDays: [4],
    drawTime: '16:15',
    intervalSeconds: null,
    lockSeconds: 900,
  };

  it("sends a station's new weekdays and draw time, and refuses a schedule without a day or a time", () => {
    const form = gameFormOf(station as never);
    expect(gamePatchOf(station as never, form)).toEqual({ patch: null });
    expect(gamePatchOf(station as never, { ...form, drawDays: [1, 4], drawTime: '17:00' })).toEqual({
      patch: { drawDays: [4, 1], drawTime: '17:00' },
    });
    expect(gamePatchOf(station as never, { ...form, drawDays: [] })).toEqual({ problem: 'drawDays' });
    expect(gamePatchOf(station as never, { ...form, drawTime: '25:00' })).toEqual({ problem: 'drawTime' });
    // A fast game's interval is not in the form: nothing of the schedule is sent for it.
    expect(gamePatchOf(game as never, { ...gameFormOf(game as never), drawDays: [2], drawTime: '10:00' })).toEqual({ patch: null });
  });

  it('checks a new game before sending it: a station needs days and a time, a fast game closes betting before its next draw', () => {
    const form = { ...newGameForm(), gameId: 'DNAI', province: 'Đồng Nai', nameVi: 'Đồng Nai', nameEn: 'Dong Nai' };
    expect(newGameBody(form)).toEqual({ problem: 'drawDays' });
    expect(newGameBody({ ...form, drawDays: [4, 2] })).toEqual({
      body: {
        gameId: 'DNAI',
        category: 'LOTT',
        region: 'south',
        province: 'Đồng Nai',
        name: { vi: 'Đồng Nai', en: 'Dong Nai' },
        menuTag: 'MN',
        drawDays: [2, 4],
        drawTime: '16:15',
        lockSeconds: 900,
        resultSource: 'official',
        minStake: 1_000,
        maxStake: 5_000_000,
        maxPayoutPerNumber: 500_000_000,
        sort: 0,
      },
    });
    const fast = { ...form, gameId: 'EL5', category: 'ELOTT' as const, intervalMinutes: '5', lockSeconds: '300' };
    expect(newGameBody(fast)).toEqual({ problem: 'lockTooLong' });
    const body = newGameBody({ ...fast, lockSeconds: '30', resultSource: 'rng' });
    expect(body).toMatchObject({ body: { intervalSeconds: 300, lockSeconds: 30, resultSource: 'rng' } });
    expect('body' in body && 'drawTime' in body.body).toBe(false);
    expect(newGameBody({ ...form, gameId: 'Đồng Nai' })).toEqual({ problem: 'gameId' });
    expect(newGameBody({ ...form, drawDays: [4], minStake: '6000000' })).toEqual({ problem: 'stakes' });
  });

  it('adds a station from the console and shows the rule for open draws', async () => {
    signIn(3, ALL);
    changeLanguage('en');
    const calls = server([], (path, body) => (path === '/admin-api/lottery/games' ? ok({ ...station, ...(body as object) }) : ok({})));
    renderConsole('/lottery-games');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    expect(await screen.findByText(/a draw already open for betting keeps its day, its draw time and its closing time/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a game' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Code (letters, digits, - and _)'), 'DNAI');
    await user.type(within(dialog).getByLabelText('Province'), 'Đồng Nai');
    await user.type(within(dialog).getByLabelText('Name in Vietnamese'), 'Đồng Nai');
    await user.type(within(dialog).getByLabelText('Name in English'), 'Dong Nai');
    await user.click(within(dialog).getByRole('button', { name: 'Add the game' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tick at least one draw day.');
    await user.click(within(dialog).getByLabelText('Wed'));
    await user.click(within(dialog).getByRole('button', { name: 'Add the game' }));
    expect(await screen.findByText('Dong Nai (DNAI) added; its draws open with the next round of the schedule.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin-api/lottery/games',
      body: { gameId: 'DNAI', category: 'LOTT', drawDays: [4], drawTime: '16:15', lockSeconds: 900 },
    });
  });

  it("shows the server's refusal of a schedule as its sentence, in the dialog", async () => {
    signIn(3, ALL);
    changeLanguage('en');
    server([], () =>
      refused(
        409,
        'lottery_interval_fixed',
        "A fast game's time between draws cannot change, since its draw numbers count draws at that pace. Add a new game with the new time and turn this one off.",
      ),
    );
    renderConsole('/lottery-games');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    await user.click(within(await screen.findByTestId('lottery-game-EL1')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('A fast game draws every 60 s');
    await user.click(within(dialog).getByLabelText('Offered to players'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Add a new game with the new time');
  });
});
