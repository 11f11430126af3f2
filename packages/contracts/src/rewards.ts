import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { AMOUNT_MINOR_MAX } from './money.ts';

/**
 * The rewards centre and redeem codes (docs/loyalty.md). Every reward a member may claim, from every
 * source, in one list under `/wps/member/rewards`; redeem codes under the same path; the operator's
 * codes under `/admin-api/redeem-codes`. Amounts are minor units; points are whole points.
 */

const positiveAmount = z.number().int().min(1).max(AMOUNT_MINOR_MAX);
const languageKey = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/);
export const localisedTextsSchema = z
  .record(languageKey, z.string().trim().min(1).max(120))
  .refine((r) => typeof r.vi === 'string' || typeof r.en === 'string', { message: 'a text in Vietnamese or English' });

/**
 * What a reward gives: `cash` straight into the main wallet (no wagering); `bonus` a grant of a
 * promotion (its wagering, weights and expiry; the amount, when given, replaces the promotion's);
 * `points` loyalty points (the points module).
 */
export const rewardSpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cash'), amount: positiveAmount }),
  z.strictObject({ kind: z.literal('bonus'), promotionId: z.number().int().positive(), amount: positiveAmount.optional() }),
  z.strictObject({ kind: z.literal('points'), amount: z.number().int().min(1).max(100_000_000) }),
]);
export type RewardSpec = z.infer<typeof rewardSpecSchema>;

/** Where a reward in the centre comes from. */
export const REWARD_SOURCES = ['mission', 'sign_in', 'referral', 'vip', 'code', 'operator', 'promotion', 'red_envelope', 'rebate'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** One reward the member may claim now. `key` names it for the claim call. */
export const claimableRewardSchema = z.object({
  key: z.string(),
  source: z.enum(REWARD_SOURCES),
  title: z.string(),
  /** What claiming gives; `amount` in minor units for money, in points for points; null when the source decides at claim time. */
  kind: z.enum(['cash', 'bonus', 'points']),
  amount: z.number().int().nullable(),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ClaimableReward = z.infer<typeof claimableRewardSchema>;

export const claimableRewardsSchema = z.object({ list: z.array(claimableRewardSchema), count: z.number().int() });
export type ClaimableRewards = z.infer<typeof claimableRewardsSchema>;
export const claimableRewardsResponseSchema = okEnvelope(claimableRewardsSchema);

/** How many claimed rewards the history shows (the newest). */
export const CLAIMED_REWARDS_MAX = 50;
/** One reward the member has claimed (a stored reward or a redeem code; `title` is the code for a code). */
export const claimedRewardSchema = z.object({
  key: z.string(),
  source: z.enum(REWARD_SOURCES),
  title: z.string(),
  kind: z.enum(['cash', 'bonus', 'points']),
  amount: z.number().int().nullable(),
  claimedAt: z.string(),
});
export type ClaimedReward = z.infer<typeof claimedRewardSchema>;
export const claimedRewardsResponseSchema = okEnvelope(z.object({ list: z.array(claimedRewardSchema) }));

export const claimRewardRequestSchema = z.strictObject({ key: z.string().min(1).max(80) });
export const claimRewardResultSchema = z.object({
  key: z.string(),
  kind: z.enum(['cash', 'bonus', 'points']),
  amount: z.number().int().nullable(),
});
export type ClaimRewardResult = z.infer<typeof claimRewardResultSchema>;
export const claimRewardResponseSchema = okEnvelope(claimRewardResultSchema);

export const REDEEM_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
/** The member types a code; spaces around it and lower case are forgiven. */
export const redeemCodeRequestSchema = z.strictObject({ code: z.string().trim().min(1).max(40) });

// Operator: codes.

export const redeemCodeAudienceSchema = z.strictObject({
  /** VIP levels allowed; empty or missing: every level. */
  vipLevels: z.array(z.number().int().min(0).max(50)).max(51).optional(),
  /** Only members registered within this many days. */
  newMemberDays: z.number().int().min(1).max(365).optional(),
});
export type RedeemCodeAudience = z.infer<typeof redeemCodeAudienceSchema>;

export const REDEEM_CODE_BATCH_MAX = 5000;

/** A batch: `count` single-use codes made up by the server, or one shared code with a cap. */
export const redeemCodeBatchInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('single'),
    batch: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/),
    count: z.number().int().min(1).max(REDEEM_CODE_BATCH_MAX),
    prefix: z
      .string()
      .regex(/^[A-Z0-9]{0,8}$/)
      .optional(),
    reward: rewardSpecSchema,
    audience: redeemCodeAudienceSchema,
    startsAt: z.iso.datetime().optional(),
    expiresAt: z.iso.datetime(),
  }),
  z.strictObject({
    kind: z.literal('shared'),
    batch: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/),
    code: z.string().regex(REDEEM_CODE_PATTERN),
    cap: z.number().int().min(1).max(10_000_000),
    reward: rewardSpecSchema,
    audience: redeemCodeAudienceSchema,
    startsAt: z.iso.datetime().optional(),
    expiresAt: z.iso.datetime(),
  }),
]);
export type RedeemCodeBatchInput = z.infer<typeof redeemCodeBatchInputSchema>;

export const adminRedeemCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['single', 'shared']),
  batch: z.string(),
  cap: z.number().int(),
  redeemed: z.number().int(),
  reward: rewardSpecSchema,
  state: z.enum(['active', 'disabled']),
  startsAt: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type AdminRedeemCode = z.infer<typeof adminRedeemCodeSchema>;
export const adminRedeemCodeBatchResponseSchema = okEnvelope(z.object({ batch: z.string(), created: z.number().int() }));
export const adminRedeemCodesQuerySchema = z.object({ batch: z.string().max(40).optional() });
export const adminRedeemCodesResponseSchema = okEnvelope(z.object({ list: z.array(adminRedeemCodeSchema) }));
export const redeemCodeIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
