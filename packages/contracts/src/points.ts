import { z } from 'zod';
import { imageUrl } from './content.ts';
import { okEnvelope } from './envelope.ts';
import { GAME_CATEGORIES } from './games.ts';
import { AMOUNT_MINOR_MAX } from './money.ts';
import { pageOf } from './pagination.ts';
import { clientRequestIdSchema } from './request-id.ts';

/**
 * Loyalty points and the points mall (docs/loyalty.md). Points are whole numbers kept by the ledger
 * in a currency of their own and never expire. Members read and redeem under `/wps/member/points`;
 * operators manage items, orders and earning rules under `/admin-api/point-mall` and
 * `/admin-api/points`. Cash amounts are minor units of the member's currency.
 */

export const POINTS_MAX = 1_000_000_000;
/** Items of the mall: game points become cash (optionally with a promotion's wagering); gifts are delivered. */
export const MALL_ITEM_KINDS = ['game_points', 'gift'] as const;
export type MallItemKindName = (typeof MALL_ITEM_KINDS)[number];
/** Exchange record statuses: a gift waits (processing) for the operator, who completes or rejects it. */
export const MALL_ORDER_STATUSES = ['processing', 'rejected', 'completed'] as const;
export type MallOrderStatusName = (typeof MALL_ORDER_STATUSES)[number];
/** Events the earning rules react to. */
export const EARNING_EVENTS = ['sign_in', 'sign_in_streak', 'deposit', 'valid_bet', 'mission_completed', 'referral_qualified'] as const;
export type EarningEventName = (typeof EARNING_EVENTS)[number];
/** What a line of the member's points history is. */
export const POINTS_MOVEMENTS = ['earn', 'spend', 'refund'] as const;

export const MALL_QUANTITY_MAX = 99;
export const MALL_ADDRESS_LENGTH_MAX = 300;
export const MALL_REMARK_LENGTH_MAX = 300;
/** A valid-bet rule's category: one of the games' categories, or every category together. */
export const VALID_BET_ALL_CATEGORIES = 'ALL';

const points = z.number().int().min(1).max(POINTS_MAX);
const cash = z.number().int().min(1).max(AMOUNT_MINOR_MAX);
const languageKey = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/);
const texts = (max: number) =>
  z.record(languageKey, z.string().trim().min(1).max(max)).refine((r) => typeof r.vi === 'string' || typeof r.en === 'string', {
    message: 'a text in Vietnamese or English',
  });
const optionalTexts = (max: number) => z.record(languageKey, z.string().trim().max(max));

// Member calls.

export const pointBalanceResponseSchema = okEnvelope(z.object({ balance: z.number().int() }));

export const mallItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MALL_ITEM_KINDS),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pointsCost: z.number().int(),
  /** Game points: the cash one unit gives, in `currency`. */
  cashAmount: z.number().int().nullable(),
  currency: z.string(),
  /** Game points paid as a promotion grant, with its wagering before withdrawal. */
  hasWagering: z.boolean(),
  wageringMultiple: z.number().nullable(),
  /** Units left; null when the item has no stock limit. */
  stock: z.number().int().nullable(),
  limitPerMember: z.number().int().nullable(),
  /** Units this member has redeemed (rejected orders aside). */
  redeemedCount: z.number().int(),
});
export type MallItem = z.infer<typeof mallItemSchema>;
export const mallItemsResponseSchema = okEnvelope(z.object({ list: z.array(mallItemSchema), balance: z.number().int() }));

export const earningRuleSummarySchema = z.object({
  event: z.enum(EARNING_EVENTS),
  amount: z.number().int(),
  dailyCap: z.number().int().nullable(),
  streakDays: z.number().int().nullable(),
  minDeposit: z.number().int().nullable(),
  category: z.string().nullable(),
  validBetMin: z.number().int().nullable(),
});
export type EarningRuleSummary = z.infer<typeof earningRuleSummarySchema>;
export const pointConfigResponseSchema = okEnvelope(
  z.object({
    balance: z.number().int(),
    currency: z.string(),
    neverExpire: z.literal(true),
    earningRules: z.array(earningRuleSummarySchema),
    statuses: z.array(z.enum(MALL_ORDER_STATUSES)),
  }),
);

export const exchangeRecordSchema = z.object({
  transactionNo: z.string(),
  type: z.enum(MALL_ITEM_KINDS),
  productName: z.string(),
  quantity: z.number().int(),
  pointsNeeded: z.number().int(),
  /** Game points: the cash paid; null for a gift. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  status: z.enum(MALL_ORDER_STATUSES),
  time: z.string(),
  remark: z.string().nullable(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;
export const exchangeRecordsQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(MALL_ORDER_STATUSES).optional(),
});
export const exchangeRecordsResponseSchema = okEnvelope(pageOf(exchangeRecordSchema));

export const pointTransactionSchema = z.object({
  id: z.number().int(),
  movement: z.enum(POINTS_MOVEMENTS),
  /** Signed: positive earned or refunded, negative spent. */
  points: z.number().int(),
  balanceAfter: z.number().int().nullable(),
  note: z.string().nullable(),
  time: z.string(),
});
export type PointTransaction = z.infer<typeof pointTransactionSchema>;
export const pointTransactionsQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const pointTransactionsResponseSchema = okEnvelope(pageOf(pointTransactionSchema));

