import {
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
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/** The member's chat calls (docs/chat-room.md); the operators' moderation calls are in chat.admin-routes.ts. */
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
  };
}
