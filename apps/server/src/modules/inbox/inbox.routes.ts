import { isTrialAccountType } from '@platform/contracts/account-types';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminInboxListQuerySchema,
  adminInboxMessageSchema,
  adminInboxPageSchema,
  inboxChangeResponseSchema,
  inboxListQuerySchema,
  inboxMessageParamsSchema,
  inboxMessageResponseSchema,
  inboxPageResponseSchema,
  inboxSendBodySchema,
  unreadCountResponseSchema,
} from '@platform/contracts/inbox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { InboxService } from './inbox.service.ts';

const BASE = '/wps/member/inbox';
const ADMIN_BASE = '/admin-api/inbox/messages';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

/** Platform messages (docs/inbox.md): the member's inbox, and the operator's calls to send and withdraw. */
export function inboxRoutes(inbox: InboxService): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = (request: FastifyRequest) => {
      const principal = principalOf(request);
      return { memberId: principal.memberId, merchantId: principal.merchantId };
    };
    const operator = (request: FastifyRequest) => {
      const admin = adminOf(request);
      return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
    };
    const member = { tags: ['inbox'], security: [{ session: [] }] };

    app.get(
      '/wps/relay/CSP_unreadCount',
      {
        preHandler: requireMember,
        schema: {
          ...member,
          summary: "The member's unread platform messages (0 for a trial account, which has no inbox)",
          response: { 200: unreadCountResponseSchema, ...errors },
        },
      },
      async (request) =>
        isTrialAccountType(principalOf(request).accountType) ? ok({ unReadCount: 0 }) : ok(await inbox.unreadCount(reader(request))),
    );

    app.get(
      BASE,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: "The member's messages, newest first, with their read flag; filter all or unread",
          querystring: inboxListQuerySchema,
          response: { 200: inboxPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await inbox.list(reader(request), request.query)),
    );

    app.post(
      `${BASE}/read-all`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'Marks every message read; answers the unread count (0)',
          response: { 200: inboxChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await inbox.readAll(reader(request))),
    );

    app.get(
      `${BASE}/:id`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'Opens one message (its cleaned HTML body) and marks it read',
          params: inboxMessageParamsSchema,
          response: { 200: inboxMessageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await inbox.read(reader(request), request.params.id)),
    );

    app.delete(
      `${BASE}/:id`,
      {
        preHandler: requireRealAccount,
        schema: {
          ...member,
          summary: 'Deletes a message for this member only; answers the unread count left',
          params: inboxMessageParamsSchema,
          response: { 200: inboxChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await inbox.remove(reader(request), request.params.id)),
    );

    // Back office: support (or an administrator) writes and withdraws messages.

    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      ADMIN_BASE,
      {
        preHandler: requireAdmin(['support']),
        schema: {
          ...admin,
          summary: "The merchant's platform messages, newest first, withdrawn ones included, with how many members read each",
          querystring: adminInboxListQuerySchema,
          response: { 200: okEnvelope(adminInboxPageSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.list(adminOf(request).merchantId, request.query)),
    );

    app.post(
      ADMIN_BASE,
      {
        preHandler: requireAdmin(['support']),
        schema: {
          ...admin,
          summary: 'Sends a message to all members, listed members or the holders of a member label',
          body: inboxSendBodySchema,
          response: { 200: okEnvelope(adminInboxMessageSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.send(operator(request), request.body)),
    );

    app.delete(
      `${ADMIN_BASE}/:id`,
      {
        preHandler: requireAdmin(['support']),
        schema: {
          ...admin,
          summary: 'Withdraws a message: no member sees it any more (kept for the record)',
          params: inboxMessageParamsSchema,
          response: { 200: okEnvelope(z.object({ id: z.number().int(), withdrawnAt: z.string() })), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.withdraw(operator(request), request.params.id)),
    );
  };
}
