import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { localised } from '../../lib/localised-text.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { cdnSetting } from '../system/system.settings.ts';
import { IMAGE_HOST_PLACEHOLDER, resolveHost } from './games.hosts.ts';
import * as repo from './games.repository.ts';

/**
 * A game's display name in a language and its image on the chosen CDN, for other modules that show
 * games by code (the winner board). Undefined for a game the catalogue does not list.
 */
export function createGameInfoResolver(deps: { db: Kysely<DB>; settings: SettingsService; merchants: MerchantService }) {
  return async (game: { vendorCode: string; gameCode: string; language: string | undefined }) => {
    const merchant = await deps.merchants.current();
    const row = await repo.findGameByCode(deps.db, merchant.id, game.vendorCode, game.gameCode);
    if (!row) return undefined;
    const hosts = (await deps.settings.get(merchant.id, cdnSetting)).imageCDNs;
    return {
      name: localised(row.name, game.language ?? 'vi', row.code),
      iconUrl: resolveHost(row.imageUrl, IMAGE_HOST_PLACEHOLDER, hosts, row.code),
    };
  };
}

/** A game's and its vendor's display names; null where the catalogue no longer has them. */
type GameNames = { gameName: string | null; vendorName: string | null; category: string | null };

/** The key of a game in the answer of `gameNames`. */
export function gameNameKey(game: { vendorCode: string; gameCode: string }): string {
  return `${game.vendorCode}\n${game.gameCode}`;
}

/**
 * The names of many games at once, in a language (each falls back to another language the game has),
 * for records that keep only codes: the betting record, the bet feed of transfer-style vendors. A
 * game removed from the catalogue has no name (`gameName: null`); its vendor may still have one.
 */
export function createGameNamesResolver(deps: { db: Kysely<DB> }) {
  return async (query: {
    merchantId: number;
    language: string;
    games: readonly { vendorCode: string; gameCode: string }[];
  }): Promise<Map<string, GameNames>> => {
    const wanted = [...new Map(query.games.map((g) => [gameNameKey(g), g])).values()];
    const [games, vendors] = await Promise.all([
      repo.findGameNames(deps.db, query.merchantId, wanted),
      wanted.length === 0 ? [] : repo.listVendors(deps.db, query.merchantId, { onlyEnabled: false }),
    ]);
    const vendorNames = new Map(vendors.map((v) => [v.code, localised(v.displayNames, query.language, v.displayName)]));
    const found = new Map(games.map((g) => [gameNameKey({ vendorCode: g.vendorCode, gameCode: g.code }), g]));
    return new Map(
      wanted.map((g) => {
        const row = found.get(gameNameKey(g));
        return [
          gameNameKey(g),
          {
            gameName: row ? localised(row.name, query.language, g.gameCode) : null,
            vendorName: vendorNames.get(g.vendorCode) ?? null,
            category: row?.category ?? null,
          },
        ];
      }),
    );
  };
}
