import type { SportsbookOverview } from '@platform/contracts/sportsbook-operator';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { correctScoresOf, lineOf } from './sportsbook.tsx';

const limits = {
  minStake: 1_000,
  maxStake: 50_000_000,
  maxStakeByType: {},
  maxStakePerEvent: 100_000_000,
  maxStakeByEvent: {},
  maxPayout: 500_000_000,
  liabilityLimit: 2_000_000_000,
  inPlayDelayMs: 5_000,
  cashOutMarginBp: 500,
};
const overview = (riskStopped: boolean): SportsbookOverview => ({
  events: [
    {
      event: {
        id: 'op-1',
        kind: 'match',
        sportId: 'football',
        competition: { id: 'fb-premier', name: 'Lotus Premier League' },
        name: 'Hanoi Lotus – Saigon Stars',
        startsAt: Date.UTC(2026, 10, 28, 12),
        phase: 'prematch',
        cancelled: false,
      },
      worstPayout: 20_000,
      markets: [
        {
          marketId: 'op-1:1x2:ft',
          worstPayout: 20_000,
          riskStopped,
          selections: { home: { stake: 10_000, bets: 1, payout: 20_000 }, away: { stake: 2_000, bets: 1, payout: 8_000 } },
          market: {
            id: 'op-1:1x2:ft',
            key: '1x2:ft',
            type: '1x2',
            period: 'ft',
            name: '1X2',
            status: riskStopped ? 'suspended' : 'open',
            selections: [
              { id: 'home', name: 'Hanoi Lotus', odds: 2_000 },
              { id: 'draw', name: 'Draw', odds: 3_400 },
              { id: 'away', name: 'Saigon Stars', odds: 4_000 },
            ],
          },
        },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  sports: [{ id: 'football', name: 'Football', count: 1 }],
  limits: { ...limits, liabilityLimit: 25_000 },
  defaults: limits,
  riskStops: riskStopped ? ['op-1:1x2:ft'] : [],
  eventLimits: [],
  stops: riskStopped ? [{ marketId: 'op-1:1x2:ft', event: 'Hanoi Lotus – Saigon Stars', market: '1X2', worstPayout: 20_000 }] : [],
  owed: [],
});

/** An outright with an outright market (two places paid), in a list of 45 events (page 2 of 3). */
const outrightOverview = (): SportsbookOverview => ({
  ...overview(false),
  events: [
    {
      event: {
        id: 'op-2',
        kind: 'outright',
        sportId: 'football',
        competition: { id: 'fb-cup', name: 'Mekong Cup' },
        name: 'Mekong Cup winner',
        startsAt: Date.UTC(2026, 11, 20, 12),
        phase: 'prematch',
        cancelled: false,
        competitors: ['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial'],
      },
      worstPayout: 0,
      markets: [
        {
          marketId: 'op-2:outright:2',
          worstPayout: 0,
          riskStopped: false,
          selections: {},
          market: {
            id: 'op-2:outright:2',
            key: 'outright:2',
            type: 'outright',
            name: 'Top 2',
            status: 'open',
            selections: [
              { id: 'Hanoi Lotus', name: 'Hanoi Lotus', odds: 1_500 },
              { id: 'Saigon Stars', name: 'Saigon Stars', odds: 2_000 },
            ],
          },
        },
      ],
    },
  ],
  total: 45,
});

function serve(riskStopped: boolean, answer?: () => ReturnType<typeof ok>, data: () => SportsbookOverview = () => overview(riskStopped)) {
  return fakeServer([
    (call) => (call.method === 'GET' && call.path.startsWith('/admin-api/house/sportsbook?') ? ok(data()) : undefined),
    (call) =>
      call.method === 'POST' && call.path.startsWith('/admin-api/house/sportsbook/') ? (answer?.() ?? ok({ status: 'OK' })) : undefined,
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}
const login = (permissions?: string[]) =>
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 1, username: 'risk1', role: 'risk', ...(permissions ? { permissions } : {}) },
  } as Parameters<typeof setSession>[0]);
const posts = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('the sportsbook screen', () => {
  it('reads lines in steps of a quarter, with a point or a comma', () => {
    expect(lineOf('-0.75')).toBe(-3);
    expect(lineOf('2,5')).toBe(10);
    expect(lineOf('+1')).toBe(4);
    expect(lineOf('0.3')).toBeNaN();
    expect(lineOf('abc')).toBeNaN();
  });

  it('reads correct-score prices one per line, and refuses a line of another shape or a repeated score', () => {
    expect(correctScoresOf('2-1 8.5\n 0:0 9,25 \n')).toEqual({
      scores: [
        { home: 2, away: 1 },
        { home: 0, away: 0 },
      ],
      prices: { '2-1': 8_500, '0-0': 9_250 },
    });
    expect(correctScoresOf('2-1')).toBeNull();
    expect(correctScoresOf('2-1 8.5\n2:1 9')).toBeNull();
    expect(correctScoresOf('  ')).toBeNull();
  });

  it('filters the events by sport, state, day and name, pages them, and shows start times as real times in the operator’s clock', async () => {
    login();
    changeLanguage('en');
    const calls = serve(false, undefined, outrightOverview);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    const event = await screen.findByTestId('event-op-2');
    // The start is the instant the server sent, written in the operator's own time zone.
    const shown = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(Date.UTC(2026, 11, 20, 12));
    expect(event.textContent).toContain(shown);
    const gets = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/admin-api/house/sportsbook?')).map((c) => c.path);
    expect(gets().at(-1)).toBe('/admin-api/house/sportsbook?page=1');
    await user.selectOptions(screen.getByLabelText('State'), 'live');
    await user.selectOptions(screen.getByLabelText('Sport'), 'football');
    await user.type(screen.getByLabelText('Team or competition'), 'Mekong');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(gets().at(-1)).toBe('/admin-api/house/sportsbook?sportId=football&state=live&q=Mekong&page=1'));
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2026-12-20' } });
    const from = new Date(2026, 11, 20).getTime();
    const to = new Date(2026, 11, 21).getTime();
    await waitFor(() =>
      expect(gets().at(-1)).toBe(`/admin-api/house/sportsbook?sportId=football&state=live&from=${from}&to=${to}&q=Mekong&page=1`),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(gets().at(-1)).toContain('&page=2'));
  });

  it('enters an outright with its competitors, opens a correct-score market, and settles an outright by places', async () => {
    login();
    changeLanguage('en');
    const calls = serve(false, undefined, outrightOverview);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    await screen.findByTestId('event-op-2');
    await user.selectOptions(screen.getByLabelText('Kind'), 'outright');
    await user.type(screen.getByLabelText('Outright name'), 'Lotus Cup winner');
    await user.type(screen.getByLabelText('Competitors, one per line'), 'Hanoi Lotus\nSaigon Stars\n\nHue Imperial');
    fireEvent.change(screen.getByLabelText('Starts at (your time)'), { target: { value: '2026-12-24T18:30' } });
    await user.click(screen.getByRole('button', { name: 'Create outright' }));
    expect(await screen.findByText('Done: the event Lotus Cup winner is created.')).toBeTruthy();

    const event = screen.getByTestId('event-op-2');
    await user.click(within(event).getByRole('button', { name: 'Mekong Cup winner' }));
    // An outright's market: the places it pays and a price per competitor (one left empty takes no bets).
    await user.clear(within(event).getByLabelText('Places paid (1 for the winner)'));
    await user.type(within(event).getByLabelText('Places paid (1 for the winner)'), '1');
    const form = within(event).getByRole('heading', { name: 'Add a market' }).closest('form') as HTMLFormElement;
    await user.type(within(form).getByLabelText('Hanoi Lotus'), '2.5');
    await user.type(within(form).getByLabelText('Saigon Stars'), '3');
    await user.click(within(form).getByRole('button', { name: 'Open market' }));
    expect(await screen.findByText('Done: Open market.')).toBeTruthy();

    await user.click(within(event).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Place 1'), 'Saigon Stars');
    await user.selectOptions(within(dialog).getByLabelText('Place 2'), 'Saigon Stars');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByText('Choose a different competitor for every place.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Place 2'), 'Hue Imperial');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Done: Settle Mekong Cup winner.')).toBeTruthy();

    const posts = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posts).toEqual([
      [
        '/admin-api/house/sportsbook/manual/event',
        {
          sportId: 'football',
          competitionId: 'fb-premier',
          startsAt: new Date(2026, 11, 24, 18, 30).getTime(),
          name: 'Lotus Cup winner',
          competitors: ['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial'],
        },
      ],
      [
        '/admin-api/house/sportsbook/manual/odds',
        {
          eventId: 'op-2',
          spec: { type: 'outright', places: 1, competitors: ['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial'] },
          prices: { 'Hanoi Lotus': 2_500, 'Saigon Stars': 3_000 },
        },
      ],
      ['/admin-api/house/sportsbook/manual/settle', { eventId: 'op-2', result: { standings: [['Saigon Stars'], ['Hue Imperial']] } }],
    ]);
  });

  it('opens a correct-score market from lines of scores and odds', async () => {
    login();
    changeLanguage('vi');
    const calls = serve(false);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    const event = await screen.findByTestId('event-op-1');
    await user.click(within(event).getByRole('button', { name: 'Hanoi Lotus – Saigon Stars' }));
    await user.selectOptions(within(event).getByLabelText('Kèo'), 'correctScore');
    await user.type(within(event).getByLabelText(/Tỷ số và tỷ lệ/), '1-0 7\n2-1 8,5');
    await user.type(within(event).getByLabelText('Tỷ số khác'), '1,6');
    await user.click(within(event).getByRole('button', { name: 'Mở kèo' }));
    expect(await screen.findByText('Đã xong: Mở kèo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        eventId: 'op-1',
        spec: {
          type: 'correctScore',
          period: 'ft',
          scores: [
            { home: 1, away: 0 },
            { home: 2, away: 1 },
          ],
        },
        prices: { other: 1_600, '1-0': 7_000, '2-1': 8_500 },
      },
    ]);
  });

  it('shows the liability per selection and the worst case, lifts a risk stop and settles after a confirmation', async () => {
    login();
    changeLanguage('en');
    const calls = serve(true);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    const risk = await screen.findByTestId('risk-stops');
    expect(risk.textContent).toContain('Hanoi Lotus – Saigon Stars · 1X2 · Worst case: 20,000');
    await user.click(within(risk).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('Done: the risk stop on Hanoi Lotus – Saigon Stars · 1X2 is lifted.')).toBeTruthy();

    const event = screen.getByTestId('event-op-1');
    await user.click(within(event).getByRole('button', { name: 'Hanoi Lotus – Saigon Stars' }));
    const market = screen.getByTestId('market-op-1:1x2:ft');
    const rows = within(market)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'SelectionOddsStakedBetsPays if it wins',
      'Hanoi Lotus2.0010,000120,000',
      'Draw3.40000',
      'Saigon Stars4.002,00018,000',
    ]);
    expect(market.textContent).toContain('Stopped by risk');

    await user.click(within(event).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Full time, home'), '2');
    await user.type(within(dialog).getByLabelText('Full time, away'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByText(/Enter numbers only/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Full time, away'));
    await user.type(within(dialog).getByLabelText('Full time, away'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Done: Settle Hanoi Lotus – Saigon Stars.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/admin-api/house/sportsbook/risk/lift', { marketId: 'op-1:1x2:ft' }],
      ['/admin-api/house/sportsbook/manual/settle', { eventId: 'op-1', result: { ft: { home: 2, away: 1 } } }],
    ]);
  });

  it('opens a quarter-line handicap, shows the server’s refusal in the operator’s language, and hides the buttons without game:write', async () => {
    login();
    changeLanguage('vi');
    const calls = serve(false, () => refused(400, 'sportsbook_invalid', 'Yêu cầu với sổ cược thể thao chưa hợp lệ.'));
    const { unmount } = renderConsole('/sportsbook');
    const user = userEvent.setup();
    const event = await screen.findByTestId('event-op-1');
    await user.click(within(event).getByRole('button', { name: 'Hanoi Lotus – Saigon Stars' }));
    await user.selectOptions(within(event).getByLabelText('Kèo'), 'ah');
    await user.type(within(event).getByLabelText(/Đường kèo/), '-0,75');
    await user.type(within(event).getByLabelText('Chủ nhà'), '1,9');
    await user.type(within(event).getByLabelText('Khách'), '1.95');
    await user.click(within(event).getByRole('button', { name: 'Mở kèo' }));
    expect(await screen.findByText('Yêu cầu với sổ cược thể thao chưa hợp lệ.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      [
        '/admin-api/house/sportsbook/manual/odds',
        { eventId: 'op-1', spec: { type: 'ah', period: 'ft', line: -3 }, prices: { home: 1_900, away: 1_950 } },
      ],
    ]);
    unmount();

    login(['game:read']);
    serve(false);
    renderConsole('/sportsbook');
    const readOnly = await screen.findByTestId('event-op-1');
    await userEvent.setup().click(within(readOnly).getByRole('button', { name: 'Hanoi Lotus – Saigon Stars' }));
    expect(within(readOnly).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Lưu hạn mức' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tạo trận' })).toBeNull();
  });

  it('declares a dead heat in an outright’s result: tied competitors share one place and the places after it move down', async () => {
    login();
    changeLanguage('en');
    const calls = serve(false, undefined, outrightOverview);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    const event = await screen.findByTestId('event-op-2');
    await user.click(within(event).getByRole('button', { name: 'Mekong Cup winner' }));
    await user.click(within(event).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/For a dead heat, add the tied competitors/)).toBeTruthy();
    // Two places are paid: a tie for the first covers both, so no second place is asked for.
    await user.selectOptions(within(dialog).getByLabelText('Place 1'), 'Hanoi Lotus');
    expect(within(dialog).getByLabelText('Place 2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add a competitor tied for place 1' }));
    expect(within(dialog).queryByLabelText('Place 2')).toBeNull();
    expect(within(dialog).getByTestId('place-1').textContent).toContain('Place 1 · dead heat of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByText('Choose a different competitor for every place.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Place 1, tied competitor 2'), 'Hanoi Lotus');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByText('Choose a different competitor for every place.')).toBeTruthy();
    // Untied again, the second place comes back; tied again, with another competitor.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByLabelText('Place 2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add a competitor tied for place 1' }));
    await user.selectOptions(within(dialog).getByLabelText('Place 1, tied competitor 2'), 'Saigon Stars');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Done: Settle Mekong Cup winner.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/admin-api/house/sportsbook/manual/settle', { eventId: 'op-2', result: { standings: [['Hanoi Lotus', 'Saigon Stars']] } }],
    ]);
  });

  it('edits the stake limit per event, globally and for one event, and takes an event back to the general limit', async () => {
    login();
    changeLanguage('vi');
    const withCap = (): SportsbookOverview => ({
      ...overview(false),
      limits: { ...limits, maxStakeByEvent: { 'op-1': 3_000_000 } },
      eventLimits: [{ eventId: 'op-1', event: 'Hanoi Lotus – Saigon Stars', maxStake: 3_000_000 }],
    });
    const calls = serve(false, () => ok({ limits }), withCap);
    renderConsole('/sportsbook');
    const user = userEvent.setup();
    const caps = await screen.findByTestId('event-caps');
    expect(caps.textContent).toContain('Hanoi Lotus – Saigon Stars · 3.000.000');
    const global = screen.getByLabelText(/Cược tối đa mỗi hội viên cho một trận/);
    expect((global as HTMLInputElement).value).toBe('100000000');
    await user.clear(global);
    await user.type(global, '40000000');
    await user.click(screen.getByRole('button', { name: 'Lưu hạn mức' }));
    expect(await screen.findByText('Đã xong: đã lưu hạn mức.')).toBeTruthy();

    const event = screen.getByTestId('event-op-1');
    await user.click(within(event).getByRole('button', { name: 'Hanoi Lotus – Saigon Stars' }));
    const own = within(event).getByLabelText(/Hạn mức cược mỗi hội viên cho trận này/);
    expect((own as HTMLInputElement).value).toBe('3000000');
    await user.clear(own);
    await user.type(own, 'abc');
    await user.click(within(event).getByRole('button', { name: 'Lưu hạn mức của trận' }));
    expect(await screen.findByText(/Chỉ nhập số/)).toBeTruthy();
    await user.clear(own);
    await user.type(own, '2.500.000');
    await user.click(within(event).getByRole('button', { name: 'Lưu hạn mức của trận' }));
    expect(await screen.findByText('Đã xong: đã lưu hạn mức cược của Hanoi Lotus – Saigon Stars.')).toBeTruthy();
    await user.click(within(caps).getByRole('button', { name: 'Trở về hạn mức chung' }));
    expect(await screen.findByText('Đã xong: Hanoi Lotus – Saigon Stars dùng lại hạn mức cược chung.')).toBeTruthy();

    const sent = posts(calls);
    expect(sent[0]?.[0]).toBe('/admin-api/house/sportsbook/limits/set');
    expect(sent[0]?.[1]).toMatchObject({ maxStakePerEvent: 40_000_000, minStake: 1_000, maxStake: 50_000_000 });
    expect(sent.slice(1)).toEqual([
      ['/admin-api/house/sportsbook/limits/set', { maxStakeForEvent: { eventId: 'op-1', maxStake: 2_500_000 } }],
      ['/admin-api/house/sportsbook/limits/set', { maxStakeForEvent: { eventId: 'op-1', maxStake: null } }],
    ]);
  });
});
