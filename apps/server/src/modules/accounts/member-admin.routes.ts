import {
  movedMemberResponseSchema,
  openedAccountResponseSchema,
  operatorMoveMemberRequestSchema,
  operatorOpenAccountRequestSchema,
} from '@platform/contracts/agents/agent-network';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { DownlineService } from './downline.service.ts';
import { memberListRowSchema, presentMemberListRow } from './member-admin.presenter.ts';
import { MEMBER_PAGE_SIZE_MAX, type MemberAdminService } from './member-admin.service.ts';

const memberParams = z.strictObject({ memberId: z.coerce.number().int().positive() });

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Back-office calls on members' accounts (docs/admin-api.md). */
export function memberAdminRoutes(members: MemberAdminService, downline: DownlineService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin-api/members',
      {
        preHandler: requirePermission('member:create'),
        schema: {
          tags: ['admin'],
          summary: 'Opens an account: a type-1 agent or a player at the top, or any type the chosen upline may have (docs/agents.md)',
          security: [{ session: [] }],
          body: operatorOpenAccountRequestSchema,
          response: { 200: openedAccountResponseSchema, ...errors },
        },
      },
      async (request) => {
        const op = operatorOf(request);
        const { uplineUsername, ...rest } = request.body;
        const opened = await downline.openAccount({
          ...rest,
          merchantId: op.merchantId,
          parentId: uplineUsername === undefined ? null : await downline.uplineIdOf(op.merchantId, uplineUsername),
          openedBy: { kind: 'operator', adminId: op.adminId },
          ip: op.ip,
        });
        return ok({ memberId: opened.memberId, username: opened.username, accountType: opened.accountType, parentId: opened.parentId });
      },
    );

    app.post(
      '/admin-api/members/:memberId/upline',
      {
        preHandler: requirePermission('member:upline'),
        schema: {
          tags: ['admin'],
          summary: 'Moves a member and its whole team under another upline; refuses cycles and types the upline may not have',
          security: [{ session: [] }],
          params: memberParams,
          body: operatorMoveMemberRequestSchema,
          response: { 200: movedMemberResponseSchema, ...errors },
        },
      },
      async (request) => {
        const op = operatorOf(request);
        const uplineId = await downline.uplineIdOf(op.merchantId, request.body.uplineUsername);
        const moved = await downline.moveMember(op, request.params.memberId, uplineId);
        return ok({ memberId: moved.memberId, parentId: moved.parentId, movedCount: moved.movedCount });
      },
    );

    app.get(
      '/admin-api/members',
      {
        preHandler: requirePermission('member:read'),
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
            200: okEnvelope(
              z.object({ content: z.array(memberListRowSchema), totalCount: z.number().int(), totalPages: z.number().int() }),
            ),
            ...errors,
          },
        },
      },
      async (request) => {
        const page = await members.list(adminOf(request).merchantId, request.query);
        return ok({
          content: page.rows.map(presentMemberListRow),
          totalCount: page.totalCount,
          totalPages: page.totalPages,
        });
      },
    );

    app.post(
      '/admin-api/members/:memberId/lock',
      {
        preHandler: requirePermission('member:lock'),
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
        await members.lock(operatorOf(request), request.params.memberId, request.body.reason);
        return ok({ status: 'locked' as const });
      },
    );

    app.post(
      '/admin-api/members/:memberId/unlock',
      {
        preHandler: requirePermission('member:unlock'),
        schema: {
          tags: ['admin'],
          summary: 'Unlocks a member: the account status and the lock after failed logins',
          security: [{ session: [] }],
          params: memberParams,
          response: { 200: okEnvelope(z.object({ status: z.literal('active'), clearedLocks: z.number().int() })), ...errors },
        },
      },
      async (request) => ok(await members.unlock(operatorOf(request), request.params.memberId)),
    );

    app.post(
      '/admin-api/members/:memberId/force-password-change',
      {
        preHandler: requirePermission('member:force-password'),
        schema: {
          tags: ['admin'],
          summary: 'The member must choose a new password at the next login; current sessions end',
          security: [{ session: [] }],
          params: memberParams,
          response: { 200: okEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await members.forcePasswordChange(operatorOf(request), request.params.memberId);
        return ok(null);
      },
    );
  };
}
