import type { GameCategory, VendorCard } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { gamesKeys } from './games-keys.ts';

export type VendorLane = {
  title: string;
  gameType: GameCategory;
  cards: VendorCard[];
  gameClassify?: { gameClassify: string; vendors: string[] }[];
};

/** GET /wps/relay/GCSGAME_newGameVendor: one lane of vendor cards per category. */
export function useVendorLanes(language: string) {
  return useQuery({
    queryKey: gamesKeys.lanes(language),
    queryFn: ({ signal }) => apiGet<VendorLane[]>(`/wps/relay/GCSGAME_newGameVendor?language=${encodeURIComponent(language)}`, signal),
    staleTime: 60_000,
  });
}
