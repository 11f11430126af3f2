import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { pageOf } from '../pagination.ts';
import { CONTRACT_KINDS } from './contract-tiers.ts';

/**
 * The operator's settlement calls of agent contracts (docs/agent-contracts.md, "Settlement"): re-run
 * a (contract, period) or a (kind, period), the payout records, the upline debts and settling one.
 * Under `/admin-api/agent-contracts`.
 */

export const DEBT_STATUSES = ['open', 'settled'] as const;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const usernameSchema = z.string().trim().min(1).max(64);
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const localDate = z.iso.date();
/** An instant with its offset (`2026-11-26T10:00:00+07:00`, `2026-11-26T03:00:00Z`). */
const instant = z.iso.datetime({ offset: true });

/** One payout record: what a contract's holder was credited for a period, with the inputs that explain it. */
export const contractPayoutSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  holderId: z.number().int(),
  holderUsername: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** An hourly wage's hour, a real-time salary's 5-minute slot: the instants it starts and ends (ISO); null for the day kinds. */
  slotStart: z.string().nullable(),
  slotEnd: z.string().nullable(),
  currency: z.string(),
  metrics: z.object({ bet: z.number(), validBet: z.number(), activeMembers: z.number(), netLoss: z.number() }),
  tier: z.number().int().nullable(),
  rateBasisPoints: z.number().int(),
  ownAmount: z.number().int(),
  downlineAmounts: z.array(z.object({ contractId: z.number().int(), holderId: z.number().int(), amount: z.number().int() })),
  payout: z.number().int(),
  clampAmount: z.number().int(),
  paidBy: z.enum(['house', 'upline', 'platform']),
  payerMemberId: z.number().int().nullable(),
  /** What this payout took back for corrections that found earlier periods overpaid. */
  deductedAmount: z.number().int(),
  createdAt: z.string(),
});
export type ContractPayout = z.output<typeof contractPayoutSchema>;

const settledPayoutSchema = z.object({ payout: contractPayoutSchema, isReplay: z.boolean() });

/**
 * Which period a re-run settles: `{ day }` for a dividend (the period holding the day) or a daily
 * wage; `{ periodStart }` for an hourly wage (the start of an hour of the merchant's clock) or a
 * real-time salary (the start of a 5-minute slot). Exactly one of the two.
 */
const periodChoice = { day: localDate.optional(), periodStart: instant.optional() };
const oneOfDayOrPeriodStart = (b: { day?: string | undefined; periodStart?: string | undefined }) =>
  (b.day === undefined) !== (b.periodStart === undefined);
export type RerunPeriod = { day: string } | { periodStart: string };

/** POST /admin-api/agent-contracts/:contractId/settlements `{ day }` or `{ periodStart }`. */
export const contractIdParamsSchema = z.strictObject({ contractId: idSchema });
export const rerunContractRequestSchema = z.strictObject(periodChoice).refine(oneOfDayOrPeriodStart, 'day or periodStart');
/** `settled: null` when nothing is due: the period is not over, the contract was not in force at its end, or the kind is paused. */
export const rerunContractResponseSchema = okEnvelope(z.object({ settled: settledPayoutSchema.nullable() }));

/** POST /admin-api/agent-contracts/settlements `{ kind, day }` or `{ kind, periodStart }`: every contract of the kind, for the period. */
export const rerunKindRequestSchema = z
  .strictObject({ kind: z.enum(CONTRACT_KINDS), ...periodChoice })
  .refine(oneOfDayOrPeriodStart, 'day or periodStart');
export const rerunKindResponseSchema = okEnvelope(z.object({ settled: z.array(settledPayoutSchema) }));

/** GET /admin-api/agent-contracts/payouts */
export const adminPayoutListQuerySchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS).optional(),
  holderUsername: usernameSchema.optional(),
  from: localDate.optional(),
  to: localDate.optional(),
  pageNo,
  pageSize,
});
export type AdminPayoutListQuery = z.output<typeof adminPayoutListQuerySchema>;
export const adminPayoutPageResponseSchema = okEnvelope(pageOf(contractPayoutSchema));

/** What an upline owes for a downline payout the platform made on its behalf. */
export const contractDebtSchema = z.object({
  id: z.number().int(),
  payoutId: z.number().int(),
  contractId: z.number().int(),
  debtorId: z.number().int(),
  debtorUsername: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(DEBT_STATUSES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ContractDebt = z.output<typeof contractDebtSchema>;

/** GET /admin-api/agent-contracts/debts */
export const adminDebtListQuerySchema = z.strictObject({
  status: z.enum(DEBT_STATUSES).optional(),
  debtorUsername: usernameSchema.optional(),
  pageNo,
  pageSize,
});
export type AdminDebtListQuery = z.output<typeof adminDebtListQuerySchema>;
export const adminDebtPageResponseSchema = okEnvelope(pageOf(contractDebtSchema));

/** POST /admin-api/agent-contracts/debts/:debtId/settle: the debtor's agent wallet pays the platform back. */
export const debtIdParamsSchema = z.strictObject({ debtId: idSchema });
/** `isReplay`: the debt was settled already, nothing moved. */
export const settleDebtResponseSchema = okEnvelope(z.object({ debt: contractDebtSchema, isReplay: z.boolean() }));
