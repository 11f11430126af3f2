import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from './money.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { clientRequestIdSchema } from './transfers.ts';

/**
 * Payment (withdrawal) password, bank cards, withdrawals, receipt confirmation and identity checks.
 * Field names follow the spec's registration user (payeeName, paymentPassword).
 */

const PASSWORD_CEILING = 128;
const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

// ---- Payment password -----------------------------------------------------------------------

/** POST /wps/member/payment-password: the first payment password, proven by the login password. */
export const setPaymentPasswordRequestSchema = z
  .object({
    loginPassword: z.string().min(1).max(PASSWORD_CEILING),
    paymentPassword: z.string().max(PASSWORD_CEILING),
    confirmPaymentPassword: z.string().max(PASSWORD_CEILING),
  })
  .strict();
export type SetPaymentPasswordRequest = z.infer<typeof setPaymentPasswordRequestSchema>;

/** PUT /wps/member/payment-password: a new payment password, proven by the current one. */
export const changePaymentPasswordRequestSchema = z
  .object({
    oldPaymentPassword: z.string().min(1).max(PASSWORD_CEILING),
    newPaymentPassword: z.string().max(PASSWORD_CEILING),
    confirmNewPaymentPassword: z.string().max(PASSWORD_CEILING),
  })
  .strict();
export type ChangePaymentPasswordRequest = z.infer<typeof changePaymentPasswordRequestSchema>;

export const paymentPasswordResponseSchema = okEnvelope(z.object({ hasPaymentPassword: z.literal(true) }));

// ---- Banks and cards ------------------------------------------------------------------------

export const bankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const bankListResponseSchema = okEnvelope(z.array(bankSchema));

export const bankCardSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four digits are shown. */
  maskedAccountNumber: z.string(),
  /** The first withdrawal to a card asks for the login password once more. */
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type BankCardValue = z.infer<typeof bankCardSchema>;

export const bankCardListResponseSchema = okEnvelope(
  z.object({ list: z.array(bankCardSchema), cardsMax: z.number().int(), payeeName: z.string().nullable() }),
);
export const bankCardResponseSchema = okEnvelope(bankCardSchema);

/** POST /wps/member/bank-cards */
export const bindBankCardRequestSchema = z
  .object({
    bankCode: z.string().trim().min(1).max(32),
    accountName: z.string().trim().min(1).max(100),
    accountNumber: z.string().trim().min(1).max(40),
  })
  .strict();
export type BindBankCardRequest = z.infer<typeof bindBankCardRequestSchema>;

export const bankCardParamsSchema = z.object({ cardId: idParam });
export const removedResponseSchema = okEnvelope(z.object({ removed: z.literal(true) }));

// ---- Withdrawals ----------------------------------------------------------------------------

/** What a withdrawal's fee depends on; amounts in minor units. */
export type WithdrawalFeeRule = {
  /** The first N requests of a day carry no fee. */
  freePerDay: number;
  feeFixedMinor: number;
  /** Percent of the amount in basis points (100 = 1 %), rounded up to the minor unit. */
  feePercentBasisPoints: number;
};

/**
 * The fee of a request that is the `countToday`-th of the member's day (0-based): the one rule
 * the server charges and the withdraw page shows. Exact for every safe amount (integer arithmetic).
 */
export function withdrawalFeeOf(rule: WithdrawalFeeRule, amount: number, countToday: number): number {
  if (countToday < rule.freePerDay) return 0;
  const percent = (BigInt(amount) * BigInt(rule.feePercentBasisPoints) + 9_999n) / 10_000n;
  return rule.feeFixedMinor + Number(percent);
}

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid', 'confirmed_received', 'disputed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_CONFIRMATIONS = ['received', 'not_received', 'all_received', 'auto'] as const;
export type WithdrawalConfirmation = (typeof WITHDRAWAL_CONFIRMATIONS)[number];

export const withdrawalSchema = z.object({
  id: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  currency: currencyCodeSchema,
  /** Taken from the wallet. */
  amount: amountMinorSchema,
  fee: amountMinorSchema,
  /** Paid to the bank account: amount less fee. */
  netAmount: amountMinorSchema,
  bankCard: z.object({ id: z.number().int(), bankCode: z.string(), bankName: z.string(), maskedAccountNumber: z.string() }),
  rejectReason: z.string().nullable(),
  confirmation: z.enum(WITHDRAWAL_CONFIRMATIONS).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type WithdrawalValue = z.infer<typeof withdrawalSchema>;

export const withdrawalResponseSchema = okEnvelope(withdrawalSchema);
export const withdrawalPageResponseSchema = okEnvelope(pageOf(withdrawalSchema));

export const withdrawalListQuerySchema = pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() }).strict();

