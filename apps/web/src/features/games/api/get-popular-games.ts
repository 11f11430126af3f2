import type { GameItem } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { gamesKeys } from '../../../api/games-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /lgw/games/popular: the games most members launched lately, never one under maintenance. */
export function usePopularGames(gameType: string, language: string, enabled = true) {
  return useQuery({
    queryKey: gamesKeys.popular(gameType, language),
    queryFn: ({ signal }) =>
      apiGet<GameItem[]>(
        `/lgw/games/popular?count=6&language=${encodeURIComponent(language)}${gameType ? `&gameType=${gameType}` : ''}`,
        signal,
      ),
    enabled,
  });
}
