import type { GameCategory, GameItem, VendorCard } from '@platform/contracts/games';

/** The minimum-bet filter's choices (spec); '' is "all". Kept here so the lobby's first load carries no zod. */
export const MIN_BET_OPTIONS = ['', '0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/** The game classes a lane offers as tabs (spec): scratch, video poker, jackpot, table, arcade, bingo. */
export const CLASS_TABS = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;

/** The lottery vendors (Vietnam lotto, South-East Asia lottery, e-lottery, lottery): their entries go to /lottery. */
export const LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA_LOTTO', 'TCG_ELOTT', 'TCG_LOTT'];

/** Session storage key of the vendor a slots entry chose, read by the /rng lobby. */
export const STORED_VASSALAGE_KEY = 'vassalage';

/** The lobby routes and their category. */
export const ROUTE_CATEGORIES: Record<string, GameCategory> = {
  live: 'LIVE',
  sports: 'SPORTS',
  esports: 'ESPORTS',
  elott: 'ELOTT',
  rng: 'RNG',
  fish: 'FISH',
  pvp: 'PVP',
};

/** The categories without a lobby route of their own, reached as `/games/<category>` (the house games' among them). */
const GAMES_PARAM_CATEGORIES = [
  'LOTT',
  'COCKFIGHT',
  'CRASH',
  'TABLE',
  'MINIGAMES',
  'ARCADE',
  'JACKPOT',
] as const satisfies readonly GameCategory[];

/** `/games?games=<category or vendor family>`: a category name, else a vendor family whose games are slots (jili). */
export function categoryOfGamesParam(value: string | null | undefined): GameCategory | '' {
  if (!value) return '';
  const upper = value.toUpperCase();
  const known = Object.values(ROUTE_CATEGORIES).find((c) => c === upper) ?? GAMES_PARAM_CATEGORIES.find((c) => c === upper);
  if (known) return known;
  return value.toLowerCase() === 'jili' ? 'RNG' : '';
}

export type LaunchContext = { isLogin: boolean; isTrial: boolean };

/** What a click on a lobby entry does (spec: game launch). */
export type LaunchAction =
  | { kind: 'login' }
  | { kind: 'realAccount' }
  | { kind: 'maintenance'; name: string; message: string; gameType: GameCategory }
  | { kind: 'navigate'; to: string; storeVassalage?: string }
  | { kind: 'vendorGames'; card: VendorCard }
  | { kind: 'play'; vendor: string; vendorName: string; gameType: GameCategory; gameCode?: string; name: string };

function isLotteryEntry(vendor: string, gameType: GameCategory): boolean {
  return (gameType === 'LOTT' || gameType === 'ELOTT') && LOTTERY_VENDORS.includes(vendor);
}

/** The /lottery address (spec): gameCode, vendor and playType, each only when present. */
export function lotteryPagePath(entry: { gameCode?: string; vendor?: string; playType?: string }): string {
  const params = new URLSearchParams();
  for (const key of ['gameCode', 'vendor', 'playType'] as const) {
    const value = entry[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/lottery?${query}` : '/lottery';
}

/** A vendor card: lottery vendors, slots, the JILI slots entry, cockfight, and sub-game lists. */
export function vendorCardAction(card: VendorCard, context: LaunchContext): LaunchAction {
  if (card.isMaintenance) return { kind: 'maintenance', name: card.displayName, message: card.maintenanceMessage, gameType: card.gameType };
  if (isLotteryEntry(card.vassalage, card.gameType)) return { kind: 'navigate', to: lotteryPagePath({ vendor: card.vassalage }) };
  if (card.gameType === 'RNG' && card.vassalage === 'JILI')
    return { kind: 'navigate', to: '/games?games=jili&type=vassalage&vassalage=JL' };
  if (card.gameType === 'RNG') return { kind: 'navigate', to: '/rng', storeVassalage: card.vassalage };
  if (card.gameType === 'COCKFIGHT') {
    if (!context.isLogin) return { kind: 'login' };
    return { kind: 'play', vendor: card.vassalage, vendorName: card.displayName, gameType: card.gameType, name: card.displayName };
  }
  return { kind: 'vendorGames', card };
}

/** A game card: log in first, a trial account only where the game has trial play, maintenance, lottery, else play. */
export function gameAction(game: GameItem, context: LaunchContext): LaunchAction {
  if (!context.isLogin) return { kind: 'login' };
  if (context.isTrial && !game.isTrialSupported) return { kind: 'realAccount' };
  if (game.isMaintenance) return { kind: 'maintenance', name: game.gameName, message: game.maintenanceMessage, gameType: game.gameType };
  if (isLotteryEntry(game.vendor, game.gameType))
    return { kind: 'navigate', to: lotteryPagePath({ gameCode: game.gameCode, vendor: game.vendor }) };
  return {
    kind: 'play',
    vendor: game.vendor,
    vendorName: game.vendorName,
    gameType: game.gameType,
    gameCode: game.gameCode,
    name: game.gameName,
  };
}

/**
 * The /game address of a launch; the page launches it itself, so a reload starts the game again.
 * `room` (a card room chosen in the room list) is handed to the game, which seats the member there.
 */
export function gamePagePath(action: Extract<LaunchAction, { kind: 'play' }>, from: string, walletStyle?: string, room?: string): string {
  const params = new URLSearchParams({ vendor: action.vendor, type: action.gameType });
  if (action.gameCode) params.set('game', action.gameCode);
  if (room) params.set('room', room);
  params.set('name', action.name);
  params.set('vendorName', action.vendorName);
  if (walletStyle === 'transfer') params.set('wallet', 'transfer');
  params.set('from', from);
  return `/game?${params.toString()}`;
}
