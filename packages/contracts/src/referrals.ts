import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { AMOUNT_MINOR_MAX, currencyCodeSchema } from './money.ts';
import { pageOf } from './pagination.ts';

/**
 * Invite friends (docs/referral.md): every real player has a referral code, the link
 * `/register?referralCode=<code>` and its QR code; a friend who registers with it is the player's
 * invitee, and once the invitee qualifies under the merchant's rules (first deposit, valid bet
 * within so many days) the reward waits for the referrer to claim it. Member calls under
 * `/wps/member/referral`, operator calls under `/admin-api/referrals`.
 *
 * A player's referral code is not an agent's invitation (affiliate) code: agents' codes have eight
 * characters, players' ten, and registration accepts both (`affiliateCode`, `referralCode`).
 */

/** Players' codes: ten letters and digits easy to read aloud (agents' invitation codes have eight). */
export const REFERRAL_CODE_LENGTH = 10;
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * An invitee as the referrer sees it:
 * - `registered`: joined with the code, not qualified yet;
 * - `qualified`: met the rules; the reward waits for the referrer to claim it;
 * - `rewarded`: the reward was claimed (paid into the main wallet);
 * - `not_eligible`: qualified but no reward (the same person as the referrer, or the cap reached);
 * - `expired`: the days to qualify passed.
 */
export const REFERRAL_STATUSES = ['registered', 'qualified', 'rewarded', 'not_eligible', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a qualified invitee earned nothing. */
export const REFERRAL_REFUSALS = ['same_identity', 'cap_reached'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/**
 * What makes two accounts one person for the referral rules (the member file's links, as the
 * promotions' abuse controls use them): the same mobile number, the same payee name, a shared bank
 * card, the same device (address and browser) or only the same login address.
 */
export const REFERRAL_IDENTITY_SIGNALS = ['phone', 'payee', 'bank_card', 'device', 'ip'] as const;
export type ReferralIdentitySignal = (typeof REFERRAL_IDENTITY_SIGNALS)[number];

/** An amount in minor units, zero or more. */
const minorSchema = z.number().int().min(0).max(AMOUNT_MINOR_MAX);

export const REFERRAL_WITHIN_DAYS_MAX = 365;
export const REFERRAL_WAGERING_MULTIPLE_MAX = 100;
export const REFERRAL_PAGE_SIZE_MAX = 50;

/** The merchant's referral rules, as the operator writes them (amounts in minor units). */
export const referralRulesSchema = z.strictObject({
  /** Off: codes still work at registration (the invite is recorded), no invitee qualifies. */
  enabled: z.boolean(),
  /** Paid to the referrer for each qualified invitee. */
  referrerReward: minorSchema,
  /** Paid to the invitee itself when it qualifies (0: none). */
  inviteeReward: minorSchema,
  /** Turnover the reward must be staked before a withdrawal, as a multiple of it (0: none). */
  wageringMultiple: z
    .number()
    .min(0)
    .max(REFERRAL_WAGERING_MULTIPLE_MAX)
    .refine((n) => Math.round(n * 100) / 100 === n),
  /** The invitee's first deposit must be at least this much (0: any first deposit, but one is needed). */
  minFirstDeposit: minorSchema,
  /** The invitee's valid bet over the days must reach this (0: no play needed). */
  minValidBet: minorSchema,
  /** Days from registration (the registration day counts as the first) to qualify. */
  withinDays: z.number().int().min(1).max(REFERRAL_WITHIN_DAYS_MAX),
  /** Rewarded invitees per referrer, for ever (0: no cap). */
  maxRewardsPerReferrer: z.number().int().min(0).max(100_000),
  /** Which shared facts make the invitee the same person as the referrer (no reward). */
  identitySignals: z.array(z.enum(REFERRAL_IDENTITY_SIGNALS)).max(REFERRAL_IDENTITY_SIGNALS.length),
});
export type ReferralRules = z.infer<typeof referralRulesSchema>;

/** GET /wps/member/referral: the player's code, the rules that apply and the totals. */
export const referralSummaryResponseSchema = okEnvelope(
  z.object({
    code: z.string(),
    currency: currencyCodeSchema,
    rules: referralRulesSchema.omit({ identitySignals: true, maxRewardsPerReferrer: true }),
    invited: z.number().int(),
    qualified: z.number().int(),
    /** Rewards claimed, in total. */
    earned: minorSchema,
    /** Rewards waiting to be claimed, in total. */
    pending: minorSchema,
  }),
);

export const referralPageQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REFERRAL_PAGE_SIZE_MAX).default(20),
});

export const referralInviteeSchema = z.object({
  /** The invitee's username, masked but for its first and last characters. */
  username: z.string(),
  registeredAt: z.string(),
  /** The last moment to qualify. */
  deadline: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  refusal: z.enum(REFERRAL_REFUSALS).nullable(),
  /** The referrer's reward for this invitee, once qualified (null before, or when refused). */
  reward: minorSchema.nullable(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

/** GET /wps/member/referral/invitees */
export const referralInviteesResponseSchema = okEnvelope(pageOf(referralInviteeSchema));

/** A reward waiting to be claimed (the rewards centre lists these with its other sources). */
export const referralRewardSchema = z.object({
  id: z.number().int(),
  /** `referrer`: for inviting `friend`; `invitee`: for joining through `friend`'s invitation. */
  role: z.enum(['referrer', 'invitee']),
  friend: z.string(),
  amount: minorSchema,
  currency: currencyCodeSchema,
  wageringMultiple: z.number(),
  createdAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

/** GET /wps/member/referral/rewards */
export const referralRewardsResponseSchema = okEnvelope(z.object({ list: z.array(referralRewardSchema) }));

export const referralRewardIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

/** POST /wps/member/referral/rewards/:id/claim: a second claim answers as the first did. */
export const referralClaimResponseSchema = okEnvelope(
  z.object({ id: z.number().int(), amount: minorSchema, currency: currencyCodeSchema, claimedAt: z.string() }),
);

/** GET and PUT /admin-api/referrals/rules */
export const adminReferralRulesResponseSchema = okEnvelope(z.object({ rules: referralRulesSchema, updatedAt: z.string().nullable() }));

export const adminReferralListQuerySchema = z.strictObject({
  status: z.enum(REFERRAL_STATUSES).optional(),
  referrer: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /admin-api/referrals: every invite of the merchant, newest first. */
export const adminReferralListResponseSchema = okEnvelope(
  pageOf(
    z.object({
      inviteeId: z.number().int(),
      invitee: z.string(),
      referrerId: z.number().int(),
      referrer: z.string(),
      code: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      refusal: z.enum(REFERRAL_REFUSALS).nullable(),
      firstDeposit: minorSchema.nullable(),
      registeredAt: z.string(),
      qualifiedAt: z.string().nullable(),
      reward: minorSchema.nullable(),
    }),
  ),
);
