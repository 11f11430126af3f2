import {
  adminAgentApplicationPageSchema,
  adminAgentApplicationQuerySchema,
  adminAgentApplicationSchema,
  agentApplicationAnswerSchema,
} from '@platform/contracts/agent-applications';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { AgentApplicationsService } from './agent-applications.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** The back office's queue of agent applications (docs/agent-applications.md). */
export function agentApplicationsAdminRoutes(applications: AgentApplicationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const adminSchema = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      '/admin-api/agent-applications',
      {
        preHandler: requirePermission('agent-application:read'),
        schema: {
          ...adminSchema,
          summary: 'Agent applications, newest first, optionally only pending, approved or rejected',
          querystring: adminAgentApplicationQuerySchema,
          response: { 200: okEnvelope(adminAgentApplicationPageSchema), ...adminErrors },
        },
      },
      async (request) => ok(await applications.admin.list(adminOf(request).merchantId, request.query)),
    );

    app.post(
      '/admin-api/agent-applications/:id/answer',
      {
        preHandler: requirePermission('agent-application:answer'),
        schema: {
          ...adminSchema,
          summary: 'Approves or rejects a pending application with a message to the applicant (audited)',
          params: idParams,
          body: agentApplicationAnswerSchema,
          response: { 200: okEnvelope(adminAgentApplicationSchema), ...adminErrors },
        },
      },
      async (request) => ok(await applications.admin.answer(operatorOf(request), request.params.id, request.body)),
    );
  };
}
