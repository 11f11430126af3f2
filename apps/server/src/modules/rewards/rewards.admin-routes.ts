import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminRedeemCodeBatchResponseSchema,
  adminRedeemCodesQuerySchema,
  adminRedeemCodesResponseSchema,
  redeemCodeBatchInputSchema,
  redeemCodeIdParamsSchema,
} from '@platform/contracts/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { RewardsService } from './rewards.service.ts';

const ADMIN_BASE = '/admin-api/redeem-codes';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Operator calls for redeem codes (docs/loyalty.md): batches, the list, the CSV export, disabling; the promotion permissions. */
export function rewardsAdminRoutes(rewards: RewardsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.post(
      `${ADMIN_BASE}/batches`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Makes a batch: many single-use codes, or one shared code with a cap; audited',
          body: redeemCodeBatchInputSchema,
          response: { 200: adminRedeemCodeBatchResponseSchema, ...errors },
        },
      },
      async (request) => ok(await rewards.admin.createBatch(operatorOf(request), request.body)),
    );

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: 'The newest codes (of one batch when asked) with how often each was redeemed',
          querystring: adminRedeemCodesQuerySchema,
          response: { 200: adminRedeemCodesResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await rewards.admin.listCodes(adminOf(request).merchantId, request.query.batch) }),
    );

    app.get(
      `${ADMIN_BASE}/batches/:batch/export`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: "A batch's codes as CSV, to hand out",
          params: z.object({ batch: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/) }),
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const csv = await rewards.admin.exportCsv(adminOf(request).merchantId, request.params.batch);
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="codes-${request.params.batch}.csv"`);
        return csv;
      },
    );

    app.post(
      `${ADMIN_BASE}/:id/state`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Disables a code (or enables it again); audited',
          params: redeemCodeIdParamsSchema,
          body: z.strictObject({ state: z.enum(['active', 'disabled']) }),
          response: { 200: z.object({ success: z.literal(true), value: z.unknown() }), ...errors },
        },
      },
      async (request) => ok(await rewards.admin.setCodeState(operatorOf(request), request.params.id, request.body.state)),
    );
  };
}
