import {
  announcementContentQuerySchema,
  announcementContentResponseSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  bannersQuerySchema,
  bannersResponseSchema,
  marqueeQuerySchema,
  marqueeResponseSchema,
} from '@platform/contracts/content';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { ContentService } from './content.service.ts';

/**
 * Site content (docs/content.md). Visitor calls need no session and answer in the caller's language;
 * the back office's calls are in content.admin-routes.ts.
 */
export function contentRoutes(deps: { content: ContentService; merchants: MerchantService }): FastifyPluginAsyncZod {
  const { content, merchants } = deps;
  return async (app) => {
    const merchantId = async () => (await merchants.current()).id;

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
  };
}
