import { downlineQuerySchema, downlineResponseSchema } from '@platform/contracts/agents/agent-team';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { AgentTeamService } from './agent-team.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

/** The agent tree in the member file: an agent's direct downline with team size and this month's turnover. */
export function agentTeamAdminRoutes(team: AgentTeamService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/members/:memberId/team',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary:
            "An agent's direct downline (or, with parentId, a team member's), with team size, this month's turnover and the breadcrumb",
          security: [{ session: [] }],
          params: z.strictObject({
            memberId: z.coerce
              .number()
              .int()
              .positive()
              .max(2 ** 53 - 1),
          }),
          querystring: downlineQuerySchema,
          response: { 200: downlineResponseSchema, ...errors },
        },
      },
      async (request) => ok(await team.downlineForOperator(adminOf(request).merchantId, request.params.memberId, request.query)),
    );
  };
}
