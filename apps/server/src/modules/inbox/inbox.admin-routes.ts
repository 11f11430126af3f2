import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminAgentNoticeListQuerySchema,
  adminAgentNoticePageSchema,
  adminInboxAudiencesSchema,
  adminInboxListQuerySchema,
  adminInboxMessageSchema,
  adminInboxPageSchema,
  adminInboxReachSchema,
  inboxMessageParamsSchema,
  inboxSendBodySchema,
} from '@platform/contracts/inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { InboxService } from './inbox.service.ts';

const ADMIN_BASE = '/admin-api/inbox/messages';
const AGENT_NOTICES_BASE = '/admin-api/inbox/agent-notices';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Platform messages (docs/inbox.md): the operator's calls to list, send and withdraw them, and agents' notices to list and withdraw. */
export function inboxAdminRoutes(inbox: InboxService): FastifyPluginAsyncZod {
  return async (app) => {
    // Back office: support (or an administrator) writes and withdraws messages.

    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('inbox:read'),
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
        preHandler: requirePermission('inbox:write'),
        schema: {
          ...admin,
          summary:
            'Sends a message (now or at sendAt) to all members, agents, members by id or username, the holders of a label or a VIP level range; idempotent by requestId',
          body: inboxSendBodySchema,
          response: { 200: okEnvelope(adminInboxMessageSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.send(operatorOf(request), request.body)),
    );

    app.get(
      `${ADMIN_BASE}/:id/reach`,
      {
        preHandler: requirePermission('inbox:read'),
        schema: {
          ...admin,
          summary: 'How many members a message reaches now (its audience, registered when it was sent) and how many opened it',
          params: inboxMessageParamsSchema,
          response: { 200: okEnvelope(adminInboxReachSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.reach(adminOf(request).merchantId, request.params.id)),
    );

    app.get(
      '/admin-api/inbox/audiences',
      {
        preHandler: requirePermission('inbox:read'),
        schema: {
          ...admin,
          summary: "The segments a message may go to: the merchant's member labels and VIP ladder",
          response: { 200: okEnvelope(adminInboxAudiencesSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.audiences(adminOf(request).merchantId)),
    );

    app.delete(
      `${ADMIN_BASE}/:id`,
      {
        preHandler: requirePermission('inbox:write'),
        schema: {
          ...admin,
          summary: 'Withdraws a message: no member sees it any more (kept for the record)',
          params: inboxMessageParamsSchema,
          response: { 200: okEnvelope(z.object({ id: z.number().int(), withdrawnAt: z.string() })), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.withdraw(operatorOf(request), request.params.id)),
    );

    app.get(
      AGENT_NOTICES_BASE,
      {
        preHandler: requirePermission('inbox:read'),
        schema: {
          ...admin,
          summary: 'The notices agents sent to their downline, newest first, withdrawn ones included, by agent and send time',
          querystring: adminAgentNoticeListQuerySchema,
          response: { 200: okEnvelope(adminAgentNoticePageSchema), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.agentNotices(adminOf(request).merchantId, request.query)),
    );

    app.delete(
      `${AGENT_NOTICES_BASE}/:id`,
      {
        preHandler: requirePermission('inbox:write'),
        schema: {
          ...admin,
          summary: "Withdraws an agent's notice: it leaves its recipients' inboxes (kept for the record, audited)",
          params: inboxMessageParamsSchema,
          response: { 200: okEnvelope(z.object({ id: z.number().int(), withdrawnAt: z.string() })), ...errors },
        },
      },
      async (request) => ok(await inbox.admin.withdrawAgentNotice(operatorOf(request), request.params.id)),
    );
  };
}
