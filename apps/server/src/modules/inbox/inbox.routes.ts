import { isTrialAccountType } from '@platform/contracts/account-types';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  inboxListQuerySchema,
  inboxMessageParamsSchema,
  inboxMessageResponseSchema,
  inboxPageResponseSchema,
  unreadCountResponseSchema,
} from '@platform/contracts/inbox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { InboxService } from './inbox.service.ts';

const BASE = '/wps/member/inbox';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

/** Platform messages (docs/inbox.md): the member's inbox; the operator's calls are in inbox.admin-routes.ts. */
export function inboxRoutes(inbox: InboxService): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = (request: FastifyRequest) => {
      const principal = principalOf(request);
      return { memberId: principal.memberId, merchantId: principal.merchantId };
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
          response: { 200: unreadCountResponseSchema, ...errors },
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
          response: { 200: unreadCountResponseSchema, ...errors },
        },
      },
      async (request) => ok(await inbox.remove(reader(request), request.params.id)),
    );
  };
}
