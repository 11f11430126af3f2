import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  SPORTSBOOK_OPERATOR_WRITES,
  type SportsbookOperatorWrite,
  sportsbookEventsQuerySchema,
  sportsbookOverviewResponseSchema,
  sportsbookWriteResponseSchema,
} from '@platform/contracts/sportsbook-operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { HouseSportsbook } from './house-sportsbook.ts';

const TAGS = ['admin', 'games'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope };
/** The game server checks the bodies; its refusal comes back as a sentence in the operator's language. */
const body = z.record(z.string(), z.unknown());

const SUMMARIES: Record<SportsbookOperatorWrite, string> = {
  'manual/event': 'Creates an event by hand (a match or an outright) → { eventId }; audited',
  'manual/phase': "Moves a manual event's phase (pre-match, in play, ended); audited",
  'manual/odds': 'Opens or reprices a market of an event ({ spec, prices, status? }) → { marketId }; audited',
  'manual/stop': "Bet stop: suspends an event's markets (all, or the ones named); audited",
  'manual/result': 'Records the result of the periods decided (no settlement yet); audited',
  'manual/settle': 'Settles the markets a result decides → { marketIds }; every bet moves the difference only; audited',
  'manual/rollback': "Rolls back a market's settlement (the payments are taken back as corrections); audited",
  'manual/cancel': 'Cancels an event or some of its markets (bets void, stakes returned), with a reason; audited',
  'limits/set': "Changes the book's limits (stakes, payout, liability, in-play delay, cash-out margin); audited",
  'risk/lift': 'Lifts a risk stop on a market; audited',
};

/** The operator's calls on the house sportsbook, proxied to the game server (docs/sportsbook.md, "HTTP calls"). */
export function houseSportsbookAdminRoutes(sportsbook: HouseSportsbook): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/house/sportsbook',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary:
            'The house sportsbook: a page of events (by sport, state, start time, name) with their liability per market and selection, the limits, the risk stops, what is owed',
          security: [{ session: [] }],
          querystring: sportsbookEventsQuerySchema,
          response: { 200: sportsbookOverviewResponseSchema, ...errors },
        },
      },
      async (request) => ok(await sportsbook.overview(requestLanguage(request), request.query)),
    );

    for (const call of SPORTSBOOK_OPERATOR_WRITES)
      app.post(
        `/admin-api/house/sportsbook/${call}`,
        {
          preHandler: requirePermission('game:write'),
          schema: {
            tags: TAGS,
            summary: SUMMARIES[call],
            security: [{ session: [] }],
            body,
            response: { 200: sportsbookWriteResponseSchema, ...errors },
          },
        },
        async (request) => ok(await sportsbook.act(adminOf(request), call, (request.body ?? {}) as Record<string, unknown>, request.ip)),
      );
  };
}