/** Redeeming an item: the withdrawal password always; a gift also needs where and whom to deliver to. */
export const redeemRequestSchema = z.strictObject({
  itemId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MALL_QUANTITY_MAX),
  paymentPassword: z.string().min(1).max(64),
  address: z.string().trim().max(MALL_ADDRESS_LENGTH_MAX).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{6,20}$/, 'a phone number')
    .optional(),
  requestId: clientRequestIdSchema,
});
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;
export const redeemResponseSchema = okEnvelope(z.object({ record: exchangeRecordSchema, balance: z.number().int() }));

// Operator calls.

export const mallItemInputSchema = z
  .strictObject({
    kind: z.enum(MALL_ITEM_KINDS),
    names: texts(80),
    descriptions: optionalTexts(500),
    /** A site path (an uploaded picture's `/media/…`) or an https address, as banners and promotion cards. */
    imageUrl: imageUrl.nullable(),
    pointsCost: points,
    cashAmount: cash.nullable(),
    promotionId: z.number().int().positive().nullable(),
    stock: z.number().int().min(0).max(1_000_000).nullable(),
    limitPerMember: z.number().int().min(1).max(1_000).nullable(),
    isEnabled: z.boolean(),
    sortOrder: z.number().int().min(0).max(10_000),
  })
  .refine((i) => (i.kind === 'game_points') === (i.cashAmount !== null), {
    message: 'game points carry a cash amount; gifts do not',
    path: ['cashAmount'],
  })
  .refine((i) => i.kind === 'game_points' || i.promotionId === null, { message: 'only game points carry wagering', path: ['promotionId'] })
  .refine((i) => i.kind === 'game_points' || i.stock !== null, { message: 'a gift has a stock', path: ['stock'] });
export type MallItemInput = z.infer<typeof mallItemInputSchema>;

export const adminMallItemSchema = z.object({
  id: z.number().int(),
  input: z.object({
    kind: z.enum(MALL_ITEM_KINDS),
    names: z.record(z.string(), z.string()),
    descriptions: z.record(z.string(), z.string()),
    imageUrl: z.string().nullable(),
    pointsCost: z.number().int(),
    cashAmount: z.number().int().nullable(),
    promotionId: z.number().int().nullable(),
    stock: z.number().int().nullable(),
    limitPerMember: z.number().int().nullable(),
    isEnabled: z.boolean(),
    sortOrder: z.number().int(),
  }),
  redeemedCount: z.number().int(),
  updatedAt: z.string(),
});
export const adminMallItemResponseSchema = okEnvelope(adminMallItemSchema);
export const adminMallItemsResponseSchema = okEnvelope(z.object({ list: z.array(adminMallItemSchema) }));
export const mallItemIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
/** Adds to (or, negative, takes from) an item's stock; never below zero. */
export const mallStockRequestSchema = z.strictObject({
  delta: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((d) => d !== 0),
});

export const adminMallOrderSchema = exchangeRecordSchema.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  itemId: z.number().int(),
  address: z.string().nullable(),
  mobile: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export const adminMallOrdersQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(MALL_ORDER_STATUSES).optional(),
});
export const adminMallOrdersResponseSchema = okEnvelope(pageOf(adminMallOrderSchema));
export const adminMallOrderResponseSchema = okEnvelope(adminMallOrderSchema);
export const mallOrderIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const decideMallOrderRequestSchema = z.strictObject({ remark: z.string().trim().max(MALL_REMARK_LENGTH_MAX).optional() });

export const earningRuleInputSchema = z
  .strictObject({
    ruleKey: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9_-]+$/),
    event: z.enum(EARNING_EVENTS),
    amount: points,
    dailyCap: points.nullable(),
    streakDays: z.number().int().min(2).max(366).nullable(),
    minDeposit: cash.nullable(),
    category: z.enum([VALID_BET_ALL_CATEGORIES, ...GAME_CATEGORIES]).nullable(),
    validBetMin: cash.nullable(),
    isEnabled: z.boolean(),
  })
  .refine((r) => (r.event === 'sign_in_streak') === (r.streakDays !== null), {
    message: 'a streak rule has its length',
    path: ['streakDays'],
  })
  .refine((r) => (r.event === 'valid_bet') === (r.validBetMin !== null && r.category !== null), {
    message: 'a valid-bet rule has its category and threshold',
    path: ['validBetMin'],
  })
  .refine((r) => r.event === 'deposit' || r.minDeposit === null, {
    message: 'only a deposit rule has a minimum deposit',
    path: ['minDeposit'],
  });
export type EarningRuleInput = z.infer<typeof earningRuleInputSchema>;

export const adminEarningRuleSchema = z.object({
  id: z.number().int(),
  ruleKey: z.string(),
  event: z.enum(EARNING_EVENTS),
  amount: z.number().int(),
  dailyCap: z.number().int().nullable(),
  streakDays: z.number().int().nullable(),
  minDeposit: z.number().int().nullable(),
  category: z.string().nullable(),
  validBetMin: z.number().int().nullable(),
  isEnabled: z.boolean(),
  updatedAt: z.string(),
});
export const adminEarningRuleResponseSchema = okEnvelope(adminEarningRuleSchema);
export const adminEarningRulesResponseSchema = okEnvelope(z.object({ list: z.array(adminEarningRuleSchema) }));
export const earningRuleIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
