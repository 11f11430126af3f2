import { errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  catalogueQuerySchema,
  favoriteActionBodySchema,
  favoriteActionValueSchema,
  favoriteIdsQuerySchema,
  favoriteIdsValueSchema,
  favoriteListQuerySchema,
  favoriteListValueSchema,
  gameListQuerySchema,
  gameListValueSchema,
  gameMenusValueSchema,
  hotGamesQuerySchema,
  hotGamesValueSchema,
  jackpotValueSchema,
  launchBodySchema,
  launchValueSchema,
  popularQuerySchema,
  popularValueSchema,
  recentValueSchema,
  roomListQuerySchema,
  roomListValueSchema,
  vassGameTypeQuerySchema,
  vassGameTypeValueSchema,
  vendorLanesValueSchema,
} from '@platform/contracts/games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { toBuffer } from '../../lib/image-upload.ts';
import { prepareJson, sendPreparedJson } from '../../lib/prepared-json.ts';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { LaunchService } from './games.launch.ts';
import type { GamesService } from './games.service.ts';

const TAGS = ['games'];
/** Launches per member per minute: each one issues a game token. */
const LAUNCHES_PER_MINUTE = 30;

/** Names come in the `language` the call names, else the language the request asks for. */
function gameLanguageOf(request: FastifyRequest, fromQuery: string | undefined): string {
  return fromQuery || requestedLanguage(request);
}

/** The list's answer, checked once when it is prepared (the route's 200 schema). */
const gameListAnswer = okEnvelope(gameListValueSchema);

const readErrors = { 400: errorEnvelope, 429: errorEnvelope, 500: errorEnvelope, 503: errorEnvelope };
const memberErrors = { ...readErrors, 401: errorEnvelope };

/**
 * The player-facing catalogue calls, with the spec's paths. Catalogue reads need no session; with
 * one, the member's own merchant is used. Favourites, recent plays, rooms and launches need a login.
 */
