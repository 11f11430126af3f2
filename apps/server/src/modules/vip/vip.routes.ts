import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  cashbackRecordsQuerySchema,
  cashbackRecordsResponseSchema,
  claimRebateRequestSchema,
  claimRebateResponseSchema,
  manualRebateResponseSchema,
  playerRankResponseSchema,
  rebateRecordsQuerySchema,
  rebateRecordsResponseSchema,
} from '@platform/contracts/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { VipService } from './vip.service.ts';

/** A claim is a money call: limited per client. */
export const REBATE_CLAIMS_PER_MINUTE_MAX = 20;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export const VIP_BASE = '/wps/member/vip';
export const REBATES_BASE = '/wps/member/rebates';

/** The member centre's calls for `playerRank`, `bonusDetails` and `manualRebate`, in the relay style (MCSFE_ reads, MCS2_ actions). */
export function vipRoutes(vip: VipService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['vip'], security: [{ session: [] }] };

    app.get(
      `${VIP_BASE}/MCSFE_getPlayerRank`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary:
            "The member's VIP level, its window's deposits and valid bet, what the next level takes, and the ladder with its benefits",
          response: { 200: playerRankResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.playerRank(principalOf(request), requestedLanguage(request))),
    );

    app.get(
      `${REBATES_BASE}/MCSFE_getRebateRecords`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: "A page of the member's rebate lines (bet base, rate, amount, status) whose period starts in the range, and its totals",
          querystring: rebateRecordsQuerySchema,
          response: { 200: rebateRecordsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.rebates.records(principalOf(request), request.query)),
    );

    app.get(
      `${REBATES_BASE}/MCSFE_getCashbackRecords`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary:
            "A page of the member's cashback lines (net loss, rate, cap, amount, status) whose period starts in the range, and its totals",
          querystring: cashbackRecordsQuerySchema,
          response: { 200: cashbackRecordsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.cashback.records(principalOf(request), request.query)),
    );

    app.get(
      `${REBATES_BASE}/MCSFE_getManualRebate`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'What the member may claim now, per category, and the estimate of the claim-mode periods still running',
          response: { 200: manualRebateResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.rebates.manual(principalOf(request))),
    );

    app.post(
      `${REBATES_BASE}/MCS2_claimRebate`,
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: REBATE_CLAIMS_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          ...member,
          summary: 'Claims every accrued rebate line into the main wallet; the same requestId answers the same claim',
          body: claimRebateRequestSchema,
          response: { 200: claimRebateResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.rebates.claim(principalOf(request), request.body.requestId)),
    );
  };
}
