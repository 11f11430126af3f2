import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminWithdrawalListQuerySchema,
  adminWithdrawalPageResponseSchema,
  adminWithdrawalResponseSchema,
  proofParamsSchema,
  rejectRequestSchema,
  withdrawalParamsSchema,
} from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toBuffer } from '../../lib/image-upload.ts';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { paged, presentAdminWithdrawal } from './withdrawals.presenter.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/** The back office's withdrawal calls: the review queue, one withdrawal, its proofs, approve, reject, payout. */
export function withdrawalsAdminRoutes(withdrawals: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const session = [{ session: [] }];

    app.get(
      '/admin-api/withdrawals',
      {
        preHandler: requirePermission('withdrawal:read'),
        schema: {
          tags: ['admin'],
          summary: 'The withdrawal review queue, filtered',
          security: session,
          querystring: adminWithdrawalListQuerySchema,
          response: { 200: adminWithdrawalPageResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const found = await withdrawals.listForAdmin(adminOf(request), request.query);
        return ok(paged(found.list.map(presentAdminWithdrawal), found.totalCount, request.query));
      },
    );

    app.get(
      '/admin-api/withdrawals/:withdrawalId',
      {
        preHandler: requirePermission('withdrawal:read'),
        schema: {
          tags: ['admin'],
          security: session,
          params: withdrawalParamsSchema,
          response: { 200: adminWithdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(presentAdminWithdrawal(await withdrawals.getForAdmin(adminOf(request), request.params.withdrawalId))),
    );

    app.get(
      '/admin-api/withdrawals/:withdrawalId/proofs/:proofId',
      {
        preHandler: requirePermission('withdrawal:read'),
        schema: { tags: ['admin'], summary: "A disputing member's proof image", security: session, params: proofParamsSchema },
      },
      async (request, reply) => {
        const found = await withdrawals.proof(adminOf(request), request.params.withdrawalId, request.params.proofId);
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        return reply.type(found.content_type).send(toBuffer(found.content));
      },
    );

    app.post(
      '/admin-api/withdrawals/:withdrawalId/approve',
      {
        preHandler: requirePermission('withdrawal:approve'),
        schema: {
          tags: ['admin'],
          security: session,
          params: withdrawalParamsSchema,
          response: { 200: adminWithdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(presentAdminWithdrawal(await withdrawals.approve(adminOf(request), request.params.withdrawalId, request.ip ?? null))),
    );

    app.post(
      '/admin-api/withdrawals/:withdrawalId/reject',
      {
        preHandler: requirePermission('withdrawal:approve'),
        schema: {
          tags: ['admin'],
          summary: 'Rejects a pending or approved withdrawal; the reserved money goes back to the member',
          security: session,
          params: withdrawalParamsSchema,
          body: rejectRequestSchema,
          response: { 200: adminWithdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(
          presentAdminWithdrawal(
            await withdrawals.reject(adminOf(request), request.params.withdrawalId, request.body.reason, request.ip ?? null),
          ),
        ),
    );

    app.post(
      '/admin-api/withdrawals/:withdrawalId/payout',
      {
        preHandler: requirePermission('withdrawal:pay'),
        schema: {
          tags: ['admin'],
          summary: 'Records the payout of an approved withdrawal; refused with kyc_required until identity is verified',
          security: session,
          params: withdrawalParamsSchema,
          response: { 200: adminWithdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(presentAdminWithdrawal(await withdrawals.payout(adminOf(request), request.params.withdrawalId, request.ip ?? null))),
    );
  };
}
