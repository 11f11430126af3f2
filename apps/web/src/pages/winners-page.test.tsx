import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../test/render.tsx';
import { WinnersPage } from './winners-page.tsx';

const WIN = {
  iconUrl: null,
  customerName: 'pl***01',
  gameName: 'Bảy May Mắn',
  gameCode: 'lucky-sevens',
  vendorCode: 'DEMO',
  winAmount: 1_250_000,
  currency: 'VND',
  winTime: '2026-11-26T03:04:05.000Z',
};

describe('the winner ranking page', () => {
  it('asks for the chosen category and period, and ranks the wins with their game, player, amount and time', async () => {
    const api = mockApi({
      'GET /lgw/games/game_menus': [
        { gameType: 'RNG', title: 'Nổ hũ', vendors: [{ vendor: 'DEMO' }] },
        { gameType: 'FISH', title: 'Bắn cá', vendors: [] },
      ],
      'GET /wps/relay/GCSGAME_getRankList': (call: { path: string }) =>
        new URL(call.path, 'http://site.test').searchParams.get('gameCategory') === 'RNG'
          ? { list: [WIN, { ...WIN, customerName: 'me***02', winAmount: 300_000 }] }
          : { list: [WIN] },
    });
    const { user } = renderWithSite(<WinnersPage />, { route: '/winners' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Bảy May Mắn')).toBeTruthy();
    expect(within(table).getAllByText(/pl\*\*\*01/).length).toBeGreaterThan(0);
    expect(within(table).getByText(/1\.250\.000/)).toBeTruthy();
    expect(within(table).getAllByText(/2026-11-26 10:04:05/).length).toBeGreaterThan(0);
    expect(api.callsTo('GET /wps/relay/GCSGAME_getRankList').at(-1)?.path).toContain('gameCategory=ALL');
    expect(api.callsTo('GET /wps/relay/GCSGAME_getRankList').at(-1)?.path).toContain('period=WEEK');

    // A category without vendors gets no tab; choosing one and a period asks again.
    expect(screen.queryByRole('button', { name: 'Bắn cá' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Nổ hũ' }));
    await user.click(screen.getByRole('button', { name: 'Hôm nay' }));
    expect((await screen.findAllByText(/me\*\*\*02/)).length).toBeGreaterThan(0);
    const last = api.callsTo('GET /wps/relay/GCSGAME_getRankList').at(-1)?.path ?? '';
    expect(last).toContain('gameCategory=RNG');
    expect(last).toContain('period=DAY');
  });
});
