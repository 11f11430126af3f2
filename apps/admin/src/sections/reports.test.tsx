import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const total = {
  key: 'total',
  players: 3,
  rounds: 12,
  stake: 1_200_000,
  validBet: 1_100_000,
  payout: 900_000,
  ggr: 300_000,
  bonus: 50_000,
  rebate: 20_000,
  ngr: 230_000,
};
const ggr = ok({ timeZone: 'Asia/Ho_Chi_Minh', currency: 'VND', by: 'day', rows: [], total });
const liability = ok({
  at: '2026-11-26T10:00:00.000Z',
  balances: [{ kind: 'player_main', currency: 'VND', accounts: 4, balance: 7_500_000 }],
  reservations: [],
  openRounds: { rounds: 2, stake: 40_000, players: 1 },
});

describe('the reports section', () => {
  it('shows GGR and NGR, asks for a one-time link for a download, and reads the liability', async () => {
    setSession({
      token: 't',
      expiresAt: '2026-11-27T06:00:00.000Z',
      admin: { id: 2, username: 'finance01', role: 'finance', permissions: ['report:read', 'report:export'] },
    });
    changeLanguage('en');
    const calls = fakeServer([
      (call) => (call.path.startsWith('/admin-api/reports/ggr?') ? ggr : undefined),
      (call) => (call.path === '/admin-api/reports/liability' ? liability : undefined),
      (call) =>
        call.path === '/admin-api/reports/downloads'
          ? ok({
              url: '/admin-api/reports/transactions.csv?from=2026-11-20&to=2026-11-26&download=abc',
              expiresAt: '2026-11-26T10:01:00.000Z',
            })
          : undefined,
    ]);
    renderConsole('/reports');
    const user = userEvent.setup();

    const table = await screen.findByTestId('ggr-table');
    const totalRow = (await within(table).findByText('Total')).closest('tr') as HTMLElement;
    expect(totalRow.textContent?.replace(/\s/g, '')).toContain('₫230,000');
    expect(screen.getByText(/Asia\/Ho_Chi_Minh/)).toBeTruthy();

    await user.click(screen.getByTestId('export-transactions'));
    await screen.findByText('Downloading: every transaction.');
    const asked = calls.find((c) => c.path === '/admin-api/reports/downloads');
    expect(asked?.method).toBe('POST');
    expect((asked?.body as { path: string } | undefined)?.path).toMatch(
      /^\/admin-api\/reports\/transactions\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );

    await user.click(screen.getByRole('tab', { name: 'Liability' }));
    const wallet = (await screen.findByText('player_main (VND)')).closest('tr') as HTMLElement;
    expect(wallet.textContent?.replace(/\s/g, '')).toContain('₫7,500,000');
  });

  it('offers no download to an operator without report:export', async () => {
    setSession({
      token: 't',
      expiresAt: '2026-11-27T06:00:00.000Z',
      admin: { id: 3, username: 'risk01', role: 'risk', permissions: ['report:read'] },
    });
    changeLanguage('en');
    fakeServer([(call) => (call.path.startsWith('/admin-api/reports/ggr?') ? ggr : undefined)]);
    renderConsole('/reports');
    await screen.findByTestId('ggr-table');
    expect(screen.queryByTestId('export-transactions')).toBeNull();
    expect(screen.queryByTestId('export-ggr')).toBeNull();
  });

  it('shows the limit refusals per day and kind with their totals, and exports them', async () => {
    // The chart draws on a canvas, which the test page has no 2D context for: a context that draws nothing.
    const drawsNothing: object = new Proxy(
      {},
      { get: (_target, key) => (key === 'measureText' ? () => ({ width: 0 }) : () => undefined), set: () => true },
    );
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(drawsNothing as never);
    vi.stubGlobal(
      'Path2D',
      class {
        constructor() {
          // biome-ignore lint/correctness/noConstructorReturn: every path method draws nothing
          return drawsNothing;
        }
      },
    );
    setSession({
      token: 't',
      expiresAt: '2026-11-27T06:00:00.000Z',
      admin: { id: 2, username: 'finance01', role: 'finance', permissions: ['report:read', 'report:export'] },
    });
    changeLanguage('en');
    const calls = fakeServer([
      (call) => (call.path.startsWith('/admin-api/reports/ggr?') ? ggr : undefined),
      (call) =>
        call.path.startsWith('/admin-api/reports/rg-triggers?')
          ? ok({
              timeZone: 'Asia/Ho_Chi_Minh',
              rows: [
                { day: '2026-11-25', kind: 'deposit', members: 2, refusals: 5 },
                { day: '2026-11-26', kind: 'wager', members: 1, refusals: 3 },
                { day: '2026-11-26', kind: 'break', members: 1, refusals: 2 },
              ],
              totals: [
                { kind: 'deposit', members: 2, refusals: 5 },
                { kind: 'wager', members: 1, refusals: 3 },
                { kind: 'break', members: 1, refusals: 2 },
              ],
            })
          : undefined,
      (call) =>
        call.path === '/admin-api/reports/downloads'
          ? ok({
              url: '/admin-api/reports/rg-triggers.csv?from=2026-11-20&to=2026-11-26&download=abc',
              expiresAt: '2026-11-26T10:01:00.000Z',
            })
          : undefined,
    ]);
    renderConsole('/reports');
    const user = userEvent.setup();
    await screen.findByTestId('ggr-table');
    await user.click(screen.getByRole('tab', { name: 'Limit refusals per day' }));
    const table = await screen.findByTestId('rg-triggers-table');
    const deposit = within(table).getByText('2026-11-25').closest('tr') as HTMLElement;
    expect(deposit.textContent).toContain('Deposit limit');
    expect(deposit.textContent).toContain('5');
    expect((within(table).getByText('Total: Stake limit').closest('tr') as HTMLElement).textContent).toContain('3');
    expect((within(table).getByText('Total: On a break').closest('tr') as HTMLElement).textContent).toContain('2');
    expect(screen.getByTestId('rg-triggers-chart').getAttribute('aria-label')).toBe('10 refusals over the range.');
    await user.click(screen.getByTestId('export-rg-triggers'));
    await screen.findByText('Downloading: limit refusals per day.');
    const asked = calls.find((c) => c.path === '/admin-api/reports/downloads')?.body as { path: string };
    getContext.mockRestore();
    expect(asked.path).toMatch(/^\/admin-api\/reports\/rg-triggers\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  });
});
