import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import { totalPagesOf } from '@platform/contracts/pagination';
import {
  adminKycListQuerySchema,
  adminKycPageResponseSchema,
  adminKycResponseSchema,
  kycImageParamsSchema,
  kycParamsSchema,
  kycResponseSchema,
  kycStatusResponseSchema,
  rejectRequestSchema,
} from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readImageForm } from '../../lib/image-upload.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { presentAdminKyc, presentKyc } from './kyc.presenter.ts';
import type { KycService } from './kyc.service.ts';

const UPLOAD_RATE_LIMIT = 10;
/** Identity checks are the risk team's; the administrator may do everything. */
const KYC_ROLES = ['risk'] as const;

export function kycRoutes(deps: {
  kyc: KycService;
  isRequiredForPayout: (member: { memberId: number; merchantId: number; currency: string }) => Promise<boolean>;
}): FastifyPluginAsyncZod {
  const { kyc, isRequiredForPayout } = deps;
  return async (app) => {
    app.get(
      '/wps/member/kyc',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['withdrawals'],
          summary: "The member's identity check and whether payouts wait for it",
          security: [{ session: [] }],
          response: { 200: kycStatusResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const latest = await kyc.latestOf(p.memberId);
        return ok({
          status: latest?.status ?? ('none' as const),
          latest: latest ? presentKyc(latest) : null,
          isRequiredForPayout: await isRequiredForPayout(p),
        });
      },
    );

    app.post(
      '/wps/member/kyc',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: UPLOAD_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Uploads the identity document: multipart fields `front` and `back`, png or jpg, 5 MB each',
          consumes: ['multipart/form-data'],
          security: [{ session: [] }],
          response: { 200: kycResponseSchema, ...commonErrorResponses, 413: errorEnvelope },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const form = await readImageForm(request, { fileFields: ['front', 'back'], textFields: [] });
        return ok(presentKyc(await kyc.submit(p, form.images, request.ip ?? null)));
      },
    );

    app.get(
      '/admin-api/kyc',
      {
        preHandler: requireAdmin(KYC_ROLES),
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
        preHandler: requireAdmin(KYC_ROLES),
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
        preHandler: requireAdmin(KYC_ROLES),
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
        preHandler: requireAdmin(KYC_ROLES),
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
        preHandler: requireAdmin(KYC_ROLES),
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
