import type { GameCategory, GameItem } from '@platform/contracts/games';
import { foldText } from '@platform/contracts/text-folding';
import { apiGet } from '../../../lib/api-client.ts';

/** The spec's page size of the game list. */
export const GAME_PAGE_SIZE = 21;

export type LobbyMode = 'all' | 'hot' | 'fav' | 'recent';

export type LobbyFilters = {
  mode: LobbyMode;
  gameType: GameCategory | '';
  vassalage: string;
  gameClassify: string;
  minBet: string;
  gameName: string;
};

export type GamePage = { games: GameItem[]; pageNo: number; totalPages: number; totalCount: number };

function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') search.set(key, String(value));
  return search.toString();
}

/** Filters the server does not apply to a list (hot, favourites, recent) are applied here, the same way. */
function matches(game: GameItem, filters: LobbyFilters): boolean {
  if (filters.vassalage && game.vassalage !== filters.vassalage) return false;
  if (filters.gameClassify && !game.gameClassify.includes(filters.gameClassify)) return false;
  if (filters.minBet && game.minBet > Number(filters.minBet)) return false;
  if (filters.gameName) {
    const needle = foldText(filters.gameName);
    if (!foldText(game.gameName).includes(needle) && !foldText(game.gameCode).includes(needle)) return false;
  }
  return true;
}

/**
 * One page of the lobby: the paged game list (server filters), the hot list (every hot game at
 * once, one page), or the member's favourites or recent plays (paged by the server, narrowed here).
 */
export async function getGamePage(filters: LobbyFilters, pageNo: number, language: string, signal?: AbortSignal): Promise<GamePage> {
  if (filters.mode === 'hot') {
    const byType = await apiGet<Record<string, GameItem[]>>(
      `/wps/relay/GCSGAME_hotGamesV2?${query({ isPlatform: 2, vassalage: filters.vassalage, language })}`,
      signal,
    );
    const all = filters.gameType ? (byType[filters.gameType] ?? []) : Object.values(byType).flat();
    const games = all.filter((game) => matches(game, filters));
    return { games, pageNo: 1, totalPages: 1, totalCount: games.length };
  }
  if (filters.mode === 'fav' || filters.mode === 'recent') {
    const path = filters.mode === 'fav' ? '/wps/relay/MCSFE_getFavoriteGamesList' : '/wps/relay/GCS_recentGame';
    const value = await apiGet<{ content?: GameItem[]; list?: GameItem[]; totalPages: number; totalCount: number }>(
      `${path}?${query({ gameType: filters.gameType, pageNo, pageSize: GAME_PAGE_SIZE, language })}`,
      signal,
    );
    const games = (value.content ?? value.list ?? []).filter((game) => matches(game, filters));
    return { games, pageNo, totalPages: Math.max(1, value.totalPages), totalCount: value.totalCount };
  }
  const value = await apiGet<GamePage>(
    `/wps/relay/GCSGAME_gameList?${query({
      clientType: 3,
      platform: 'html5-desktop',
      gameType: filters.gameType,
      vassalage: filters.vassalage,
      gameClassify: filters.gameClassify,
      gameName: filters.gameName,
      minBet: filters.minBet,
      pageNo,
      pageSize: GAME_PAGE_SIZE,
      language,
    })}`,
    signal,
  );
  return { games: value.games, pageNo: value.pageNo, totalPages: Math.max(1, value.totalPages), totalCount: value.totalCount };
}
