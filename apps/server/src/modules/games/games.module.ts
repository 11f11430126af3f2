import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import type { GameSessionService } from '../game-session/game-session.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { gamesAdminRoutes } from './games.admin.routes.ts';
import { createGamesAdminService } from './games.admin.service.ts';
import { connectCatalogueCache, createCatalogueCache } from './games.cache.ts';
import { type BuildLaunchUrl, createLaunchService, type LaunchGuard } from './games.launch.ts';
import { gamesRoutes } from './games.routes.ts';
import { createGamesService } from './games.service.ts';

export type GamesModuleDeps = {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  gameSessions: GameSessionService;
  pubsub: PubSub;
  now: () => Date;
  /** Signs a launch URL for a vendor; the vendor side provides the real one. */
  buildLaunchUrl: BuildLaunchUrl;
  /** Refuses members who may not play (self-exclusion, limits). Required: there is no default. */
  launchGuard: LaunchGuard;
};

/** Builds the catalogue services and registers the player and back-office calls. */
export function gamesModule(deps: GamesModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = createCatalogueCache();
    const { announce, disconnect } = await connectCatalogueCache(cache, deps.pubsub);
    app.addHook('onClose', async () => {
      // The app may have closed pub/sub first; a subscription that is already gone is fine.
      await disconnect().catch(() => {});
    });
    const games = createGamesService({ db: deps.db, settings: deps.settings, cache, now: deps.now });
    const launcher = createLaunchService(deps);
    const admin = createGamesAdminService({ db: deps.db, settings: deps.settings, invalidate: announce, now: deps.now });
    await app.register(gamesRoutes({ games, launcher, merchants: deps.merchants }));
    await app.register(gamesAdminRoutes(admin));
  };
}
