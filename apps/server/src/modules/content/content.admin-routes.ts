import {
  ANNOUNCEMENT_TYPES,
  adminAnnouncementSchema,
  adminBannerSchema,
  announcementInputSchema,
  bannerGroupSchema,
  bannerInputSchema,
} from '@platform/contracts/content';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { ContentService } from './content.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

/**
 * The back office's site content calls (docs/content.md): banners and announcements under
 * /admin-api/content/, for the support role (or administrator).
 */
export function contentAdminRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    // Back office: banners.

    app.get(
      '/admin-api/content/banners',
      {
        preHandler: requirePermission('content:read'),
        schema: {
          tags: ['admin'],
          summary: "The merchant's banners, enabled or not",
          security: [{ session: [] }],
          querystring: z.strictObject({ groupName: bannerGroupSchema.optional() }),
          response: { 200: okEnvelope(z.array(adminBannerSchema)), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.listBanners(adminOf(request).merchantId, request.query.groupName)),
    );

    app.post(
      '/admin-api/content/banners',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Adds a banner',
          security: [{ session: [] }],
          body: bannerInputSchema,
          response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.createBanner(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/content/banners/:id',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Replaces a banner',
          security: [{ session: [] }],
          params: idParams,
          body: bannerInputSchema,
          response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.updateBanner(operatorOf(request), request.params.id, request.body)),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin-api/content/banners/:id/${action}`,
        {
          preHandler: requirePermission('content:write'),
          schema: {
            tags: ['admin'],
            summary: enabled ? 'Shows a banner again' : 'Hides a banner without deleting it',
            security: [{ session: [] }],
            params: idParams,
            response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
          },
        },
        async (request) => ok(await content.admin.setBannerEnabled(operatorOf(request), request.params.id, enabled)),
      );
      app.post(
        `/admin-api/content/announcements/:id/${action}`,
        {
          preHandler: requirePermission('content:write'),
          schema: {
            tags: ['admin'],
            summary: enabled ? 'Shows an announcement again' : 'Hides an announcement without deleting it',
            security: [{ session: [] }],
            params: idParams,
            response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
          },
        },
        async (request) => ok(await content.admin.setAnnouncementEnabled(operatorOf(request), request.params.id, enabled)),
      );
    }

    app.delete(
      '/admin-api/content/banners/:id',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Deletes a banner',
          security: [{ session: [] }],
          params: idParams,
          response: { 200: okEnvelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await content.admin.deleteBanner(operatorOf(request), request.params.id);
        return ok(null);
      },
    );

    // Back office: announcements.

    app.get(
      '/admin-api/content/announcements',
      {
        preHandler: requirePermission('content:read'),
        schema: {
          tags: ['admin'],
          summary: "The merchant's announcements, newest first, enabled or not",
          security: [{ session: [] }],
          querystring: z.strictObject({ type: z.enum(ANNOUNCEMENT_TYPES).optional() }),
          response: { 200: okEnvelope(z.array(adminAnnouncementSchema)), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.listAnnouncements(adminOf(request).merchantId, request.query.type)),
    );

    app.post(
      '/admin-api/content/announcements',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Adds an announcement; the HTML bodies are cleaned with an allow-list',
          security: [{ session: [] }],
          body: announcementInputSchema,
          response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.createAnnouncement(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/content/announcements/:id',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Replaces an announcement',
          security: [{ session: [] }],
          params: idParams,
          body: announcementInputSchema,
          response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.updateAnnouncement(operatorOf(request), request.params.id, request.body)),
    );

    app.delete(
      '/admin-api/content/announcements/:id',
      {
        preHandler: requirePermission('content:write'),
        schema: {
          tags: ['admin'],
          summary: 'Deletes an announcement',
          security: [{ session: [] }],
          params: idParams,
          response: { 200: okEnvelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await content.admin.deleteAnnouncement(operatorOf(request), request.params.id);
        return ok(null);
      },
    );
  };
}
