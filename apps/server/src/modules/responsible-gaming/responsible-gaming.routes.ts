import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { AmountMinor } from '@platform/contracts/money';
import {
  rgBreakRequestSchema,
  rgRealityCheckRequestSchema,
  rgRealityCheckResponseSchema,
  rgSelfExclusionRequestSchema,
  rgSetLimitsRequestSchema,
  rgStateResponseSchema,
} from '@platform/contracts/responsible-gaming';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { presentRgState } from './responsible-gaming.presenter.ts';
import type { ResponsibleGamingService } from './responsible-gaming.service.ts';

const BASE = '/wps/member/responsible-gaming';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  500: commonErrorResponses[500],
};

/** The member centre's "Responsible gaming" page. */
export function responsibleGamingRoutes(rg: ResponsibleGamingService): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { preHandler: requireRealAccount } as const;
    const schemaBase = { tags: ['responsible-gaming'], security: [{ session: [] }] };

    app.get(
      BASE,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Limits, their use this period, break, self-exclusion and reality check',
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentRgState(await rg.state(principalOf(request).memberId))),
    );

    app.put(
      `${BASE}/limits`,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Sets deposit, loss and wager limits; a decrease applies at once, an increase or removal after 24 hours',
          body: rgSetLimitsRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentRgState(await rg.setLimits(principalOf(request).memberId, request.body, { ip: request.ip }))),
    );

    app.post(
      `${BASE}/break`,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Takes a break of 1 to 90 days: logs out everywhere and blocks login and play',
          body: rgBreakRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentRgState(await rg.takeBreak(principalOf(request).memberId, request.body.days, { ip: request.ip }))),
    );

    app.post(
      `${BASE}/self-exclusion`,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Self-excludes for 6 months or more, or permanently: logs out everywhere and blocks login and play',
          body: rgSelfExclusionRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentRgState(await rg.selfExclude(principalOf(request).memberId, request.body, { ip: request.ip }))),
    );

    app.get(
      `${BASE}/reality-check`,
      {
        preHandler: requireMember,
        schema: {
          ...schemaBase,
          summary: "The reality-check reminder: its interval, when this session began, and the session's rounds, stake, payout and net",
          response: { 200: rgRealityCheckResponseSchema, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const value = await rg.realityCheck(principal);
        return ok({ ...value, stake: value.stake as AmountMinor, payout: value.payout as AmountMinor, net: value.net as AmountMinor });
      },
    );

    app.put(
      `${BASE}/reality-check`,
      {
        ...common,
        schema: {
          ...schemaBase,
          summary: 'Sets the reality-check reminder interval in minutes, or turns it off',
          body: rgRealityCheckRequestSchema,
          response: { 200: rgStateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(presentRgState(await rg.setRealityCheck(principalOf(request).memberId, request.body.minutes, { ip: request.ip }))),
    );
  };
}
