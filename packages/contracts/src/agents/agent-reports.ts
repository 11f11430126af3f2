import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { amountMinorSchema, currencyCodeSchema } from '../money.ts';
import { PAGE_SIZE_DEFAULT, pageOf } from '../pagination.ts';

/**
 * The agent centre's report pages: team overview (`agentTeamOverview`), team betting
 * (`personalHistoryCopy`), subordinate profit and loss (`palStatementsAgentCopy`), my income
 * (`agentRevenueReport`) and team transactions (`agentDownlineTransactionDetailsCopy`). Every call is
 * under `/wps/agent/reports/...` and reads only the caller's own subtree. Days are calendar days in
 * the merchant's time zone; amounts are minor units of the agent's currency.
 */

/** The periods a report is asked for; `range` takes `from` and `to` (both included). */
export const REPORT_PERIODS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'range'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** Longest range one report covers, in days (both ends included). */
export const AGENT_REPORT_RANGE_DAYS_MAX = 93;
export const AGENT_REPORT_PAGE_SIZE_MAX = 100;
/** Deepest level a level filter may name (level 1 is the direct downline). */
export const TEAM_LEVEL_MAX = 50;

const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date');

const usernameFilterSchema = z.string().trim().min(1).max(64);

const periodFields = {
  period: z.enum(REPORT_PERIODS).default('today'),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
};

type PeriodFields = { period: ReportPeriod; from?: string | undefined; to?: string | undefined };

/** A `range` names both ends, in order, at most AGENT_REPORT_RANGE_DAYS_MAX days apart. */
function checkRange(q: PeriodFields, ctx: z.RefinementCtx): void {
  if (q.period !== 'range') return;
  if (q.from === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a range needs a first day', path: ['from'] });
    return;
  }
  if (q.to === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a range needs a last day', path: ['to'] });
    return;
  }
  if (q.from > q.to) {
    ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
    return;
  }
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > AGENT_REPORT_RANGE_DAYS_MAX) ctx.addIssue({ code: 'custom', message: 'the range is too long', path: ['to'] });
}

const pageFields = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_REPORT_PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** The period a report answered for, resolved to days of the merchant's time zone. */
export const reportPeriodSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
});
export type ReportPeriodValue = z.infer<typeof reportPeriodSchema>;

/** One member of the agent's team as the reports name it; level 1 is the agent's direct downline. */
export const teamMemberRefSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int().min(1),
});

// ---------------------------------------------------------------------------------------------
// agentTeamOverview: GET /wps/agent/reports/overview

export const teamOverviewQuerySchema = z.object(periodFields).superRefine(checkRange);
export type TeamOverviewQuery = z.output<typeof teamOverviewQuerySchema>;

