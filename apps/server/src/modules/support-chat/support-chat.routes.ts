import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  customerServiceListRequestSchema,
  customerServiceListResponseSchema,
  supportChatConversationSchema,
  supportChatMessagesQuerySchema,
  supportChatMessagesResponseSchema,
  supportChatPostRequestSchema,
  supportChatPostResponseSchema,
  supportChatUnreadResponseSchema,
} from '@platform/contracts/support-chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SupportChatService } from './support-chat.service.ts';

const BASE = '/wps/support-chat';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

/** The customer-service list (visitors and members) and the member's live-chat calls (docs/customer-service.md). */
export function supportChatRoutes(support: SupportChatService, merchants: MerchantService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: requireMember } as const;
    const schemaBase = { tags: ['support-chat'], security: [{ session: [] }] };

    // Under /wps/system/ so the maintenance and block pages can still fetch it.
    app.post(
      '/wps/system/customer-service',
      {
        schema: {
          tags: ['system'],
          summary:
            "The spec's list of customer-service paths for the caller (session optional): VIP entries for a VIP member, type-3 links sealed to the caller's one-call key",
          body: customerServiceListRequestSchema,
          response: { 200: customerServiceListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const merchant = await merchants.current();
        return ok(await support.entries(merchant.id, request.principal ?? null, request.body.clientKey));
      },
    );

    app.get(
      `${BASE}/messages`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: "The member's support conversation (open, else the latest), 50 messages a page, older by the before cursor",
          querystring: supportChatMessagesQuerySchema,
          response: { 200: supportChatMessagesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await support.messages(principalOf(request), request.query)),
    );

    app.post(
      `${BASE}/messages`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'Writes to customer service (1 to 1000 characters, plain text); opens a conversation when none is open',
          body: supportChatPostRequestSchema,
          response: { 200: supportChatPostResponseSchema, ...errors },
        },
      },
      async (request) => ok(await support.post(principalOf(request), request.body)),
    );

    app.get(
      `${BASE}/unread`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'How many operator answers the member has not read',
          response: { 200: supportChatUnreadResponseSchema, ...errors },
        },
      },
      async (request) => ok(await support.unreadCount(principalOf(request))),
    );

    app.post(
      `${BASE}/read`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'Marks the conversation read',
          response: { 200: supportChatUnreadResponseSchema, ...errors },
        },
      },
      async (request) => ok(await support.markRead(principalOf(request))),
    );

    app.post(
      `${BASE}/close`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'Ends the open conversation; the next message opens a new one',
          response: { 200: okEnvelope(supportChatConversationSchema), ...errors },
        },
      },
      async (request) => ok(await support.closeOwn(principalOf(request))),
    );
  };
}
