import { z } from 'zod';
import { fieldRuleSchema } from '../accounts.ts';
import { okEnvelope } from '../envelope.ts';
import { FIELD_LENGTH_CEILING, PASSWORD_LENGTH_CEILING } from '../field-rules.ts';
import { amountMinorSchema, currencyCodeSchema } from '../money.ts';
import { pageOf } from '../pagination.ts';

/**
 * The agent centre's team pages (issue 17): registerCenter (open an account in the downline, the
 * invitation code and who joined through it), downlineManagmentView (the downline level by level,
 * search, the upline-transfer switch) and agentAnnouncement (operator announcements to agents and
 * the agent's own notices to its downline). Every call is under `/wps/agent/team/...` and sees only
 * the caller's own team.
 */

export const AGENT_TEAM_PAGE_SIZE_MAX = 50;
export const AGENT_TEAM_PAGE_SIZE_DEFAULT = 10;
/** Search results by username across the whole team, at most. */
export const TEAM_SEARCH_LENGTH_MAX = 64;
export const AGENT_NOTICE_TITLE_MAX = 120;
export const AGENT_NOTICE_BODY_MAX = 2_000;
/** Notices one agent may send per hour (checked on the server; the page says so). */
export const AGENT_NOTICES_PER_HOUR_MAX = 5;
export const NICKNAME_LENGTH_MAX = 32;
export const CONTACT_LENGTH_MAX = 64;

const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(AGENT_TEAM_PAGE_SIZE_MAX).default(AGENT_TEAM_PAGE_SIZE_DEFAULT);
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const MEMBER_STATUSES = ['active', 'locked', 'closed'] as const;

// ---- registerCenter -------------------------------------------------------------------------

/** GET /wps/agent/team/register-center: what the open-account form and the invitation card need. */
export const registerCenterValueSchema = z.object({
  /** The account types this agent may open (packages/contracts/src/account-types.ts), players (0) last. */
  accountTypes: z.array(z.number().int()),
  /** The site's username and password rules, which an opened account follows too. */
  usernameRule: fieldRuleSchema,
  passwordRule: fieldRuleSchema,
  /** The agent's invitation (affiliate) code; the link is the site's `/register?affiliateCode=`. */
  invitationCode: z.string(),
  invitationPath: z.string(),
});
export type RegisterCenterValue = z.infer<typeof registerCenterValueSchema>;
export const registerCenterResponseSchema = okEnvelope(registerCenterValueSchema);

/** POST /wps/agent/team/accounts: opens an account directly under the agent. */
export const openDownlineAccountRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  /** The first password: the member must change it at its first login (and every login until it does). */
  password: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  accountType: z.number().int().min(0).max(99),
  nickname: optionalText(NICKNAME_LENGTH_MAX),
  mobileNum: optionalText(32),
  email: optionalText(FIELD_LENGTH_CEILING),
  zalo: optionalText(CONTACT_LENGTH_MAX),
  telegram: optionalText(CONTACT_LENGTH_MAX),
});
export type OpenDownlineAccountRequest = z.infer<typeof openDownlineAccountRequestSchema>;

export const openedAccountValueSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  createdAt: z.string(),
  mustChangePassword: z.literal(true),
});
export type OpenedAccountValue = z.infer<typeof openedAccountValueSchema>;
export const openedAccountResponseSchema = okEnvelope(openedAccountValueSchema);

/** GET /wps/agent/team/invitees: members who joined through the agent's invitation code, newest first. */
export const teamPageQuerySchema = z.strictObject({ pageNo, pageSize });
export type TeamPageQuery = z.infer<typeof teamPageQuerySchema>;

export const inviteeSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: z.string(),
});
export type Invitee = z.infer<typeof inviteeSchema>;
export const inviteesValueSchema = pageOf(inviteeSchema);
export type InviteesValue = z.infer<typeof inviteesValueSchema>;
export const inviteesResponseSchema = okEnvelope(inviteesValueSchema);

// ---- downlineManagmentView ------------------------------------------------------------------

/** One member of the team as the management page lists it. */
export const teamMemberRowSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  /** 1 = the agent's direct downline, 2 = theirs, ... */
  level: z.number().int().min(1),
  /** The member's own downline, every level. */
  teamSize: z.number().int().min(0),
  /** Valid bet of the member and its team this month (the merchant's days), from the daily rollups. */
  turnover: amountMinorSchema,
  lastLoginAt: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  registeredAt: z.string(),
  /** Whether the member may transfer to its direct upline. */
  toUpline: z.boolean(),
  /** The member's direct upline (the agent itself for level 1). */
  uplineUsername: z.string(),
});
export type TeamMemberRow = z.infer<typeof teamMemberRowSchema>;

