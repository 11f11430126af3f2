import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { type AmountMinor, amountMinorSchema, positiveAmountMinorSchema } from './money.ts';
import { pageOf } from './pagination.ts';
import { clientRequestIdSchema } from './transfers.ts';

/**
 * The Vietnamese lottery calls (vendor TCG_LOTTO_VN): the menu of stations and fast games with
 * their open draw (numero), recent games, draw history, the commit-reveal verification, the bet
 * slip and the operator's calls (official results, voiding a draw).
 */

import {
  LOTTERY_BET_TYPES,
  LOTTERY_NUMERO_COUNT_MAX,
  LOTTERY_PRIZE_TIERS,
  LOTTERY_RECENT_COUNT_MAX,
  LOTTERY_REGIONS,
  LOTTERY_TICKET_LINES_MAX,
  LOTTERY_VENDOR_CODE,
} from './lottery-constants.ts';

export * from './lottery-constants.ts';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const lotteryGameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a lottery game code');
export const numeroSchema = z.string().regex(/^[0-9-]{1,32}$/, 'a draw number');

/** Tier -> the prize numbers as digit strings (leading zeros kept). */
export const drawResultSchema = z.partialRecord(z.enum(LOTTERY_PRIZE_TIERS), z.array(z.string().regex(/^[0-9]{1,6}$/)).max(10));
export type DrawResultValue = z.infer<typeof drawResultSchema>;

export const lotteryMenuQuerySchema = z.object({
  prizeMode: z.preprocess(blankToUndefined, z.string().max(16).optional()),
  device: z.preprocess(blankToUndefined, z.string().max(16).optional()),
  language: z.preprocess(blankToUndefined, z.string().max(8).optional()),
});

/**
 * One lottery game of the menu (spec "Lottery game"). `remainTime` is the milliseconds left until
 * the open draw, `lockTime` the seconds before the draw when betting closes (the client multiplies
 * it by 1000), `winningTime` the draw instant (epoch milliseconds). A game with no open draw has
 * numero null and times 0.
 */
export const lotteryGameEntrySchema = z.object({
  gameId: z.string(),
  remark: z.string(),
  gameMenuTag: z.string(),
  gameType: z.enum(['LOTT', 'ELOTT']),
  region: z.enum(LOTTERY_REGIONS),
  drawDayOfWeek: z.string(),
  drawTime: z.string().nullable(),
  intervalSeconds: z.number().int().nullable(),
  numero: z.string().nullable(),
  remainTime: z.number().int(),
  lockTime: z.number().int(),
  winningTime: z.number().int(),
  seedCommitment: z.string().nullable(),
  accountTypeName: z.literal(LOTTERY_VENDOR_CODE),
});
export type LotteryGameEntry = z.infer<typeof lotteryGameEntrySchema>;

export const lotteryMenuResponseSchema = okEnvelope(
  z.object({ tags: z.array(z.string()), list: z.array(lotteryGameEntrySchema), serverTime: z.number().int() }),
);

export const lotteryRecentQuerySchema = lotteryMenuQuerySchema.extend({
  recentCount: z.coerce.number().int().min(1).max(LOTTERY_RECENT_COUNT_MAX).default(LOTTERY_RECENT_COUNT_MAX),
});

/** Spec: popular lottery games, count 20. */
export const LOTTERY_POPULAR_COUNT = 20;
export const lotteryPopularQuerySchema = lotteryMenuQuerySchema.extend({
  count: z.coerce.number().int().min(1).max(LOTTERY_POPULAR_COUNT).default(LOTTERY_POPULAR_COUNT),
});

export const lotteryHistoryQuerySchema = z.object({
  gameId: lotteryGameIdSchema,
  count: z.coerce.number().int().min(1).max(LOTTERY_NUMERO_COUNT_MAX).default(LOTTERY_NUMERO_COUNT_MAX),
});

