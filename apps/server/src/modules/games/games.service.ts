import {
  GAME_CATEGORIES,
  GAME_CLASSES,
  type GameCategory,
  type GameItem,
  type GameListQuery,
  type GameListValue,
  HOT_GAME_TYPES,
} from '@platform/contracts/games';
import { betUnitMinor, currencyScale } from '@platform/contracts/money-format';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localised } from '../../lib/localised-text.ts';
import { merchantCurrencyOf } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { cdnSetting } from '../system/system.settings.ts';
import type { CatalogueCache } from './games.cache.ts';
import type { JackpotPoolSource } from './games.jackpot-pools.ts';
import type { LiveRoomSource } from './games.live-rooms.ts';
import { categoryTitle, fromHundredths, presentGame, presentVendorCard, withImageHosts, withLogoHosts } from './games.presenter.ts';
import * as repo from './games.repository.ts';
import { buildSearchIndex, type SearchIndex, searchPage } from './games.search-index.ts';
import { jackpotSetting, jackpotValueAt } from './games.settings.ts';

/** Favourites a member may keep; the list is meant for a handful of games. */
export const FAVORITES_PER_MEMBER_MAX = 500;
/** Hot games per type in the hot list, which has no pages. */
export const HOT_GAMES_PER_TYPE_MAX = 200;
/** Rooms in one room list answer. */
export const ROOM_LIST_MAX = 200;
/** Popular = launched by the most members within this window. */
export const POPULAR_WINDOW_DAYS = 7;
/** Popular changes with every launch, so it is kept for less time than the rest. */
export const POPULAR_CACHE_TTL_MS = 30_000;

export type GamesService = ReturnType<typeof createGamesService>;

