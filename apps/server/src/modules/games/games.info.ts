import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { cdnSetting } from '../system/system.settings.ts';
import { IMAGE_HOST_PLACEHOLDER, resolveHost } from './games.hosts.ts';
import { localised } from './games.presenter.ts';
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
