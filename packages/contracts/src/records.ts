import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, currencyCodeSchema } from './money.ts';
import { PAGE_SIZE_DEFAULT, pageOf } from './pagination.ts';

/**
 * The member's account record (member centre `transactionHistory`) and profit and loss
 * (`personalProfit`). One list of record types; the server maps every ledger code to one of them.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_returned',
  'vendor_transfer_in',
  'vendor_transfer_out',
  'upline_transfer',
  'downline_transfer',
  'promotion',
  'bet',
  'payout',
  'rebate',
  'agent_commission',
  'cancelled',
  'admin_adjustment',
  'points_redemption',
  'agent_wallet_move',
  'red_envelope',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The member's wallets as records name them. */
export const RECORD_WALLETS = ['main', 'bonus', 'agent'] as const;
export type RecordWallet = (typeof RECORD_WALLETS)[number];

/**
 * Game categories of the profit-and-loss page: the spec's hot game types, plus OTHER for money
 * whose game category is not known.
 */
export const GAME_CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'OTHER'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/**
 * How a game names the category of a round on the ledger: stakes (reserve, or a direct `bet`
 * transfer) and payouts carry `reference: { type: 'round:<CATEGORY>', id: <round id> }`. A
 * reservation's reference is copied to its post and its settle's payout, so setting it on the
 * reserve is enough. Any other reference counts as OTHER.
 */
export const GAME_ROUND_REFERENCE_PREFIX = 'round:';

export function gameRoundReferenceType(category: GameCategory): string {
  return `${GAME_ROUND_REFERENCE_PREFIX}${category}`;
}

export function gameCategoryOfReference(referenceType: string | null): GameCategory {
  if (referenceType === null || !referenceType.startsWith(GAME_ROUND_REFERENCE_PREFIX)) return 'OTHER';
  const category = referenceType.slice(GAME_ROUND_REFERENCE_PREFIX.length);
  return (GAME_CATEGORIES as readonly string[]).includes(category) ? (category as GameCategory) : 'OTHER';
}

/** Longest date range one query may cover, in days (both ends included). */
export const RECORDS_RANGE_DAYS_MAX = 93;
/** Days shown when the query names no range: today and the six before it. */
export const RECORDS_RANGE_DAYS_DEFAULT = 7;
export const RECORDS_PAGE_SIZE_MAX = 100;

export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date');

/** Record types as a comma-separated query value: `types=bet,payout`. */
const recordTypesQuerySchema = z
  .string()
  .max(400)
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  )
  .pipe(z.array(z.enum(RECORD_TYPES)).max(RECORD_TYPES.length));

/** A range of days in the member's time zone; `from` and `to` are both included. */
export const recordsRangeQuerySchema = z
  .object({
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });

/** GET /wps/member/records/transactions */
export const transactionHistoryQuerySchema = z
  .object({
    types: recordTypesQuerySchema.optional(),
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(RECORDS_PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type TransactionHistoryQuery = z.output<typeof transactionHistoryQuerySchema>;

export const transactionRecordSchema = z.object({
  id: z.number().int(),
  transferId: z.number().int(),
  type: z.enum(RECORD_TYPES),
  wallet: z.enum(RECORD_WALLETS),
  /** Signed from the member's view: money in is positive, money out negative. */
  amount: amountMinorSchema,
  balanceAfter: amountMinorSchema.nullable(),
  currency: currencyCodeSchema,
  createdAt: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  /** The sender's note on upline and downline transfers; null otherwise. */
  note: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const transactionHistoryValueSchema = pageOf(transactionRecordSchema).extend({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
});
export type TransactionHistoryValue = z.infer<typeof transactionHistoryValueSchema>;
export const transactionHistoryResponseSchema = okEnvelope(transactionHistoryValueSchema);

/** GET /wps/member/records/profit takes recordsRangeQuerySchema. */
export type ProfitQuery = z.output<typeof recordsRangeQuerySchema>;

export const profitFiguresSchema = z.object({
  /** Stakes net of voided and cancelled ones. */
  betAmount: amountMinorSchema,
  winAmount: amountMinorSchema,
  rebateAmount: amountMinorSchema,
  /** winAmount + rebateAmount - betAmount: positive when the member is ahead. */
  profit: amountMinorSchema,
});
export type ProfitFigures = z.infer<typeof profitFiguresSchema>;

export const profitCategorySchema = profitFiguresSchema.extend({ gameCategory: z.enum(GAME_CATEGORIES) });
export const profitDaySchema = profitFiguresSchema.extend({
  date: z.string(),
  categories: z.array(profitCategorySchema),
});

export const profitValueSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: currencyCodeSchema,
  /** Days with any movement, newest first. */
  days: z.array(profitDaySchema),
  categories: z.array(profitCategorySchema),
  total: profitFiguresSchema,
});
export type ProfitValue = z.infer<typeof profitValueSchema>;
export const profitResponseSchema = okEnvelope(profitValueSchema);
