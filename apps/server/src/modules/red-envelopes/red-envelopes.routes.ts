import {
  claimableRedEnvelopesResponseSchema,
  receivedRedEnvelopePageResponseSchema,
  redEnvelopeClaimResponseSchema,
  redEnvelopeIdParamsSchema,
  redEnvelopePageQuerySchema,
  redEnvelopeSendRequestSchema,
  redEnvelopeSendResponseSchema,
  sentRedEnvelopeDetailResponseSchema,
  sentRedEnvelopePageResponseSchema,
} from '@platform/contracts/agents/red-envelopes';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireAgent, requireRealAccount } from '../../plugins/guards.ts';
import type { RedEnvelopesService } from './red-envelopes.service.ts';

/** Money calls are limited per client. */
export const RED_ENVELOPE_MONEY_REQUESTS_PER_MINUTE_MAX = 30;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

const AGENT_BASE = '/wps/agent/red-envelopes';
const MEMBER_BASE = '/wps/member/red-envelopes';

/** Agent calls (send, sent records) and member calls (claimable, claim, received records). */
export function redEnvelopesRoutes(envelopes: RedEnvelopesService): FastifyPluginAsyncZod {
  return async (app) => {
    const agent = { tags: ['red-envelopes'], security: [{ session: [] }] };
    const moneyLimit = { rateLimit: { max: RED_ENVELOPE_MONEY_REQUESTS_PER_MINUTE_MAX, timeWindow: 60_000 } };

    app.post(
      AGENT_BASE,
      {
        preHandler: requireAgent,
        config: moneyLimit,
        schema: {
          ...agent,
          summary: 'An agent funds a red envelope from its agent wallet for its team, its direct downline or chosen members',
          body: redEnvelopeSendRequestSchema,
          response: { 200: redEnvelopeSendResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.send(principalOf(request), request.body, { ip: request.ip })),
    );

    app.get(
      AGENT_BASE,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: "The agent's sent envelopes, newest first: status, claimed count and amount, returned amount",
          querystring: redEnvelopePageQuerySchema,
          response: { 200: sentRedEnvelopePageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.sentPage(principalOf(request), request.query)),
    );

    app.get(
      `${AGENT_BASE}/:id`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: "One of the agent's own envelopes with its claims",
          params: redEnvelopeIdParamsSchema,
          response: { 200: sentRedEnvelopeDetailResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.sentDetail(principalOf(request), request.params.id)),
    );

    app.get(
      `${MEMBER_BASE}/claimable`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: 'The envelopes the member may open now (the notice on the site)',
          response: { 200: claimableRedEnvelopesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.claimable(principalOf(request))),
    );

    app.post(
      `${MEMBER_BASE}/:id/claim`,
      {
        preHandler: requireRealAccount,
        config: moneyLimit,
        schema: {
          ...agent,
          summary: 'The member claims one share, paid into its main wallet; a second claim answers with the first',
          params: redEnvelopeIdParamsSchema,
          response: { 200: redEnvelopeClaimResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.claim(principalOf(request), request.params.id, { ip: request.ip })),
    );

    app.get(
      `${MEMBER_BASE}/received`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: "The member's received envelopes, newest first, with their total",
          querystring: redEnvelopePageQuerySchema,
          response: { 200: receivedRedEnvelopePageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await envelopes.receivedPage(principalOf(request), request.query)),
    );
  };
}
