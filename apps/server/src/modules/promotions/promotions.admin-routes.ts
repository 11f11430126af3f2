import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminEntriesQuerySchema,
  adminEntriesResponseSchema,
  adminGrantsResponseSchema,
  adminPromotionListResponseSchema,
  adminPromotionResponseSchema,
  entryIdParamsSchema,
  forfeitGrantRequestSchema,
  grantIdParamsSchema,
  grantSchema,
  lossLineSchema,
  lossPeriodRerunRequestSchema,
  lossRunSummarySchema,
  memberIdParamsSchema,
  promotionIdParamsSchema,
  promotionInputSchema,
  proofParamsSchema,
  reviewEntryRequestSchema,
} from '@platform/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { PromotionsService } from './promotions.service.ts';

const ADMIN_BASE = '/admin-api/promotions';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Operator calls (docs/promotions.md): promotions, the review queue, a member's grants. */
export function promotionsAdminRoutes(promotions: PromotionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "The merchant's promotions, every state",
          response: { 200: adminPromotionListResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await promotions.admin.list(adminOf(request).merchantId) }),
    );

    app.post(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Creates a promotion (active from its start); audited',
          body: promotionInputSchema,
          response: { 200: adminPromotionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.admin.create(operatorOf(request), request.body)),
    );

    app.put(
      `${ADMIN_BASE}/:id`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Edits a promotion; grants already issued keep their terms; audited',
          params: promotionIdParamsSchema,
          body: promotionInputSchema,
          response: { 200: adminPromotionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.admin.edit(operatorOf(request), request.params.id, request.body)),
    );

    for (const action of ['pause', 'resume', 'end'] as const) {
      app.post(
        `${ADMIN_BASE}/:id/${action}`,
        {
          preHandler: requirePermission('promotion:write'),
          schema: {
            ...admin,
            summary: `${action[0]?.toUpperCase()}${action.slice(1)}s a promotion; audited`,
            params: promotionIdParamsSchema,
            response: { 200: adminPromotionResponseSchema, ...errors },
          },
        },
        async (request) => ok(await promotions.admin.move(operatorOf(request), request.params.id, action)),
      );
    }

    app.get(
      `${ADMIN_BASE}/entries`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: 'The review queue: applications and flagged claims',
          querystring: adminEntriesQuerySchema,
          response: { 200: adminEntriesResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await promotions.admin.queue(adminOf(request).merchantId, request.query.status) }),
    );

    app.get(
      `${ADMIN_BASE}/entries/:entryId/proofs/:index`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "An application's proof image (index from 0, in upload order)",
          params: proofParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await promotions.admin.proof(adminOf(request).merchantId, request.params.entryId, request.params.index);
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        return reply.type(image.contentType).send(image.bytes);
      },
    );

    app.post(
      `${ADMIN_BASE}/entries/:entryId/review`,
      {
        preHandler: requirePermission('promotion:review'),
        schema: {
          ...admin,
          summary: 'Approves (grants) or rejects a queued application or flagged claim; audited',
          params: entryIdParamsSchema,
          body: reviewEntryRequestSchema,
          response: { 200: okEnvelope(z.object({ status: z.enum(['granted', 'rejected']), grantId: z.number().nullable() })), ...errors },
        },
      },
      async (request) =>
        ok(await promotions.admin.review(operatorOf(request), request.params.entryId, request.body.decision, request.body.note)),
    );

    app.get(
      `${ADMIN_BASE}/members/:memberId/grants`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "A member's grants, newest first",
          params: memberIdParamsSchema,
          response: { 200: adminGrantsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await promotions.admin.grantsOfMember(adminOf(request).merchantId, request.params.memberId) }),
    );

    app.get(
      `${ADMIN_BASE}/members/:memberId/loss-lines`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "A member's loss-promotion lines (period, net loss, revision, amount, status), newest first",
          params: memberIdParamsSchema,
          response: { 200: okEnvelope(z.object({ list: z.array(lossLineSchema) })), ...errors },
        },
      },
      async (request) => ok({ list: await promotions.admin.lossLinesOfMember(adminOf(request).merchantId, request.params.memberId) }),
    );

    app.post(
      `${ADMIN_BASE}/:id/loss-periods`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary:
            "Settles or re-runs a loss promotion's period holding the day (over, inside the promotion's life); lines written stay; audited",
          params: promotionIdParamsSchema,
          body: lossPeriodRerunRequestSchema,
          response: { 200: okEnvelope(lossRunSummarySchema), ...errors },
        },
      },
      async (request) => ok(await promotions.admin.rerunLossPeriod(operatorOf(request), request.params.id, request.body.day)),
    );

    app.post(
      `${ADMIN_BASE}/grants/:grantId/forfeit`,
      {
        preHandler: requirePermission('promotion:review'),
        schema: {
          ...admin,
          summary: 'Forfeits an active grant: its bonus returns to the pool; audited',
          params: grantIdParamsSchema,
          body: forfeitGrantRequestSchema,
          response: { 200: okEnvelope(grantSchema), ...errors },
        },
      },
      async (request) => ok(await promotions.admin.forfeitGrant(operatorOf(request), request.params.grantId, request.body.reason)),
    );
  };
}
