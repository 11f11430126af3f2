import { z } from 'zod';
import { imageUrl } from './content.ts';
import { okEnvelope } from './envelope.ts';
import { GAME_CATEGORIES } from './games.ts';
import { AMOUNT_MINOR_MAX } from './money.ts';

/**
 * Promotions and bonus grants (docs/promotions.md). An operator defines promotions as data under
 * `/admin-api/promotions`; members list, join, claim and apply under `/wps/member/promotions`.
 * Amounts are minor units; percentages are basis points (10,000 = 100 %); category weights are
 * percent of a round's valid bet (100 = counts whole).
 */

/** Tabs the member page groups promotions under. */
export const PROMOTION_CATEGORIES = ['NEW', 'DEPOSIT', 'DAILY', 'VIP', 'SLOTS', 'LIVE', 'SPORTS', 'OTHER'] as const;
/** How a member comes to a grant. */
export const PROMOTION_TRIGGERS = ['first_deposit', 'reload_deposit', 'claim', 'application', 'loss_period', 'raffle'] as const;
export const RAFFLE_PRIZES_MAX = 100;
/** A loss promotion's period: the merchant's day, week (Monday to Sunday) or month. */
export const LOSS_PERIODS = ['D', 'W', 'M'] as const;
export type LossPeriod = (typeof LOSS_PERIODS)[number];
export type PromotionTrigger = (typeof PROMOTION_TRIGGERS)[number];
export const PROMOTION_STATES = ['draft', 'active', 'paused', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
/**
 * The spec's status of a promotion for one member (the card's button): `COMING_SOON` before the
 * period; `JOIN` a deposit promotion not joined yet, `JOINED` joined and waiting for the deposit;
 * `CLAIM` a claim-button promotion available; `APPLY` an application promotion available,
 * `APPLYING` an application (or a flagged claim) waiting for review, `REJECTED` refused;
 * `PROCESSING` a grant in play (wagering under way), `CLAIMED` its bonus converted, `ISSUED` granted
 * and closed otherwise (expired or forfeited); `NOT_FOR_LEVEL` open, but not to the member's VIP level
 * (`vipRequirement` says which levels); `CLOSED` paused, ended, out of period or not for this member.
 */
export const PROMOTION_MEMBER_STATUSES = [
  'COMING_SOON',
  'JOIN',
  'JOINED',
  'CLAIM',
  'APPLY',
  'APPLYING',
  'REJECTED',
  'PROCESSING',
  'CLAIMED',
  'ISSUED',
  'NOT_FOR_LEVEL',
  'CLOSED',
] as const;
export type PromotionMemberStatus = (typeof PROMOTION_MEMBER_STATUSES)[number];
export const GRANT_STATUSES = ['active', 'completed', 'expired', 'forfeited'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];
export const ENTRY_STATUSES = ['joined', 'pending', 'flagged', 'rejected', 'granted', 'cancelled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const PROMOTION_COMMENT_LENGTH_MAX = 140;
export const PROMOTION_PROOF_IMAGES_MAX = 3;
export const PROMOTION_PROOF_BYTES_MAX = 5 * 1024 * 1024;
export const PROMOTION_PROOF_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROMOTION_TIERS_MAX = 10;
export const WAGERING_MULTIPLE_MAX = 100;

const amount = z.number().int().min(0).max(AMOUNT_MINOR_MAX);
const positiveAmount = z.number().int().min(1).max(AMOUNT_MINOR_MAX);
const languageKey = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/);
const texts = (max: number) =>
  z.record(languageKey, z.string().trim().min(1).max(max)).refine((r) => typeof r.vi === 'string' || typeof r.en === 'string', {
    message: 'a text in Vietnamese or English',
  });

export const promotionAudienceSchema = z.strictObject({
  /** VIP levels allowed (the VIP module's level); empty or missing: every level. */
  vipLevels: z.array(z.number().int().min(0).max(50)).max(51).optional(),
  /** Member label names any of which admits the member. */
  labels: z.array(z.string().min(1).max(50)).max(20).optional(),
  /** Only members registered within this many days. */
  newMemberDays: z.number().int().min(1).max(365).optional(),
  /** Only members in this agent's downline (the agent's member id). */
  downlineOf: z.number().int().positive().optional(),
  /** Only members who have not yet had a paid deposit (before their first deposit). */
  firstDepositOnly: z.boolean().optional(),
});
export type PromotionAudience = z.infer<typeof promotionAudienceSchema>;

export const promotionTierSchema = z.strictObject({ minDeposit: positiveAmount, amount: positiveAmount });

export const promotionInputSchema = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9_-]{2,40}$/),
    category: z.enum(PROMOTION_CATEGORIES),
    titles: texts(120),
    bodies: texts(8000),
    /**
     * The card's image per language (a site path or an https address, as banners take): the page
     * shows the member's language's, else English's, else Vietnamese's, else none.
     */
    images: z.record(languageKey, imageUrl).optional(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable(),
    audience: promotionAudienceSchema,
    trigger: z.enum(PROMOTION_TRIGGERS),
    /** Deposit triggers: the least deposit that qualifies. */
    minDeposit: amount,
    /**
     * `loss_period` only: the member's net loss over each period (from the daily rollups) earns the
     * amount rule on that loss (a percentage with a cap, tiers by loss, or a fixed amount), from
     * `minLoss`; `auto` grants it when the period is settled, `claim` keeps it for the member's claim.
     */
    loss: z.strictObject({ period: z.enum(LOSS_PERIODS), minLoss: positiveAmount, mode: z.enum(['auto', 'claim']) }).optional(),
    /**
     * `raffle` only: a ticket per `ticketTurnover` of weighted valid bet (the wagering weights) from
     * the start to `drawAt`, at most `ticketsMax` a member; prizes by rank (first prize first), each
     * to a different member, paid as grants under the promotion's wagering. The amount rule is not used.
     */
    raffle: z
      .strictObject({
        ticketTurnover: positiveAmount,
        ticketsMax: z.number().int().min(1).max(100_000),
        drawAt: z.iso.datetime(),
        prizes: z.array(positiveAmount).min(1).max(RAFFLE_PRIZES_MAX),
      })
      .optional(),
    amount: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('fixed'), value: positiveAmount }),
      /** Deposit and loss triggers only: basis points of the deposit (or the period's loss), at most `cap`. */
      z.strictObject({ kind: z.literal('percent'), basisPoints: z.number().int().min(1).max(100_000), cap: positiveAmount }),
      /** Deposit and loss triggers only: the amount of the highest tier the deposit (or loss) reaches. */
      z.strictObject({ kind: z.literal('tiers'), tiers: z.array(promotionTierSchema).min(1).max(PROMOTION_TIERS_MAX) }),
    ]),
    wagering: z.strictObject({
      /** Turnover required = bonus × multiple (two decimals). */
      multiple: z.number().min(0).max(WAGERING_MULTIPLE_MAX),
      /** Percent of a round's valid bet that counts, per category; a category left out counts nothing. */
      weights: z.partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(100)),
    }),
    /** The largest stake accepted while a grant of this promotion is active; null: no limit. */
    maxStake: positiveAmount.nullable(),
    /** The most the bonus converts to cash on completion; null: the whole bonus. */
    maxConversion: positiveAmount.nullable(),
    expiryHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
    /** What a withdrawal request does to an active grant: block it (until wagering is done) or forfeit the bonus. */
    onWithdrawal: z.enum(['block', 'forfeit']),
    /** Exclusive: not granted while the member has another active grant. */
    stackable: z.boolean(),
    /** Grants per member over the promotion's life (1: one per person). */
    perMemberLimit: z.number().int().min(1).max(1000),
    /** Application proof: whether images are asked for. */
    applicationProof: z.boolean().optional(),
    /** The spec's bonus hint: the member is told a Zalo or WhatsApp ID is needed to redeem the bonus. */
    contactIdRequired: z.boolean().optional(),
  })
  .superRefine((p, ctx) => {
    const isDeposit = p.trigger === 'first_deposit' || p.trigger === 'reload_deposit';
    const isLoss = p.trigger === 'loss_period';
    if (!isDeposit && !isLoss && p.amount.kind !== 'fixed')
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'only deposit and loss promotions take a percentage or tiers' });
    if ((p.trigger === 'raffle') !== (p.raffle !== undefined))
      ctx.addIssue({ code: 'custom', path: ['raffle'], message: 'a raffle rule goes with the raffle trigger, and only with it' });
    if (
      p.raffle &&
      (Date.parse(p.raffle.drawAt) <= Date.parse(p.startsAt) || (p.endsAt !== null && Date.parse(p.raffle.drawAt) > Date.parse(p.endsAt)))
    )
      ctx.addIssue({ code: 'custom', path: ['raffle', 'drawAt'], message: 'the draw is inside the period' });
    if (isLoss !== (p.loss !== undefined))
      ctx.addIssue({ code: 'custom', path: ['loss'], message: 'a loss rule goes with the loss_period trigger, and only with it' });
    if (p.endsAt !== null && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'ends before it starts' });
    if (Math.round(p.wagering.multiple * 100) / 100 !== p.wagering.multiple)
      ctx.addIssue({ code: 'custom', path: ['wagering', 'multiple'], message: 'two decimals at most' });
  });
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const promotionIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