export const breadcrumbEntrySchema = z.object({ memberId: z.number().int(), username: z.string(), level: z.number().int().min(0) });
export type BreadcrumbEntry = z.infer<typeof breadcrumbEntrySchema>;

/** GET /wps/agent/team/downline?parentId=: the direct downline of the agent, or of a member of its team. */
export const downlineQuerySchema = z.strictObject({ parentId: idSchema.optional(), pageNo, pageSize });
export type DownlineQuery = z.infer<typeof downlineQuerySchema>;

const turnoverPeriod = {
  currency: currencyCodeSchema,
  /** The month the turnover covers, as days in the merchant's time zone (YYYY-MM-DD). */
  turnoverFrom: z.string(),
  turnoverTo: z.string(),
};

export const downlineValueSchema = pageOf(teamMemberRowSchema).extend({
  /** From the agent (level 0) down to the member whose downline this is. */
  breadcrumb: z.array(breadcrumbEntrySchema).min(1),
  ...turnoverPeriod,
});
export type DownlineValue = z.infer<typeof downlineValueSchema>;
export const downlineResponseSchema = okEnvelope(downlineValueSchema);

/** GET /wps/agent/team/search?username=: members of the whole team whose username contains the text. */
export const teamSearchQuerySchema = z.strictObject({ username: z.string().trim().min(1).max(TEAM_SEARCH_LENGTH_MAX), pageNo, pageSize });
export type TeamSearchQuery = z.infer<typeof teamSearchQuerySchema>;
export const teamSearchValueSchema = pageOf(teamMemberRowSchema.extend({ parentId: z.number().int() })).extend(turnoverPeriod);
export type TeamSearchValue = z.infer<typeof teamSearchValueSchema>;
export const teamSearchResponseSchema = okEnvelope(teamSearchValueSchema);

/** PUT /wps/agent/team/members/:memberId/upline-transfer */
export const teamMemberParamsSchema = z.strictObject({ memberId: idSchema });
export const uplineTransferSwitchRequestSchema = z.strictObject({ toUpline: z.boolean() });
export type UplineTransferSwitchRequest = z.infer<typeof uplineTransferSwitchRequestSchema>;
export const uplineTransferSwitchValueSchema = z.object({ memberId: z.number().int(), username: z.string(), toUpline: z.boolean() });
export type UplineTransferSwitchValue = z.infer<typeof uplineTransferSwitchValueSchema>;
export const uplineTransferSwitchResponseSchema = okEnvelope(uplineTransferSwitchValueSchema);

// ---- agentAnnouncement ----------------------------------------------------------------------

/** GET /wps/agent/team/announcements: the operator's announcements addressed to agents. */
export const agentAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML cleaned when the operator saved it. */
  bodyHtml: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type AgentAnnouncement = z.infer<typeof agentAnnouncementSchema>;
export const agentAnnouncementsValueSchema = pageOf(agentAnnouncementSchema);
export type AgentAnnouncementsValue = z.infer<typeof agentAnnouncementsValueSchema>;
export const agentAnnouncementsResponseSchema = okEnvelope(agentAnnouncementsValueSchema);

/** Who an agent's notice reaches: its whole team (every level) or only its direct downline. */
export const AGENT_NOTICE_AUDIENCES = ['team', 'direct'] as const;
export type AgentNoticeAudience = (typeof AGENT_NOTICE_AUDIENCES)[number];

/** POST /wps/agent/team/notices: a plain-text notice; the server turns it into cleaned HTML. */
export const agentNoticeRequestSchema = z.strictObject({
  audience: z.enum(AGENT_NOTICE_AUDIENCES),
  title: z.string().trim().min(1).max(AGENT_NOTICE_TITLE_MAX),
  body: z.string().trim().min(1).max(AGENT_NOTICE_BODY_MAX),
});
export type AgentNoticeRequest = z.infer<typeof agentNoticeRequestSchema>;

export const agentNoticeSchema = z.object({
  id: z.number().int(),
  audience: z.enum(AGENT_NOTICE_AUDIENCES),
  title: z.string(),
  bodyHtml: z.string(),
  createdAt: z.string(),
  /** Members who have opened it. */
  readCount: z.number().int().min(0),
  /** When an operator withdrew it from its recipients' inboxes; null while it stands. */
  withdrawnAt: z.string().nullable(),
});
export type AgentNotice = z.infer<typeof agentNoticeSchema>;
export const agentNoticeResponseSchema = okEnvelope(agentNoticeSchema);

/** GET /wps/agent/team/notices: what the agent has sent, newest first. */
export const agentNoticesValueSchema = pageOf(agentNoticeSchema).extend({
  /** Notices the agent may still send in the current hour. */
  remainingThisHour: z.number().int().min(0),
});
export type AgentNoticesValue = z.infer<typeof agentNoticesValueSchema>;
export const agentNoticesResponseSchema = okEnvelope(agentNoticesValueSchema);