export const lotteryDrawSchema = z.object({
  gameId: z.string(),
  numero: z.string(),
  drawDate: z.string(),
  winningTime: z.number().int(),
  status: z.enum(['open', 'drawn', 'settled', 'voided']),
  result: drawResultSchema.nullable(),
  seedCommitment: z.string().nullable(),
  seed: z.string().nullable(),
  resultSource: z.enum(['rng', 'official']),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryHistoryResponseSchema = okEnvelope(z.object({ list: z.array(lotteryDrawSchema) }));

export const lotteryLatestQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(LOTTERY_NUMERO_COUNT_MAX).default(LOTTERY_NUMERO_COUNT_MAX),
});

export const lotteryVerifyQuerySchema = z.object({ gameId: lotteryGameIdSchema, numero: numeroSchema });
export const lotteryVerifyResponseSchema = okEnvelope(
  z.object({
    gameId: z.string(),
    numero: z.string(),
    seedCommitment: z.string(),
    seed: z.string(),
    result: drawResultSchema,
    /** sha256(seed) equals the commitment published at open. */
    isCommitmentValid: z.boolean(),
    /** The result is the one the seed draws. */
    isResultValid: z.boolean(),
  }),
);

/** The bet types one game offers: the shape of a selection, what one unit costs and pays, the stake range. */
export const lotteryPlayTypesQuerySchema = z.object({ gameId: lotteryGameIdSchema });
export const lotteryPlayTypeSchema = z.object({
  betType: z.enum(LOTTERY_BET_TYPES),
  /** Numbers one selection holds (xiên 2: 2) and the digits of each. */
  count: z.number().int(),
  digits: z.number().int(),
  /** Points one unit of stake costs (bao lô north: 27). */
  stakeMultiplier: z.number().int(),
  /** Paid per hit per unit of stake, in thousandths. */
  oddsMilli: z.number().int(),
});
export type LotteryPlayType = z.infer<typeof lotteryPlayTypeSchema>;
export const lotteryPlayTypesResponseSchema = okEnvelope(
  z.object({
    gameId: z.string(),
    region: z.enum(LOTTERY_REGIONS),
    minStake: amountMinorSchema,
    maxStake: amountMinorSchema,
    list: z.array(lotteryPlayTypeSchema),
  }),
);

export const ticketLineInputSchema = z.object({
  betType: z.enum(LOTTERY_BET_TYPES),
  numbers: z
    .array(z.string().regex(/^[0-9]{1,4}$/, 'digits'))
    .min(1)
    .max(4),
  stakePerUnit: positiveAmountMinorSchema,
});
export type TicketLineInput = z.infer<typeof ticketLineInputSchema>;

export const placeTicketBodySchema = z.object({
  gameId: lotteryGameIdSchema,
  numero: numeroSchema,
  lines: z.array(ticketLineInputSchema).min(1).max(LOTTERY_TICKET_LINES_MAX),
  /**
   * The bet slip's id for this submission; an `Idempotency-Key` header may carry it instead (one
   * of the two is required, and when both come they must be equal).
   */
  requestId: clientRequestIdSchema.optional(),
});
export type PlaceTicketBody = z.infer<typeof placeTicketBodySchema>;

export const ticketLineSchema = z.object({
  lineNo: z.number().int(),
  betType: z.enum(LOTTERY_BET_TYPES),
  numbers: z.array(z.string()),
  stakePerUnit: amountMinorSchema,
  stakeMultiplier: z.number().int(),
  stake: amountMinorSchema,
  oddsMilli: z.number().int(),
  hits: z.number().int().nullable(),
  payout: amountMinorSchema.nullable(),
});

