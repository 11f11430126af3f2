import {
  ANNOUNCEMENT_TYPES,
  adminAnnouncementSchema,
  adminBannerSchema,
  announcementContentQuerySchema,
  announcementContentResponseSchema,
  announcementInputSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  bannerGroupSchema,
  bannerInputSchema,
  bannersQuerySchema,
  bannersResponseSchema,
  marqueeQuerySchema,
  marqueeResponseSchema,
} from '@platform/contracts/content';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { ContentService } from './content.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};
const ADMIN_ROLES = ['support'] as const;

/**
 * Site content (docs/content.md). Visitor calls need no session and answer in the caller's language;
 * back-office calls under /admin-api/content/ need the support role (or administrator).
 */
export function contentRoutes(deps: { content: ContentService; merchants: MerchantService }): FastifyPluginAsyncZod {
  const { content, merchants } = deps;
  return async (app) => {
    const merchantId = async () => (await merchants.current()).id;
    const operator = (request: FastifyRequest) => {
      const admin = adminOf(request);
      return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
    };

    app.get(
      '/wps/relay/MCSFE_getBanners',
      {
        schema: {
          tags: ['content'],
          summary: "The banners of a page group in effect now, in the operator's order",
          querystring: bannersQuerySchema,
          response: { 200: bannersResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await content.banners(await merchantId(), requestLanguage(request), request.query.groupName)),
    );

    app.get(
      '/wps/relay/MCSFE_getListAnnouncements',
      {
        schema: {
          tags: ['content'],
          summary: 'Announcements of one type in effect now, newest first, 9 per page',
          querystring: announcementsQuerySchema,
          response: { 200: announcementsResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await content.announcementPage(await merchantId(), requestLanguage(request), request.query)),
    );

    app.get(
      '/wps/relay/MCSFE_getAnnouncementContent',
      {
        schema: {
          tags: ['content'],
          summary: 'Announcements of the given types grouped as popup, player, banners, promotion and headline',
          querystring: announcementContentQuerySchema,
          response: { 200: announcementContentResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await content.announcementContent(await merchantId(), requestLanguage(request), request.query)),
    );

    app.get(
      '/wps/relay/MCSFE_getMarqueeNotices',
      {
        schema: {
          tags: ['content'],
          summary: 'Titles for the home notice marquee',
          querystring: marqueeQuerySchema,
          response: { 200: marqueeResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await content.marquee(await merchantId(), requestLanguage(request), request.query.platform)),
    );

    // Back office: banners.

    app.get(
      '/admin-api/content/banners',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
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
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Adds a banner',
          security: [{ session: [] }],
          body: bannerInputSchema,
          response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.createBanner(operator(request), request.body)),
    );

    app.put(
      '/admin-api/content/banners/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Replaces a banner',
          security: [{ session: [] }],
          params: idParams,
          body: bannerInputSchema,
          response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.updateBanner(operator(request), request.params.id, request.body)),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin-api/content/banners/:id/${action}`,
        {
          preHandler: requireAdmin(ADMIN_ROLES),
          schema: {
            tags: ['admin'],
            summary: enabled ? 'Shows a banner again' : 'Hides a banner without deleting it',
            security: [{ session: [] }],
            params: idParams,
            response: { 200: okEnvelope(adminBannerSchema), ...adminErrors },
          },
        },
        async (request) => ok(await content.admin.setBannerEnabled(operator(request), request.params.id, enabled)),
      );
      app.post(
        `/admin-api/content/announcements/:id/${action}`,
        {
          preHandler: requireAdmin(ADMIN_ROLES),
          schema: {
            tags: ['admin'],
            summary: enabled ? 'Shows an announcement again' : 'Hides an announcement without deleting it',
            security: [{ session: [] }],
            params: idParams,
            response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
          },
        },
        async (request) => ok(await content.admin.setAnnouncementEnabled(operator(request), request.params.id, enabled)),
      );
    }

    app.delete(
      '/admin-api/content/banners/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Deletes a banner',
          security: [{ session: [] }],
          params: idParams,
          response: { 200: okEnvelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await content.admin.deleteBanner(operator(request), request.params.id);
        return ok(null);
      },
    );

    // Back office: announcements.

    app.get(
      '/admin-api/content/announcements',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
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
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Adds an announcement; the HTML bodies are cleaned with an allow-list',
          security: [{ session: [] }],
          body: announcementInputSchema,
          response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.createAnnouncement(operator(request), request.body)),
    );

    app.put(
      '/admin-api/content/announcements/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Replaces an announcement',
          security: [{ session: [] }],
          params: idParams,
          body: announcementInputSchema,
          response: { 200: okEnvelope(adminAnnouncementSchema), ...adminErrors },
        },
      },
      async (request) => ok(await content.admin.updateAnnouncement(operator(request), request.params.id, request.body)),
    );

    app.delete(
      '/admin-api/content/announcements/:id',
      {
        preHandler: requireAdmin(ADMIN_ROLES),
        schema: {
          tags: ['admin'],
          summary: 'Deletes an announcement',
          security: [{ session: [] }],
          params: idParams,
          response: { 200: okEnvelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await content.admin.deleteAnnouncement(operator(request), request.params.id);
        return ok(null);
      },
    );
  };
}
