import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import { feedbackRequestSchema, feedbackResponseSchema, helpCenterQuerySchema, helpCenterResponseSchema } from '@platform/contracts/help';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { HelpService } from './help.service.ts';

/** The language a visitor asked for: the `language` query, else the language the request asks for. */
function askedLanguage(request: FastifyRequest, query: string | undefined): string {
  return query || requestedLanguage(request);
}

/**
 * The help centre and the feedback form (docs/help-centre.md). The help centre needs no session;
 * feedback needs a member's. The back office's calls are in help.admin-routes.ts.
 */
export function helpRoutes(deps: { help: HelpService; merchants: MerchantService }): FastifyPluginAsyncZod {
  const { help, merchants } = deps;
  return async (app) => {
    app.get(
      '/wps/system/helpCenter',
      {
        schema: {
          tags: ['help'],
          summary: 'Help categories with their articles, each in the language asked for or its fallback (vi, then en)',
          querystring: helpCenterQuerySchema,
          response: { 200: helpCenterResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await help.helpCenter((await merchants.current()).id, askedLanguage(request, request.query.language))),
    );

    app.put(
      '/wps/feedback',
      {
        preHandler: requireMember,
        schema: {
          tags: ['help'],
          summary: 'Sends feedback: a question type and 1 to 140 characters; 5 an hour per member',
          security: [{ session: [] }],
          body: feedbackRequestSchema,
          response: { 200: feedbackResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(await help.feedback.send({ memberId: principal.memberId, merchantId: principal.merchantId }, request.body, request.ip));
      },
    );
  };
}
