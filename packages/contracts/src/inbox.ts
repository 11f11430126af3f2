import { z } from 'zod';
import { AGENT_NOTICE_AUDIENCES } from './agents/agent-team.ts';
import { okEnvelope } from './envelope.ts';
import { pageOf } from './pagination.ts';
import { clientRequestIdSchema } from './request-id.ts';

/** Platform messages: what the site sends to a member's inbox (docs/inbox.md). */
export const INBOX_CATEGORIES = ['system', 'promotion', 'account'] as const;
export type InboxCategory = (typeof INBOX_CATEGORIES)[number];

export const INBOX_FILTERS = ['all', 'unread'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_TITLE_MAX = 120;
export const INBOX_BODY_MAX = 20_000;
export const INBOX_PAGE_SIZE_MAX = 50;
/** Recipients one message may name (a larger group is a member label or a VIP level segment). */
export const INBOX_MEMBER_IDS_MAX = 500;
/** How far ahead a message may be scheduled. */
export const INBOX_SCHEDULE_DAYS_MAX = 90;
/** The highest VIP level a segment may name (a ladder has fewer levels). */
const INBOX_VIP_LEVEL_MAX = 100;

/** GET /wps/member/inbox */
export const inboxListQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_SIZE_MAX).default(10),
  filter: z.enum(INBOX_FILTERS).default('all'),
});
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

export const inboxMessageSummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(INBOX_CATEGORIES),
  title: z.string(),
  /** ISO time the operator sent it. */
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type InboxMessageSummary = z.infer<typeof inboxMessageSummarySchema>;

export const inboxPageSchema = pageOf(inboxMessageSummarySchema).extend({ unReadCount: z.number().int() });
export type InboxPage = z.infer<typeof inboxPageSchema>;
export const inboxPageResponseSchema = okEnvelope(inboxPageSchema);

/** GET /wps/member/inbox/:id (marks it read): the body is HTML cleaned on save. */
export const inboxMessageSchema = inboxMessageSummarySchema.extend({ bodyHtml: z.string() });
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export const inboxMessageResponseSchema = okEnvelope(inboxMessageSchema);

export const inboxMessageParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** GET /wps/relay/CSP_unreadCount (token): the member's unread messages. */
export const unreadCountValueSchema = z.object({ unReadCount: z.number().int().min(0) });
export type UnreadCountValue = z.infer<typeof unreadCountValueSchema>;
export const unreadCountResponseSchema = okEnvelope(unreadCountValueSchema);

/** POST /wps/member/inbox/read-all and DELETE /wps/member/inbox/:id also answer unreadCountResponseSchema. */

// Back office.

/**
 * Who a message goes to: every member of the site, every agent account (the agent centre's
 * announcements), the listed members, or the holders of a member label.
 */
export const inboxAudienceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('all') }),
  z.strictObject({ type: z.literal('agents') }),
  z.strictObject({
    type: z.literal('members'),
    memberIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(INBOX_MEMBER_IDS_MAX),
  }),
  z.strictObject({ type: z.literal('label'), labelId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  /** The members whose VIP level (the vip module's ladder; no level is 0) is from minLevel to maxLevel when they look. */
  z.strictObject({
    type: z.literal('vip'),
    minLevel: z.number().int().min(0).max(INBOX_VIP_LEVEL_MAX),
    maxLevel: z.number().int().min(0).max(INBOX_VIP_LEVEL_MAX),
  }),
]);
export type InboxAudience = z.infer<typeof inboxAudienceSchema>;

/**
 * Who an operator's message goes to as the console names it: an audience, or members by username
 * (the server finds them; the message stores their ids as a `members` audience).
 */
const inboxSendAudienceSchema = z.union([
  inboxAudienceSchema,
  z.strictObject({
    type: z.literal('usernames'),
    usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(INBOX_MEMBER_IDS_MAX),
  }),
]);