export function createGamesService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  cache: CatalogueCache;
  now: () => Date;
  /** Vendors whose card rooms are live (the house game server). */
  liveRooms?: readonly LiveRoomSource[];
  /** The progressive jackpot pools the house game server publishes; the home counter shows them. */
  jackpotPools?: JackpotPoolSource;
}) {
  const { db, settings, cache, now } = deps;

  async function imageHosts(merchantId: number): Promise<string[]> {
    return (await settings.get(merchantId, cdnSetting)).imageCDNs;
  }

  /** Enabled vendors with the categories and classify tags of their visible games. */
  async function vendorKinds(merchantId: number) {
    const [vendors, kinds] = await Promise.all([
      repo.listVendors(db, merchantId, { onlyEnabled: true }),
      repo.vendorGameKinds(db, merchantId),
    ]);
    const categoriesOf = new Map<string, Set<string>>();
    const classesOf = new Map<string, Map<string, Set<string>>>(); // category -> class -> vendors
    for (const k of kinds) {
      if (!categoriesOf.has(k.vendorCode)) categoriesOf.set(k.vendorCode, new Set());
      categoriesOf.get(k.vendorCode)?.add(k.category);
      if (k.tag && (GAME_CLASSES as readonly string[]).includes(k.tag)) {
        if (!classesOf.has(k.category)) classesOf.set(k.category, new Map());
        const byClass = classesOf.get(k.category) as Map<string, Set<string>>;
        if (!byClass.has(k.tag)) byClass.set(k.tag, new Set());
        byClass.get(k.tag)?.add(k.vendorCode);
      }
    }
    return { vendors, categoriesOf, classesOf };
  }

  /** The categories a vendor shows under: its declared ones plus those its games have. */
  function categoriesOfVendor(vendor: repo.VendorRow, fromGames: Set<string> | undefined): GameCategory[] {
    const all = new Set([...vendor.categories, ...(fromGames ?? [])]);
    return GAME_CATEGORIES.filter((c) => all.has(c));
  }

  async function vendorLanes(merchantId: number, language: string) {
    const lanes = await cache.get(merchantId, ['lanes', language], async () => {
      const { vendors, categoriesOf, classesOf } = await vendorKinds(merchantId);
      return GAME_CATEGORIES.flatMap((category) => {
        const cards = vendors
          .filter((v) => categoriesOfVendor(v, categoriesOf.get(v.code)).includes(category))
          .map((v) => presentVendorCard(v, category, language));
        if (cards.length === 0) return [];
        const classes = classesOf.get(category);
        const gameClassify = classes
          ? GAME_CLASSES.filter((c) => classes.has(c)).map((c) => ({ gameClassify: c, vendors: [...(classes.get(c) ?? [])].sort() }))
          : [];
        return [
          { title: categoryTitle(category, language), gameType: category, cards, ...(gameClassify.length > 0 ? { gameClassify } : {}) },
        ];
      });
    });
    const hosts = await imageHosts(merchantId);
    return lanes.map((lane) => ({ ...lane, cards: withLogoHosts(lane.cards, hosts) }));
  }

  async function menus(merchantId: number, language: string) {
    const lanes = await vendorLanes(merchantId, language);
    return lanes.map((lane) => ({ gameType: lane.gameType, title: lane.title, vendors: lane.cards }));
  }

  /**
   * The merchant's visible games indexed for name search, kept with the catalogue's answers: an
   * operator's edit drops it with them, and it expires with them.
   */
  function searchIndex(merchantId: number): Promise<SearchIndex> {
    return cache.get(merchantId, ['search-index'], async () => buildSearchIndex(await repo.listSearchableGames(db, merchantId)));
  }

  /**
   * A page of games as the route sends it, prepared once per catalogue version, query and image
   * hosts and kept in the catalogue cache as bytes: `prepare` checks the answer against the
   * route's schema and serialises it (lib/prepared-json), so a hit costs neither.
   */
  async function gameListAnswer<T>(
    merchantId: number,
    query: GameListQuery,
    language: string,
    prepare: (value: GameListValue) => T,
  ): Promise<T> {
    const hosts = await imageHosts(merchantId);
    const filter: repo.GameFilter = {
      category: query.gameType,
      vendorCode: query.vassalage,
      classify: query.gameClassify,
      nameContains: query.gameName,
      minBetCentsAtMost: query.minBet,
      minLinesAtMost: query.minLineNum,
    };
    const { pageNo, pageSize } = query;
    return cache.get(merchantId, ['list', language, filter, pageNo, pageSize, hosts], async () => {
      const page = { limit: pageSize, offset: pageOffset({ pageNo, pageSize }) };
      const { nameContains } = filter;
      const { rows, totalCount } = nameContains
        ? searchPage(await searchIndex(merchantId), { ...filter, nameContains }, page)
        : await repo.pageGames(db, merchantId, filter, page);
      return prepare({
        games: withImageHosts(
          rows.map((r) => presentGame(r, language)),
          hosts,
        ),
        pageNo,
        pageSize,
        totalCount,
        totalPages: totalPagesOf(totalCount, pageSize),
      });
    });
  }

  async function hotGames(merchantId: number, vendorCode: string | undefined, language: string): Promise<Record<string, GameItem[]>> {
    const byType = await cache.get(merchantId, ['hot', language, vendorCode ?? ''], async () => {
      const result: Record<string, GameItem[]> = Object.fromEntries(HOT_GAME_TYPES.map((t) => [t, [] as GameItem[]]));
      // One query per type keeps each list bounded; the hot index serves each of them.
      for (const category of GAME_CATEGORIES) {
        const rows = await repo.listGames(
          db,
          merchantId,
          { category, vendorCode, isHot: true },
          { limit: HOT_GAMES_PER_TYPE_MAX, offset: 0 },
        );
        if (rows.length > 0 || (HOT_GAME_TYPES as readonly string[]).includes(category)) {
          result[category] = rows.map((r) => presentGame(r, language));
        }
      }
      return result;
    });
    const hosts = await imageHosts(merchantId);
    return Object.fromEntries(Object.entries(byType).map(([type, games]) => [type, withImageHosts(games, hosts)]));
  }

  async function vassGameType(merchantId: number, vendorCode: string, language: string) {
    return cache.get(merchantId, ['vass', language, vendorCode], async () => {
      const { vendors, categoriesOf } = await vendorKinds(merchantId);
      const vendor = vendors.find((v) => v.code === vendorCode);
      if (!vendor) throw new DomainError('not_found', 'vassalage');
      const kinds = (await repo.vendorGameKinds(db, merchantId)).filter((k) => k.vendorCode === vendorCode);
      const classes = new Set(kinds.map((k) => k.tag).filter((t): t is string => t !== null));
      return {
        vassalage: vendor.code,
        displayName: localised(vendor.displayNames, language, vendor.displayName),
        gameTypes: categoriesOfVendor(vendor, categoriesOf.get(vendor.code)),
        gameClassify: [...classes].sort(),
      };
    });
  }

  async function popular(merchantId: number, input: { count: number; gameType?: string | undefined }, language: string) {
    const games = await cache.get(
      merchantId,
      ['popular', language, input.count, input.gameType ?? ''],
      async () => {
        const since = new Date(now().getTime() - POPULAR_WINDOW_DAYS * 86_400_000);
        const played = await repo.listPopular(db, merchantId, since, input.gameType, input.count);
        const rest =
          played.length < input.count
            ? await repo.listFallbackPopular(
                db,
                merchantId,
                input.gameType,
                played.map((g) => g.id),
                input.count - played.length,
              )
            : [];
        return [...played, ...rest].map((r) => presentGame(r, language));
      },
      POPULAR_CACHE_TTL_MS,
    );
    return withImageHosts(games, await imageHosts(merchantId));
  }

  /* Member lists: never cached, as each member sees their own. */

  async function favoriteIds(merchantId: number, memberId: number, gameType: string | undefined) {
    return repo.listFavoriteIds(db, merchantId, memberId, gameType);
  }

  async function favoriteList(
    merchantId: number,
    memberId: number,
    query: { gameType?: string | undefined; pageNo: number; pageSize: number },
    language: string,
  ) {
    const [totalCount, rows] = await Promise.all([
      repo.countFavorites(db, merchantId, memberId, query.gameType),
      repo.listFavoriteGames(db, merchantId, memberId, query.gameType, {
        limit: query.pageSize,
        offset: pageOffset(query),
      }),
    ]);
    return {
      content: withImageHosts(
        rows.map((r) => presentGame(r, language)),
        await imageHosts(merchantId),
      ),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  /** The game the favourite action names, checked against its vendor and type. */
  async function favoriteTarget(merchantId: number, input: { nodeId: number; vendor: string; gameType: string }) {
    const game = await repo.findGameById(db, merchantId, input.nodeId);
    if (!game?.isEnabled || !game.vendorIsEnabled) throw new DomainError('game_not_found');
    if (game.vendorCode !== input.vendor) throw new DomainError('bad_request', 'vendor does not match the game');
    if (game.category !== input.gameType) throw new DomainError('bad_request', 'gameType does not match the game');
    return game;
  }

  async function addFavorite(merchantId: number, memberId: number, input: { nodeId: number; vendor: string; gameType: string }) {
    const game = await favoriteTarget(merchantId, input);
    if (await repo.isFavorite(db, memberId, game.id)) return { nodeId: game.id, isFavorite: true };
    if ((await repo.countAllFavorites(db, memberId)) >= FAVORITES_PER_MEMBER_MAX) throw new DomainError('favorite_limit');
    await repo.insertFavorite(db, memberId, game.id, now());
    return { nodeId: game.id, isFavorite: true };
  }

  async function removeFavorite(merchantId: number, memberId: number, input: { nodeId: number; vendor: string; gameType: string }) {
    const game = await repo.findGameById(db, merchantId, input.nodeId);
    // A game removed from the catalogue can still be taken off the list.
    if (!game) throw new DomainError('game_not_found');
    if (game.vendorCode !== input.vendor) throw new DomainError('bad_request', 'vendor does not match the game');
    if (game.category !== input.gameType) throw new DomainError('bad_request', 'gameType does not match the game');
    await repo.deleteFavorite(db, memberId, game.id);
    return { nodeId: game.id, isFavorite: false };
  }

  async function recent(
    merchantId: number,
    memberId: number,
    query: { gameType?: string | undefined; pageNo: number; pageSize: number },
    language: string,
  ) {
    const [totalCount, rows] = await Promise.all([
      repo.countRecent(db, merchantId, memberId, query.gameType),
      repo.listRecent(db, merchantId, memberId, query.gameType, { limit: query.pageSize, offset: pageOffset(query) }),
    ]);
    const hosts = await imageHosts(merchantId);
    const list = rows.map((r) => ({ ...presentGame(r, language), lastPlayedAt: r.lastPlayedAt.toISOString() }));
    return {
      list: withImageHosts(list, hosts),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  async function roomList(
    merchantId: number,
    filter: { vassalage?: string | undefined; gameCode?: string | undefined; nodeId?: number | undefined },
    language: string,
    /** The member's currency: a live room's ante and minimum balance are amounts of it (minor units). */
    currency: string,
  ) {
    const rows = await repo.listRooms(
      db,
      merchantId,
      { vendorCode: filter.vassalage, gameCode: filter.gameCode, gameId: filter.nodeId },
      ROOM_LIST_MAX,
    );
    const list = rows.map((r) => ({
      roomId: r.id,
      roomCode: r.roomCode,
      roomName: localised(r.name, language, r.roomCode),
      nodeId: r.gameId,
      gameCode: r.gameCode,
      vassalage: r.vendorCode,
      minBet: fromHundredths(r.minBetCents),
      seats: r.seats,
      players: r.players,
      isOpen: r.isOpen,
    }));
    for (const source of deps.liveRooms ?? []) {
      if (filter.vassalage && filter.vassalage !== source.vendorCode) continue;
      list.push(...(await liveRoomsOf(merchantId, source, filter, language, currency)));
    }
    return { list: list.slice(0, ROOM_LIST_MAX) };
  }

  /**
   * A vendor's live rooms whose game is in this merchant's catalogue and can be played. Their ids are
   * negative (-1, -2, ... in the vendor's order) so they never meet a `game_rooms` id; the room code
   * names them.
   */
  async function liveRoomsOf(
    merchantId: number,
    source: LiveRoomSource,
    filter: { gameCode?: string | undefined; nodeId?: number | undefined },
    language: string,
    currency: string,
  ) {
    const rooms = await source.rooms();
    // The game server counts in the player's minor units; the list speaks the catalogue's bet units.
    const unit = betUnitMinor(currency);
    const games = new Map<string, repo.GameRow | undefined>();
    for (const code of new Set(rooms.map((r) => r.game)))
      games.set(code, await repo.findGameByCode(db, merchantId, source.vendorCode, code));
    return rooms.flatMap((room, i) => {
      const game = games.get(room.game);
      if (!game?.isEnabled || !game.vendorIsEnabled || game.category !== 'PVP') return [];
      if (filter.gameCode && filter.gameCode !== game.code) return [];
      if (filter.nodeId && filter.nodeId !== game.id) return [];
      const isMaintenance = game.isMaintenance || game.vendorIsMaintenance;
      return [
        {
          roomId: -(i + 1),
          roomCode: room.roomId,
          roomName: `${localised(game.name, language, game.code)} · ${room.roomId}`,
          nodeId: game.id,
          gameCode: game.code,
          vassalage: source.vendorCode,
          minBet: room.stake / unit,
          seats: room.seats,
          players: Math.min(room.players, room.seats),
          isOpen: !isMaintenance && room.players < room.seats,
          minBalance: room.minBalance / unit,
          rakePercent: room.rakeBps / 100,
        },
      ];
    });
  }

  /**
   * The home counter. When the house game server publishes its pools, the counter starts from their
   * real sum in the merchant's currency at the moment they were read and the display rule (+165.11
   * every 3 s by default) runs on from there until the next read; without pools it is the display
   * rule alone, as an operator set it.
   */
  async function jackpot(merchantId: number) {
    const config = await settings.get(merchantId, jackpotSetting);
    const at = now();
    const published = await deps.jackpotPools?.pools();
    if (published) {
      const currency = (await merchantCurrencyOf(db, merchantId)).trim();
      const mine = published.pools.filter((p) => p.currency === currency);
      if (mine.length > 0) {
        const scale = currencyScale(currency);
        const base = mine.reduce((sum, p) => sum + p.amount, 0) * 10 ** Math.max(0, 2 - scale);
        const live = { ...config, base, startedAt: published.readAt.toISOString() };
        return {
          base,
          growthPerTick: config.growthPerTick,
          tickMs: config.tickMs,
          startedAt: live.startedAt,
          serverTime: at.toISOString(),
          value: jackpotValueAt(live, at),
          scale: 2 as const,
        };
      }
    }
    return {
      base: config.base,
      growthPerTick: config.growthPerTick,
      tickMs: config.tickMs,
      startedAt: config.startedAt,
      serverTime: at.toISOString(),
      value: jackpotValueAt(config, at),
      scale: 2 as const,
    };
  }

  return {
    vendorLanes,
    menus,
    gameListAnswer,
    hotGames,
    vassGameType,
    popular,
    favoriteIds,
    favoriteList,
    addFavorite,
    removeFavorite,
    recent,
    roomList,
    jackpot,
  };
}
