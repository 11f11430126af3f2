import type { GameItem } from '@platform/contracts/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesKeys } from '../../../api/games-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** GET /wps/relay/MCSFE_getFavoriteGames: the member's favourite game ids of a category. */
export function useFavoriteIds(customerId: number | null, gameType: string) {
  return useQuery({
    queryKey: gamesKeys.favoriteIds(customerId ?? 0, gameType),
    queryFn: ({ signal }) => apiGet<number[]>(`/wps/relay/MCSFE_getFavoriteGames?gameType=${encodeURIComponent(gameType)}`, signal),
    enabled: customerId !== null,
  });
}

type ToggleInput = { game: GameItem; isFavorite: boolean };

/**
 * Adds or removes a favourite. The star changes at once (every cached id list of the member is
 * updated) and goes back if the server refuses; the favourites list is reloaded either way.
 */
export function useToggleFavorite(customerId: number | null) {
  const queryClient = useQueryClient();
  const idsKey = [...gamesKeys.all, 'favoriteIds', customerId ?? 0] as const;
  return useMutation({
    mutationFn: ({ game, isFavorite }: ToggleInput) =>
      apiSend<{ nodeId: number; isFavorite: boolean }>(
        'POST',
        isFavorite ? '/wps/relay/MCSFE_addFavoriteGame' : '/wps/relay/MCSFE_removeFavoriteGame',
        { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType },
      ),
    onMutate: async ({ game, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const previous = queryClient.getQueriesData<number[]>({ queryKey: idsKey });
      queryClient.setQueriesData<number[]>({ queryKey: idsKey }, (ids) => {
        if (!ids) return ids;
        const without = ids.filter((id) => id !== game.nodeId);
        return isFavorite ? [game.nodeId, ...without] : without;
      });
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, ids] of context?.previous ?? []) queryClient.setQueryData(key, ids);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: idsKey });
      void queryClient.invalidateQueries({
        queryKey: [...gamesKeys.all, 'list'],
        predicate: (q) => JSON.stringify(q.queryKey).includes('"fav"'),
      });
    },
  });
}
