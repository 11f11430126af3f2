import type { GameItem, VendorCard } from '@platform/contracts/games';
import { foldText } from '@platform/contracts/text-folding';
import { describe, expect, it } from 'vitest';
import { categoryOfGamesParam, gameAction, gamePagePath, lotteryPagePath, vendorCardAction } from './lobby-filters.ts';

const game: GameItem = {
  nodeId: 7,
  gameCode: 'lucky-sevens',
  gameName: 'Bảy May Mắn',
  gameType: 'RNG',
  vendor: 'DEMO',
  vassalage: 'DEMO',
  accountTypeName: 'DEMO',
  vendorName: 'Lotus Studio',
  gameClassify: ['SC', 'slot'],
  imageUrl: '/games/lucky-sevens.svg',
  isHot: 1,
  minBet: 0.01,
  minLineNum: 1,
  isTrialSupported: true,
  isMaintenance: false,
  maintenanceMessage: '',
};

const card = (vassalage: string, gameType: VendorCard['gameType'], extra: Partial<VendorCard> = {}): VendorCard => ({
  vassalage,
  displayName: vassalage,
  accountTypeId: 1,
  isHot: 0,
  gameType,
  logoUrl: '',
  walletStyle: 'seamless',
  isMaintenance: false,
  maintenanceMessage: '',
  ...extra,
});

const member = { isLogin: true, isTrial: false };

describe('launch rules', () => {
  it('asks a visitor to log in, warns a trial account only where the game has no trial, and plays otherwise', () => {
    expect(gameAction(game, { isLogin: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(gameAction(game, { isLogin: true, isTrial: true }).kind).toBe('play');
    expect(gameAction({ ...game, isTrialSupported: false }, { isLogin: true, isTrial: true })).toEqual({ kind: 'realAccount' });
    expect(gameAction(game, member)).toEqual({
      kind: 'play',
      vendor: 'DEMO',
      vendorName: 'Lotus Studio',
      gameType: 'RNG',
      gameCode: 'lucky-sevens',
      name: 'Bảy May Mắn',
    });
  });

  it('refuses a game under maintenance with its message, after the login check', () => {
    const closed = { ...game, isMaintenance: true, maintenanceMessage: 'until 10' };
    expect(gameAction(closed, { isLogin: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(gameAction(closed, member)).toEqual({ kind: 'maintenance', name: 'Bảy May Mắn', message: 'until 10', gameType: 'RNG' });
  });

  it('sends lottery vendors to /lottery with the game and vendor, and only them', () => {
    // Spec: /lottery with gameCode, vendor and playType, each only when present.
    expect(gameAction({ ...game, vendor: 'TCG_LOTTO_VN', gameCode: 'EL3', gameType: 'ELOTT' }, member)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=EL3&vendor=TCG_LOTTO_VN',
    });
    expect(gameAction({ ...game, vendor: 'TCG_LOTTO_VN', gameCode: 'TTH', gameType: 'LOTT' }, member)).toEqual({
      kind: 'navigate',
      to: '/lottery?gameCode=TTH&vendor=TCG_LOTTO_VN',
    });
    expect(gameAction({ ...game, vendor: 'OTHER', gameType: 'LOTT' }, member).kind).toBe('play');
    // The vendor entry has no game: the lottery page opens on the vendor's first game.
    expect(vendorCardAction(card('TCG_LOTTO_VN', 'LOTT'), member)).toEqual({ kind: 'navigate', to: '/lottery?vendor=TCG_LOTTO_VN' });
  });

  it('builds the /lottery address from what is present only', () => {
    expect(lotteryPagePath({ gameCode: 'MB', vendor: 'TCG_LOTTO_VN', playType: 'lo2' })).toBe(
      '/lottery?gameCode=MB&vendor=TCG_LOTTO_VN&playType=lo2',
    );
    expect(lotteryPagePath({ gameCode: '', vendor: 'TCG_LOTTO_VN' })).toBe('/lottery?vendor=TCG_LOTTO_VN');
    expect(lotteryPagePath({})).toBe('/lottery');
  });

  it('follows the vendor entries: slots to /rng with the vendor stored, JILI, cockfight, sub-game lists', () => {
    expect(vendorCardAction(card('DEMO', 'RNG'), member)).toEqual({ kind: 'navigate', to: '/rng', storeVassalage: 'DEMO' });
    expect(vendorCardAction(card('JILI', 'RNG'), member)).toEqual({
      kind: 'navigate',
      to: '/games?games=jili&type=vassalage&vassalage=JL',
    });
    expect(vendorCardAction(card('CF', 'COCKFIGHT'), member)).toEqual({
      kind: 'play',
      vendor: 'CF',
      vendorName: 'CF',
      gameType: 'COCKFIGHT',
      name: 'CF',
    });
    expect(vendorCardAction(card('CF', 'COCKFIGHT'), { isLogin: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(vendorCardAction(card('EVO', 'LIVE'), member).kind).toBe('vendorGames');
    expect(vendorCardAction(card('EVO', 'LIVE', { isMaintenance: true }), member).kind).toBe('maintenance');
  });

  it('builds the /game address with the way back and the wallet style', () => {
    const path = gamePagePath(
      { kind: 'play', vendor: 'DEMOTX', vendorName: 'Lotus Transfer Studio', gameType: 'RNG', gameCode: 'tx-lucky-wheel', name: 'Wheel' },
      '/rng',
      'transfer',
    );
    const url = new URL(path, 'http://site.test');
    expect(url.pathname).toBe('/game');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      vendor: 'DEMOTX',
      type: 'RNG',
      game: 'tx-lucky-wheel',
      name: 'Wheel',
      vendorName: 'Lotus Transfer Studio',
      wallet: 'transfer',
      from: '/rng',
    });
  });

  it('carries the card room chosen in the room list to the game page', () => {
    const path = gamePagePath(
      { kind: 'play', vendor: 'HOUSE', vendorName: 'Lotus House', gameType: 'PVP', gameCode: 'tien-len', name: 'Tiến lên' },
      '/pvp',
      'seamless',
      'tl-10k',
    );
    const url = new URL(path, 'http://site.test');
    expect(url.searchParams.get('room')).toBe('tl-10k');
    expect(url.searchParams.get('game')).toBe('tien-len');
    expect(url.searchParams.has('wallet')).toBe(false);
  });
});

describe('lobby filters', () => {
  it('folds names as the server does', () => {
    expect(foldText('RỒNG VÀNG')).toBe('rong vang');
    expect(foldText('Đồng Xu')).toBe('dong xu');
  });

  it('reads the /games category', () => {
    expect(categoryOfGamesParam('rng')).toBe('RNG');
    expect(categoryOfGamesParam('jili')).toBe('RNG');
    expect(categoryOfGamesParam('live')).toBe('LIVE');
    expect(categoryOfGamesParam('crash')).toBe('CRASH');
    expect(categoryOfGamesParam('table')).toBe('TABLE');
    expect(categoryOfGamesParam(undefined)).toBe('');
    expect(categoryOfGamesParam('nothing')).toBe('');
  });
});