/**
 * POST /admin-api/inbox/messages. `sendAt` (an instant within INBOX_SCHEDULE_DAYS_MAX days) holds the
 * message until then; without it the message is sent at once. `requestId` makes the call
 * idempotent: the same id with the same content answers the message already made, with other
 * content `idempotency_conflict`.
 */
export const inboxSendBodySchema = z.strictObject({
  category: z.enum(INBOX_CATEGORIES),
  title: z.string().trim().min(1).max(INBOX_TITLE_MAX),
  bodyHtml: z.string().trim().min(1).max(INBOX_BODY_MAX),
  audience: inboxSendAudienceSchema,
  sendAt: z.iso.datetime({ offset: true }).optional(),
  requestId: clientRequestIdSchema.optional(),
});
export type InboxSendBody = z.infer<typeof inboxSendBodySchema>;

export const adminInboxMessageSchema = z.object({
  id: z.number().int(),
  category: z.enum(INBOX_CATEGORIES),
  title: z.string(),
  bodyHtml: z.string(),
  audience: z.discriminatedUnion('type', [
    z.object({ type: z.literal('all') }),
    z.object({ type: z.literal('agents') }),
    z.object({ type: z.literal('members'), memberIds: z.array(z.number().int()) }),
    z.object({ type: z.literal('label'), labelId: z.number().int() }),
    z.object({ type: z.literal('vip'), minLevel: z.number().int(), maxLevel: z.number().int() }),
  ]),
  createdAt: z.string(),
  /** When a scheduled message reaches the inboxes; null: at once (createdAt). */
  sendAt: z.string().nullable(),
  /** The operator who sent it; null for a message the platform sent itself (an agent contract ended by a rule). */
  createdBy: z.number().int().nullable(),
  /** When the operator withdrew it (members no longer see it); null while it stands. */
  withdrawnAt: z.string().nullable(),
  /** Members who have opened it. */
  readCount: z.number().int(),
});
export type AdminInboxMessage = z.infer<typeof adminInboxMessageSchema>;

export const adminInboxListQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_SIZE_MAX).default(20),
});
export const adminInboxPageSchema = pageOf(adminInboxMessageSchema);

/** GET /admin-api/inbox/messages/:id/reach: how many members the message reaches now, and how many read it. */
export const adminInboxReachSchema = z.object({ id: z.number().int(), reach: z.number().int(), readCount: z.number().int() });
export type AdminInboxReach = z.infer<typeof adminInboxReachSchema>;

/** GET /admin-api/inbox/audiences: the segments a message may go to (the merchant's labels and VIP ladder). */
export const adminInboxAudiencesSchema = z.object({
  labels: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), isEnabled: z.boolean(), memberCount: z.number().int() }),
  ),
  vipLevels: z.array(z.object({ level: z.number().int(), code: z.string(), names: z.record(z.string(), z.string()) })),
});
export type AdminInboxAudiences = z.infer<typeof adminInboxAudiencesSchema>;

/**
 * GET /admin-api/inbox/agent-notices: the notices agents sent to their downline, newest first,
 * withdrawn ones included; by the sending agent's username (any case) and by send time (ISO
 * date-times, `from` inclusive, `to` exclusive).
 */
export const adminAgentNoticeListQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_SIZE_MAX).default(20),
  agentUsername: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AdminAgentNoticeListQuery = z.infer<typeof adminAgentNoticeListQuerySchema>;

/** An agent's notice as an operator sees it. */
export const adminAgentNoticeSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentUsername: z.string(),
  /** `team`: the agent's whole downline; `direct`: its direct downline. */
  audience: z.enum(AGENT_NOTICE_AUDIENCES),
  title: z.string(),
  bodyHtml: z.string(),
  createdAt: z.string(),
  /** When an operator withdrew it (its recipients no longer see it), and who; null while it stands. */
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.number().int().nullable(),
  /** Members who have opened it. */
  readCount: z.number().int(),
});
export type AdminAgentNotice = z.infer<typeof adminAgentNoticeSchema>;
export const adminAgentNoticePageSchema = pageOf(adminAgentNoticeSchema);
