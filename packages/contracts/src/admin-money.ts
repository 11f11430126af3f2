import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from './money.ts';
import { PAGE_SIZE_DEFAULT, pageOf } from './pagination.ts';
import { clientRequestIdSchema } from './transfers.ts';

/**
 * Manual credits and debits of a member's wallet by an operator, with a mandatory reason. Amounts
 * over the merchant's approval threshold wait for a second, different operator's approval.
 */
export const ADJUSTMENT_WALLETS = ['main', 'bonus', 'agent'] as const;
export type AdjustmentWallet = (typeof ADJUSTMENT_WALLETS)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
/** requested: waiting for approval; approved: the money moved (once); rejected: nothing moved. */
export const ADJUSTMENT_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const ADJUSTMENT_REASON_LENGTH_MAX = 500;
export const ADJUSTMENT_PAGE_SIZE_MAX = 100;

const reasonSchema = z
  .string()
  .trim()
  .min(1)
  .max(ADJUSTMENT_REASON_LENGTH_MAX)
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'no control characters');

/** POST /admin-api/members/:memberId/adjustments */
export const adjustmentCreateSchema = z
  .object({
    wallet: z.enum(ADJUSTMENT_WALLETS),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: positiveAmountMinorSchema,
    reason: reasonSchema,
    requestId: clientRequestIdSchema,
  })
  .strict();
export type AdjustmentCreate = z.output<typeof adjustmentCreateSchema>;

export const memberIdParamsSchema = z.object({ memberId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();
export const adjustmentIdParamsSchema = z.object({ adjustmentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

/** POST /admin-api/adjustments/:adjustmentId/approve and /reject */
export const adjustmentDecisionSchema = z.object({ note: z.string().trim().max(ADJUSTMENT_REASON_LENGTH_MAX).optional() }).strict();
export type AdjustmentDecision = z.output<typeof adjustmentDecisionSchema>;

export const adjustmentListQuerySchema = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  memberId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADJUSTMENT_PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type AdjustmentListQuery = z.output<typeof adjustmentListQuerySchema>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberUsername: z.string(),
  wallet: z.enum(ADJUSTMENT_WALLETS),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: amountMinorSchema,
  currency: currencyCodeSchema,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  needsApproval: z.boolean(),
  requestedBy: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  /** The ledger transfer, once the money moved. */
  ledgerTransferId: z.number().int().nullable(),
  /** The wallet's balance right after the money moved. */
  balanceAfter: amountMinorSchema.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdjustmentValue = z.infer<typeof adjustmentSchema>;
export const adjustmentResponseSchema = okEnvelope(adjustmentSchema);
export const adjustmentListResponseSchema = okEnvelope(pageOf(adjustmentSchema));

/** GET/PUT /admin-api/settings/adjustment-approval */
export const adjustmentApprovalSettingSchema = z
  .object({
    /** Adjustments of more than this need a second operator's approval; 0: every adjustment does. */
    approvalThresholdMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
export type AdjustmentApprovalSetting = z.output<typeof adjustmentApprovalSettingSchema>;
export const adjustmentApprovalSettingResponseSchema = okEnvelope(adjustmentApprovalSettingSchema);
