import type { GameItem } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { gamesKeys } from '../../../api/games-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** The games of one vendor in one category, for the popup game list of a vassalage entry (at most 100). */
export function useVendorGames(vendor: string, gameType: string, language: string) {
  return useQuery({
    queryKey: gamesKeys.vendorGames(vendor, gameType, language),
    queryFn: ({ signal }) =>
      apiGet<{ games: GameItem[] }>(
        `/wps/relay/GCSGAME_gameList?clientType=3&vassalage=${encodeURIComponent(vendor)}&gameType=${encodeURIComponent(gameType)}&pageSize=100&language=${encodeURIComponent(language)}`,
        signal,
      ),
  });
}