export const adminPromotionSchema = z.object({
  id: z.number(),
  state: z.enum(PROMOTION_STATES),
  input: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminPromotionResponseSchema = okEnvelope(adminPromotionSchema);
export const adminPromotionListResponseSchema = okEnvelope(z.object({ list: z.array(adminPromotionSchema) }));

export const grantSchema = z.object({
  id: z.number(),
  promotionId: z.number(),
  memberId: z.number(),
  status: z.enum(GRANT_STATUSES),
  amount: z.number(),
  bonusBalance: z.number(),
  requiredTurnover: z.number(),
  progress: z.number(),
  maxStake: z.number().nullable(),
  converted: z.number(),
  removed: z.number(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Grant = z.infer<typeof grantSchema>;

export const adminEntrySchema = z.object({
  id: z.number(),
  promotionId: z.number(),
  memberId: z.number(),
  /** The member's username (null only if the member row is gone). */
  username: z.string().nullable(),
  status: z.enum(ENTRY_STATUSES),
  comment: z.string().nullable(),
  proofCount: z.number(),
  flags: z.array(z.string()),
  depositAmount: z.number().nullable(),
  createdAt: z.string(),
});
export const adminEntriesQuerySchema = z.strictObject({
  status: z.enum(['pending', 'flagged']).optional(),
});
export const adminEntriesResponseSchema = okEnvelope(z.object({ list: z.array(adminEntrySchema) }));
export const reviewEntryRequestSchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().max(500).optional(),
});
export const entryIdParamsSchema = z.strictObject({ entryId: z.coerce.number().int().positive() });
export const proofParamsSchema = z.strictObject({
  entryId: z.coerce.number().int().positive(),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(PROMOTION_PROOF_IMAGES_MAX - 1),
});
export const memberIdParamsSchema = z.strictObject({ memberId: z.coerce.number().int().positive() });
export const adminGrantsResponseSchema = okEnvelope(z.object({ list: z.array(grantSchema) }));
export const forfeitGrantRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export const grantIdParamsSchema = z.strictObject({ grantId: z.coerce.number().int().positive() });

/** A promotion as a member sees it, in their language. */
export const memberPromotionSchema = z.object({
  id: z.number(),
  code: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** The image for the request's language (with the fallbacks of `images`), or null. */
  image: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  trigger: z.enum(PROMOTION_TRIGGERS),
  status: z.enum(PROMOTION_MEMBER_STATUSES),
  minDeposit: z.number(),
  wageringMultiple: z.number(),
  weights: z.record(z.string(), z.number()),
  maxStake: z.number().nullable(),
  maxConversion: z.number().nullable(),
  expiryHours: z.number(),
  /** Whether the page shows the Zalo/WhatsApp hint (the operator's switch on the promotion). */
  contactIdRequired: z.boolean(),
  /** Application promotions: whether proof images are asked for. */
  applicationProof: z.boolean(),
  /**
   * The VIP levels the promotion is for, by their codes, or null when it is for every level; `from`
   * is the lowest code when every level above it is included ("VIP3 and above"), else null.
   */
  vipRequirement: z.object({ codes: z.array(z.string()), from: z.string().nullable() }).nullable(),
  /** Loss promotions: the period, the least loss, and whether the member claims it. */
  loss: z.object({ period: z.enum(LOSS_PERIODS), minLoss: z.number(), mode: z.enum(['auto', 'claim']) }).nullable(),
  /** Loss promotions: what the member's settled periods hold for a claim (0 for a visitor). */
  claimable: z.number(),
  /**
   * Raffles: the rule, the published commitment (SHA-256 of the seed), the member's tickets taken
   * and earned so far (0 for a visitor), and once drawn the seed, the tickets in the draw and the
   * prizes by rank (winners shown by their masked names) so anyone can recompute the draw.
   */
  raffle: z
    .object({
      drawAt: z.string(),
      ticketTurnover: z.number(),
      ticketsMax: z.number(),
      prizes: z.array(z.number()),
      commitment: z.string(),
      myTickets: z.number(),
      earnedTickets: z.number(),
      drawn: z
        .object({
          seed: z.string(),
          totalTickets: z.number(),
          winners: z.array(z.object({ rank: z.number(), amount: z.number(), winner: z.string(), mine: z.boolean() })),
        })
        .nullable(),
    })
    .nullable(),
  grant: grantSchema.nullable(),
});
export type MemberPromotion = z.infer<typeof memberPromotionSchema>;
export const memberPromotionsResponseSchema = okEnvelope(z.object({ list: z.array(memberPromotionSchema), availableCount: z.number() }));
export const memberPromotionResponseSchema = okEnvelope(memberPromotionSchema);
/**
 * The visitor's list (`/wps/relay/MCSFE_getPublicPromotions`): the open and coming promotions meant
 * for anyone who registers, with the status a new member would see and no grant; promotions aimed
 * at labels or an agent's downline are not shown.
 */
export const publicPromotionsResponseSchema = okEnvelope(z.object({ list: z.array(memberPromotionSchema) }));
/**
 * A raffle's public list (`/wps/relay/MCSFE_getRaffleEntries/:id`): the entries numbered in the
 * draw's order (1 first) with masked usernames and tickets, the commitment published before the draw,
 * and once drawn the seed and the winners by rank with their entry numbers, so anyone can recompute
 * the draw offline (`npm run verify-raffle -w @platform/games`).
 */
const raffleEntriesSchema = z.object({
  promotionId: z.number(),
  drawAt: z.string(),
  prizes: z.array(z.number()),
  commitment: z.string(),
  /** Revealed at the draw; null before it. */
  seed: z.string().nullable(),
  totalTickets: z.number(),
  entries: z.array(z.object({ entry: z.number(), username: z.string(), tickets: z.number() })),
  winners: z.array(z.object({ rank: z.number(), entry: z.number(), username: z.string(), amount: z.number() })),
});
export type RaffleEntries = z.infer<typeof raffleEntriesSchema>;
export const raffleEntriesResponseSchema = okEnvelope(raffleEntriesSchema);
export const applyPromotionRequestSchema = z.strictObject({
  comment: z.string().trim().max(PROMOTION_COMMENT_LENGTH_MAX).optional(),
  /** Proof images as base64 (png or jpg, 5 MB each at most). */
  images: z
    .array(z.strictObject({ contentType: z.enum(PROMOTION_PROOF_TYPES), data: z.base64() }))
    .max(PROMOTION_PROOF_IMAGES_MAX)
    .optional(),
  /** The device fingerprint the site computed (one abuse signal). */
  fingerprint: z.string().min(8).max(128).optional(),
});
export const claimPromotionRequestSchema = z.strictObject({ fingerprint: z.string().min(8).max(128).optional() });
export const wageringProgressResponseSchema = okEnvelope(
  z.object({ grants: z.array(grantSchema), remainingTurnover: z.number(), bonusBalance: z.number() }),
);

/** An operator's rerun of a loss promotion's period: the period of its length holding `day` (YYYY-MM-DD). */
export const lossPeriodRerunRequestSchema = z.strictObject({ day: z.iso.date() });
export const lossRunSummarySchema = z.object({
  written: z.number(),
  granted: z.number(),
  accrued: z.number(),
  withheld: z.number(),
  noted: z.number(),
  existing: z.number(),
});
export const lossLineSchema = z.object({
  id: z.number(),
  promotionId: z.number(),
  period: z.enum(LOSS_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  revision: z.number(),
  netLoss: z.number(),
  lossChange: z.number(),
  amount: z.number(),
  status: z.enum(['accrued', 'granted', 'withheld', 'noted', 'cancelled']),
  grantId: z.number().nullable(),
  createdAt: z.string(),
});
