import type { LotteryDraw, LotteryGameEntry, LotteryPlayType, LotteryTicket, PlaceTicketBody } from '@platform/contracts/lottery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { menuRefreshMs } from '../lottery-rules.ts';

/** Every lottery query starts with 'lottery', so a settlement push can refresh them all at once. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  menu: (language: string) => [...lotteryKeys.all, 'menu', language] as const,
  ranked: (mode: 'hot' | 'recent', language: string, customerId: number | null) =>
    [...lotteryKeys.all, mode, language, customerId] as const,
  playTypes: (gameId: string) => [...lotteryKeys.all, 'playTypes', gameId] as const,
  history: (gameId: string) => [...lotteryKeys.all, 'history', gameId] as const,
  tickets: (gameId: string, customerId: number | null) => [...lotteryKeys.all, 'tickets', gameId, customerId] as const,
};

type MenuValue = { tags: string[]; list: LotteryGameEntry[]; serverTime: number };
/** The menu with the device clock at its arrival and the round trip that brought it (for the countdowns). */
export type TimedMenu = MenuValue & { receivedAt: number; roundTripMs: number };

async function timedMenu(path: string, signal: AbortSignal): Promise<TimedMenu> {
  const started = performance.now();
  const value = await apiGet<MenuValue>(path, signal);
  return { ...value, receivedAt: Date.now(), roundTripMs: performance.now() - started };
}

/** GET /lgw/vn/games/game_menu, fetched again when the next open game's time runs out (spec refresh rule). */
export function useLotteryMenu(language: string) {
  return useQuery({
    queryKey: lotteryKeys.menu(language),
    queryFn: ({ signal }) => timedMenu(`/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB&language=${language}`, signal),
    refetchInterval: (query) => (query.state.data ? menuRefreshMs(query.state.data.list) : false),
  });
}

/** The hot (popular, count 20) or the member's recent (count 100) games, as ids in order. */
export function useRankedLottery(mode: 'hot' | 'recent', language: string, customerId: number | null, enabled: boolean) {
  const path =
    mode === 'hot'
      ? `/lgw/vn/games/popular?count=20&prizeMode=Lott&device=WEB&language=${language}`
      : `/lgw/vn/games/game_menu/recent?recentCount=100&prizeMode=Lott&device=WEB&language=${language}`;
  return useQuery({
    queryKey: lotteryKeys.ranked(mode, language, customerId),
    queryFn: async ({ signal }) => (await apiGet<MenuValue>(path, signal)).list.map((game) => game.gameId),
    enabled,
  });
}

export type PlayTypes = { gameId: string; region: string; minStake: number; maxStake: number; list: LotteryPlayType[] };

export function usePlayTypes(gameId: string | null) {
  return useQuery({
    queryKey: lotteryKeys.playTypes(gameId ?? ''),
    queryFn: ({ signal }) => apiGet<PlayTypes>(`/lgw/vn/games/play_types?gameId=${encodeURIComponent(gameId ?? '')}`, signal),
    enabled: gameId !== null,
    staleTime: 60_000,
  });
}

/** The game's drawn periods, newest first (results board and history). */
export function useDrawHistory(gameId: string | null) {
  return useQuery({
    queryKey: lotteryKeys.history(gameId ?? ''),
    queryFn: async ({ signal }) =>
      (await apiGet<{ list: LotteryDraw[] }>(`/lgw/vn/numeros/opened/game?gameId=${encodeURIComponent(gameId ?? '')}&count=100`, signal))
        .list,
    enabled: gameId !== null,
  });
}

export function useMyTickets(gameId: string | null, customerId: number | null) {
  return useQuery({
    queryKey: lotteryKeys.tickets(gameId ?? '', customerId),
    queryFn: async ({ signal }) =>
      (await apiGet<{ list: LotteryTicket[] }>(`/lgw/vn/tickets?gameId=${encodeURIComponent(gameId ?? '')}&limit=20`, signal)).list,
    enabled: gameId !== null && customerId !== null,
  });
}

/** POST /lgw/vn/tickets; the stake is reserved at once, so the balance and the tickets are fetched again. */
export function usePlaceTicket(customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceTicketBody) => apiSend<LotteryTicket>('POST', '/lgw/vn/tickets', body),
    onSuccess: (ticket) => {
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(ticket.gameId, customerId) });
      if (customerId !== null) void queryClient.invalidateQueries({ queryKey: walletKeys.balance(customerId) });
    },
  });
}
