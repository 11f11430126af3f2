import { arenaIdParamSchema, arenaListResponseSchema, arenaResponseSchema } from '@platform/contracts/cockfight';
import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { HouseCockfight } from './house-cockfight.ts';

const TAGS = ['admin', 'games'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope };
const params = z.object({ arenaId: arenaIdParamSchema });
/**
 * The bodies are checked by the service against the contract's schemas (openFightSchema,
 * declareSchema, settingsChangeSchema), so a refusal names what is wrong in the operator's language.
 */
const body = z.record(z.string(), z.unknown());

/** The operator's calls on the house cockfight arenas, proxied to the game server (docs/house-games.md, "Cockfight"). */
export function houseCockfightAdminRoutes(cockfight: HouseCockfight): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/house/cockfight',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'The cockfight arenas of the house game server: settings, the current fight with its pools, the last fights',
          security: [{ session: [] }],
          response: { 200: arenaListResponseSchema, ...errors },
        },
      },
      async () => ok({ arenas: await cockfight.list() }),
    );

    app.post(
      '/admin-api/house/cockfight/arenas',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: 'Creates an arena ({ name, mode?, commissionBp?, odds?, streamUrl?, limits? }); members find it in the game; audited',
          security: [{ session: [] }],
          body,
          response: { 200: arenaResponseSchema, ...errors },
        },
      },
      async (request) => ok(await cockfight.create(adminOf(request), (request.body ?? {}) as Record<string, unknown>, request.ip)),
    );

    const write = (path: string, summary: string, action: 'open' | 'close' | 'result' | 'settings' | 'retire') =>
      app.post(
        `/admin-api/house/cockfight/:arenaId/${path}`,
        {
          preHandler: requirePermission('game:write'),
          schema: { tags: TAGS, summary, security: [{ session: [] }], params, body, response: { 200: arenaResponseSchema, ...errors } },
        },
        async (request) =>
          ok(
            await cockfight.act(
              adminOf(request),
              request.params.arenaId,
              action,
              (request.body ?? {}) as Record<string, unknown>,
              request.ip,
            ),
          ),
      );
    write('open', 'Opens betting for the next fight (optionally with its own mode, commission or odds); audited', 'open');
    write('close', "Closes the current fight's betting (a pari-mutuel fight failing the 107 rule is cancelled); audited", 'close');
    write(
      'result',
      "Declares the current fight's result ({ result, fight? }) and settles every bet once; the same result again answers the arena; audited",
      'result',
    );
    write('settings', "Changes the arena's name, mode, commission, odds, limits or stream address; audited", 'settings');
    write(
      'retire',
      'Closes the arena for good: refused while a fight is under way or for the last arena open; hidden from the members, its history and result pages kept; audited',
      'retire',
    );
  };
}
