import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from '../money.ts';
import { pageOf } from '../pagination.ts';
import { clientRequestIdSchema, PAYMENT_PASSWORD_LENGTH_MAX } from '../transfers.ts';

/**
 * Red envelopes (lì xì): an agent funds an envelope from its agent wallet, split into shares that
 * members of its team claim into their main wallets; what is unclaimed at expiry goes back to the
 * agent. Agent calls under `/wps/agent/red-envelopes`, member calls under `/wps/member/red-envelopes`.
 */

/** How the total is split: equal shares (any remainder one minor unit at a time), or random shares of at least one minor unit each. */
export const RED_ENVELOPE_SPLITS = ['equal', 'random'] as const;
export type RedEnvelopeSplit = (typeof RED_ENVELOPE_SPLITS)[number];

/** Who may claim: the agent's whole team (every level), its direct downline, or members it names from its team. */
export const RED_ENVELOPE_AUDIENCES = ['team', 'direct', 'members'] as const;
export type RedEnvelopeAudience = (typeof RED_ENVELOPE_AUDIENCES)[number];

/**
 * What the sender sees: `active` (shares left, not expired), `claimed` (every share taken),
 * `expired` (closed at expiry; what was left went back to the sender).
 */
export const RED_ENVELOPE_STATUSES = ['active', 'claimed', 'expired'] as const;
export type RedEnvelopeStatus = (typeof RED_ENVELOPE_STATUSES)[number];

export const RED_ENVELOPE_SHARE_COUNT_MAX = 500;
export const RED_ENVELOPE_MEMBERS_MAX = 200;
export const RED_ENVELOPE_MESSAGE_LENGTH_MAX = 60;
export const RED_ENVELOPE_EXPIRY_MINUTES_MIN = 10;
export const RED_ENVELOPE_EXPIRY_MINUTES_MAX = 7 * 24 * 60;
/** The expiry choices the send page offers, in minutes. */
export const RED_ENVELOPE_EXPIRY_CHOICES = [60, 6 * 60, 24 * 60, 3 * 24 * 60, 7 * 24 * 60] as const;
export const RED_ENVELOPE_PAGE_SIZE_MAX = 50;

const usernameSchema = z.string().trim().min(1).max(64);

/** POST /wps/agent/red-envelopes */
export const redEnvelopeSendRequestSchema = z
  .strictObject({
    totalAmount: positiveAmountMinorSchema,
    shareCount: z.number().int().min(1).max(RED_ENVELOPE_SHARE_COUNT_MAX),
    split: z.enum(RED_ENVELOPE_SPLITS),
    audience: z.enum(RED_ENVELOPE_AUDIENCES),
    /** Only with audience `members`: usernames from the agent's team. */
    memberUsernames: z.array(usernameSchema).min(1).max(RED_ENVELOPE_MEMBERS_MAX).optional(),
    expiresInMinutes: z.number().int().min(RED_ENVELOPE_EXPIRY_MINUTES_MIN).max(RED_ENVELOPE_EXPIRY_MINUTES_MAX),
    message: z.string().trim().max(RED_ENVELOPE_MESSAGE_LENGTH_MAX).optional(),
    /** Required when the agent has a payment password, checked as a downline transfer checks it. */
    paymentPassword: z.string().min(1).max(PAYMENT_PASSWORD_LENGTH_MAX).optional(),
    requestId: clientRequestIdSchema,
  })
  .refine((v) => (v.audience === 'members') === (v.memberUsernames !== undefined), {
    path: ['memberUsernames'],
    message: 'name members exactly when the audience is chosen members',
  })
  .refine((v) => v.totalAmount >= v.shareCount, { path: ['totalAmount'], message: 'at least one minor unit per share' });
export type RedEnvelopeSendRequest = z.output<typeof redEnvelopeSendRequestSchema>;

export const redEnvelopeIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const redEnvelopePageQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RED_ENVELOPE_PAGE_SIZE_MAX).default(10),
});
export type RedEnvelopePageQuery = z.infer<typeof redEnvelopePageQuerySchema>;

