import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import { kycResponseSchema, kycStatusResponseSchema } from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readImageForm } from '../../lib/image-upload.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { presentKyc } from './kyc.presenter.ts';
import type { KycService } from './kyc.service.ts';

const UPLOAD_RATE_LIMIT = 10;

/** The member's identity check: its state and the document upload (the operator's review is in kyc.admin-routes.ts). */
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
  };
}
