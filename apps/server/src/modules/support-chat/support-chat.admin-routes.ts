import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminCustomerServiceBodySchema,
  adminSupportConversationSchema,
  adminSupportConversationsQuerySchema,
  adminSupportConversationsValueSchema,
  adminSupportMessageSchema,
  adminSupportMessagesValueSchema,
  supportChatMessagesQuerySchema,
  supportChatPostRequestSchema,
} from '@platform/contracts/support-chat';
import { customerServiceEntrySchema } from '@platform/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { SupportChatService } from './support-chat.service.ts';

const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

const conversationParams = z.strictObject({ conversationId: z.coerce.number().int().positive() });
const entriesValueSchema = z.object({ url: z.string(), entries: z.array(customerServiceEntrySchema) });

/** The operators' customer-service calls: the entries, and the support conversations (docs/customer-service.md). */
export function supportChatAdminRoutes(support: SupportChatService): FastifyPluginAsyncZod {
  return async (app) => {
    const schemaBase = { tags: ['admin'], security: [{ session: [] }] };
    // Support answers members; an administrator may do anything.

    app.get(
      '/admin-api/customer-service',
      {
        preHandler: requirePermission('support-chat:read'),
        schema: {
          ...schemaBase,
          summary: 'The customer-service entries as stored (type-3 links in clear, for the operator only)',
          response: { 200: okEnvelope(entriesValueSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.adminEntries(adminOf(request).merchantId)),
    );

    app.put(
      '/admin-api/customer-service',
      {
        preHandler: requirePermission('customer-service:write'),
        schema: {
          ...schemaBase,
          summary: 'Replaces the customer-service entries (administrator; audited)',
          body: adminCustomerServiceBodySchema,
          response: { 200: okEnvelope(entriesValueSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.setEntries(operatorOf(request), request.body)),
    );

    app.get(
      '/admin-api/support-chat/conversations',
      {
        preHandler: requirePermission('support-chat:read'),
        schema: {
          ...schemaBase,
          summary: 'Support conversations, newest first, with the unread count; filters: status, unread, VIP, member',
          querystring: adminSupportConversationsQuerySchema,
          response: { 200: okEnvelope(adminSupportConversationsValueSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.adminConversations(adminOf(request).merchantId, request.query)),
    );

    app.get(
      '/admin-api/support-chat/conversations/:conversationId/messages',
      {
        preHandler: requirePermission('support-chat:read'),
        schema: {
          ...schemaBase,
          summary: "A conversation's messages, 50 a page, older by the before cursor",
          params: conversationParams,
          querystring: supportChatMessagesQuerySchema,
          response: { 200: okEnvelope(adminSupportMessagesValueSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.adminMessages(adminOf(request).merchantId, request.params.conversationId, request.query)),
    );

    app.post(
      '/admin-api/support-chat/conversations/:conversationId/read',
      {
        preHandler: requirePermission('support-chat:reply'),
        schema: {
          ...schemaBase,
          summary: 'Marks the conversation read for the operators',
          params: conversationParams,
          response: { 200: okEnvelope(adminSupportConversationSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.adminMarkRead(adminOf(request).merchantId, request.params.conversationId)),
    );

    app.post(
      '/admin-api/support-chat/conversations/:conversationId/messages',
      {
        preHandler: requirePermission('support-chat:reply'),
        schema: {
          ...schemaBase,
          summary: 'Answers the member (audited; pushed to the member)',
          params: conversationParams,
          body: supportChatPostRequestSchema,
          response: { 200: okEnvelope(adminSupportMessageSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.reply(operatorOf(request), request.params.conversationId, request.body)),
    );

    app.post(
      '/admin-api/support-chat/conversations/:conversationId/close',
      {
        preHandler: requirePermission('support-chat:reply'),
        schema: {
          ...schemaBase,
          summary: 'Closes the conversation (audited); the member opens a new one by writing again',
          params: conversationParams,
          response: { 200: okEnvelope(adminSupportConversationSchema), ...adminErrors },
        },
      },
      async (request) => ok(await support.adminClose(operatorOf(request), request.params.conversationId)),
    );
  };
}
