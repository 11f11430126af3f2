import type { PubSub } from '@platform/realtime/pubsub';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GameSessionService } from '../game-session/game-session.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createGamesAdminService } from './games.admin.service.ts';
import { gamesAdminRoutes } from './games.admin-routes.ts';
import { connectCatalogueCache, createCatalogueCache } from './games.cache.ts';
import { createGameInfoResolver, createGameNamesResolver } from './games.info.ts';
import type { JackpotPoolSource } from './games.jackpot-pools.ts';
import {
  createLaunchService,
  createTemplateLaunchUrlBuilder,
  type LaunchGuard,
  type LaunchService,
  type LaunchUrlInput,
} from './games.launch.ts';
import type { LiveRoomSource } from './games.live-rooms.ts';
import { findGameImage } from './games.repository.ts';
import { gamesRoutes } from './games.routes.ts';
import { createGamesService, type GamesService } from './games.service.ts';

export type GamesModuleDeps = {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  gameSessions: GameSessionService;
  pubsub: PubSub;
  now: () => Date;
  /**
   * A launch URL signed by the vendor's wallet integration, or undefined for a vendor without an
   * enabled one, whose URL then comes from its catalogue row's template.
   */
  vendorLaunchUrl: (input: LaunchUrlInput) => Promise<string | undefined>;
  /** Hosts a launch template may name, such as {DEMO_VENDOR_URL}. */
  namedHosts: Record<string, string>;
  /** Refuses members who may not play (self-exclusion, a break). Required: there is no default. */
  launchGuard: LaunchGuard;
  /** Vendors whose card rooms are live: `/wps/relay/GLS2_roomList` lists them with the catalogue's rooms. */
  liveRooms?: readonly LiveRoomSource[];
  /** The progressive jackpot pools a vendor publishes (the house game server); the home counter shows them. */
  jackpotPools?: JackpotPoolSource;
  /** The accounts linked to a member; a card-room (PVP) launch passes them to the vendor. */
  identityLinks?: (merchantId: number, memberId: number) => Promise<string[]>;
};

/** What the games module offers other modules. */
export type GamesModuleService = {
  catalogue: GamesService;
  launcher: LaunchService;
  /** A game's display name and image by code (the winner board names games with it). */
  gameInfo: ReturnType<typeof createGameInfoResolver>;
  /** Game and vendor names of many games at once, in a language (the betting record names rounds with it). */
  gameNames: ReturnType<typeof createGameNamesResolver>;
};

/**
 * The game catalogue (cached lists, shared across nodes through pub/sub), game launch, the jackpot
 * counter and the operator's catalogue calls.
 */
export async function createGamesModule(deps: GamesModuleDeps): Promise<PlatformModule<'games', GamesModuleService>> {
  const { db, settings, merchants, now } = deps;
  const cache = createCatalogueCache({ now });
  const { announce, disconnect } = await connectCatalogueCache(cache, deps.pubsub);
  const catalogue = createGamesService({
    db,
    settings,
    cache,
    now,
    ...(deps.liveRooms ? { liveRooms: deps.liveRooms } : {}),
    ...(deps.jackpotPools ? { jackpotPools: deps.jackpotPools } : {}),
  });
  const templateLaunchUrl = createTemplateLaunchUrlBuilder({ db, settings, namedHosts: deps.namedHosts });
  const launcher = createLaunchService({
    db,
    gameSessions: deps.gameSessions,
    buildLaunchUrl: async (input) => (await deps.vendorLaunchUrl(input)) ?? templateLaunchUrl(input),
    launchGuard: deps.launchGuard,
    ...(deps.identityLinks ? { identityLinks: deps.identityLinks } : {}),
    now,
  });
  const admin = createGamesAdminService({
    db,
    settings,
    invalidate: announce,
    now,
    counter: (merchantId) => catalogue.jackpot(merchantId),
    ...(deps.jackpotPools ? { jackpotPools: deps.jackpotPools } : {}),
  });
  return {
    name: 'games',
    service: {
      catalogue,
      launcher,
      gameInfo: createGameInfoResolver({ db, settings, merchants }),
      gameNames: createGameNamesResolver({ db }),
    },
    routes: gamesRoutes({ games: catalogue, launcher, merchants, gameImage: (imageId) => findGameImage(db, imageId) }),
    adminRoutes: gamesAdminRoutes(admin),
    // Pub/sub may already be closed; a subscription that is already gone is fine.
    onClose: () => disconnect().catch(() => {}),
  };
}
