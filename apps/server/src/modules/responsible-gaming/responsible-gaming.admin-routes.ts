import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  rgHistoryQuerySchema,
  rgHistoryResponseSchema,
  rgOperatorBreakRequestSchema,
  rgOperatorLimitsRequestSchema,
  rgStateResponseSchema,
  rgTriggersQuerySchema,
  rgTriggersResponseSchema,
} from '@platform/contracts/responsible-gaming';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import { presentRgState } from './responsible-gaming.presenter.ts';
import type { ResponsibleGamingService } from './responsible-gaming.service.ts';

const BASE = '/admin-api/members/:memberId/responsible-gaming';
const params = z.strictObject({ memberId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/**
 * The operator's view of a member's responsible gaming (docs/admin-api.md): read it, and the two
 * things an operator may do, both stricter for the member and audited with a reason: tighten a
 * limit (add or lower; never raise or remove) and put the member on a break.
 */
export function responsibleGamingAdminRoutes(rg: ResponsibleGamingService): FastifyPluginAsyncZod {
  return async (app) => {
    const schemaBase = { tags: ['admin', 'responsible-gaming'], security: [{ session: [] }] };

    app.get(
      BASE,
      {
        preHandler: requirePermission('member:read'),
        schema: {
          ...schemaBase,
          summary: "A member's limits with this period's use, break, self-exclusion and reality check",
          params,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentRgState(await rg.operator.state(operatorOf(request), request.params.memberId))),
    );

    app.get(
      `${BASE}/history`,
      {
        preHandler: requirePermission('member:read'),
        schema: {
          ...schemaBase,
          summary: "A member's limit changes, breaks, self-exclusions and reality checks, newest first (20 a page; nextBefore pages on)",
          params,
          querystring: rgHistoryQuerySchema,
          response: { 200: rgHistoryResponseSchema, ...errors },
        },
      },
      async (request) => ok(await rg.operator.history(operatorOf(request), request.params.memberId, request.query.before)),
    );

    app.get(
      `${BASE}/triggers`,
      {
        preHandler: requirePermission('member:read'),
        schema: {
          ...schemaBase,
          summary: "A member's refusals by its limits per day and kind, the latest 30 days with any first (nextBefore pages on)",
          params,
          querystring: rgTriggersQuerySchema,
          response: { 200: rgTriggersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const page = await rg.operator.triggers(operatorOf(request), request.params.memberId, request.query.before);
        return ok({ list: page.list.map((r) => ({ ...r, lastAt: r.lastAt.toISOString() })), nextBefore: page.nextBefore });
      },
    );

    app.put(
      `${BASE}/limits`,
      {
        preHandler: requirePermission('member:lock'),
        schema: {
          ...schemaBase,
          summary: 'Adds or lowers limits at once (raising or removing is refused: the member asks for that); audited',
          params,
          body: rgOperatorLimitsRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          presentRgState(
            await rg.operator.tightenLimits(
              operatorOf(request),
              request.params.memberId,
              { limits: request.body.limits },
              request.body.note,
            ),
          ),
        ),
    );

    app.post(
      `${BASE}/break`,
      {
        preHandler: requirePermission('member:lock'),
        schema: {
          ...schemaBase,
          summary: 'Puts the member on a break (sessions end; a longer break already set stays); audited',
          params,
          body: rgOperatorBreakRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(presentRgState(await rg.operator.takeBreak(operatorOf(request), request.params.memberId, request.body.days, request.body.note))),
    );
  };
}
