import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  gameCodeParamSchema,
  tableLimitsEntryResponseSchema,
  tableLimitsListResponseSchema,
  tableLimitsSchema,
} from '@platform/contracts/table-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { HouseTableLimits } from './house-table-limits.ts';

const TAGS = ['admin', 'games'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope };

/** The operator's calls on the house live tables' limits, proxied to the game server (docs/house-games.md). */
export function houseTableLimitsAdminRoutes(limits: HouseTableLimits): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/house/table-limits',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'Every live table of the house game server with the limits its next round opens with, and its defaults',
          security: [{ session: [] }],
          response: { 200: tableLimitsListResponseSchema, ...errors },
        },
      },
      async () => ok({ tables: await limits.list() }),
    );

    app.put(
      '/admin-api/house/table-limits/:gameCode',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: "Replaces one live table's limits (minor units; every bet kind of the table); in force from its next round, audited",
          security: [{ session: [] }],
          params: z.object({ gameCode: gameCodeParamSchema }),
          body: tableLimitsSchema,
          response: { 200: tableLimitsEntryResponseSchema, ...errors },
        },
      },
      async (request) => ok(await limits.set(adminOf(request), request.params.gameCode, request.body, request.ip)),
    );
  };
}
