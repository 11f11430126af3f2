import { z } from 'zod';
import { pendingContractRequestTypeSchema } from './agents/agent-contracts.ts';
import { okEnvelope } from './envelope.ts';
import { localisedTextSchema } from './games.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from './money.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

export const DEPOSIT_CHANNEL_TYPES = ['bank_transfer', 'gateway'] as const;
export type DepositChannelType = (typeof DEPOSIT_CHANNEL_TYPES)[number];

export const DEPOSIT_ORDER_STATUSES = ['pending', 'paid', 'rejected', 'failed', 'expired'] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

/** Longest tutorial text per language; a tutorial is a few short paragraphs. */
export const DEPOSIT_TUTORIAL_LENGTH_MAX = 4_000;
export const DEPOSIT_REJECT_REASON_LENGTH_MAX = 500;
/** The code a player quotes in the transfer note: short, upper case, no look-alike characters. */
export const DEPOSIT_REFERENCE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** GET|POST /wps/relay/GCS_merchantWallet */
export const merchantWalletValueSchema = z.object({
  /**
   * true: one seamless wallet for every game; false: some game vendor keeps its own wallet (the
   * operator chose transfer mode, or a transfer-style vendor is enabled), so the site lists the
   * vendor wallets with transfer in, transfer out and return all.
   */
  isSingle: z.boolean(),
});
export const merchantWalletResponseSchema = okEnvelope(merchantWalletValueSchema);

/** GET /wps/member/info/funds/consolidated */
export const consolidatedFundsValueSchema = z.object({
  currency: currencyCodeSchema,
  /** Everything the member holds: main and bonus wallets and the money in vendor wallets. */
  sumBalance: amountMinorSchema,
  mainBalance: amountMinorSchema,
  /** Money held in transfer-style vendors' own wallets (part of sumBalance, not withdrawable until returned). */
  vendorBalance: amountMinorSchema,
  /** false when a vendor did not answer: its wallet is missing from vendorBalance and sumBalance. */
  isVendorBalanceComplete: z.boolean(),
  /** What a withdrawal may take now: the main wallet. */
  withdrawableBalance: amountMinorSchema,
  bonusBalance: amountMinorSchema,
  agentBalance: amountMinorSchema,
  lockedBalance: amountMinorSchema,
  /**
   * The spec's consolidated keys for contract requests (docs/agent-contracts.md): per kind, the type
   * of the oldest request waiting for the member's answer (`new` offer or `termination`), or null.
   * Daily wage, dividend, hourly wage, real-time salary.
   */
  dailysalreqtype: pendingContractRequestTypeSchema,
  divtypereq: pendingContractRequestTypeSchema,
  contracthoursalreq: pendingContractRequestTypeSchema,
  realtimesalreqtype: pendingContractRequestTypeSchema,
});
export const consolidatedFundsResponseSchema = okEnvelope(consolidatedFundsValueSchema);

export const bankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string().nullable(),
});

/** A channel as a player sees it: limits, the operator's bank details or nothing, the tutorial. */
export const memberDepositChannelSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEPOSIT_CHANNEL_TYPES),
  /** In the caller's language when the operator named it so, else the channel's one name. */
  name: z.string(),
  currency: currencyCodeSchema,
  minAmount: amountMinorSchema,
  maxAmount: amountMinorSchema,
  bank: bankDetailsSchema.nullable(),
  /** In the caller's language (Vietnamese unless the client asks for another). */
  tutorial: z.string(),
});
export const memberDepositChannelsResponseSchema = okEnvelope(z.object({ list: z.array(memberDepositChannelSchema) }));

/** POST /wps/member/deposit/orders */
export const createDepositBodySchema = z
  .object({
    channelId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    amount: positiveAmountMinorSchema,
  })
  .strict();

