import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  missionLeaderboardQuerySchema,
  missionLeaderboardResponseSchema,
  missionSummaryResponseSchema,
  signInResponseSchema,
} from '@platform/contracts/missions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { MissionsService } from './missions.service.ts';

/** Signing in is limited per client. */
export const SIGN_IN_REQUESTS_PER_MINUTE_MAX = 20;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export const MISSIONS_BASE = '/wps/member/missions';

/** The member's mission calls, relay style: the spec's summary and leaderboard, and the daily sign-in. */
export function missionsRoutes(missions: MissionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { tags: ['missions'], security: [{ session: [] }] };

    app.get(
      `${MISSIONS_BASE}/MCSFE_getMissionSummaryDetails`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: "The member's daily, weekly and one-off missions with live progress, the sign-in calendar, and the badge count",
          response: { 200: missionSummaryResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.summary(principalOf(request), requestedLanguage(request))),
    );

    app.get(
      `${MISSIONS_BASE}/MCSFE_getMissionLeaderboard`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'Members ranked by missions completed today or this week, with the member’s own place',
          querystring: missionLeaderboardQuerySchema,
          response: { 200: missionLeaderboardResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.leaderboard(principalOf(request), request.query.period)),
    );

    app.post(
      `${MISSIONS_BASE}/sign-in`,
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: SIGN_IN_REQUESTS_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          ...member,
          summary:
            "Signs the member in for today: the streak grows and the streak day's reward waits in the rewards centre; twice answers the first",
          response: { 200: signInResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.signIn(principalOf(request))),
    );
  };
}
