import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminGamePageSchema,
  adminGamePatchSchema,
  adminGameQuerySchema,
  adminGameSchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  jackpotConfigBodySchema,
  vendorCodeSchema,
} from '@platform/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { GamesAdminService } from './games.admin.service.ts';

const TAGS = ['admin', 'games'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope };

const jackpotConfigSchema = z.object({
  base: z.number().int(),
  growthPerTick: z.number().int(),
  tickMs: z.number().int(),
  startedAt: z.string(),
});

export function gamesAdminRoutes(admin: GamesAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/games',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'Finds games of the catalogue, enabled or not',
          security: [{ session: [] }],
          querystring: adminGameQuerySchema,
          response: { 200: okEnvelope(adminGamePageSchema), ...errors },
        },
      },
      async (request) => {
        const { vendor, gameType, gameName, isEnabled, isHot, isMaintenance, pageNo, pageSize } = request.query;
        return ok(
          await admin.listGames(adminOf(request), {
            vendorCode: vendor,
            category: gameType,
            nameContains: gameName,
            isEnabled,
            isHot,
            isMaintenance,
            pageNo,
            pageSize,
          }),
        );
      },
    );

    app.get(
      '/admin-api/games/vendors',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'Every vendor with its state and number of games',
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.array(adminVendorSchema)), ...errors },
        },
      },
      async (request) => ok(await admin.listVendors(adminOf(request))),
    );

    app.patch(
      '/admin-api/games/vendors/:code',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: 'Switches a vendor on or off, into or out of maintenance (with a message), hot, moves it, or names it per language',
          security: [{ session: [] }],
          params: z.object({ code: vendorCodeSchema }),
          body: adminVendorPatchSchema,
          response: { 200: okEnvelope(adminVendorSchema), ...errors },
        },
      },
      async (request) => ok(await admin.updateVendor(adminOf(request), request.params.code, request.body, request.ip)),
    );

    app.get(
      '/admin-api/games/jackpot',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: "The jackpot counter's display rule",
          security: [{ session: [] }],
          response: { 200: okEnvelope(jackpotConfigSchema), ...errors },
        },
      },
      async (request) => ok(await admin.getJackpot(adminOf(request))),
    );

    app.put(
      '/admin-api/games/jackpot',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: "Sets the jackpot counter's base, growth per tick and tick; isRestarted starts it again from base",
          security: [{ session: [] }],
          body: jackpotConfigBodySchema,
          response: { 200: okEnvelope(jackpotConfigSchema), ...errors },
        },
      },
      async (request) => ok(await admin.setJackpot(adminOf(request), request.body, request.ip)),
    );

    app.patch(
      '/admin-api/games/:nodeId',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: 'Switches a game on or off, into or out of maintenance (with a message), hot, or moves it',
          security: [{ session: [] }],
          params: z.object({ nodeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
          body: adminGamePatchSchema,
          response: { 200: okEnvelope(adminGameSchema), ...errors },
        },
      },
      async (request) => ok(await admin.updateGame(adminOf(request), request.params.nodeId, request.body, request.ip)),
    );
  };
}
