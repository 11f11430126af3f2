import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  claimableRewardsResponseSchema,
  claimedRewardsResponseSchema,
  claimRewardRequestSchema,
  claimRewardResponseSchema,
  redeemCodeRequestSchema,
} from '@platform/contracts/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { RewardsService } from './rewards.service.ts';

/** Claims and redeem codes are money calls: limited per client (a code box is also a guessing target). */
export const REWARD_ACTIONS_PER_MINUTE_MAX = 20;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export const REWARDS_BASE = '/wps/member/rewards';

/** The rewards centre: what the member may claim from every source, the claim, and the redeem-code box. */
export function rewardsRoutes(rewards: RewardsService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['rewards'], security: [{ session: [] }] };
    const limit = { rateLimit: { max: REWARD_ACTIONS_PER_MINUTE_MAX, timeWindow: 60_000 } };

    app.get(
      REWARDS_BASE,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'Every reward the member may claim now (missions, sign-in, referral, promotions, red envelopes, rebates) and how many',
          response: { 200: claimableRewardsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await rewards.claimable(principalOf(request), requestedLanguage(request))),
    );

    app.get(
      `${REWARDS_BASE}/claimed`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'The rewards the member has claimed and the codes redeemed, newest first (the latest 50)',
          response: { 200: claimedRewardsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await rewards.claimed(principalOf(request), requestedLanguage(request)) }),
    );

    app.post(
      `${REWARDS_BASE}/claim`,
      {
        preHandler: requireRealAccount,
        config: limit,
        schema: {
          ...member,
          summary: 'Claims one reward by its key; paid once, a second claim is refused',
          body: claimRewardRequestSchema,
          response: { 200: claimRewardResponseSchema, ...errors },
        },
      },
      async (request) => ok(await rewards.claim(principalOf(request), request.body.key, { ip: request.ip })),
    );

    app.post(
      `${REWARDS_BASE}/redeem-code`,
      {
        preHandler: requireRealAccount,
        config: limit,
        schema: {
          ...member,
          summary: 'Redeems a code: once per member, never past its cap, within its dates and audience; pays at once',
          body: redeemCodeRequestSchema,
          response: { 200: claimRewardResponseSchema, ...errors },
        },
      },
      async (request) => ok(await rewards.redeem(principalOf(request), request.body.code)),
    );
  };
}
