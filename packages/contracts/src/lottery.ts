import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { type AmountMinor, amountMinorSchema, positiveAmountMinorSchema } from './money.ts';

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
export const adminVoidBodySchema = z.object({ gameId: lotteryGameIdSchema, numero: numeroSchema });
export const adminVoidResponseSchema = okEnvelope(z.object({ gameId: z.string(), numero: z.string(), voidedTickets: z.number().int() }));
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The payout of one line: stakePerUnit × hits × oddsMilli / 1000, rounded down. */
export function linePayout(stakePerUnit: number, hits: number, oddsMilli: number): AmountMinor {
  return Number((BigInt(stakePerUnit) * BigInt(hits) * BigInt(oddsMilli)) / 1000n) as AmountMinor;
}
