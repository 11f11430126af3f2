import type { GameItem, VendorCard } from '@platform/contracts/games';
import type { PermissionValue } from '@platform/contracts/system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../lib/api-client.ts';
import { setSiteTimeZone } from '../lib/time-format.ts';

/**
 * The answers below, as the web reads them. The shapes come from the contracts by type only: the
 * first load carries no zod (see docs/web-shell.md).
 */
export type JackpotRule = {
  base: number;
  growthPerTick: number;
  tickMs: number;
  startedAt: string;
  serverTime: string;
  value: number;
  scale: 2;
};
export type WinnerRow = {
  iconUrl: string | null;
  customerName: string;
  gameName: string;
  gameCode: string;
  vendorCode: string;
  winAmount: number;
  currency: string;
  winTime: string;
};
export type GameMenu = { gameType: string; title: string; vendors: VendorCard[] };
export type RankPeriod = 'DAY' | 'WEEK' | 'MONTH';
export type Ranking = {
  period: RankPeriod;
  beginTime: string;
  endTime: string;
  currency: string;
  list: { rank: number; customerName: string; amount: number }[];
};

export const homeKeys = {
  all: ['home'] as const,
  jackpot: () => [...homeKeys.all, 'jackpot'] as const,
  winners: (language: string) => [...homeKeys.all, 'winners', language] as const,
  hotGames: (language: string) => [...homeKeys.all, 'hot-games', language] as const,
  menus: (language: string) => [...homeKeys.all, 'menus', language] as const,
  permission: (language: string) => [...homeKeys.all, 'permission', language] as const,
  ranking: (kind: 'deposit' | 'bet', period: RankPeriod) => [...homeKeys.all, 'ranking', kind, period] as const,
  winnerRanking: (language: string, category: string, period: RankPeriod) =>
    [...homeKeys.all, 'winner-ranking', language, category, period] as const,
};

/** Game and vendor names come per language; the server knows Vietnamese and English. */
function gameLanguage(language: string): 'vi' | 'en' {
  return language === 'vi' ? 'vi' : 'en';
}

/**
 * The jackpot's rule; the counter grows on the client from it. When the house game server publishes
 * its pools the rule starts from the real pool, so it is read again every 30 s to follow it.
 */
export function useJackpot() {
  return useQuery({
    queryKey: homeKeys.jackpot(),
    queryFn: ({ signal }) => apiGet<JackpotRule>('/lgw/games/jackpot', signal),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

/** The winner board: 20 biggest wins, asked again when the language changes (the key holds it). */
export function useWinnerBoard() {
  const { i18n } = useTranslation();
  const language = gameLanguage(i18n.language);
  return useQuery({
    queryKey: homeKeys.winners(language),
    queryFn: ({ signal }) =>
      apiGet<{ list: WinnerRow[] }>(`/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=${language}&limitNum=20`, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useHotGames() {
  const { i18n } = useTranslation();
  const language = gameLanguage(i18n.language);
  return useQuery({
    queryKey: homeKeys.hotGames(language),
    queryFn: ({ signal }) =>
      apiGet<Record<string, GameItem[]>>(`/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&platform=W&language=${language}`, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The header's menus: the vendors of each category. */
export function useGameMenus() {
  const { i18n } = useTranslation();
  const language = gameLanguage(i18n.language);
  return useQuery({
    queryKey: homeKeys.menus(language),
    queryFn: ({ signal }) => apiGet<GameMenu[]>(`/lgw/games/game_menus?language=${language}`, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The site's configuration for the host in the address bar: resources, customer service. */
export function usePermission() {
  const { i18n } = useTranslation();
  const language = gameLanguage(i18n.language);
  return useQuery({
    queryKey: homeKeys.permission(language),
    queryFn: async ({ signal }) => {
      const value = await apiGet<PermissionValue>(
        `/wps/system/permission?host=${encodeURIComponent(window.location.host)}&lang=${language}`,
        signal,
      );
      // Every time the site shows is in the merchant's zone (lib/time-format.ts).
      setSiteTimeZone(value.timeZone);
      return value;
    },
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The merchant's currency (the permission call's), for amounts shown before or without a login; VND until it arrives. */
export function useSiteCurrency(): string {
  return usePermission().data?.currency ?? 'VND';
}

export function useRanking(kind: 'deposit' | 'bet', period: RankPeriod) {
  const path = kind === 'deposit' ? '/wps/relay/MCSFE_getDepositRank' : '/wps/relay/MCSFE_getBetRank';
  return useQuery({
    queryKey: homeKeys.ranking(kind, period),
    queryFn: ({ signal }) => apiGet<Ranking>(`${path}?period=${period}`, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The winner ranking page: the 20 biggest wins of a category (or `ALL`) since the start of the period. */
export function useWinnerRanking(category: string, period: RankPeriod) {
  const { i18n } = useTranslation();
  const language = gameLanguage(i18n.language);
  return useQuery({
    queryKey: homeKeys.winnerRanking(language, category, period),
    queryFn: ({ signal }) =>
      apiGet<{ list: WinnerRow[] }>(
        `/wps/relay/GCSGAME_getRankList?gameCategory=${encodeURIComponent(category)}&language=${language}&limitNum=20&period=${period}`,
        signal,
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The operator's resource of a type (TELEGRAM, FACEBOOK, EMAIL, …), when it has a link. */
export function findResource(permission: PermissionValue | undefined, type: string) {
  return permission?.resources.find((r) => r.resourceType.toUpperCase() === type && r.url.trim() !== '');
}

export function findResources(permission: PermissionValue | undefined, type: string) {
  return permission?.resources.filter((r) => r.resourceType.toUpperCase() === type && r.url.trim() !== '') ?? [];
}
