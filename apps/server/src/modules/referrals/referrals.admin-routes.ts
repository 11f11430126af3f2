import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminReferralListQuerySchema,
  adminReferralListResponseSchema,
  adminReferralRulesResponseSchema,
  referralRulesSchema,
} from '@platform/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { ReferralsService } from './referrals.service.ts';

const ADMIN_BASE = '/admin-api/referrals';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
};

/** Operator calls (docs/referral.md): the referral rules (a promotion's permissions) and the invites. */
export function referralsAdminRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      `${ADMIN_BASE}/rules`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "The merchant's referral rules (the defaults until an operator saves some)",
          response: { 200: adminReferralRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.admin.rules(adminOf(request).merchantId)),
    );

    app.put(
      `${ADMIN_BASE}/rules`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary:
            'Replaces the referral rules (rewards, qualification, cap, identity signals); audited. Invites keep the deadline they registered with',
          body: referralRulesSchema,
          response: { 200: adminReferralRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.admin.setRules(operatorOf(request), request.body)),
    );

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "The merchant's invites, newest first, by status or referrer code",
          querystring: adminReferralListQuerySchema,
          response: { 200: adminReferralListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.admin.list(adminOf(request).merchantId, request.query)),
    );
  };
}
