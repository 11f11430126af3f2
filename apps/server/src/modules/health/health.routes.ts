import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, pingDatabase } from '../../db/database.ts';
import { hasPendingMigrations } from '../../db/migrator.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string().optional(),
  migrations: z.string().optional(),
});

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { tags: ['operations'], response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', { schema: { tags: ['operations'], response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
      try {
        await pingDatabase(database.db);
      } catch (err) {
        request.log.warn({ err }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
      if (await hasPendingMigrations(database.db)) {
        return reply.status(503).send({ status: 'unavailable', database: 'ok', migrations: 'pending' });
      }
      return { status: 'ok' as const, database: 'ok', migrations: 'done' };
    });
  };
}
