import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { AMOUNT_MINOR_MAX, currencyCodeSchema } from './money.ts';
import { pageOf } from './pagination.ts';
import { roundOutcomeSchema } from './round-outcome.ts';

/**
 * Calls of the game wallets and bet records: transfer-style vendor wallets (GCS_walletTransfer and
 * the member centre's vendor balances), betting record, profit and loss, game recall, the winner
 * board and the deposit and valid-bet rankings.
 */

/** Minor-unit amounts as plain integers (reports add and subtract them; the ledger keeps them exact). */
const amountMinorSchema = z.number().int().min(-AMOUNT_MINOR_MAX).max(AMOUNT_MINOR_MAX);
const positiveAmountMinorSchema = z.number().int().min(1).max(AMOUNT_MINOR_MAX);
const walletNameSchema = z.string().regex(/^[A-Z0-9_]{1,32}$/, 'MAIN or a vendor code');
const requestIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, '8 to 64 letters, digits or dashes');
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const categorySchema = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
const vendorCodeSchema = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
const gameCodeSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

/** POST /wps/relay/GCS_walletTransfer: main wallet <-> one vendor wallet; one side is MAIN. */
export const walletTransferBodySchema = z
  .object({
    fromWallet: walletNameSchema,
    toWallet: walletNameSchema,
    amount: positiveAmountMinorSchema,
    /** The client's id of this transfer; a retry with the same id moves nothing more. */
    requestId: requestIdSchema,
  })
  .strict();

export const TRANSFER_STATUSES = ['SUCCEEDED', 'PENDING', 'FAILED'] as const;
export const walletTransferValueSchema = z.object({
  transferId: z.string(),
  vendorCode: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: amountMinorSchema,
  currency: currencyCodeSchema,
  status: z.enum(TRANSFER_STATUSES),
  mainBalance: amountMinorSchema,
});
export const walletTransferResponseSchema = okEnvelope(walletTransferValueSchema);

/** GET /wps/relay/GCS_walletBalances: the member's vendor wallets (null while a vendor does not answer). */
export const vendorWalletBalancesValueSchema = z.object({
  currency: currencyCodeSchema,
  mainBalance: amountMinorSchema,
  list: z.array(z.object({ vendorCode: z.string(), balance: amountMinorSchema.nullable() })),
});
export const vendorWalletBalancesResponseSchema = okEnvelope(vendorWalletBalancesValueSchema);

/** POST /wps/relay/GCS_walletRecallAll: "return all to main wallet". */
export const walletRecallAllBodySchema = z.object({ requestId: requestIdSchema }).strict();
export const walletRecallAllValueSchema = z.object({ mainBalance: amountMinorSchema, list: z.array(walletTransferValueSchema) });
export const walletRecallAllResponseSchema = okEnvelope(walletRecallAllValueSchema);

export const BET_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
export const BET_RESULTS = ['WIN', 'LOSE', 'TIE', 'PENDING', 'CANCELLED'] as const;

export const betRecordSchema = z.object({
  id: z.number().int(),
  roundId: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  /** The game's name in the caller's language; null when the game is no longer in the catalogue. */
  gameName: z.string().nullable(),
  /** The vendor's name; null when the vendor is no longer in the catalogue. */
  vendorName: z.string().nullable(),
  gameCategory: z.string(),
  currency: currencyCodeSchema,
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  winLoss: amountMinorSchema,
  status: z.enum(BET_STATUSES),
  result: z.enum(BET_RESULTS),
  isTrial: z.boolean(),
  betTime: z.string(),
  settleTime: z.string().nullable(),
  /** What the round showed, when its vendor reported it (reels, dice, cards…). */
  outcome: roundOutcomeSchema.nullable(),
  /** The round's detail and proof at its vendor (the house game server's verify pages); null where the vendor has none. */
  proofUrl: z.string().url().nullable(),
});

/** GET /wps/relay/GCS_personalHistory: the betting record (member centre page personalHistoryCopy). */
export const betHistoryQuerySchema = z
  .object({
    gameCategory: categorySchema.optional(),
    vendorCode: vendorCodeSchema.optional(),
    status: z.enum(BET_STATUSES).optional(),
    beginDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
const totalsSchema = z.object({
  count: z.number().int(),
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  winLoss: amountMinorSchema,
});
export const betHistoryValueSchema = pageOf(betRecordSchema).extend({ totals: totalsSchema });
export const betHistoryResponseSchema = okEnvelope(betHistoryValueSchema);

/** GET /wps/relay/GCS_personalProfit: profit and loss per day and category. */
export const profitQuerySchema = z.object({ beginDate: dateSchema.optional(), endDate: dateSchema.optional() }).strict();
export const profitValueSchema = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  days: z.array(totalsSchema.extend({ day: z.string(), categories: z.array(totalsSchema.extend({ gameCategory: z.string() })) })),
  totals: totalsSchema,
});
export const profitResponseSchema = okEnvelope(profitValueSchema);

/** GET /wps/relay/GCS_gameRecall: the member's last rounds of one game with their outcome. */
export const gameRecallQuerySchema = z
  .object({ vendorCode: vendorCodeSchema, gameCode: gameCodeSchema, limitNum: z.coerce.number().int().min(1).max(50).default(10) })
  .strict();
export const gameRecallResponseSchema = okEnvelope(z.object({ list: z.array(betRecordSchema) }));

export const rankListEntrySchema = z.object({
  iconUrl: z.string().nullable(),
  customerName: z.string(),
  gameName: z.string(),
  gameCode: z.string(),
  vendorCode: z.string(),
  winAmount: amountMinorSchema,
  currency: currencyCodeSchema,
  winTime: z.string(),
});
export const rankListResponseSchema = okEnvelope(z.object({ list: z.array(rankListEntrySchema) }));

/** GET /wps/relay/MCSFE_getDepositRank and MCSFE_getBetRank: top 20 of a period. */
export const RANK_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
/** The period in any case: the spec's pages ask with `period=day`. */
const rankPeriodQuery = z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(RANK_PERIODS));
export const rankingQuerySchema = z.object({ period: rankPeriodQuery.default('MONTH') }).strict();
/** GET /wps/relay/GCSGAME_getRankList: the winner board. */
export const rankListQuerySchema = z
  .object({
    gameCategory: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,32}$/)
      .default('ALL'),
    language: z.string().max(10).optional(),
    limitNum: z.coerce.number().int().min(1).max(20).default(20),
    /** The winner ranking page's period (today, this week, this month); without it the board's last days. */
    period: rankPeriodQuery.optional(),
  })
  .strict();
export const rankingEntrySchema = z.object({ rank: z.number().int(), customerName: z.string(), amount: amountMinorSchema });
export const rankingResponseSchema = okEnvelope(
  z.object({
    period: z.enum(RANK_PERIODS),
    beginTime: z.string(),
    endTime: z.string(),
    currency: currencyCodeSchema,
    list: z.array(rankingEntrySchema),
  }),
);
