import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { amountOf } from '../lib/format.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const dragonTiger = {
  gameCode: 'dragon-tiger',
  game: 'dragon-tiger',
  tableId: 'dt1',
  limits: { min: 1_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 100_000 } },
  defaults: { min: 1_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 100_000 } },
};

function serve(answerPut?: (body: unknown) => ReturnType<typeof ok>) {
  let current = dragonTiger;
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/house/table-limits' ? ok({ tables: [current] }) : undefined),
    (call) => {
      if (call.method !== 'PUT' || call.path !== '/admin-api/house/table-limits/dragon-tiger') return undefined;
      if (answerPut) return answerPut(call.body);
      current = { ...current, limits: call.body as typeof current.limits };
      return ok(current);
    },
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}
const login = (permissions?: string[]) =>
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 1, username: 'risk1', role: 'risk', ...(permissions ? { permissions } : {}) },
  } as Parameters<typeof setSession>[0]);

describe('the live table limits screen', () => {
  it('reads typed amounts with group separators, and refuses anything else', () => {
    expect(amountOf('5.000.000')).toBe(5_000_000);
    expect(amountOf(' 20 000 ')).toBe(20_000);
    expect(amountOf('12a')).toBeNaN();
    expect(amountOf('-5')).toBeNaN();
  });

  it('lists a table with its limits, refuses a bad form field by field, then saves good limits', async () => {
    login();
    changeLanguage('en');
    const calls = serve();
    renderConsole('/table-limits');
    const user = userEvent.setup();

    const row = await screen.findByTestId('limits-dragon-tiger');
    expect(row.textContent).toContain('Dragon tiger');
    expect(row.textContent).toContain('Suited tie: 100,000');
    expect(row.textContent).toContain('Default');

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const min = within(dialog).getByLabelText(/^Minimum bet/);
    await user.clear(min);
    await user.type(min, '600000');
    const suited = within(dialog).getByLabelText(/Suited tie/);
    await user.clear(suited);
    await user.type(suited, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Correct the fields marked below.');
    expect(within(dialog).getByText('Enter a whole number above zero.')).toBeTruthy();
    expect(within(dialog).getAllByText('This maximum is below the minimum bet.')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(min);
    await user.type(min, '2.000');
    await user.clear(suited);
    await user.type(suited, '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('The limits of Dragon tiger · dragon-tiger are saved; they apply from its next round.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { min: 2_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 50_000 } },
    ]);
    expect((await screen.findByTestId('limits-dragon-tiger')).textContent).toContain('Changed');
  });

  it('shows the server’s refusal in the operator’s language, and no edit button without game:write', async () => {
    login();
    changeLanguage('vi');
    serve(() => refused(503, 'house_games_unavailable', 'Máy chủ trò chơi không phản hồi.'));
    const { unmount } = renderConsole('/table-limits');
    const user = userEvent.setup();
    const row = await screen.findByTestId('limits-dragon-tiger');
    expect(row.textContent).toContain('Rồng hổ');
    await user.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu giới hạn' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Máy chủ trò chơi không phản hồi.');
    unmount();

    login(['game:read']);
    serve();
    renderConsole('/table-limits');
    const readOnly = await screen.findByTestId('limits-dragon-tiger');
    expect(within(readOnly).queryByRole('button')).toBeNull();
  });
});
