import {
  AGENT_APPLICATIONS_PER_HOUR,
  agentApplicationLookupSchema,
  agentApplicationRequestSchema,
  agentApplicationStatusResponseSchema,
} from '@platform/contracts/agent-applications';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestKeyOf } from '../../lib/request-hash.ts';
import { requestedLanguage } from '../../lib/request-language.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { AgentApplicationsService } from './agent-applications.service.ts';

/** Status look-ups an address may make per minute: a reference cannot be guessed by trying. */
const LOOKUPS_PER_MINUTE = 10;

/**
 * The /join page's calls (docs/agent-applications.md): a visitor or a member applies, and reads the
 * answer by reference and mobile number. The operator's calls are in agent-applications.admin-routes.ts.
 */
export function agentApplicationsRoutes(deps: {
  applications: AgentApplicationsService;
  merchants: MerchantService;
}): FastifyPluginAsyncZod {
  const { applications, merchants } = deps;
  return async (app) => {
    app.post(
      '/wps/agent/applications',
      {
        schema: {
          tags: ['agent-applications'],
          summary: `Applies to the agent programme; the same requestId answers the first application; ${AGENT_APPLICATIONS_PER_HOUR} an hour per member or address`,
          body: agentApplicationRequestSchema,
          response: { 200: agentApplicationStatusResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const merchantId = request.principal?.merchantId ?? (await merchants.current()).id;
        const requestId = requestKeyOf(request, request.body.requestId);
        return ok(
          await applications.apply(
            { merchantId, memberId: request.principal?.memberId ?? null, ip: request.ip, language: requestedLanguage(request) },
            { ...request.body, requestId },
          ),
        );
      },
    );

    app.post(
      '/wps/agent/applications/status',
      {
        config: { rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['agent-applications'],
          summary: 'Where an application stands, found by its reference and the mobile number it gave',
          body: agentApplicationLookupSchema,
          response: { 200: agentApplicationStatusResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await applications.lookup((await merchants.current()).id, request.body)),
    );
  };
}
