import type { GameItem } from '@platform/contracts/games';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';
import { LOGIN_VALUE } from '../test/fixtures.ts';
import { mockApi, renderWithSite } from '../test/render.tsx';
import { HotGamesSection } from './home-page.tsx';

function hotGame(over: Partial<GameItem>): GameItem {
  return {
    nodeId: 1,
    gameCode: 'lucky-sevens',
    gameName: 'Bảy May Mắn',
    gameType: 'RNG',
    vendor: 'DEMO',
    vassalage: 'DEMO',
    accountTypeName: 'DEMO',
    vendorName: 'Lotus Studio',
    gameClassify: ['slot'],
    imageUrl: '',
    isHot: 1,
    minBet: 1000,
    minLineNum: 1,
    isTrialSupported: true,
    isMaintenance: false,
    maintenanceMessage: '',
    ...over,
  };
}

const HOT = {
  ELOTT: [
    hotGame({
      nodeId: 2,
      gameCode: 'EL3',
      gameName: 'Xổ số nhanh 3 phút',
      gameType: 'ELOTT',
      vendor: 'TCG_LOTTO_VN',
      vendorName: 'Xổ Số Việt Nam',
    }),
  ],
  LOTT: [],
  LIVE: [],
  SPORTS: [],
  FISH: [],
  RNG: [hotGame({})],
  PVP: [],
};

function homeApi() {
  return mockApi({
    'GET /wps/relay/GCSGAME_hotGamesV2': HOT,
    'GET /wps/relay/GCSGAME_newGameVendor': [],
  });
}

describe('the home page hot games', () => {
  beforeEach(() => usePopupStore.getState().close());

  it('launch the chosen game for a member: its /game page, not the category list', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    homeApi();
    const { user, location } = renderWithSite(<HotGamesSection />, { route: '/index' });
    await user.click(await screen.findByRole('button', { name: /Xổ số nhanh 3 phút/ }));
    expect(location()).toBe('/lottery?gameCode=EL3&vendor=TCG_LOTTO_VN');
  });

  it('open a slot game on /game with its vendor and code', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    homeApi();
    const { user, location } = renderWithSite(<HotGamesSection />, { route: '/index' });
    await user.click(await screen.findByRole('button', { name: 'Nổ hũ' }));
    await user.click(await screen.findByRole('button', { name: /Bảy May Mắn/ }));
    const url = new URL(location() ?? '', 'http://site.test');
    expect(url.pathname).toBe('/game');
    expect(url.searchParams.get('vendor')).toBe('DEMO');
    expect(url.searchParams.get('game')).toBe('lucky-sevens');
    expect(url.searchParams.get('from')).toBe('/index');
  });

  it('ask a visitor to log in first', async () => {
    useSessionStore.getState().signOut();
    homeApi();
    const { user, location } = renderWithSite(<HotGamesSection />, { route: '/index' });
    await user.click(await screen.findByRole('button', { name: /Xổ số nhanh 3 phút/ }));
    expect(usePopupStore.getState().popup).toBe('login');
    expect(location()).toBe('/index');
  });
});
