import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  referralClaimResponseSchema,
  referralInviteesResponseSchema,
  referralPageQuerySchema,
  referralRewardIdParamsSchema,
  referralRewardsResponseSchema,
  referralSummaryResponseSchema,
} from '@platform/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { ReferralsService } from './referrals.service.ts';

/** Claims are limited per client. */
const REFERRAL_CLAIMS_PER_MINUTE_MAX = 30;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
};

const BASE = '/wps/member/referral';

/** Member calls of invite friends: players only (agents invite with their invitation code, trial accounts not at all). */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['referral'], security: [{ session: [] }] };
    // A trial account is told to register; an agent is told its invitation code is in the agent centre (the service).
    const playersOnly = requireRealAccount;

    app.get(
      BASE,
      {
        preHandler: playersOnly,
        schema: {
          ...member,
          summary:
            "The player's referral code (made on first request), the rules in force, invited and qualified counts, rewards earned and waiting",
          response: { 200: referralSummaryResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.summary(principalOf(request))),
    );

    app.get(
      `${BASE}/invitees`,
      {
        preHandler: playersOnly,
        schema: {
          ...member,
          summary: 'The friends who registered with the code, newest first: masked username, status, deadline, reward',
          querystring: referralPageQuerySchema,
          response: { 200: referralInviteesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.invitees(principalOf(request), request.query)),
    );

    app.get(
      `${BASE}/rewards`,
      {
        preHandler: playersOnly,
        schema: {
          ...member,
          summary: 'The referral rewards waiting to be claimed',
          response: { 200: referralRewardsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await referrals.pendingRewards(principalOf(request).memberId) }),
    );

    app.post(
      `${BASE}/rewards/:id/claim`,
      {
        preHandler: playersOnly,
        config: { rateLimit: { max: REFERRAL_CLAIMS_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          ...member,
          summary: 'Claims one reward into the main wallet (with its wagering); a second claim answers as the first',
          params: referralRewardIdParamsSchema,
          response: { 200: referralClaimResponseSchema, ...errors },
        },
      },
      async (request) => ok(await referrals.claim(principalOf(request), request.params.id, { ip: request.ip })),
    );
  };
}
