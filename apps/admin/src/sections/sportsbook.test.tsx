import type { SportsbookOverview } from '@platform/contracts/sportsbook-operator';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { lineOf } from './sportsbook.tsx';

const limits = {
  minStake: 1_000,
  maxStake: 50_000_000,
  maxStakeByType: {},
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
  limits: { ...limits, liabilityLimit: 25_000 },
  defaults: limits,
  riskStops: riskStopped ? ['op-1:1x2:ft'] : [],
  owed: [],
});

function serve(riskStopped: boolean, answer?: () => ReturnType<typeof ok>) {
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/house/sportsbook' ? ok(overview(riskStopped)) : undefined),
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
});
