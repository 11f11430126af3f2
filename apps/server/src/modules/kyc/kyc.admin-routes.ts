import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import { totalPagesOf } from '@platform/contracts/pagination';
import {
  adminKycListQuerySchema,
  adminKycPageResponseSchema,
  adminKycResponseSchema,
  kycImageParamsSchema,
  kycParamsSchema,
  rejectRequestSchema,
} from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { presentAdminKyc } from './kyc.presenter.ts';
import type { KycService } from './kyc.service.ts';

/** The operator's review of identity documents: the queue, one check, its images, approve and reject. */
export function kycAdminRoutes(kyc: KycService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/kyc',
      {
        preHandler: requirePermission('kyc:read'),
        schema: {
          tags: ['admin'],
          security: [{ session: [] }],
          querystring: adminKycListQuerySchema,
          response: { 200: adminKycPageResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const found = await kyc.list(adminOf(request), request.query);
        return ok({
          list: found.list.map(presentAdminKyc),
          pageNo: request.query.pageNo,
          pageSize: request.query.pageSize,
          totalCount: found.totalCount,
          totalPages: totalPagesOf(found.totalCount, request.query.pageSize),
        });
      },
    );

    app.get(
      '/admin-api/kyc/:kycId',
      {
        preHandler: requirePermission('kyc:read'),
        schema: {
          tags: ['admin'],
          security: [{ session: [] }],
          params: kycParamsSchema,
          response: { 200: adminKycResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(presentAdminKyc(await kyc.get(adminOf(request), request.params.kycId))),
    );

    app.get(
      '/admin-api/kyc/:kycId/images/:side',
      {
        preHandler: requirePermission('kyc:read'),
        schema: { tags: ['admin'], summary: 'The document image itself', security: [{ session: [] }], params: kycImageParamsSchema },
      },
      async (request, reply) => {
        const image = await kyc.image(adminOf(request), request.params.kycId, request.params.side);
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        return reply.type(image.contentType).send(image.bytes);
      },
    );

    app.post(
      '/admin-api/kyc/:kycId/approve',
      {
        preHandler: requirePermission('kyc:review'),
        schema: {
          tags: ['admin'],
          security: [{ session: [] }],
          params: kycParamsSchema,
          response: { 200: adminKycResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(presentAdminKyc(await kyc.review(adminOf(request), request.params.kycId, { status: 'approved' }, request.ip ?? null))),
    );

    app.post(
      '/admin-api/kyc/:kycId/reject',
      {
        preHandler: requirePermission('kyc:review'),
        schema: {
          tags: ['admin'],
          security: [{ session: [] }],
          params: kycParamsSchema,
          body: rejectRequestSchema,
          response: { 200: adminKycResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(
          presentAdminKyc(
            await kyc.review(
              adminOf(request),
              request.params.kycId,
              { status: 'rejected', reason: request.body.reason },
              request.ip ?? null,
            ),
          ),
        ),
    );
  };
}
