import { adminIdentity, adminLoginBody, adminLoginValue } from '@platform/contracts/admin';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdminSession } from '../../plugins/admin-auth.ts';
import type { AdminService } from './admin.service.ts';

/** Wrong back-office logins allowed per address per minute, before any account lock. */
const ADMIN_LOGIN_PER_MINUTE = 10;

export function adminRoutes(admins: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin-api/session/login',
      {
        config: { rateLimit: { max: ADMIN_LOGIN_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['admin'],
          summary: 'Back-office login; the token is sent as a bearer token on /admin-api calls',
          body: adminLoginBody,
          response: {
            200: okEnvelope(adminLoginValue),
            400: errorEnvelope,
            401: errorEnvelope,
            403: errorEnvelope,
            423: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (request) => {
        const result = await admins.login({ ...request.body, ip: request.ip });
        return ok({
          token: result.token,
          expiresAt: result.expiresAt.toISOString(),
          lastLoginAt: result.lastLoginAt ? result.lastLoginAt.toISOString() : null,
          admin: result.admin as z.infer<typeof adminIdentity>,
        });
      },
    );

    app.get(
      '/admin-api/session/me',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: 'The operator behind the bearer token',
          security: [{ session: [] }],
          response: {
            200: okEnvelope(z.object({ id: z.number().int(), username: z.string(), role: adminIdentity.shape.role })),
            401: commonErrorResponses[401],
          },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        return ok({ id: admin.adminId, username: admin.username, role: admin.role });
      },
    );

    app.delete(
      '/admin-api/session/logout',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: 'Ends the back-office session',
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.null()), 401: commonErrorResponses[401] },
        },
      },
      async (request) => {
        await admins.logout(adminOf(request), request.ip);
        return ok(null);
      },
    );
  };
}
