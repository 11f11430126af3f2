import {
  adminChatHideRequestSchema,
  adminChatMessageSchema,
  adminChatMessagesQuerySchema,
  adminChatMessagesValueSchema,
  adminChatMuteRequestSchema,
  adminChatMuteSchema,
  adminChatRoomBodySchema,
  adminChatRoomSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatPostRequestSchema,
  chatPostResponseSchema,
  chatReadRequestSchema,
  chatUnreadQuerySchema,
  chatUnreadResponseSchema,
  chatUrlRequestSchema,
  chatUrlResponseSchema,
} from '@platform/contracts/chat';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';

const BASE = '/wps/chat';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

/** The member's chat calls and the operators' moderation calls (docs/chat-room.md). */
export function chatRoutes(chat: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: requireMember } as const;
    const schemaBase = { tags: ['chat'], security: [{ session: [] }] };

    app.post(
      `${BASE}/url`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: "The spec's chat URL: the site's own chat page for the member's language (no token in it)",
          body: chatUrlRequestSchema,
          response: { 200: chatUrlResponseSchema, ...errors },
        },
      },
      async (request) => ok(await chat.chatUrl(principalOf(request), request.body)),
    );

    app.get(
      `${BASE}/unread`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: "The spec's chat message call: how many messages by others in the member's room are unread",
          querystring: chatUnreadQuerySchema,
          response: { 200: chatUnreadResponseSchema, ...errors },
        },
      },
      async (request) => ok(await chat.unreadCount(principalOf(request), request.query)),
    );

    app.get(
      `${BASE}/messages`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: "The room's newest messages (50), older ones by the before cursor",
          querystring: chatMessagesQuerySchema,
          response: { 200: chatMessagesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await chat.listMessages(principalOf(request), request.query)),
    );

    app.post(
      `${BASE}/messages`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'Posts a message of 1 to 200 characters (plain text); at most one per 2 seconds and 20 a minute',
          body: chatPostRequestSchema,
          response: { 200: chatPostResponseSchema, ...errors },
        },
      },
      async (request) => ok(await chat.post(principalOf(request), request.body)),
    );

    app.post(
      `${BASE}/read`,
      {
        ...member,
        schema: {
          ...schemaBase,
          summary: 'Marks the room read up to a message; answers the new unread count',
          body: chatReadRequestSchema,
          response: { 200: chatUnreadResponseSchema, ...errors },
        },
      },
      async (request) => ok(await chat.markRead(principalOf(request), request.body)),
    );

    const operator = (request: Parameters<typeof adminOf>[0]) => {
      const admin = adminOf(request);
      return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
    };
    const adminErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: commonErrorResponses[409] };

    app.get(
      '/admin-api/chat/rooms',
      {
        preHandler: requireAdmin(['support', 'risk']),
        schema: {
          tags: ['admin'],
          summary: "The merchant's chat rooms (the public one first)",
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.array(adminChatRoomSchema)), ...adminErrors },
        },
      },
      async (request) => ok(await chat.adminRooms(adminOf(request).merchantId)),
    );

    app.post(
      '/admin-api/chat/rooms',
      {
        preHandler: requireAdmin(['risk']),
        schema: {
          tags: ['admin'],
          summary: 'Creates a chat room, for one language or for all',
          security: [{ session: [] }],
          body: adminChatRoomBodySchema,
          response: { 200: okEnvelope(adminChatRoomSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.createRoom(operator(request), request.body)),
    );

    app.put(
      '/admin-api/chat/rooms/:roomId',
      {
        preHandler: requireAdmin(['risk']),
        schema: {
          tags: ['admin'],
          summary: 'Changes a chat room or switches it off (not the public room)',
          security: [{ session: [] }],
          params: z.strictObject({ roomId: z.coerce.number().int().positive() }),
          body: adminChatRoomBodySchema,
          response: { 200: okEnvelope(adminChatRoomSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.updateRoom(operator(request), request.params.roomId, request.body)),
    );

    app.get(
      '/admin-api/chat/messages',
      {
        preHandler: requireAdmin(['support', 'risk']),
        schema: {
          tags: ['admin'],
          summary: "The merchant's chat messages, newest first, hidden ones included",
          security: [{ session: [] }],
          querystring: adminChatMessagesQuerySchema,
          response: { 200: okEnvelope(adminChatMessagesValueSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.adminList(adminOf(request).merchantId, request.query)),
    );

    app.put(
      '/admin-api/chat/messages/:messageId/hidden',
      {
        preHandler: requireAdmin(['support', 'risk']),
        schema: {
          tags: ['admin'],
          summary: 'Hides a chat message from members, or shows it again',
          security: [{ session: [] }],
          params: z.strictObject({ messageId: z.coerce.number().int().positive() }),
          body: adminChatHideRequestSchema,
          response: { 200: okEnvelope(adminChatMessageSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.setHidden(operator(request), request.params.messageId, request.body.isHidden)),
    );

    app.post(
      '/admin-api/chat/mutes',
      {
        preHandler: requireAdmin(['support', 'risk']),
        schema: {
          tags: ['admin'],
          summary: 'Mutes a member in the chat room for 1 minute to 30 days',
          security: [{ session: [] }],
          body: adminChatMuteRequestSchema,
          response: { 200: okEnvelope(adminChatMuteSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.mute(operator(request), request.body)),
    );

    app.delete(
      '/admin-api/chat/mutes/:memberId',
      {
        preHandler: requireAdmin(['support', 'risk']),
        schema: {
          tags: ['admin'],
          summary: "Lifts a member's chat mute",
          security: [{ session: [] }],
          params: z.strictObject({ memberId: z.coerce.number().int().positive() }),
          response: { 200: okEnvelope(z.object({ memberId: z.number().int(), wasMuted: z.boolean() })), ...adminErrors },
        },
      },
      async (request) => ok(await chat.unmute(operator(request), request.params.memberId)),
    );
  };
}