export const ticketSchema = z.object({
  ticketId: z.string(),
  gameId: z.string(),
  numero: z.string(),
  currency: z.string(),
  totalStake: amountMinorSchema,
  payout: amountMinorSchema.nullable(),
  status: z.enum(['open', 'settled', 'voided']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  lines: z.array(ticketLineSchema),
});
export type LotteryTicket = z.infer<typeof ticketSchema>;

export const ticketResponseSchema = okEnvelope(ticketSchema);
export const ticketsQuerySchema = z.object({
  gameId: z.preprocess(blankToUndefined, lotteryGameIdSchema.optional()),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ticketsResponseSchema = okEnvelope(z.object({ list: z.array(ticketSchema) }));

// Operator calls.
export const adminResultBodySchema = z.object({ gameId: lotteryGameIdSchema, numero: numeroSchema, result: drawResultSchema });
export const adminResultEntrySchema = z.object({
  id: z.number().int(),
  gameId: z.string(),
  numero: z.string(),
  result: drawResultSchema,
  status: z.enum(['pending', 'confirmed', 'rejected']),
  enteredBy: z.number().int(),
  decidedBy: z.number().int().nullable(),
});
export const adminResultEntryResponseSchema = okEnvelope(adminResultEntrySchema);
/** Reject (another operator) or withdraw (the one who entered it) a pending result, with the reason. */
export const adminResultRejectBodySchema = z.strictObject({ reason: z.string().trim().min(3).max(500) });
export const adminResultListQuerySchema = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'rejected']).default('pending'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const prizeTierSpecSchema = z.object({ tier: z.enum(LOTTERY_PRIZE_TIERS), count: z.number().int(), digits: z.number().int() });
/** One entered result with its draw, for the operators' review list. */
export const adminResultListItemSchema = adminResultEntrySchema.extend({
  gameName: z.object({ vi: z.string(), en: z.string() }),
  region: z.enum(LOTTERY_REGIONS),
  drawDate: z.string(),
  drawAt: z.string(),
  locksAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The sheet of the draw's region, special prize first: what the operator compares. */
  layout: z.array(prizeTierSpecSchema),
});
export type AdminResultListItem = z.infer<typeof adminResultListItemSchema>;
export const adminResultListResponseSchema = okEnvelope(pageOf(adminResultListItemSchema));
/** An official draw still open that may take an operator's result (today or the last days). */
export const adminDrawAwaitingSchema = z.object({
  gameId: z.string(),
  gameName: z.object({ vi: z.string(), en: z.string() }),
  region: z.enum(LOTTERY_REGIONS),
  numero: z.string(),
  drawDate: z.string(),
  drawAt: z.string(),
  locksAt: z.string(),
  /** The id of the entry awaiting confirmation, if one was entered. */
  pendingEntryId: z.number().int().nullable(),
  layout: z.array(prizeTierSpecSchema),
});
export type AdminDrawAwaiting = z.infer<typeof adminDrawAwaitingSchema>;
export const adminDrawsAwaitingResponseSchema = okEnvelope(z.object({ list: z.array(adminDrawAwaitingSchema) }));
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The payout of one line: stakePerUnit × hits × oddsMilli / 1000, rounded down. */
export function linePayout(stakePerUnit: number, hits: number, oddsMilli: number): AmountMinor {
  return Number((BigInt(stakePerUnit) * BigInt(hits) * BigInt(oddsMilli)) / 1000n) as AmountMinor;
}

// Lobby launch (spec "lobby launch (GET)"): the lottery opens on this site's own lottery page.
export const LOTTERY_VIEWS = ['betting', 'lobby'] as const;
export const lotteryLaunchQuerySchema = z.object({
  lottoArea: z.literal('VN'),
  launchMode: z.literal('LOTT'),
  lottoPrizeMode: z.preprocess(blankToUndefined, z.enum(['Lott', 'ZY', 'Elott', 'SEA']).optional()),
  lottoGameCode: z.preprocess(blankToUndefined, lotteryGameIdSchema.optional()),
  lottoView: z.enum(LOTTERY_VIEWS).default('betting'),
  device: z.preprocess(blankToUndefined, z.string().max(16).optional()),
  /** Where the page's back link goes: a path of this site only. */
  backUrl: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(512)
      .regex(/^\/(?!\/)[^\s\\]*$/, 'a path of this site')
      .optional(),
  ),
  language: z.preprocess(blankToUndefined, z.string().max(8).optional()),
});
export const lotteryLaunchResponseSchema = okEnvelope(z.object({ content: z.string(), gameId: z.string().nullable() }));

// Operator calls: games (stations and fast games) and odds.
const hhmmSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:MM');
const drawDaysSchema = z
  .array(z.number().int().min(1).max(7))
  .min(1)
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'each weekday once');
const nameSchema = z.object({ vi: z.string().trim().min(1).max(64), en: z.string().trim().min(1).max(64) });