export const memberDepositOrderSchema = z.object({
  orderNo: z.string(),
  channelId: z.number().int(),
  type: z.enum(DEPOSIT_CHANNEL_TYPES),
  currency: currencyCodeSchema,
  amount: amountMinorSchema,
  creditedAmount: amountMinorSchema.nullable(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  /** Bank transfers: the code to write in the transfer note. */
  referenceCode: z.string(),
  /** Where to send the player to pay (gateway deposits while pending); null otherwise. */
  redirectUrl: z.string().nullable(),
  /** Bank transfers: where to send the money. */
  bank: bankDetailsSchema.nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
});
export const memberDepositOrderResponseSchema = okEnvelope(memberDepositOrderSchema);
export const memberDepositOrdersQuerySchema = pageQuerySchema.extend({ status: z.enum(DEPOSIT_ORDER_STATUSES).optional() }).strict();
export const memberDepositOrdersResponseSchema = okEnvelope(pageOf(memberDepositOrderSchema));
export const orderNoParamsSchema = z.object({ orderNo: z.string().regex(DEPOSIT_REFERENCE_CODE_PATTERN) });

// Back office

const tutorialSchema = z
  .object({
    vi: z.string().max(DEPOSIT_TUTORIAL_LENGTH_MAX),
    en: z.string().max(DEPOSIT_TUTORIAL_LENGTH_MAX),
  })
  .strict();
const channelCommon = {
  name: z.string().trim().min(1).max(100),
  /** The name per language (`en`, `zh-CN`…); `name` answers for a language the map lacks. */
  names: localisedTextSchema
    .refine((map) => Object.values(map).every((text) => text.trim().length >= 1 && text.length <= 100), {
      message: 'each name is 1 to 100 characters',
    })
    .optional(),
  currency: currencyCodeSchema.optional(),
  minAmount: positiveAmountMinorSchema,
  maxAmount: positiveAmountMinorSchema,
  isEnabled: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  tutorial: tutorialSchema,
};
const bankText = (max: number) => z.string().trim().min(1).max(max);

/** POST /admin-api/deposit/channels and PUT /admin-api/deposit/channels/:id (the whole channel). */
export const adminDepositChannelBodySchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('bank_transfer'),
      ...channelCommon,
      bankName: bankText(100),
      bankAccountName: bankText(100),
      bankAccountNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z -]{4,40}$/),
      bankBranch: bankText(100).nullable().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('gateway'),
      ...channelCommon,
      gatewayCode: z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/),
    })
    .strict(),
]);
export type AdminDepositChannelBody = z.infer<typeof adminDepositChannelBodySchema>;

export const adminDepositChannelSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEPOSIT_CHANNEL_TYPES),
  name: z.string(),
  names: z.record(z.string(), z.string()),
  currency: currencyCodeSchema,
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankBranch: z.string().nullable(),
  gatewayCode: z.string().nullable(),
  minAmount: amountMinorSchema,
  maxAmount: amountMinorSchema,
  isEnabled: z.boolean(),
  sort: z.number().int(),
  tutorial: z.object({ vi: z.string(), en: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminDepositChannelResponseSchema = okEnvelope(adminDepositChannelSchema);
export const adminDepositChannelsResponseSchema = okEnvelope(z.object({ list: z.array(adminDepositChannelSchema) }));
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const adminDepositOrdersQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
    type: z.enum(DEPOSIT_CHANNEL_TYPES).optional(),
    channelId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    memberId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    referenceCode: z.string().regex(DEPOSIT_REFERENCE_CODE_PATTERN).optional(),
    /** ISO date-times; from inclusive, to exclusive, on the order's creation time. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const adminDepositOrderSchema = memberDepositOrderSchema.omit({ bank: true, redirectUrl: true }).extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  gatewayCode: z.string().nullable(),
  gatewayTxId: z.string().nullable(),
  ledgerTransferId: z.number().int().nullable(),
  decidedByAdminId: z.number().int().nullable(),
});
export const adminDepositOrderResponseSchema = okEnvelope(adminDepositOrderSchema);
export const adminDepositOrdersResponseSchema = okEnvelope(pageOf(adminDepositOrderSchema));

export const confirmDepositBodySchema = z
  .object({
    /** What actually arrived on the operator's account, when it differs from the requested amount. */
    actualAmount: positiveAmountMinorSchema.optional(),
  })
  .strict();
export const rejectDepositBodySchema = z
  .object({
    reason: z.string().trim().min(1).max(DEPOSIT_REJECT_REASON_LENGTH_MAX),
  })
  .strict();
