import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { SUPPORT_CHAT_PAGE_SIZE_MAX, SUPPORT_CHAT_TEXT_LENGTH_MAX } from './support-chat-constants.ts';
import { customerServiceEntrySchema } from './system.ts';

/**
 * Customer service (spec section 3, "Customer service" and "Chat window"): the list of entries, and
 * the house live chat, a member-to-operator support conversation (not the public chat room).
 */

export * from './support-chat-constants.ts';

/**
 * A public key the client made for this call only (an ECDH P-256 JWK): the server seals each
 * type-3 entry's link to it with the same JWE algorithms as the encrypted payloads
 * (payload-encryption.ts), and only this client can open it.
 */
export const clientSealKeySchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  alg: z.string().max(32).optional(),
  use: z.string().max(8).optional(),
  ext: z.boolean().optional(),
  key_ops: z.array(z.string().max(16)).max(4).optional(),
});
export type ClientSealKey = z.infer<typeof clientSealKeySchema>;

/** POST /wps/system/customer-service: the spec's list of customer-service paths. */
export const customerServiceListRequestSchema = z.strictObject({
  /** Without it, type-3 entries come with an empty path. */
  clientKey: clientSealKeySchema.optional(),
});
export const customerServiceListValueSchema = z.object({
  /** The entries for the caller, the VIP entries first for a VIP member; a type-3 entry's path is a compact JWE. */
  list: z.array(customerServiceEntrySchema),
  /** The caller's `clubLabel.rankLevel` is above 4. */
  isVip: z.boolean(),
});
export type CustomerServiceListValue = z.infer<typeof customerServiceListValueSchema>;
export const customerServiceListResponseSchema = okEnvelope(customerServiceListValueSchema);

/** Operator view and body of the entries (GET and PUT /admin-api/customer-service). */
export const adminCustomerServiceEntrySchema = z.strictObject({
  csPosition: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{1,32}$/),
  csType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().trim().min(1).max(64),
  /** A link for types 2 and 3 (https, or a path on the site); empty for the live chat. */
  path: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2_000), z.string().regex(/^\/[^\s]{0,1999}$/)]),
});
export const adminCustomerServiceBodySchema = z.strictObject({
  /** The link of the maintenance and block pages when no entry suits a visitor (legacy); may be empty. */
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  entries: z.array(adminCustomerServiceEntrySchema).max(50),
});
export type AdminCustomerServiceBody = z.infer<typeof adminCustomerServiceBodySchema>;

export const supportChatMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it. */
  author: z.enum(['member', 'operator']),
  /** Plain text: shown as text, never as HTML. */
  text: z.string(),
  createdAt: z.string(),
});
export type SupportChatMessage = z.infer<typeof supportChatMessageSchema>;

export const supportChatConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'closed']),
  isVip: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});

/** GET /wps/support-chat/messages: the member's open (else latest) conversation, newest page first. */
export const supportChatMessagesQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_CHAT_PAGE_SIZE_MAX).default(SUPPORT_CHAT_PAGE_SIZE_MAX),
});
export const supportChatMessagesValueSchema = z.object({
  /** Null before the member's first message. */
  conversation: supportChatConversationSchema.nullable(),
  /** Oldest first, so the newest is at the bottom. */
  list: z.array(supportChatMessageSchema),
  nextBefore: z.number().int().nullable(),
});
export type SupportChatMessagesValue = z.infer<typeof supportChatMessagesValueSchema>;
export const supportChatMessagesResponseSchema = okEnvelope(supportChatMessagesValueSchema);

/** POST /wps/support-chat/messages: writes in the open conversation, opening one if none is open. */
export const supportChatPostRequestSchema = z.strictObject({
  text: z.string().trim().min(1).max(SUPPORT_CHAT_TEXT_LENGTH_MAX),
});
export const supportChatPostResponseSchema = okEnvelope(supportChatMessageSchema);

/** GET /wps/support-chat/unread and POST /wps/support-chat/read. */
export const supportChatUnreadValueSchema = z.object({ unReadCount: z.number().int().min(0) });
export type SupportChatUnreadValue = z.infer<typeof supportChatUnreadValueSchema>;
export const supportChatUnreadResponseSchema = okEnvelope(supportChatUnreadValueSchema);

/** Operator calls (docs/admin-api.md). */
export const adminSupportConversationsQuerySchema = z.strictObject({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  /** Only conversations with messages the operators have not read. */
  isUnread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  isVip: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  memberId: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const adminSupportConversationSchema = supportChatConversationSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** Member messages the operators have not read. */
  unreadCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastMessageText: z.string().nullable(),
  closedBy: z.number().int().nullable(),
});
export const adminSupportConversationsValueSchema = z.object({
  list: z.array(adminSupportConversationSchema),
  nextBefore: z.number().int().nullable(),
});
export const adminSupportMessageSchema = supportChatMessageSchema.extend({ adminId: z.number().int().nullable() });
export const adminSupportMessagesValueSchema = z.object({
  conversation: adminSupportConversationSchema,
  list: z.array(adminSupportMessageSchema),
  nextBefore: z.number().int().nullable(),
});
