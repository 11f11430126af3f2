import { z } from 'zod';
import {
  CHAT_DEFAULT_ROOM,
  CHAT_HEADER_COLOR_PATTERN,
  CHAT_MUTE_MINUTES_MAX,
  CHAT_PAGE_SIZE_MAX,
  CHAT_TEXT_LENGTH_MAX,
} from './chat-constants.ts';
import { okEnvelope } from './envelope.ts';

/**
 * The house chat room (spec sections 2, 3 and 7): players of one merchant talk in a public room.
 * Calls carry the session token in the Authorization header; the chat page's URL never does.
 */

export * from './chat-constants.ts';

const roomCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,32}$/);

/** A colour for the chat page's header: `#rgb` or `#rrggbb`. */
export const chatHeaderColorSchema = z.string().regex(CHAT_HEADER_COLOR_PATTERN);

/** POST /wps/chat/url: the spec's "chat URL" call. */
export const chatUrlRequestSchema = z.strictObject({
  /** The spec's channel flag (1 for the player site); kept for the caller, not used to choose a room. */
  b2c: z.union([z.boolean(), z.number().int().min(0).max(9), z.string().max(8)]).optional(),
  title: z.string().trim().max(64).optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(?:[-_][a-zA-Z]{2,4})?$/)
    .optional(),
  headerColor: chatHeaderColorSchema.optional(),
});
export type ChatUrlRequest = z.infer<typeof chatUrlRequestSchema>;
export const chatUrlValueSchema = z.object({ chatUrl: z.string(), room: z.string() });
export const chatUrlResponseSchema = okEnvelope(chatUrlValueSchema);

export const chatMessageSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  /** The author's nickname, or the username with its middle masked. */
  displayName: z.string(),
  /** Plain text: shown as text, never as HTML. */
  text: z.string(),
  createdAt: z.string(),
  /** Whether the caller wrote it (own messages sit on the right). */
  isOwn: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /wps/chat/messages: the newest messages, older pages by `before`. */
export const chatMessagesQuerySchema = z.strictObject({
  room: roomCodeSchema.default(CHAT_DEFAULT_ROOM),
  /** Messages older than this id (the previous page's `nextBefore`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE_MAX),
});
export const chatMessagesValueSchema = z.object({
  room: z.object({ code: z.string(), name: z.string() }),
  /** Oldest first, so the newest is at the bottom. */
  list: z.array(chatMessageSchema),
  /** The cursor for older messages; null at the start of the room. */
  nextBefore: z.number().int().nullable(),
  /** The caller's last read message in this room (0 when none). */
  lastReadId: z.number().int(),
});
export type ChatMessagesValue = z.infer<typeof chatMessagesValueSchema>;
export const chatMessagesResponseSchema = okEnvelope(chatMessagesValueSchema);

/** POST /wps/chat/messages */
export const chatPostRequestSchema = z.strictObject({
  room: roomCodeSchema.default(CHAT_DEFAULT_ROOM),
  text: z.string().trim().min(1).max(CHAT_TEXT_LENGTH_MAX),
});
export type ChatPostRequest = z.infer<typeof chatPostRequestSchema>;
export const chatPostResponseSchema = okEnvelope(chatMessageSchema);

/** POST /wps/chat/read: everything up to `messageId` is read. */
export const chatReadRequestSchema = z.strictObject({
  room: roomCodeSchema.default(CHAT_DEFAULT_ROOM),
  messageId: z.number().int().positive(),
});

/** GET /wps/chat/unread: the spec's "chat message" call, for the named room or the language's room. */
export const chatUnreadQuerySchema = z.strictObject({
  room: roomCodeSchema.optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(?:[-_][a-zA-Z]{2,4})?$/)
    .optional(),
});
export const chatUnreadValueSchema = z.object({ unReadCount: z.number().int().min(0) });
export const chatUnreadResponseSchema = okEnvelope(chatUnreadValueSchema);

/** Operator calls (docs/admin-api.md). */
export const adminChatMessagesQuerySchema = z.strictObject({
  room: roomCodeSchema.optional(),
  memberId: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const adminChatMessageSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.number().int().nullable(),
});
export const adminChatMessagesValueSchema = z.object({
  list: z.array(adminChatMessageSchema),
  nextBefore: z.number().int().nullable(),
});
export const adminChatHideRequestSchema = z.strictObject({ isHidden: z.boolean() });
/** A mute stops posting; a ban (`kind: 'ban'`) stops reading the room too. */
const CHAT_MUTE_KINDS = ['mute', 'ban'] as const;
export type ChatMuteKind = (typeof CHAT_MUTE_KINDS)[number];
export const adminChatMuteRequestSchema = z.strictObject({
  memberId: z.number().int().positive(),
  minutes: z.number().int().min(1).max(CHAT_MUTE_MINUTES_MAX),
  reason: z.string().trim().min(1).max(200),
  kind: z.enum(CHAT_MUTE_KINDS).default('mute'),
});
export const adminChatMuteSchema = z.object({
  memberId: z.number().int(),
  mutedUntil: z.string(),
  reason: z.string(),
  kind: z.enum(CHAT_MUTE_KINDS),
});
/** GET /admin-api/chat/mutes: the merchant's members muted or banned now, the soonest to end first. */
export const adminChatMuteListSchema = z.object({
  list: z.array(
    adminChatMuteSchema.extend({
      username: z.string(),
      /** The operator who muted or banned the member. */
      mutedBy: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminChatMuteList = z.infer<typeof adminChatMuteListSchema>;

export const adminChatRoomSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  language: z.string().nullable(),
  isEnabled: z.boolean(),
});
/** A room for one language (`en`, `vi`, ...) or, with language null, for every language. */
export const adminChatRoomBodySchema = z.strictObject({
  code: roomCodeSchema,
  name: z.string().trim().min(1).max(64),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}$/)
    .nullable()
    .default(null),
  isEnabled: z.boolean().default(true),
});
export type AdminChatRoomBody = z.infer<typeof adminChatRoomBodySchema>;
