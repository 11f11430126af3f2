import type { GameItem, VendorCard } from '@platform/contracts/games';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../test/render.tsx';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { LobbyPage } from './lobby-page.tsx';

function game(nodeId: number): GameItem {
  return {
    nodeId,
    gameCode: `g${nodeId}`,
    gameName: `Trò chơi ${nodeId}`,
    gameType: 'RNG',
    vendor: 'DEMO',
    vassalage: 'DEMO',
    accountTypeName: 'DEMO',
    vendorName: 'Lotus Studio',
    gameClassify: ['slot'],
    imageUrl: '',
    isHot: 0,
    minBet: 1000,
    minLineNum: 1,
    isTrialSupported: true,
    isMaintenance: false,
    maintenanceMessage: '',
  };
}

const card = (vassalage: string, gameType: VendorCard['gameType']): VendorCard => ({
  vassalage,
  displayName: vassalage === 'TCG_LOTTO_VN' ? 'Xổ Số Việt Nam' : vassalage,
  accountTypeId: 1,
  isHot: 0,
  gameType,
  logoUrl: '',
  walletStyle: 'seamless',
  isMaintenance: false,
  maintenanceMessage: '',
});

const LANES = [
  { title: 'Xổ số', gameType: 'LOTT', cards: [card('TCG_LOTTO_VN', 'LOTT')] },
  { title: 'Xổ số nhanh', gameType: 'ELOTT', cards: [card('TCG_LOTTO_VN', 'ELOTT')] },
  { title: 'Nổ hũ', gameType: 'RNG', cards: [card('DEMO', 'RNG')] },
];

const PERMISSION = {
  'GET /wps/system/permission': { currency: 'VND', timeZone: 'Asia/Ho_Chi_Minh', host: { name: 'localhost', isAllowed: true } },
};

/** The game list answers the page asked for, out of 5 pages of 21. */
function gameList(call: ApiCall) {
  const pageNo = Number(new URL(call.path, 'http://site.test').searchParams.get('pageNo'));
  return { games: [game(pageNo * 100)], pageNo, totalPages: 5, totalCount: 100 };
}

const pagesAsked = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/wps/relay/GCSGAME_gameList'))
    .map((c) => new URL(c.path, 'http://site.test').searchParams.get('pageNo'));

describe('the game lobby', () => {
  it('opens on the ?page= of its address and writes each page it turns to there', async () => {
    const api = mockApi({ ...PERMISSION, 'GET /wps/relay/GCSGAME_newGameVendor': LANES, 'GET /wps/relay/GCSGAME_gameList': gameList });
    const { user, location } = renderWithSite(<LobbyPage category="RNG" titleKey="rng" />, { route: '/rng?page=3' });
    expect(await screen.findByText('Trò chơi 300', { selector: '.game-card__name' })).toBeTruthy();
    expect(pagesAsked(api.calls)).toEqual(['3']);
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(await screen.findByText('Trò chơi 400', { selector: '.game-card__name' })).toBeTruthy();
    expect(location()).toBe('/rng?page=4');
  });

  it('keeps the /games address parameters while paging, and a filter change goes back to page 1', async () => {
    mockApi({ ...PERMISSION, 'GET /wps/relay/GCSGAME_newGameVendor': LANES, 'GET /wps/relay/GCSGAME_gameList': gameList });
    const { user, location } = renderWithSite(<LobbyPage titleKey="games" />, { route: '/games?games=rng&page=2' });
    expect(await screen.findByText('Trò chơi 200', { selector: '.game-card__name' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Trang 3' }));
    await vi.waitFor(() => expect(location()).toBe('/games?games=rng&page=3'));
    await user.click(screen.getByRole('button', { name: 'DEMO' }));
    await vi.waitFor(() => expect(location()).toBe('/games?games=rng'));
  });

  it("states minimum bets in the merchant's currency: the cards and the spec's filter choices", async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': LANES,
      'GET /wps/relay/GCSGAME_gameList': (call: ApiCall) => ({ ...gameList(call), games: [{ ...game(1), minBet: 0.01 }] }),
      'GET /wps/system/permission': { currency: 'VND', timeZone: 'Asia/Ho_Chi_Minh', host: { name: 'localhost', isAllowed: true } },
    });
    renderWithSite(<LobbyPage category="RNG" titleKey="rng" />, { route: '/rng' });
    const norm = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
    await vi.waitFor(() => expect(norm(screen.getByText(/^Cược từ/).textContent)).toBe('Cược từ 1.000 ₫'));
    const choices = [...(screen.getByRole('combobox', { name: 'Cược tối thiểu' }) as HTMLSelectElement).options].map((o) =>
      norm(o.textContent),
    );
    expect(choices).toEqual([
      'Tất cả mức cược',
      'Cược tối thiểu ≤ 1.000 ₫',
      'Cược tối thiểu ≤ 5.000 ₫',
      'Cược tối thiểu ≤ 10.000 ₫',
      'Cược tối thiểu ≤ 50.000 ₫',
      'Cược tối thiểu ≤ 75.000 ₫',
    ]);
  });

  it('shows each vendor once on /games, even one listed under two categories', async () => {
    mockApi({ ...PERMISSION, 'GET /wps/relay/GCSGAME_newGameVendor': LANES, 'GET /wps/relay/GCSGAME_gameList': gameList });
    renderWithSite(<LobbyPage titleKey="games" />, { route: '/games' });
    const lane = await screen.findByRole('group', { name: 'Nhà cung cấp' });
    await within(lane).findByRole('button', { name: 'Xổ Số Việt Nam' });
    expect(within(lane).getAllByRole('button', { name: 'Xổ Số Việt Nam' })).toHaveLength(1);
  });
});
