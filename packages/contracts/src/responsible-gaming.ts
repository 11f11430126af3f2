import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, positiveAmountMinorSchema } from './money.ts';

/** The member centre's "Responsible gaming" page. */
export const RG_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
/**
 * Why a deposit or a stake was refused, as the triggers count it: one of the limits, or the member's
 * break (cool-off) or self-exclusion.
 */
export const RG_REFUSAL_REASONS = [...RG_LIMIT_KINDS, 'break', 'self_exclusion'] as const;
export type RgRefusalReason = (typeof RG_REFUSAL_REASONS)[number];
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

/** Calendar periods in the member's time zone: from midnight, from Monday, from the 1st. */
export const RG_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

/** An increase or a removal waits this long; a decrease applies at once. */
export const RG_COOLING_PERIOD_MS = 24 * 60 * 60 * 1000;
export const RG_BREAK_DAYS_MIN = 1;
/** Three months. */
export const RG_BREAK_DAYS_MAX = 90;
export const RG_EXCLUSION_MONTHS_MIN = 6;
export const RG_EXCLUSION_MONTHS_MAX = 120;
export const RG_REALITY_CHECK_MINUTES_MIN = 5;
export const RG_REALITY_CHECK_MINUTES_MAX = 480;

export const rgLimitSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  /** The limit in force now; null when there is none. */
  amount: amountMinorSchema.nullable(),
  /** A waiting increase or removal: the value (null for a removal) and when it applies. */
  pending: z.object({ amount: amountMinorSchema.nullable(), effectiveAt: z.string() }).nullable(),
  /** What the period has used so far (deposits, stakes, or net loss). */
  used: amountMinorSchema,
  periodStartedAt: z.string(),
});
export type RgLimit = z.infer<typeof rgLimitSchema>;

/** GET /wps/member/responsible-gaming */
export const rgStateValueSchema = z.object({
  timeZone: z.string(),
  limits: z.array(rgLimitSchema),
  breakUntil: z.string().nullable(),
  selfExcludedUntil: z.string().nullable(),
  isPermanentlyExcluded: z.boolean(),
  /** Minutes between reality-check reminders; null when off. */
  realityCheckMinutes: z.number().int().nullable(),
});
export type RgStateValue = z.infer<typeof rgStateValueSchema>;
export const rgStateResponseSchema = okEnvelope(rgStateValueSchema);

/** PUT /wps/member/responsible-gaming/limits: each entry sets one limit; amount null removes it. */
export const rgSetLimitsRequestSchema = z
  .object({
    limits: z
      .array(
        z
          .object({
            kind: z.enum(RG_LIMIT_KINDS),
            period: z.enum(RG_PERIODS),
            amount: positiveAmountMinorSchema.nullable(),
          })
          .strict(),
      )
      .min(1)
      .max(RG_LIMIT_KINDS.length * RG_PERIODS.length)
      .refine((list) => new Set(list.map((l) => `${l.kind}:${l.period}`)).size === list.length, 'each limit at most once'),
  })
  .strict();
export type RgSetLimitsRequest = z.output<typeof rgSetLimitsRequestSchema>;

/** An operator's reason, kept in the audit row. */
const operatorNoteSchema = z.string().trim().min(3).max(500);

/** PUT /admin-api/members/:memberId/responsible-gaming/limits: only stricter limits (added or lowered). */
export const rgOperatorLimitsRequestSchema = z.object({ limits: rgSetLimitsRequestSchema.shape.limits, note: operatorNoteSchema }).strict();
export type RgOperatorLimitsRequest = z.output<typeof rgOperatorLimitsRequestSchema>;

/** POST /wps/member/responsible-gaming/break */
export const rgBreakRequestSchema = z.object({ days: z.number().int().min(RG_BREAK_DAYS_MIN).max(RG_BREAK_DAYS_MAX) }).strict();
export type RgBreakRequest = z.output<typeof rgBreakRequestSchema>;
/** POST /admin-api/members/:memberId/responsible-gaming/break */
export const rgOperatorBreakRequestSchema = rgBreakRequestSchema.extend({ note: operatorNoteSchema }).strict();

