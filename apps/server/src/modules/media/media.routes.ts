import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import type { MediaService } from './media.service.ts';

/**
 * The public address of an uploaded picture. Its content never changes (the name is its hash), so it
 * is kept for a year; the hash is the ETag.
 */
export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:file',
      {
        schema: {
          tags: ['media'],
          summary: 'A picture an operator uploaded (promotion cards, banners); its address never changes content',
          params: z.object({ file: z.string().max(80) }),
        },
      },
      async (request, reply) => {
        const found = await media.file(request.params.file);
        if (!found) throw new DomainError('not_found', 'picture');
        const etag = `"${found.sha256}"`;
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff');
        const asked = request.headers['if-none-match'];
        if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
          return reply.code(304).send();
        }
        return reply.type(found.contentType).send(found.bytes);
      },
    );
  };
}