/** POST /wps/member/withdrawals */
export const withdrawalRequestSchema = z
  .object({
    bankCardId: z.number().int().min(1),
    amount: positiveAmountMinorSchema,
    paymentPassword: z.string().min(1).max(PASSWORD_CEILING),
    /** The first withdrawal to a card needs one of these: the login password or an SMS code. */
    loginPassword: z.string().min(1).max(PASSWORD_CEILING).optional(),
    verificationCode: z.string().trim().min(1).max(255).optional(),
    /** The client's id for this intent: a retry with the same id and content answers the first result. */
    requestId: clientRequestIdSchema,
  })
  .strict();
export type WithdrawalRequest = {
  bankCardId: number;
  amount: number;
  paymentPassword: string;
  loginPassword?: string | undefined;
  verificationCode?: string | undefined;
  requestId: string;
};

/** POST /wps/verification/sms/withdrawal: a code to the member's own mobile. */
export const withdrawalSmsResponseSchema = okEnvelope(z.object({ expiredMinutes: z.number().int() }));

export const withdrawalParamsSchema = z.object({ withdrawalId: idParam });

/** GET /wps/member/withdrawals/rules: what the form needs to know before a request. */
export const withdrawalRulesSchema = z.object({
  currency: currencyCodeSchema,
  minAmount: amountMinorSchema,
  maxAmount: amountMinorSchema,
  dailyCountMax: z.number().int(),
  usedToday: z.number().int(),
  feeFixed: amountMinorSchema,
  /** Percent fee in basis points (1/100 of a percent). */
  feePercentBasisPoints: z.number().int(),
  freePerDay: z.number().int(),
  availableBalance: amountMinorSchema,
  wageringRemaining: amountMinorSchema,
  hasPaymentPassword: z.boolean(),
  kycStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
  autoConfirmMinutes: z.number().int(),
});
export const withdrawalRulesResponseSchema = okEnvelope(withdrawalRulesSchema);

/** POST /wps/member/withdrawals/:withdrawalId/receipt (JSON): the member got the money. */
export const receiptRequestSchema = z.object({ result: z.literal('received') }).strict();
export const receiptAllResponseSchema = okEnvelope(z.object({ confirmedCount: z.number().int() }));

// ---- Identity verification ------------------------------------------------------------------

export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycSchema = z.object({
  id: z.number().int(),
  status: z.enum(KYC_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const kycStatusResponseSchema = okEnvelope(
  z.object({ status: z.enum(['none', ...KYC_STATUSES]), latest: kycSchema.nullable(), isRequiredForPayout: z.boolean() }),
);
export const kycResponseSchema = okEnvelope(kycSchema);

// ---- Back office ----------------------------------------------------------------------------

export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  bankCard: z.object({
    id: z.number().int(),
    bankCode: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  isKycRequired: z.boolean(),
  kycStatus: z.enum(['none', ...KYC_STATUSES]),
  disputeNote: z.string().nullable(),
  proofIds: z.array(z.number().int()),
  approvedAt: z.string().nullable(),
  approvedBy: z.number().int().nullable(),
  rejectedAt: z.string().nullable(),
  rejectedBy: z.number().int().nullable(),
  paidBy: z.number().int().nullable(),
});
export type AdminWithdrawalValue = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalResponseSchema = okEnvelope(adminWithdrawalSchema);
export const adminWithdrawalPageResponseSchema = okEnvelope(pageOf(adminWithdrawalSchema));

export const adminWithdrawalListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(WITHDRAWAL_STATUSES).optional(),
    memberId: z.coerce.number().int().min(1).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    /** ISO date-times; from inclusive, to exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const rejectRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

export const proofParamsSchema = z.object({ withdrawalId: idParam, proofId: idParam });

export const adminKycSchema = kycSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  reviewedBy: z.number().int().nullable(),
});
export const adminKycResponseSchema = okEnvelope(adminKycSchema);
export const adminKycPageResponseSchema = okEnvelope(pageOf(adminKycSchema));
export const adminKycListQuerySchema = pageQuerySchema.extend({ status: z.enum(KYC_STATUSES).optional() }).strict();
export const kycParamsSchema = z.object({ kycId: idParam });
export const kycImageParamsSchema = z.object({ kycId: idParam, side: z.enum(['front', 'back']) });
