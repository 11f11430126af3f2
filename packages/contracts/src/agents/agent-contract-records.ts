import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { amountMinorSchema, currencyCodeSchema } from '../money.ts';
import { PAGE_SIZE_DEFAULT, pageOf } from '../pagination.ts';
import { CONTRACT_KINDS } from './contract-tiers.ts';

/**
 * The agent's own contract payouts (docs/agent-contracts.md, "Settlement"): one record per settled
 * (contract, period) with the inputs that explain it. Agent call per kind, in the relay style of
 * the other contract calls: `MCSFE_get<Name>ContractRecords` (GET for dividend and daily wage, POST
 * for the hourly and real-time salaries). Days are the merchant's calendar days.
 */

/** Longest range of period starts one call covers, in days (both ends included). */
export const CONTRACT_RECORDS_RANGE_DAYS_MAX = 93;
export const CONTRACT_RECORDS_PAGE_SIZE_MAX = 100;

const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date');

/** Records whose period starts between `from` and `to` (both included); by default the last 30 days. */
export const contractRecordsQuerySchema = z
  .strictObject({
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(CONTRACT_RECORDS_PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .superRefine((q, ctx) => {
    if (q.from === undefined || q.to === undefined) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
    else if ((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1 > CONTRACT_RECORDS_RANGE_DAYS_MAX)
      ctx.addIssue({ code: 'custom', message: 'the range is too long', path: ['to'] });
  });
export type ContractRecordsQuery = z.output<typeof contractRecordsQuerySchema>;

export const CONTRACT_PAYERS = ['house', 'upline', 'platform'] as const;

export const contractRecordSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** An hourly wage's hour, a real-time salary's 5-minute slot: the instant it starts (ISO); null for the day kinds. */
  slotStart: z.string().nullable(),
  /** The team's figures over the period the tiers were read at. */
  metrics: z.object({
    bet: amountMinorSchema,
    validBet: amountMinorSchema,
    activeMembers: z.number().int(),
    netLoss: amountMinorSchema,
  }),
  /** The tier reached (0 = the first), null when none was. */
  tier: z.number().int().nullable(),
  rateBasisPoints: z.number().int(),
  /** The rate × the base: what the agent was credited by its upline (or the house). */
  ownAmount: amountMinorSchema,
  /** What the agent paid each direct downline holding a contract of the kind. */
  downlines: z.array(z.object({ username: z.string(), amount: amountMinorSchema })),
  /** What this payout took back for corrections that found earlier periods overpaid (given back to whoever paid them). */
  deductedAmount: amountMinorSchema,
  /** What the agent kept: own amount less the downlines', never below zero. */
  payout: amountMinorSchema,
  /** What the house added so that paying the downlines never cost the agent money. */
  clampAmount: amountMinorSchema,
  /** Who paid the own amount: the house (a top-level agent), the upline, or the platform for an upline that could not. */
  paidBy: z.enum(CONTRACT_PAYERS),
  payerUsername: z.string().nullable(),
  settledAt: z.string(),
});
export type ContractRecord = z.infer<typeof contractRecordSchema>;

export const contractRecordTotalsSchema = z.object({
  count: z.number().int(),
  ownAmount: amountMinorSchema,
  downlineAmount: amountMinorSchema,
  payout: amountMinorSchema,
  clampAmount: amountMinorSchema,
});
export type ContractRecordTotals = z.infer<typeof contractRecordTotalsSchema>;

/** One day of the range's chart: the own amounts and payouts of the periods starting that day. */
export const contractRecordDaySchema = z.object({
  day: z.string(),
  ownAmount: amountMinorSchema,
  payout: amountMinorSchema,
});
export type ContractRecordDay = z.infer<typeof contractRecordDaySchema>;

export const contractRecordsValueSchema = pageOf(contractRecordSchema).extend({
  from: z.string(),
  to: z.string(),
  currency: currencyCodeSchema,
  /** Every record of the range, not only this page. */
  totals: contractRecordTotalsSchema,
  /** Every record of the range summed per day of its period's start, oldest first (days without a record left out). */
  byDay: z.array(contractRecordDaySchema),
});
export type ContractRecordsValue = z.infer<typeof contractRecordsValueSchema>;
export const contractRecordsResponseSchema = okEnvelope(contractRecordsValueSchema);
