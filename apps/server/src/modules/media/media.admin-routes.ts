import fastifyMultipart from '@fastify/multipart';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import { MEDIA_BYTES_MAX, mediaFileSchema, mediaPageQuerySchema, mediaPageSchema } from '@platform/contracts/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPictureForm } from '../../lib/image-upload.ts';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { MediaService } from './media.service.ts';

const TAGS = ['admin', 'media'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope, 413: errorEnvelope };

/** The operator's pictures: upload one, list the merchant's uploads to pick one again (`media:write`). */
export function mediaAdminRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to these routes: one picture per upload, the media size limit enforced while streaming.
    await app.register(fastifyMultipart, {
      limits: { fileSize: MEDIA_BYTES_MAX, files: 1, fields: 0, parts: 1, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    app.post(
      '/admin-api/media',
      {
        preHandler: requirePermission('media:write'),
        schema: {
          tags: TAGS,
          summary: 'Uploads a picture (multipart field `file`: PNG, JPG or WebP, 2 MB at most); answers its lasting address',
          security: [{ session: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: okEnvelope(mediaFileSchema), ...errors },
        },
      },
      async (request) => {
        const picture = await readPictureForm(request);
        return ok(await media.upload(operatorOf(request), picture));
      },
    );

    app.get(
      '/admin-api/media',
      {
        preHandler: requirePermission('media:write'),
        schema: {
          tags: TAGS,
          summary: "The merchant's uploaded pictures, the latest first",
          security: [{ session: [] }],
          querystring: mediaPageQuerySchema,
          response: { 200: okEnvelope(mediaPageSchema), ...errors },
        },
      },
      async (request) => ok(await media.list(adminOf(request).merchantId, request.query)),
    );
  };
}