/** One envelope as its sender sees it. */
export const sentRedEnvelopeSchema = z.object({
  id: z.number().int(),
  totalAmount: amountMinorSchema,
  currency: currencyCodeSchema,
  shareCount: z.number().int(),
  split: z.enum(RED_ENVELOPE_SPLITS),
  audience: z.enum(RED_ENVELOPE_AUDIENCES),
  message: z.string(),
  status: z.enum(RED_ENVELOPE_STATUSES),
  claimedCount: z.number().int(),
  claimedAmount: amountMinorSchema,
  /** What went back to the sender at expiry; null while the envelope is open. */
  returnedAmount: amountMinorSchema.nullable(),
  /** ISO times. */
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SentRedEnvelope = z.infer<typeof sentRedEnvelopeSchema>;

export const redEnvelopeClaimRecordSchema = z.object({
  username: z.string(),
  amount: amountMinorSchema,
  claimedAt: z.string(),
});
export type RedEnvelopeClaimRecord = z.infer<typeof redEnvelopeClaimRecordSchema>;

/** GET /wps/agent/red-envelopes/:id: the envelope, its chosen members (audience `members`) and its claims. */
export const sentRedEnvelopeDetailSchema = sentRedEnvelopeSchema.extend({
  memberUsernames: z.array(z.string()),
  claims: z.array(redEnvelopeClaimRecordSchema),
});
export type SentRedEnvelopeDetail = z.infer<typeof sentRedEnvelopeDetailSchema>;

export const redEnvelopeSendValueSchema = sentRedEnvelopeSchema.extend({
  /** The agent wallet's balance after funding. */
  balanceAfter: amountMinorSchema,
  isReplay: z.boolean(),
});
export type RedEnvelopeSendValue = z.infer<typeof redEnvelopeSendValueSchema>;

export const redEnvelopeSendResponseSchema = okEnvelope(redEnvelopeSendValueSchema);
export const sentRedEnvelopePageSchema = pageOf(sentRedEnvelopeSchema);
export type SentRedEnvelopePage = z.infer<typeof sentRedEnvelopePageSchema>;
export const sentRedEnvelopePageResponseSchema = okEnvelope(sentRedEnvelopePageSchema);
export const sentRedEnvelopeDetailResponseSchema = okEnvelope(sentRedEnvelopeDetailSchema);

/** An envelope a member may open now (GET /wps/member/red-envelopes/claimable). */
export const claimableRedEnvelopeSchema = z.object({
  id: z.number().int(),
  senderUsername: z.string(),
  message: z.string(),
  currency: currencyCodeSchema,
  shareCount: z.number().int(),
  remainingCount: z.number().int(),
  expiresAt: z.string(),
});
export type ClaimableRedEnvelope = z.infer<typeof claimableRedEnvelopeSchema>;
export const claimableRedEnvelopesSchema = z.object({ list: z.array(claimableRedEnvelopeSchema) });
export type ClaimableRedEnvelopes = z.infer<typeof claimableRedEnvelopesSchema>;
export const claimableRedEnvelopesResponseSchema = okEnvelope(claimableRedEnvelopesSchema);

/** POST /wps/member/red-envelopes/:id/claim: the member's share, paid into its main wallet. */
export const redEnvelopeClaimValueSchema = z.object({
  envelopeId: z.number().int(),
  senderUsername: z.string(),
  message: z.string(),
  amount: amountMinorSchema,
  currency: currencyCodeSchema,
  claimedAt: z.string(),
  /** True when this member had already claimed: the first claim's answer, nothing paid again. */
  isReplay: z.boolean(),
});
export type RedEnvelopeClaimValue = z.infer<typeof redEnvelopeClaimValueSchema>;
export const redEnvelopeClaimResponseSchema = okEnvelope(redEnvelopeClaimValueSchema);

/** GET /wps/member/red-envelopes/received: the member's claims, newest first. */
export const receivedRedEnvelopeSchema = redEnvelopeClaimValueSchema.omit({ isReplay: true });
export type ReceivedRedEnvelope = z.infer<typeof receivedRedEnvelopeSchema>;
export const receivedRedEnvelopePageSchema = pageOf(receivedRedEnvelopeSchema).extend({ totalAmount: amountMinorSchema });
export type ReceivedRedEnvelopePage = z.infer<typeof receivedRedEnvelopePageSchema>;
export const receivedRedEnvelopePageResponseSchema = okEnvelope(receivedRedEnvelopePageSchema);
