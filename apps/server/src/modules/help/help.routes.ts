import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminFeedbackSchema,
  adminHelpArticleSchema,
  adminHelpCategorySchema,
  feedbackHandleSchema,
  feedbackRequestSchema,
  feedbackResponseSchema,
  helpArticleInputSchema,
  helpCategoryInputSchema,
  helpCenterQuerySchema,
  helpCenterResponseSchema,
} from '@platform/contracts/help';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { HelpService } from './help.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};
const ADMIN_ROLES = ['support'] as const;

/** The language a visitor asked for: the `language` query, else the `lang` header, else Vietnamese. */
function askedLanguage(request: FastifyRequest, query: string | undefined): string {
  if (query) return query;
  const header = request.headers.lang;
  return typeof header === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(header) ? header.toLowerCase() : 'vi';
}

/**
 * The help centre and the feedback form (docs/help-centre.md). The help centre needs no session;
 * feedback needs a member's; back-office calls under /admin-api/help/ and /admin-api/feedback need
 * the support role (or administrator).
 */
export function helpRoutes(deps: { help: HelpService; merchants: MerchantService }): FastifyPluginAsyncZod {
  const { help, merchants } = deps;
  return async (app) => {
    const operator = (request: FastifyRequest) => {
      const admin = adminOf(request);
      return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
    };
    const adminSchema = { tags: ['admin'], security: [{ session: [] }] };

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

    // Back office: help categories and articles.

    app.get(
      '/admin-api/help/categories',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Every help category with its articles and all their languages, enabled or not',
          response: { 200: okEnvelope(z.array(adminHelpCategorySchema)), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.tree(adminOf(request).merchantId)),
    );

    app.post(
      '/admin-api/help/categories',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Adds a help category with its titles per language',
          body: helpCategoryInputSchema,
          response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.createCategory(operator(request), request.body)),
    );

    app.put(
      '/admin-api/help/categories/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Replaces a help category (its titles are replaced as a whole)',
          params: idParams,
          body: helpCategoryInputSchema,
          response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.updateCategory(operator(request), request.params.id, request.body)),
    );

    app.post(
      '/admin-api/help/articles',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Adds a help article; its HTML bodies are cleaned with an allow-list',
          body: helpArticleInputSchema,
          response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.createArticle(operator(request), request.body)),
    );

    app.put(
      '/admin-api/help/articles/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Replaces a help article (its texts are replaced as a whole)',
          params: idParams,
          body: helpArticleInputSchema,
          response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.updateArticle(operator(request), request.params.id, request.body)),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin-api/help/categories/:id/${action}`,
        {
          preHandler: requireAdmin(ADMIN_ROLES),
          schema: {
            ...adminSchema,
            summary: enabled ? 'Shows a help category again' : 'Hides a help category and its articles without deleting them',
            params: idParams,
            response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
          },
        },
        async (request) => ok(await help.admin.setCategoryEnabled(operator(request), request.params.id, enabled)),
      );
      app.post(
        `/admin-api/help/articles/:id/${action}`,
        {
          preHandler: requireAdmin(ADMIN_ROLES),
          schema: {
            ...adminSchema,
            summary: enabled ? 'Shows a help article again' : 'Hides a help article without deleting it',
            params: idParams,
            response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
          },
        },
        async (request) => ok(await help.admin.setArticleEnabled(operator(request), request.params.id, enabled)),
      );
    }

    // Back office: feedback.

    app.get(
      '/admin-api/feedback',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: "Members' feedback, newest first, optionally only open or handled",
          querystring: adminFeedbackQuerySchema,
          response: { 200: okEnvelope(adminFeedbackPageSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.feedback.list(adminOf(request).merchantId, request.query)),
    );

    app.post(
      '/admin-api/feedback/:id/handle',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          ...adminSchema,
          summary: 'Marks feedback handled, with an optional note',
          params: idParams,
          body: feedbackHandleSchema,
          response: { 200: okEnvelope(adminFeedbackSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.feedback.handle(operator(request), request.params.id, request.body.note || undefined)),
    );
  };
}
