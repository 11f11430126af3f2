import {
  agentAnnouncementsResponseSchema,
  agentNoticeRequestSchema,
  agentNoticeResponseSchema,
  agentNoticesResponseSchema,
  downlineQuerySchema,
  downlineResponseSchema,
  inviteesResponseSchema,
  openDownlineAccountRequestSchema,
  openedAccountResponseSchema,
  registerCenterResponseSchema,
  teamMemberParamsSchema,
  teamPageQuerySchema,
  teamSearchQuerySchema,
  teamSearchResponseSchema,
  uplineTransferSwitchRequestSchema,
  uplineTransferSwitchResponseSchema,
} from '@platform/contracts/agents/agent-team';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { AgentTeamService } from './agent-team.service.ts';

const BASE = '/wps/agent/team';

/** Opening accounts and sending notices are limited per client, beyond the notices' own hourly limit. */
export const AGENT_TEAM_WRITES_PER_MINUTE_MAX = 20;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

/**
 * The agent centre's team calls. A visitor is told to log in, a trial account gets the real-account
 * warning (the guard), and any other account that is not an agent is refused by the service
 * (`agents.agentOf`: not_an_agent).
 */
export function agentTeamRoutes(team: AgentTeamService): FastifyPluginAsyncZod {
  return async (app) => {
    const agent = { tags: ['agent-team'], security: [{ session: [] }] };
    const write = { rateLimit: { max: AGENT_TEAM_WRITES_PER_MINUTE_MAX, timeWindow: 60_000 } };

    app.get(
      `${BASE}/register-center`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: 'registerCenter: the account types this agent may open, the field rules and its invitation code',
          response: { 200: registerCenterResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.registerCenter(principalOf(request))),
    );

    app.post(
      `${BASE}/accounts`,
      {
        preHandler: requireRealAccount,
        config: write,
        schema: {
          ...agent,
          summary: 'Opens an account directly under the agent; the member must change the password at its first login',
          body: openDownlineAccountRequestSchema,
          response: { 200: openedAccountResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.openAccount(principalOf(request), request.body, { ip: request.ip })),
    );

    app.get(
      `${BASE}/invitees`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: "Members who joined through the agent's invitation code, newest first",
          querystring: teamPageQuerySchema,
          response: { 200: inviteesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.invitees(principalOf(request), request.query)),
    );

    app.get(
      `${BASE}/downline`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: 'downlineManagmentView: the direct downline of the agent or of a member of its team, with the breadcrumb',
          querystring: downlineQuerySchema,
          response: { 200: downlineResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.downline(principalOf(request), request.query)),
    );

    app.get(
      `${BASE}/search`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: "Members anywhere in the agent's team whose username contains the text",
          querystring: teamSearchQuerySchema,
          response: { 200: teamSearchResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.search(principalOf(request), request.query)),
    );

    app.put(
      `${BASE}/members/:memberId/upline-transfer`,
      {
        preHandler: requireRealAccount,
        config: write,
        schema: {
          ...agent,
          summary: 'Lets a member of the team transfer to its direct upline, or stops it',
          params: teamMemberParamsSchema,
          body: uplineTransferSwitchRequestSchema,
          response: { 200: uplineTransferSwitchResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await team.setUplineTransfer(principalOf(request), request.params.memberId, request.body.toUpline, { ip: request.ip })),
    );

    app.get(
      `${BASE}/announcements`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: "agentAnnouncement: the operator's announcements to agents, newest first",
          querystring: teamPageQuerySchema,
          response: { 200: agentAnnouncementsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.announcements(principalOf(request), request.query)),
    );

    app.post(
      `${BASE}/notices`,
      {
        preHandler: requireRealAccount,
        config: write,
        schema: {
          ...agent,
          summary: "Sends a notice to the agent's whole team or its direct downline (their inboxes)",
          body: agentNoticeRequestSchema,
          response: { 200: agentNoticeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.sendNotice(principalOf(request), request.body, { ip: request.ip })),
    );

    app.get(
      `${BASE}/notices`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...agent,
          summary: 'The notices the agent has sent, newest first, with how many more it may send this hour',
          querystring: teamPageQuerySchema,
          response: { 200: agentNoticesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.notices(principalOf(request), request.query)),
    );
  };
}
