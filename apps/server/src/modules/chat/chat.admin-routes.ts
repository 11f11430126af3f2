import {
  adminChatHideRequestSchema,
  adminChatMessageSchema,
  adminChatMessagesQuerySchema,
  adminChatMessagesValueSchema,
  adminChatMuteListSchema,
  adminChatMuteRequestSchema,
  adminChatMuteSchema,
  adminChatRoomBodySchema,
  adminChatRoomSchema,
} from '@platform/contracts/chat';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { ChatService } from './chat.service.ts';

const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** The operators' moderation calls: rooms, messages and mutes (docs/chat-room.md). */
export function chatAdminRoutes(chat: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/chat/rooms',
      {
        preHandler: requirePermission('chat:read'),
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
        preHandler: requirePermission('chat:rooms'),
        schema: {
          tags: ['admin'],
          summary: 'Creates a chat room, for one language or for all',
          security: [{ session: [] }],
          body: adminChatRoomBodySchema,
          response: { 200: okEnvelope(adminChatRoomSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.createRoom(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/chat/rooms/:roomId',
      {
        preHandler: requirePermission('chat:rooms'),
        schema: {
          tags: ['admin'],
          summary: 'Changes a chat room or switches it off (not the public room)',
          security: [{ session: [] }],
          params: z.strictObject({ roomId: z.coerce.number().int().positive() }),
          body: adminChatRoomBodySchema,
          response: { 200: okEnvelope(adminChatRoomSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.updateRoom(operatorOf(request), request.params.roomId, request.body)),
    );

    app.get(
      '/admin-api/chat/messages',
      {
        preHandler: requirePermission('chat:read'),
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
        preHandler: requirePermission('chat:moderate'),
        schema: {
          tags: ['admin'],
          summary: 'Hides a chat message from members, or shows it again',
          security: [{ session: [] }],
          params: z.strictObject({ messageId: z.coerce.number().int().positive() }),
          body: adminChatHideRequestSchema,
          response: { 200: okEnvelope(adminChatMessageSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.setHidden(operatorOf(request), request.params.messageId, request.body.isHidden)),
    );

    app.get(
      '/admin-api/chat/mutes',
      {
        preHandler: requirePermission('chat:read'),
        schema: {
          tags: ['admin'],
          summary: "The merchant's members muted or banned in the chat room now, the soonest to end first",
          security: [{ session: [] }],
          response: { 200: okEnvelope(adminChatMuteListSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.mutes(adminOf(request).merchantId)),
    );

    app.post(
      '/admin-api/chat/mutes',
      {
        preHandler: requirePermission('chat:moderate'),
        schema: {
          tags: ['admin'],
          summary: 'Mutes (no posting) or bans (no reading either) a member in the chat room for 1 minute to 30 days; audited',
          security: [{ session: [] }],
          body: adminChatMuteRequestSchema,
          response: { 200: okEnvelope(adminChatMuteSchema), ...adminErrors },
        },
      },
      async (request) => ok(await chat.mute(operatorOf(request), request.body)),
    );

    app.delete(
      '/admin-api/chat/mutes/:memberId',
      {
        preHandler: requirePermission('chat:moderate'),
        schema: {
          tags: ['admin'],
          summary: "Lifts a member's chat mute or ban; audited",
          security: [{ session: [] }],
          params: z.strictObject({ memberId: z.coerce.number().int().positive() }),
          response: { 200: okEnvelope(z.object({ memberId: z.number().int(), wasMuted: z.boolean() })), ...adminErrors },
        },
      },
      async (request) => ok(await chat.unmute(operatorOf(request), request.params.memberId)),
    );
  };
}
