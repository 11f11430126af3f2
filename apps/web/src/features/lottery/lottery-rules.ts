import type { LotteryGameEntry } from '@platform/contracts/lottery';
import { foldText } from '@platform/contracts/text-folding';

/**
 * The lottery page's rules, as pure functions: the weekday filter, the menu refresh timer, each
 * game's expected draw time, favourites per username and the list modes.
 */

/** Spec: the weekday filter lists Monday..Saturday (2..7), then Sunday (1); -1 is every day. */
export const WEEKDAY_ORDER = [2, 3, 4, 5, 6, 7, 1] as const;
export const ALL_DAYS = -1;

/** Spec constant: the menu refreshes after the smallest remaining time, at most 30 s, or 7 s when nothing is left. */
export const MENU_REFRESH_CAP_MS = 30_000;
export const MENU_REFRESH_IDLE_MS = 7_000;

/** Local storage key of the favourite lottery games, kept per username. */
export const FAVOURITES_KEY = 'LOTTFAV';

export type ListMode = 'all' | 'hot' | 'fav' | 'recent';

/** How long until the menu is fetched again: when the next open game's time runs out, within the spec's bounds. */
export function menuRefreshMs(list: readonly Pick<LotteryGameEntry, 'remainTime' | 'numero'>[]): number {
  const remaining = list.filter((game) => game.numero !== null).map((game) => game.remainTime);
  const smallest = remaining.length > 0 ? Math.min(...remaining) : 0;
  if (smallest <= 0) return MENU_REFRESH_IDLE_MS;
  return Math.min(smallest, MENU_REFRESH_CAP_MS);
}

/**
 * The device-clock instant betting on the game's open draw closes: its remaining time, less half the
 * round trip that brought it (the server measured it that long before the answer arrived), less the
 * lock time (seconds, times 1000). `receivedAt` is the device clock when the answer arrived.
 */
export function expectedCloseAt(game: Pick<LotteryGameEntry, 'remainTime' | 'lockTime'>, receivedAt: number, roundTripMs: number): number {
  return receivedAt + game.remainTime - roundTripMs / 2 - game.lockTime * 1000;
}

/** The device-clock instant of the draw itself. */
export function expectedDrawAt(game: Pick<LotteryGameEntry, 'remainTime'>, receivedAt: number, roundTripMs: number): number {
  return receivedAt + game.remainTime - roundTripMs / 2;
}

/** `h:mm:ss` (or `mm:ss` under an hour) of what is left; 0 once passed. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** A station draws on its weekdays; a fast game draws every day. */
export function drawsOnWeekday(game: Pick<LotteryGameEntry, 'drawDayOfWeek'>, weekday: number): boolean {
  if (weekday === ALL_DAYS) return true;
  return game.drawDayOfWeek
    .split(',')
    .map((day) => Number(day.trim()))
    .includes(weekday);
}

type FavouriteStore = Record<string, string[]>;

function readStore(storage: Storage): FavouriteStore {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FAVOURITES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as FavouriteStore) : {};
  } catch {
    return {};
  }
}

/** The username's favourite game ids. */
export function readFavourites(storage: Storage, username: string): string[] {
  const ids = readStore(storage)[username];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds or removes a game from the username's favourites, leaving other usernames' lists as they are. */
export function toggleFavourite(storage: Storage, username: string, gameId: string): string[] {
  const store = readStore(storage);
  const current = readFavourites(storage, username);
  const next = current.includes(gameId) ? current.filter((id) => id !== gameId) : [...current, gameId];
  storage.setItem(FAVOURITES_KEY, JSON.stringify({ ...store, [username]: next }));
  return next;
}

export type ListFilter = {
  tag: string | null;
  weekday: number;
  mode: ListMode;
  search: string;
  favourites: readonly string[];
  /** Game ids in order, for the hot and recent modes. */
  ranked: readonly string[];
};

/** The games the list shows: the mode picks and orders them, then tag, weekday and name (folded) narrow them. */
export function filterGames(list: readonly LotteryGameEntry[], filter: ListFilter): LotteryGameEntry[] {
  let games: LotteryGameEntry[];
  if (filter.mode === 'fav') games = list.filter((game) => filter.favourites.includes(game.gameId));
  else if (filter.mode === 'hot' || filter.mode === 'recent') {
    const byId = new Map(list.map((game) => [game.gameId, game]));
    games = filter.ranked.flatMap((id) => byId.get(id) ?? []);
  } else games = [...list];
  // Names compare folded (accents, đ, case and spacing), as the lobby's search does: "hue" finds "Huế".
  const needle = foldText(filter.search);
  return games.filter(
    (game) =>
      (filter.tag === null || game.gameMenuTag === filter.tag) &&
      drawsOnWeekday(game, filter.weekday) &&
      (needle === '' || foldText(game.remark).includes(needle) || foldText(game.gameId).includes(needle)),
  );
}