export function gamesRoutes(deps: {
  games: GamesService;
  launcher: LaunchService;
  merchants: MerchantService;
  /** An uploaded game image by its id (games.admin.service.ts `setGameImage`). */
  gameImage: (imageId: number) => Promise<{ contentType: string; bytes: Uint8Array } | undefined>;
}): FastifyPluginAsyncZod {
  const { games, launcher, merchants } = deps;

  async function merchantIdOf(request: FastifyRequest): Promise<number> {
    return request.principal?.merchantId ?? (await merchants.current()).id;
  }

  return async (app) => {
    app.get(
      '/wps/game-image/:imageId',
      {
        schema: {
          tags: TAGS,
          summary: 'An uploaded game image; its address never changes content, so it may be kept for good',
          params: z.object({ imageId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        },
      },
      async (request, reply) => {
        const image = await deps.gameImage(request.params.imageId);
        if (!image) throw new DomainError('not_found', 'image');
        // An SVG is checked on upload; the policy makes sure it could not run anything anyway.
        return reply
          .type(image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
          .send(toBuffer(image.bytes));
      },
    );

    app.get(
      '/lgw/games/game_menus',
      {
        schema: {
          tags: TAGS,
          summary: 'Header menus: one per game category, with its vendors',
          querystring: catalogueQuerySchema,
          response: { 200: okEnvelope(gameMenusValueSchema), ...readErrors },
        },
      },
      async (request) => ok(await games.menus(await merchantIdOf(request), gameLanguageOf(request, request.query.language))),
    );

    app.get(
      '/wps/relay/GCSGAME_newGameVendor',
      {
        schema: {
          tags: TAGS,
          summary: 'Vendor lanes: title, vendor cards and the game classes of each category',
          querystring: catalogueQuerySchema,
          response: { 200: okEnvelope(vendorLanesValueSchema), ...readErrors },
        },
      },
      async (request) => ok(await games.vendorLanes(await merchantIdOf(request), gameLanguageOf(request, request.query.language))),
    );

    app.get(
      '/wps/relay/GCSGAME_gameList',
      {
        schema: {
          tags: TAGS,
          summary: 'One page of games (21 by default) by type, vendor, class, minimum bet, lines and name',
          querystring: gameListQuerySchema,
          response: { 200: gameListAnswer, ...readErrors },
        },
      },
      async (request, reply) => {
        const language = gameLanguageOf(request, request.query.language);
        const answer = await games.gameListAnswer(await merchantIdOf(request), request.query, language, (value) =>
          prepareJson(gameListAnswer.parse(ok(value))),
        );
        return sendPreparedJson(request, reply, answer);
      },
    );

    app.get(
      '/wps/relay/GCSGAME_hotGamesV2',
      {
        schema: {
          tags: TAGS,
          summary: 'Every hot game at once, by type (ELOTT, LOTT, LIVE, SPORTS, FISH, RNG, PVP always present)',
          querystring: hotGamesQuerySchema,
          response: { 200: okEnvelope(hotGamesValueSchema), ...readErrors },
        },
      },
      async (request) =>
        ok(await games.hotGames(await merchantIdOf(request), request.query.vassalage, gameLanguageOf(request, request.query.language))),
    );

    app.get(
      '/wps/relay/GCSGAME_getVassGameType',
      {
        schema: {
          tags: TAGS,
          summary: "A vendor's game types and game classes",
          querystring: vassGameTypeQuerySchema,
          response: { 200: okEnvelope(vassGameTypeValueSchema), 404: errorEnvelope, ...readErrors },
        },
      },
      async (request) =>
        ok(await games.vassGameType(await merchantIdOf(request), request.query.vassalage, gameLanguageOf(request, request.query.language))),
    );

    app.get(
      '/lgw/games/popular',
      {
        schema: {
          tags: TAGS,
          summary: 'Games launched by the most members in the last 7 days, topped up with hot games',
          querystring: popularQuerySchema,
          response: { 200: okEnvelope(popularValueSchema), ...readErrors },
        },
      },
      async (request) =>
        ok(
          await games.popular(
            await merchantIdOf(request),
            { count: request.query.count, gameType: request.query.gameType },
            gameLanguageOf(request, request.query.language),
          ),
        ),
    );

    app.get(
      '/lgw/games/jackpot',
      {
        schema: {
          tags: TAGS,
          summary: "The jackpot counter's rule and value; the client animates it from serverTime",
          response: { 200: okEnvelope(jackpotValueSchema), ...readErrors },
        },
      },
      async (request) => ok(await games.jackpot(await merchantIdOf(request))),
    );

    app.get(
      '/wps/relay/MCSFE_getFavoriteGames',
      {
        preHandler: requireMember,
        schema: {
          tags: TAGS,
          summary: "The member's favourite game ids (nodeId), newest first",
          security: [{ session: [] }],
          querystring: favoriteIdsQuerySchema,
          response: { 200: okEnvelope(favoriteIdsValueSchema), ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(await games.favoriteIds(principal.merchantId, principal.memberId, request.query.gameType));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getFavoriteGamesList',
      {
        preHandler: requireMember,
        schema: {
          tags: TAGS,
          summary: "One page of the member's favourite games (content, totalPages)",
          security: [{ session: [] }],
          querystring: favoriteListQuerySchema,
          response: { 200: okEnvelope(favoriteListValueSchema), ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(
          await games.favoriteList(
            principal.merchantId,
            principal.memberId,
            request.query,
            gameLanguageOf(request, request.query.language),
          ),
        );
      },
    );

    for (const [path, action] of [
      ['/wps/relay/MCSFE_addFavoriteGame', 'add'],
      ['/wps/relay/MCSFE_removeFavoriteGame', 'remove'],
    ] as const) {
      app.post(
        path,
        {
          preHandler: requireMember,
          schema: {
            tags: TAGS,
            summary: action === 'add' ? 'Adds a game to the favourites (again: no change)' : 'Removes a game from the favourites',
            security: [{ session: [] }],
            body: favoriteActionBodySchema,
            response: { 200: okEnvelope(favoriteActionValueSchema), 404: errorEnvelope, 409: errorEnvelope, ...memberErrors },
          },
        },
        async (request) => {
          const principal = principalOf(request);
          const run = action === 'add' ? games.addFavorite : games.removeFavorite;
          return ok(await run(principal.merchantId, principal.memberId, request.body));
        },
      );
    }

    app.get(
      '/wps/relay/GCS_recentGame',
      {
        preHandler: requireMember,
        schema: {
          tags: TAGS,
          summary: 'Games the member launched, last played first (list, totalPages)',
          security: [{ session: [] }],
          querystring: favoriteListQuerySchema,
          response: { 200: okEnvelope(recentValueSchema), ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(
          await games.recent(principal.merchantId, principal.memberId, request.query, gameLanguageOf(request, request.query.language)),
        );
      },
    );

    app.get(
      '/wps/relay/GLS2_roomList',
      {
        preHandler: requireMember,
        schema: {
          tags: TAGS,
          summary: 'The rooms of card-room games; empty when there are none',
          security: [{ session: [] }],
          querystring: roomListQuerySchema,
          response: { 200: okEnvelope(roomListValueSchema), ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(
          await games.roomList(principal.merchantId, request.query, gameLanguageOf(request, request.query.language), principal.currency),
        );
      },
    );

    for (const [path, mode] of [
      ['/wps/game/launchGame', 'url'],
      ['/wps/relay/GCS_gameLaunchFB', 'html'],
    ] as const) {
      app.post(
        path,
        {
          preHandler: requireMember,
          // Counted per member after the session check: players behind one carrier address share it.
          config: {
            rateLimit: {
              max: LAUNCHES_PER_MINUTE,
              timeWindow: 60_000,
              hook: 'preHandler',
              keyGenerator: (request: FastifyRequest) => (request.principal ? `launch:${request.principal.memberId}` : request.ip),
            },
          },
          schema: {
            tags: TAGS,
            summary:
              mode === 'url'
                ? 'Starts a game: value.content is the URL to open'
                : 'Starts a game: value.content is an HTML page that opens it (for a window the client writes into)',
            security: [{ session: [] }],
            body: launchBodySchema,
            response: { 200: okEnvelope(launchValueSchema), 403: errorEnvelope, 404: errorEnvelope, ...memberErrors },
          },
        },
        async (request) =>
          ok(
            await launcher.launch({
              principal: principalOf(request),
              body: request.body,
              language: gameLanguageOf(request, request.body.language),
              siteOrigin: `${request.protocol}://${request.host}`,
              mode,
            }),
          ),
      );
    }
  };
}