/** One day of the overview's chart series. */
export const teamOverviewDaySchema = z.object({
  day: z.string(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  depositAmount: amountMinorSchema,
  withdrawalAmount: amountMinorSchema,
  validBet: amountMinorSchema,
  /** The team's result from the members' side: payout less stake (positive: the team won). */
  winLoss: amountMinorSchema,
});
export type TeamOverviewDay = z.infer<typeof teamOverviewDaySchema>;

export const teamOverviewValueSchema = z.object({
  period: reportPeriodSchema,
  currency: currencyCodeSchema,
  /** Everyone in the team now, whatever the period, by level below the agent. */
  teamSize: z.object({
    total: z.number().int(),
    byLevel: z.array(z.object({ level: z.number().int().min(1), count: z.number().int() })),
  }),
  /** Members who joined the team during the period. */
  newMembers: z.number().int(),
  /** Members who played at least one round during the period. */
  activeMembers: z.number().int(),
  deposits: z.object({ amount: amountMinorSchema, count: z.number().int() }),
  withdrawals: z.object({ amount: amountMinorSchema, count: z.number().int() }),
  betCount: z.number().int(),
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  /** The team's result from the members' side: payout less stake. */
  winLoss: amountMinorSchema,
  /** Each day of the period, oldest first, days without activity included. */
  days: z.array(teamOverviewDaySchema),
});
export type TeamOverviewValue = z.infer<typeof teamOverviewValueSchema>;
export const teamOverviewResponseSchema = okEnvelope(teamOverviewValueSchema);

// ---------------------------------------------------------------------------------------------
// personalHistoryCopy (team betting): GET /wps/agent/reports/team-bets

export const TEAM_BET_STATUSES = ['open', 'settled', 'cancelled'] as const;

export const teamBetsQuerySchema = z
  .object({
    ...periodFields,
    /** One member of the team, by username (any case). */
    username: usernameFilterSchema.optional(),
    level: z.coerce.number().int().min(1).max(TEAM_LEVEL_MAX).optional(),
    gameCategory: z.string().trim().min(1).max(32).optional(),
    vendorCode: z.string().trim().min(1).max(64).optional(),
    status: z.enum(TEAM_BET_STATUSES).optional(),
    ...pageFields,
  })
  .superRefine(checkRange);
export type TeamBetsQuery = z.output<typeof teamBetsQuerySchema>;

export const teamBetSchema = z.object({
  id: z.number().int(),
  member: teamMemberRefSchema,
  vendorCode: z.string(),
  /** The vendor's and the game's names in the caller's language; null where the catalogue no longer names them. */
  vendorName: z.string().nullable(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  gameCategory: z.string(),
  roundId: z.string(),
  status: z.enum(TEAM_BET_STATUSES),
  betCount: z.number().int(),
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  winLoss: amountMinorSchema,
  openedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TeamBet = z.infer<typeof teamBetSchema>;

export const betTotalsSchema = z.object({
  count: z.number().int(),
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  winLoss: amountMinorSchema,
});

export const teamBetsValueSchema = pageOf(teamBetSchema).extend({
  period: reportPeriodSchema,
  currency: currencyCodeSchema,
  /** Every record the filters match, not only this page. */
  totals: betTotalsSchema,
});
export type TeamBetsValue = z.infer<typeof teamBetsValueSchema>;
export const teamBetsResponseSchema = okEnvelope(teamBetsValueSchema);

// ---------------------------------------------------------------------------------------------
// palStatementsAgentCopy (subordinate profit and loss): GET /wps/agent/reports/subordinate-pl

export const subordinateProfitQuerySchema = z
  .object({
    ...periodFields,
    /** Drill down: the rows are this team member's direct downline (default: the agent's own). */
    parent: usernameFilterSchema.optional(),
    ...pageFields,
  })
  .superRefine(checkRange);
export type SubordinateProfitQuery = z.output<typeof subordinateProfitQuerySchema>;

/** A member's figures with its whole team below it, over the period. */
export const teamFiguresSchema = z.object({
  betCount: z.number().int(),
  stake: amountMinorSchema,
  validBet: amountMinorSchema,
  payout: amountMinorSchema,
  /** Payout less stake: the members' result (positive: they won). */
  winLoss: amountMinorSchema,
  depositAmount: amountMinorSchema,
  withdrawalAmount: amountMinorSchema,
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const subordinateRowSchema = teamFiguresSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  /** The member and everyone below it. */
  teamSize: z.number().int(),
});
export type SubordinateRow = z.infer<typeof subordinateRowSchema>;

export const subordinateProfitValueSchema = pageOf(subordinateRowSchema).extend({
  period: reportPeriodSchema,
  currency: currencyCodeSchema,
  /** From the agent down to the member whose downline is listed (the agent first). */
  breadcrumb: z.array(z.object({ memberId: z.number().int(), username: z.string() })),
  /** The listed member's own play (its team below is in the rows); zero for the agent's own. */
  self: teamFiguresSchema,
  /** Every row of every page, plus `self`. */
  totals: teamFiguresSchema,
});
export type SubordinateProfitValue = z.infer<typeof subordinateProfitValueSchema>;
export const subordinateProfitResponseSchema = okEnvelope(subordinateProfitValueSchema);

// ---------------------------------------------------------------------------------------------
// agentRevenueReport (my income): GET /wps/agent/reports/income

/**
 * Kinds of income an agent receives. Contract payouts (dividend, daily wages, salaries) arrive with
 * the contracts issue: each is appended here with the ledger codes it reads, and the page shows it
 * with no other change.
 */
export const AGENT_INCOME_KINDS = ['downline_transfer', 'red_envelope_return'] as const;
export type AgentIncomeKind = (typeof AGENT_INCOME_KINDS)[number];

export const agentIncomeQuerySchema = z
  .object({
    ...periodFields,
    kind: z.enum(AGENT_INCOME_KINDS).optional(),
    ...pageFields,
  })
  .superRefine(checkRange);
export type AgentIncomeQuery = z.output<typeof agentIncomeQuerySchema>;

export const agentIncomeLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AGENT_INCOME_KINDS),
  amount: amountMinorSchema,
  /** Which of the agent's wallets received it. */
  wallet: z.enum(['main', 'agent']),
  /** The member it came from, when the line names one (a downline transfer's sender). */
  fromUsername: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AgentIncomeLine = z.infer<typeof agentIncomeLineSchema>;

export const agentIncomeValueSchema = pageOf(agentIncomeLineSchema).extend({
  period: reportPeriodSchema,
  currency: currencyCodeSchema,
  /** Every kind, in AGENT_INCOME_KINDS order, with its total over the period (0 when none). */
  byKind: z.array(z.object({ kind: z.enum(AGENT_INCOME_KINDS), amount: amountMinorSchema, count: z.number().int() })),
  total: amountMinorSchema,
  /** Each day of the period, oldest first: the income of each kind that day. */
  days: z.array(z.object({ day: z.string(), amounts: z.record(z.string(), amountMinorSchema), total: amountMinorSchema })),
});
export type AgentIncomeValue = z.infer<typeof agentIncomeValueSchema>;
export const agentIncomeResponseSchema = okEnvelope(agentIncomeValueSchema);

// ---------------------------------------------------------------------------------------------
// agentDownlineTransactionDetailsCopy (team transactions): GET /wps/agent/reports/team-transactions

export const TEAM_TRANSACTION_KINDS = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'bonus'] as const;
export type TeamTransactionKind = (typeof TEAM_TRANSACTION_KINDS)[number];

export const teamTransactionsQuerySchema = z
  .object({
    ...periodFields,
    username: usernameFilterSchema.optional(),
    kind: z.enum(TEAM_TRANSACTION_KINDS).optional(),
    ...pageFields,
  })
  .superRefine(checkRange);
export type TeamTransactionsQuery = z.output<typeof teamTransactionsQuerySchema>;

export const teamTransactionSchema = z.object({
  id: z.number().int(),
  member: teamMemberRefSchema,
  kind: z.enum(TEAM_TRANSACTION_KINDS),
  /** Signed from the member's side: money in is positive, out negative. */
  amount: amountMinorSchema,
  balanceAfter: amountMinorSchema.nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;

export const teamTransactionsValueSchema = pageOf(teamTransactionSchema).extend({
  period: reportPeriodSchema,
  currency: currencyCodeSchema,
  /** Sums over the period for the whole team (or the chosen member), each kind as a positive amount. */
  totals: z.object({
    depositAmount: amountMinorSchema,
    depositCount: z.number().int(),
    withdrawalAmount: amountMinorSchema,
    withdrawalCount: z.number().int(),
    transferInAmount: amountMinorSchema,
    transferOutAmount: amountMinorSchema,
    bonusAmount: amountMinorSchema,
  }),
});
export type TeamTransactionsValue = z.infer<typeof teamTransactionsValueSchema>;
export const teamTransactionsResponseSchema = okEnvelope(teamTransactionsValueSchema);
