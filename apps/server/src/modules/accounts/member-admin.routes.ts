import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { MEMBER_PAGE_SIZE_MAX, type MemberAdminService } from './member-admin.service.ts';

const memberParams = z.strictObject({ memberId: z.coerce.number().int().positive() });
const memberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  status: z.enum(['active', 'locked', 'closed']),
  parentUsername: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
});

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Back-office calls on members' accounts (docs/admin-api.md). */
export function memberAdminRoutes(members: MemberAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = (request: Parameters<typeof adminOf>[0]) => {
      const admin = adminOf(request);
      return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
    };

    app.get(
      '/admin-api/members',
      {
        preHandler: requireAdmin(['support', 'risk', 'finance']),
        schema: {
          tags: ['admin'],
          summary: "Finds the merchant's members by the start of their name and by status",
          security: [{ session: [] }],
          querystring: z.strictObject({
            username: z.string().trim().min(1).max(64).optional(),
            status: z.enum(['active', 'locked', 'closed']).optional(),
            pageNo: z.coerce.number().int().min(1).default(1),
            pageSize: z.coerce.number().int().min(1).max(MEMBER_PAGE_SIZE_MAX).default(20),
          }),
          response: {
            200: okEnvelope(z.object({ content: z.array(memberRow), totalCount: z.number().int(), totalPages: z.number().int() })),
            ...errors,
          },
        },
      },
      async (request) => {
        const page = await members.list(adminOf(request).merchantId, request.query);
        return ok({
          content: page.rows.map((r) => ({
            id: r.id,
            username: r.username,
            accountType: r.accountType,
            status: r.status,
            parentUsername: r.parentUsername,
            createdAt: r.createdAt.toISOString(),
            lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
            mustChangePassword: r.mustChangePassword ?? false,
          })),
          totalCount: page.totalCount,
          totalPages: page.totalPages,
        });
      },
    );

    app.post(
      '/admin-api/members/:memberId/lock',
      {
        preHandler: requireAdmin(['risk']),
        schema: {
          tags: ['admin'],
          summary: 'Locks a member out and ends their sessions',
          security: [{ session: [] }],
          params: memberParams,
          body: z.strictObject({ reason: z.string().trim().min(3).max(500) }),
          response: { 200: okEnvelope(z.object({ status: z.literal('locked') })), ...errors },
        },
      },
      async (request) => {
        await members.lock(operator(request), request.params.memberId, request.body.reason);
        return ok({ status: 'locked' as const });
      },
    );

    app.post(
      '/admin-api/members/:memberId/unlock',
      {
        preHandler: requireAdmin(['risk', 'support']),
        schema: {
          tags: ['admin'],
          summary: 'Unlocks a member: the account status and the lock after failed logins',
          security: [{ session: [] }],
          params: memberParams,
          response: { 200: okEnvelope(z.object({ status: z.literal('active'), clearedLocks: z.number().int() })), ...errors },
        },
      },
      async (request) => ok(await members.unlock(operator(request), request.params.memberId)),
    );

    app.post(
      '/admin-api/members/:memberId/force-password-change',
      {
        preHandler: requireAdmin(['risk', 'support']),
        schema: {
          tags: ['admin'],
          summary: 'The member must choose a new password at the next login; current sessions end',
          security: [{ session: [] }],
          params: memberParams,
          response: { 200: okEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await members.forcePasswordChange(operator(request), request.params.memberId);
        return ok(null);
      },
    );
  };
}
