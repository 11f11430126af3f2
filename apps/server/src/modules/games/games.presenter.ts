import { GAME_CATEGORIES, type GameCategory, type GameItem, type VendorCard } from '@platform/contracts/games';
import { localised } from '../../lib/localised-text.ts';
import { IMAGE_HOST_PLACEHOLDER, resolveHost } from './games.hosts.ts';
import type { GameRow, VendorRow } from './games.repository.ts';

export function asCategory(value: string): GameCategory {
  return (GAME_CATEGORIES as readonly string[]).includes(value) ? (value as GameCategory) : 'RNG';
}

/** Hundredths to the number the client shows (0.05); exact for every value below 2^53 / 100. */
export function fromHundredths(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** A game as the client sees it; the image host is still the placeholder (see games.hosts.ts). */
export function presentGame(row: GameRow, language: string): GameItem {
  const isVendorDown = row.vendorIsMaintenance;
  const message = row.isMaintenance ? localised(row.maintenanceMessage, language) : '';
  return {
    nodeId: row.id,
    gameCode: row.code,
    gameName: localised(row.name, language, row.code),
    gameType: asCategory(row.category),
    vendor: row.vendorCode,
    vassalage: row.vendorCode,
    accountTypeName: row.vendorCode,
    vendorName: localised(row.vendorNames, language, row.vendorName),
    gameClassify: row.classify,
    imageUrl: row.imageUrl,
    isHot: row.isHot ? 1 : 0,
    minBet: fromHundredths(row.minBetCents),
    minLineNum: row.minLines,
    isTrialSupported: row.isTrialSupported,
    isMaintenance: row.isMaintenance || isVendorDown,
    maintenanceMessage: message || (isVendorDown ? localised(row.vendorMaintenanceMessage, language) : ''),
  };
}

export function presentVendorCard(vendor: VendorRow, category: GameCategory, language: string): VendorCard {
  return {
    vassalage: vendor.code,
    displayName: localised(vendor.displayNames, language, vendor.displayName),
    accountTypeId: vendor.id,
    isHot: vendor.isHot ? 1 : 0,
    gameType: category,
    logoUrl: vendor.logoUrl,
    walletStyle: vendor.walletStyle,
    isMaintenance: vendor.isMaintenance,
    maintenanceMessage: vendor.isMaintenance ? localised(vendor.maintenanceMessage, language) : '',
  };
}

/** Replaces the image host placeholder of games leaving the server. */
export function withImageHosts<T extends { imageUrl: string; gameCode: string }>(games: readonly T[], hosts: readonly string[]): T[] {
  return games.map((g) => ({ ...g, imageUrl: resolveHost(g.imageUrl, IMAGE_HOST_PLACEHOLDER, hosts, g.gameCode) }));
}

export function withLogoHosts(cards: readonly VendorCard[], hosts: readonly string[]): VendorCard[] {
  return cards.map((c) => ({ ...c, logoUrl: resolveHost(c.logoUrl, IMAGE_HOST_PLACEHOLDER, hosts, c.vassalage) }));
}

/** Category titles for lanes and menus; languages other than Vietnamese get English. */
const CATEGORY_TITLES: Record<GameCategory, { vi: string; en: string }> = {
  LIVE: { vi: 'Sòng bài trực tiếp', en: 'Live casino' },
  RNG: { vi: 'Nổ hũ', en: 'Slots' },
  FISH: { vi: 'Bắn cá', en: 'Fishing' },
  PVP: { vi: 'Game bài', en: 'Card games' },
  SPORTS: { vi: 'Thể thao', en: 'Sports' },
  ESPORTS: { vi: 'Thể thao điện tử', en: 'E-sports' },
  LOTT: { vi: 'Xổ số', en: 'Lottery' },
  ELOTT: { vi: 'Xổ số điện tử', en: 'E-lottery' },
  COCKFIGHT: { vi: 'Đá gà', en: 'Cockfight' },
  CRASH: { vi: 'Crash', en: 'Crash' },
  TABLE: { vi: 'Trò chơi bàn', en: 'Table games' },
  MINIGAMES: { vi: 'Trò chơi nhỏ', en: 'Minigames' },
  ARCADE: { vi: 'Arcade', en: 'Arcade' },
  JACKPOT: { vi: 'Jackpot', en: 'Jackpot' },
};

export function categoryTitle(category: GameCategory, language: string): string {
  return language.startsWith('vi') ? CATEGORY_TITLES[category].vi : CATEGORY_TITLES[category].en;
}
