import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  applyPromotionRequestSchema,
  claimPromotionRequestSchema,
  memberPromotionResponseSchema,
  memberPromotionsResponseSchema,
  PROMOTION_MEMBER_STATUSES,
  promotionIdParamsSchema,
  publicPromotionsResponseSchema,
  raffleEntriesResponseSchema,
  wageringProgressResponseSchema,
} from '@platform/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PromotionsService } from './promotions.service.ts';

/** Joining, claiming and applying are limited per client. */
export const PROMOTION_ACTIONS_PER_MINUTE_MAX = 20;
/** An application carries up to 3 images of 5 MB as base64 (4/3 larger) with room for the rest. */
const APPLICATION_BODY_LIMIT = 22 * 1024 * 1024;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export const PROMOTIONS_BASE = '/wps/member/promotions';

const actionResponse = okEnvelope(z.object({ status: z.enum(PROMOTION_MEMBER_STATUSES) }));

/** The member's promotion calls (`/promotions`, `/promoDetail`, the withdraw page's progress), relay style. */
export function promotionsRoutes(promotions: PromotionsService, merchants: Pick<MerchantService, 'current'>): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['promotions'], security: [{ session: [] }] };
    const visitor = { tags: ['promotions'] };

    // Visitors compare sites before registering: the promotions open to anyone, with no member's facts.
    app.get(
      '/wps/relay/MCSFE_getPublicPromotions',
      {
        schema: {
          ...visitor,
          summary: 'The promotions open or coming for anyone who registers, in the request language, with the status a new member sees',
          response: { 200: publicPromotionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.forVisitor((await merchants.current()).id, requestedLanguage(request))),
    );

    app.get(
      '/wps/relay/MCSFE_getPublicPromotion/:id',
      {
        schema: {
          ...visitor,
          summary: "One promotion of the visitor's list (promoDetail before logging in)",
          params: promotionIdParamsSchema,
          response: { 200: memberPromotionResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await promotions.detailForVisitor((await merchants.current()).id, request.params.id, requestedLanguage(request))),
    );

    app.get(
      '/wps/relay/MCSFE_getRaffleEntries/:id',
      {
        schema: {
          ...visitor,
          summary:
            "A raffle's public list: entries in the draw's order with masked usernames and tickets, the commitment, and once drawn the seed and the winners (recomputable offline)",
          params: promotionIdParamsSchema,
          response: { 200: raffleEntriesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.raffleEntries((await merchants.current()).id, request.params.id)),
    );

    app.get(
      `${PROMOTIONS_BASE}/MCSFE_getPromotions`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: "The promotions in the member's language with the member's status and grant, and how many the member can act on",
          response: { 200: memberPromotionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.forMember(principalOf(request), requestedLanguage(request))),
    );

    app.get(
      `${PROMOTIONS_BASE}/MCSFE_getPromotion/:id`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'One promotion (promoDetail)',
          params: promotionIdParamsSchema,
          response: { 200: memberPromotionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.detailForMember(principalOf(request), request.params.id, requestedLanguage(request))),
    );

    app.get(
      `${PROMOTIONS_BASE}/MCSFE_getWageringProgress`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary:
            "The member's active grants with their wagering progress, the turnover still blocking a withdrawal, and the bonus balance",
          response: { 200: wageringProgressResponseSchema, ...errors },
        },
      },
      async (request) => ok(await promotions.wageringOf(principalOf(request))),
    );

    const action = { preHandler: requireRealAccount, config: { rateLimit: { max: PROMOTION_ACTIONS_PER_MINUTE_MAX, timeWindow: 60_000 } } };

    app.post(
      `${PROMOTIONS_BASE}/MCS2_joinPromotion/:id`,
      {
        ...action,
        schema: {
          ...member,
          summary: 'Joins a deposit promotion: the next qualifying deposit is granted',
          params: promotionIdParamsSchema,
          response: { 200: actionResponse, ...errors },
        },
      },
      async (request) => ok(await promotions.join(principalOf(request), request.params.id)),
    );

    app.post(
      `${PROMOTIONS_BASE}/MCS2_claimPromotion/:id`,
      {
        ...action,
        schema: {
          ...member,
          summary: 'Claims a claim-button promotion: granted at once, or queued for review when it shares an identity with another claim',
          params: promotionIdParamsSchema,
          body: claimPromotionRequestSchema,
          response: { 200: actionResponse, ...errors },
        },
      },
      async (request) =>
        ok(await promotions.claim(principalOf(request), request.params.id, { ip: request.ip, fingerprint: request.body.fingerprint })),
    );

    app.post(
      `${PROMOTIONS_BASE}/MCS2_claimRafflePromotion/:id`,
      {
        ...action,
        schema: {
          ...member,
          summary: 'Takes the raffle tickets earned so far into the draw (again later for those earned since), before the draw',
          params: promotionIdParamsSchema,
          response: {
            200: okEnvelope(z.object({ status: z.enum(PROMOTION_MEMBER_STATUSES), tickets: z.number() })),
            ...errors,
          },
        },
      },
      async (request) => ok(await promotions.claimRaffle(principalOf(request), request.params.id)),
    );

    app.post(
      `${PROMOTIONS_BASE}/MCS2_applyPromotion/:id`,
      {
        ...action,
        bodyLimit: APPLICATION_BODY_LIMIT,
        schema: {
          ...member,
          summary: 'Applies for an application promotion with an optional comment (140 characters) and up to 3 PNG or JPG proofs of 5 MB',
          params: promotionIdParamsSchema,
          body: applyPromotionRequestSchema,
          response: { 200: actionResponse, ...errors },
        },
      },
      async (request) => {
        const { status } = await promotions.apply(principalOf(request), request.params.id, request.body, {
          ip: request.ip,
          fingerprint: request.body.fingerprint,
        });
        return ok({ status });
      },
    );
  };
}