/** POST /wps/member/responsible-gaming/self-exclusion: a number of months, or permanent. */
export const rgSelfExclusionRequestSchema = z
  .object({
    months: z.number().int().min(RG_EXCLUSION_MONTHS_MIN).max(RG_EXCLUSION_MONTHS_MAX).optional(),
    permanent: z.literal(true).optional(),
  })
  .strict()
  .refine((v) => (v.months === undefined) !== (v.permanent === undefined), {
    message: 'give months or permanent, not both',
    path: ['months'],
  });
export type RgSelfExclusionRequest = z.output<typeof rgSelfExclusionRequestSchema>;

/** PUT /wps/member/responsible-gaming/reality-check: minutes, or null to turn it off. */
export const rgRealityCheckRequestSchema = z
  .object({ minutes: z.number().int().min(RG_REALITY_CHECK_MINUTES_MIN).max(RG_REALITY_CHECK_MINUTES_MAX).nullable() })
  .strict();
export type RgRealityCheckRequest = z.output<typeof rgRealityCheckRequestSchema>;

/**
 * GET /wps/member/responsible-gaming/reality-check: what the reminder shows. The session started at
 * login; `stake` and `payout` add up the rounds opened since then, `net` is payout less stake.
 */
export const rgRealityCheckValueSchema = z.object({
  intervalMinutes: z.number().int().nullable(),
  sessionStartedAt: z.string(),
  serverTime: z.string(),
  rounds: z.number().int(),
  stake: amountMinorSchema,
  payout: amountMinorSchema,
  net: amountMinorSchema,
  currency: z.string(),
});
export type RgRealityCheckValue = z.infer<typeof rgRealityCheckValueSchema>;
export const rgRealityCheckResponseSchema = okEnvelope(rgRealityCheckValueSchema);

/** What a responsible-gaming event of a member's history was (the audit row's action without `rg.`). */
export const RG_HISTORY_EVENTS = [
  'limits_changed',
  'limits_tightened',
  'break_taken',
  'break_set',
  'self_excluded',
  'reality_check_set',
] as const;
export type RgHistoryEvent = (typeof RG_HISTORY_EVENTS)[number];

/** One event of GET /admin-api/members/:memberId/responsible-gaming/history, newest first. */
export const rgHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.enum(RG_HISTORY_EVENTS),
  /** Who did it: the member, or an operator (by number). */
  by: z.enum(['member', 'operator']),
  operatorId: z.number().int().nullable(),
  /** Limit changes: each limit with what is in force after it, and a waiting change. */
  limits: z.array(
    z.object({
      kind: z.enum(RG_LIMIT_KINDS),
      period: z.enum(RG_PERIODS),
      inForce: amountMinorSchema.nullable(),
      pending: z.object({ amount: amountMinorSchema.nullable(), effectiveAt: z.string() }).nullable(),
    }),
  ),
  /** A break or self-exclusion's end (null: permanent, or not a block). */
  until: z.string().nullable(),
  permanent: z.boolean(),
  /** The reality check's minutes (null: turned off, or not that event). */
  minutes: z.number().int().nullable(),
  /** The operator's reason. */
  note: z.string().nullable(),
});
export type RgHistoryEntry = z.infer<typeof rgHistoryEntrySchema>;
export const rgHistoryQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export const rgHistoryResponseSchema = okEnvelope(
  z.object({ list: z.array(rgHistoryEntrySchema), nextBefore: z.number().int().nullable() }),
);

/**
 * GET /admin-api/members/:memberId/responsible-gaming/triggers: the member's refusals by its limits,
 * counted per day of the merchant's time zone and limit kind, the latest 30 days with any first;
 * `before` (a day, exclusive) pages to older days (`nextBefore`).
 */
export const rgTriggersQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
const rgTriggerDaySchema = z.object({
  day: z.string(),
  /** The reason: a limit's kind, `break` or `self_exclusion`. */
  kind: z.enum(RG_REFUSAL_REASONS),
  /** How many stakes or deposits were refused for it that day. */
  refusals: z.number().int(),
  lastAt: z.string(),
});
export type RgTriggerDay = z.infer<typeof rgTriggerDaySchema>;
export const rgTriggersResponseSchema = okEnvelope(z.object({ list: z.array(rgTriggerDaySchema), nextBefore: z.string().nullable() }));
