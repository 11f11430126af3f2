import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminFeedbackSchema,
  adminHelpArticleSchema,
  adminHelpCategorySchema,
  feedbackHandleSchema,
  helpArticleInputSchema,
  helpCategoryInputSchema,
  helpOrderInputSchema,
  helpPreviewInputSchema,
  helpPreviewSchema,
} from '@platform/contracts/help';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { HelpService } from './help.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/**
 * The back office's help centre and feedback calls (docs/help-centre.md), under /admin-api/help/ and
 * /admin-api/feedback, for the support role (or administrator).
 */
export function helpAdminRoutes(help: HelpService): FastifyPluginAsyncZod {
  return async (app) => {
    const adminSchema = { tags: ['admin'], security: [{ session: [] }] };

    // Back office: help categories and articles.

    app.get(
      '/admin-api/help/categories',
      {
        preHandler: requirePermission('help:read'),
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
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Adds a help category with its titles per language',
          body: helpCategoryInputSchema,
          response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.createCategory(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/help/categories/:id',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Replaces a help category (its titles are replaced as a whole)',
          params: idParams,
          body: helpCategoryInputSchema,
          response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.updateCategory(operatorOf(request), request.params.id, request.body)),
    );

    app.post(
      '/admin-api/help/articles',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Adds a help article; its HTML bodies are cleaned with an allow-list',
          body: helpArticleInputSchema,
          response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.createArticle(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/help/articles/:id',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Replaces a help article (its texts are replaced as a whole)',
          params: idParams,
          body: helpArticleInputSchema,
          response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.updateArticle(operatorOf(request), request.params.id, request.body)),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin-api/help/categories/:id/${action}`,
        {
          preHandler: requirePermission('help:write'),
          schema: {
            ...adminSchema,
            summary: enabled ? 'Shows a help category again' : 'Hides a help category and its articles without deleting them',
            params: idParams,
            response: { 200: okEnvelope(adminHelpCategorySchema), ...adminErrors },
          },
        },
        async (request) => ok(await help.admin.setCategoryEnabled(operatorOf(request), request.params.id, enabled)),
      );
      app.post(
        `/admin-api/help/articles/:id/${action}`,
        {
          preHandler: requirePermission('help:write'),
          schema: {
            ...adminSchema,
            summary: enabled ? 'Shows a help article again' : 'Hides a help article without deleting it',
            params: idParams,
            response: { 200: okEnvelope(adminHelpArticleSchema), ...adminErrors },
          },
        },
        async (request) => ok(await help.admin.setArticleEnabled(operatorOf(request), request.params.id, enabled)),
      );
    }

    app.delete(
      '/admin-api/help/categories/:id',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Deletes an empty help category for good (one with articles is refused; hiding keeps it)',
          params: idParams,
          response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.deleteCategory(operatorOf(request), request.params.id)),
    );

    app.delete(
      '/admin-api/help/articles/:id',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: 'Deletes a help article and its texts for good (hiding keeps it)',
          params: idParams,
          response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.deleteArticle(operatorOf(request), request.params.id)),
    );

    app.put(
      '/admin-api/help/order',
      {
        preHandler: requirePermission('help:write'),
        schema: {
          ...adminSchema,
          summary: "Puts the categories, or one category's articles, in the order given; answers the whole tree",
          body: helpOrderInputSchema,
          response: { 200: okEnvelope(z.array(adminHelpCategorySchema)), ...adminErrors },
        },
      },
      async (request) => ok(await help.admin.order(operatorOf(request), request.body)),
    );

    app.post(
      '/admin-api/help/articles/preview',
      {
        preHandler: requirePermission('help:read'),
        schema: {
          ...adminSchema,
          summary: "An article's texts cleaned as the site will show them; nothing is stored",
          body: helpPreviewInputSchema,
          response: { 200: okEnvelope(helpPreviewSchema), ...adminErrors },
        },
      },
      async (request) => ok({ texts: help.admin.preview(request.body.texts) }),
    );

    // Back office: feedback.

    app.get(
      '/admin-api/feedback',
      {
        preHandler: requirePermission('feedback:handle'),
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
        preHandler: requirePermission('feedback:handle'),
        schema: {
          ...adminSchema,
          summary: 'Marks feedback handled, with an optional note',
          params: idParams,
          body: feedbackHandleSchema,
          response: { 200: okEnvelope(adminFeedbackSchema), ...adminErrors },
        },
      },
      async (request) => ok(await help.feedback.handle(operatorOf(request), request.params.id, request.body.note || undefined)),
    );
  };
}