export const adminLotteryGameSchema = z.object({
  gameId: z.string(),
  category: z.enum(['LOTT', 'ELOTT']),
  region: z.enum(LOTTERY_REGIONS),
  province: z.string(),
  name: z.record(z.string(), z.string()),
  menuTag: z.string(),
  drawDays: z.array(z.number().int()),
  drawTime: z.string().nullable(),
  intervalSeconds: z.number().int().nullable(),
  lockSeconds: z.number().int(),
  resultSource: z.enum(['rng', 'official']),
  minStake: amountMinorSchema,
  maxStake: amountMinorSchema,
  maxPayoutPerNumber: amountMinorSchema,
  isEnabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;
export const adminLotteryGamesResponseSchema = okEnvelope(z.object({ list: z.array(adminLotteryGameSchema) }));
export const adminLotteryGameResponseSchema = okEnvelope(adminLotteryGameSchema);

/** What an operator may change; a change applies to draws created afterwards, an open draw keeps its times and limits. */
export const adminLotteryGamePatchSchema = z.strictObject({
  name: nameSchema.optional(),
  drawDays: drawDaysSchema.optional(),
  drawTime: hhmmSchema.optional(),
  intervalSeconds: z.number().int().min(60).max(86_400).optional(),
  lockSeconds: z.number().int().min(0).max(86_400).optional(),
  resultSource: z.enum(['rng', 'official']).optional(),
  minStake: positiveAmountMinorSchema.optional(),
  maxStake: positiveAmountMinorSchema.optional(),
  maxPayoutPerNumber: positiveAmountMinorSchema.optional(),
  isEnabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type AdminLotteryGamePatch = z.infer<typeof adminLotteryGamePatchSchema>;

/** A new station (LOTT: weekdays and draw time) or fast game (ELOTT: interval). */
export const adminLotteryGameCreateSchema = z.strictObject({
  gameId: lotteryGameIdSchema,
  category: z.enum(['LOTT', 'ELOTT']),
  region: z.enum(LOTTERY_REGIONS),
  province: z.string().trim().min(1).max(64),
  name: nameSchema,
  menuTag: z.string().regex(/^[A-Z]{2,8}$/),
  drawDays: drawDaysSchema.optional(),
  drawTime: hhmmSchema.optional(),
  intervalSeconds: z.number().int().min(60).max(86_400).optional(),
  lockSeconds: z.number().int().min(0).max(86_400),
  resultSource: z.enum(['rng', 'official']),
  minStake: positiveAmountMinorSchema,
  maxStake: positiveAmountMinorSchema,
  maxPayoutPerNumber: positiveAmountMinorSchema,
  sort: z.number().int().min(0).max(100_000).default(0),
});
export type AdminLotteryGameCreate = z.infer<typeof adminLotteryGameCreateSchema>;
export const adminLotteryGameParamsSchema = z.object({ gameId: lotteryGameIdSchema });

export const adminLotteryOddsSchema = z.object({
  region: z.enum(LOTTERY_REGIONS),
  betType: z.enum(LOTTERY_BET_TYPES),
  oddsMilli: z.number().int(),
  stakeMultiplier: z.number().int(),
  isEnabled: z.boolean(),
});
export const adminLotteryOddsQuerySchema = z.object({ region: z.preprocess(blankToUndefined, z.enum(LOTTERY_REGIONS).optional()) });
export const adminLotteryOddsResponseSchema = okEnvelope(z.object({ list: z.array(adminLotteryOddsSchema) }));
/** Odds apply to tickets placed afterwards: a ticket keeps the odds of the moment it was placed. */
export const adminLotteryOddsBodySchema = z.strictObject({
  region: z.enum(LOTTERY_REGIONS),
  betType: z.enum(LOTTERY_BET_TYPES),
  oddsMilli: z.number().int().min(1).max(100_000_000).optional(),
  stakeMultiplier: z.number().int().min(1).max(1_000).optional(),
  isEnabled: z.boolean().optional(),
});
export type AdminLotteryOddsBody = z.infer<typeof adminLotteryOddsBodySchema>;

/**
 * Four eyes on what moves money (docs/lottery.md): an odds change and a draw's void are requests that
 * a second operator approves; only the approval applies them.
 */
export const LOTTERY_CHANGE_KINDS = ['odds', 'void'] as const;
export const LOTTERY_CHANGE_STATUSES = ['requested', 'approved', 'rejected', 'withdrawn'] as const;
export type LotteryChangeStatus = (typeof LOTTERY_CHANGE_STATUSES)[number];
const changeReasonSchema = z.string().trim().min(3).max(500);
/** POST /admin-api/lottery/odds/requests: what to change of a bet type in a region (one field at least), and why. */
export const adminOddsRequestBodySchema = adminLotteryOddsBodySchema
  .extend({ reason: changeReasonSchema })
  .strict()
  .refine((b) => b.oddsMilli !== undefined || b.stakeMultiplier !== undefined || b.isEnabled !== undefined, {
    message: 'change the odds, the stake multiplier or the availability',
    path: ['oddsMilli'],
  });
/** POST /admin-api/lottery/voids: the draw to void (every ticket refunded once approved), and why. */
export const adminVoidRequestBodySchema = z.strictObject({ gameId: lotteryGameIdSchema, numero: numeroSchema, reason: changeReasonSchema });
const oddsChangeSchema = z.object({
  region: z.enum(LOTTERY_REGIONS),
  betType: z.enum(LOTTERY_BET_TYPES),
  oddsMilli: z.number().int().optional(),
  stakeMultiplier: z.number().int().optional(),
  isEnabled: z.boolean().optional(),
});
const voidChangeSchema = z.object({ gameId: z.string(), numero: z.string() });
export const adminChangeRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOTTERY_CHANGE_KINDS),
  /** `region:betType` or `gameCode:numero`. */
  subject: z.string(),
  change: z.union([oddsChangeSchema, voidChangeSchema]),
  /** Odds: what was in force when asked (null: not set yet). Void: the draw's state, open tickets and their stakes. */
  before: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  status: z.enum(LOTTERY_CHANGE_STATUSES),
  requestedBy: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  /** What the approval did (a void: the tickets refunded). */
  outcome: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminChangeRequest = z.infer<typeof adminChangeRequestSchema>;
export const adminChangeRequestResponseSchema = okEnvelope(adminChangeRequestSchema);
export const adminChangeListQuerySchema = z.strictObject({
  status: z.enum(LOTTERY_CHANGE_STATUSES).default('requested'),
  kind: z.enum(LOTTERY_CHANGE_KINDS).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminChangeListResponseSchema = okEnvelope(pageOf(adminChangeRequestSchema));
/** Approve with an optional note; reject (another operator) or withdraw (the requester) with a reason. */
export const adminChangeApproveBodySchema = z.strictObject({ note: z.string().trim().max(500).optional() });
export const adminChangeRejectBodySchema = z.strictObject({ reason: changeReasonSchema });
