import { adminLoginBody, adminLoginChallenge, adminLoginValue, adminMe, adminSessionItem, adminTotpBody } from '@platform/contracts/admin';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdminSession } from '../../plugins/admin-auth.ts';
import { operatorRoutes } from './admin.operator-routes.ts';
import type { AdminService } from './admin.service.ts';

/** Wrong back-office logins allowed per address per minute, before any account lock. */
const ADMIN_LOGIN_PER_MINUTE = 10;

export function adminRoutes(admins: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(operatorRoutes(admins));
    app.post(
      '/admin-api/session/login',
      {
        config: { rateLimit: { max: ADMIN_LOGIN_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['admin'],
          summary: 'Back-office login, first step: the password. Answers a challenge for the authenticator code, never a session',
          body: adminLoginBody,
          response: {
            200: okEnvelope(adminLoginChallenge),
            400: errorEnvelope,
            401: errorEnvelope,
            403: errorEnvelope,
            423: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (request) => ok(await admins.login({ ...request.body, ip: request.ip })),
    );

    app.post(
      '/admin-api/session/totp',
      {
        config: { rateLimit: { max: ADMIN_LOGIN_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['admin'],
          summary:
            'Back-office login, second step: the authenticator code (the first one enrols it); the token is sent as a bearer token on /admin-api calls',
          body: adminTotpBody,
          response: {
            200: okEnvelope(adminLoginValue),
            400: errorEnvelope,
            401: errorEnvelope,
            423: errorEnvelope,
            429: errorEnvelope,
          },
        },
      },
      async (request) => {
        const userAgent = request.headers['user-agent'] ?? null;
        const result = await admins.verifyTotp({ ...request.body, ip: request.ip, userAgent });
        return ok({
          token: result.token,
          expiresAt: result.expiresAt.toISOString(),
          lastLoginAt: result.lastLoginAt ? result.lastLoginAt.toISOString() : null,
          admin: result.admin,
        });
      },
    );

    app.get(
      '/admin-api/session/me',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: 'The operator behind the bearer token, with what its role may do',
          security: [{ session: [] }],
          response: { 200: okEnvelope(adminMe), 401: commonErrorResponses[401] },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        return ok({ id: admin.adminId, username: admin.username, role: admin.role, permissions: [...admin.permissions] });
      },
    );

    app.get(
      '/admin-api/session/sessions',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: "The operator's own open sessions",
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.array(adminSessionItem)), 401: commonErrorResponses[401] },
        },
      },
      async (request) => {
        const rows = await admins.listSessions(adminOf(request));
        return ok(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastSeenAt: row.lastSeenAt.toISOString() })));
      },
    );

    app.delete(
      '/admin-api/session/sessions/:id',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: "Ends one of the operator's own sessions",
          security: [{ session: [] }],
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: okEnvelope(z.null()), 400: errorEnvelope, 401: commonErrorResponses[401], 404: errorEnvelope },
        },
      },
      async (request) => {
        await admins.endSession(adminOf(request), request.params.id, request.ip);
        return ok(null);
      },
    );

    app.delete(
      '/admin-api/session/sessions',
      {
        preHandler: requireAdminSession,
        schema: {
          tags: ['admin'],
          summary: "Ends the operator's other sessions (sign out everywhere else)",
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.object({ ended: z.number().int() })), 401: commonErrorResponses[401] },
        },
      },
      async (request) => ok({ ended: await admins.endOtherSessions(adminOf(request), request.ip) }),
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
