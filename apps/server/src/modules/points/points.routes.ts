import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  exchangeRecordsQuerySchema,
  exchangeRecordsResponseSchema,
  mallItemsResponseSchema,
  pointBalanceResponseSchema,
  pointConfigResponseSchema,
  pointTransactionsQuerySchema,
  pointTransactionsResponseSchema,
  redeemRequestSchema,
  redeemResponseSchema,
} from '@platform/contracts/points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { PointsService } from './points.service.ts';

/** Redeems are limited per client (each one checks the withdrawal password). */
export const POINT_REDEEMS_PER_MINUTE_MAX = 20;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  423: errorEnvelope,
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export const POINTS_BASE = '/wps/member/points';

/** The member's points calls (`/pointMall`), relay style: balance, rewards, redeem list, config, transaction detail, redeem and convert. */
export function pointsRoutes(points: PointsService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['points'], security: [{ session: [] }] };
    const read = { preHandler: requireRealAccount };

    app.get(
      `${POINTS_BASE}/MCSFE_getPointBalance`,
      { ...read, schema: { ...member, summary: "The member's points balance", response: { 200: pointBalanceResponseSchema, ...errors } } },
      async (request) => ok({ balance: await points.balanceOf(principalOf(request)) }),
    );

    app.get(
      `${POINTS_BASE}/MCSFE_getPointRewards`,
      {
        ...read,
        schema: {
          ...member,
          summary: "The points mall's items in the member's language, with stock, the member's limit and the balance",
          response: { 200: mallItemsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.mall.items(principalOf(request), requestedLanguage(request))),
    );

    app.get(
      `${POINTS_BASE}/MCSFE_getRedeemList`,
      {
        ...read,
        schema: {
          ...member,
          summary: "The member's exchange records, newest first",
          querystring: exchangeRecordsQuerySchema,
          response: { 200: exchangeRecordsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.mall.records(principalOf(request), request.query)),
    );

    app.get(
      `${POINTS_BASE}/MCSFE_getPointConfig`,
      {
        ...read,
        schema: {
          ...member,
          summary: 'The balance, that points never expire, the earning rules and the record statuses',
          response: { 200: pointConfigResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.config(principalOf(request))),
    );

    app.get(
      `${POINTS_BASE}/MCSFE_getPointTransactions`,
      {
        ...read,
        schema: {
          ...member,
          summary: "The member's points movements (earned, spent, refunded), newest first",
          querystring: pointTransactionsQuerySchema,
          response: { 200: pointTransactionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.transactions(principalOf(request), request.query)),
    );

    const action = { preHandler: requireRealAccount, config: { rateLimit: { max: POINT_REDEEMS_PER_MINUTE_MAX, timeWindow: 60_000 } } };

    app.post(
      `${POINTS_BASE}/MCS2_redeemReward`,
      {
        ...action,
        schema: {
          ...member,
          summary: 'Redeems a gift with the withdrawal password, a delivery address and a mobile number; the order waits for the operator',
          body: redeemRequestSchema,
          response: { 200: redeemResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.mall.redeem(principalOf(request), request.body, 'gift', requestedLanguage(request))),
    );

    app.post(
      `${POINTS_BASE}/MCS2_convertPoints`,
      {
        ...action,
        schema: {
          ...member,
          summary: 'Converts points to game points (cash, or a bonus with wagering) with the withdrawal password; completed at once',
          body: redeemRequestSchema,
          response: { 200: redeemResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.mall.redeem(principalOf(request), request.body, 'game_points', requestedLanguage(request))),
    );
  };
}
