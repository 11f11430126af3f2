import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { GAME_CATEGORIES } from './games.ts';
import { AMOUNT_MINOR_MAX, currencyCodeSchema } from './money.ts';
import { PAGE_SIZE_DEFAULT, pageOf } from './pagination.ts';
import { localDateSchema } from './records.ts';
import { clientRequestIdSchema } from './transfers.ts';

/**
 * VIP levels and rebates (docs/vip-and-rebates.md). Member calls under `/wps/member/vip` and
 * `/wps/member/rebates` in the relay style (`MCSFE_` reads, `MCS2_` actions); operator calls under
 * `/admin-api/vip`. Amounts are minor units; rates are parts per million of the valid bet
 * (10,000 = 1 %). Days are the merchant's calendar days.
 */

/** The spec's rebate periods: D daily, W weekly (Monday to Sunday), H half-monthly (1–15, 16–end), M monthly. */
export const REBATE_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type RebatePeriod = (typeof REBATE_PERIODS)[number];

/** `auto`: paid by the settlement job; `claim`: accrued for the member to claim (`manualRebate`). */
export const REBATE_MODES = ['auto', 'claim'] as const;
export type RebateMode = (typeof REBATE_MODES)[number];

/**
 * A rebate line's state: `paid` (auto, credited), `accrued` (claim mode, waiting for the member),
 * `claimed` (credited by the member's claim), `withheld` (nothing paid: the member was self-excluded,
 * on a break or locked when the period was settled).
 */
export const REBATE_LINE_STATUSES = ['paid', 'accrued', 'claimed', 'withheld'] as const;
export type RebateLineStatus = (typeof REBATE_LINE_STATUSES)[number];

/** The window VIP thresholds are measured over: the last 30 days, or the calendar month so far. */
export const VIP_WINDOWS = ['rolling30', 'calendarMonth'] as const;
export type VipWindow = (typeof VIP_WINDOWS)[number];

/** How often a level's periodic bonus is due. */
export const VIP_BONUS_PERIODS = ['W', 'M'] as const;

export const VIP_LEVELS_MAX = 20;
export const REBATE_RULES_MAX = 500;
/** The highest rebate rate, in parts per million (5 %). */
export const REBATE_RATE_PPM_MAX = 50_000;
export const REBATE_RECORDS_RANGE_DAYS_MAX = 93;

/** Amounts in minor units, plain numbers (the pages only show them). */
const amountMinorSchema = z.number().int().min(-AMOUNT_MINOR_MAX).max(AMOUNT_MINOR_MAX);

const nameSchema = z.string().trim().min(1).max(40);
const threshold = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One level of the ladder, as an operator sets it. */
export const vipLevelInputSchema = z.strictObject({
  /** 0 for the entry level, then 1, 2, …: the rank level `clubLabel.rankLevel` carries. */
  level: z
    .number()
    .int()
    .min(0)
    .max(VIP_LEVELS_MAX - 1),
  /** Short code shown as the club label (VIP0…). */
  code: z.string().trim().min(1).max(16),
  /** Names per language; Vietnamese and English at least. */
  names: z.object({ vi: nameSchema, en: nameSchema }).catchall(nameSchema),
  /** Reached when both are met over the window. */
  minDeposit: threshold,
  minValidBet: threshold,
  /** Kept while both are met over the window; otherwise one level down at the evaluation (0: not used). */
  keepDeposit: threshold,
  keepValidBet: threshold,
  /** Paid once per member the first time it reaches the level (cash). */
  upgradeBonus: threshold,
  /** Paid once per (member, week or month) to the members holding the level when the period is over. */
  periodicBonus: threshold,
  periodicPeriod: z.enum(VIP_BONUS_PERIODS).nullable(),
});
export type VipLevelInput = z.output<typeof vipLevelInputSchema>;

/**
 * The version of a rule set saved whole (the ladder, the rebate rules, the cashback rules): read with
 * the set, sent back with the save; a save whose version is no longer the stored one is refused with
 * `vip_rules_changed` (someone else saved in between) and changes nothing.
 */
const ruleSetVersionSchema = z.number().int().min(0).max(2_147_483_647);

/** PUT /admin-api/vip/levels: the whole ladder, levels 0…n−1 with thresholds that never go down. */
export const setVipLevelsRequestSchema = z
  .strictObject({ levels: z.array(vipLevelInputSchema).min(1).max(VIP_LEVELS_MAX), version: ruleSetVersionSchema })
  .superRefine((v, ctx) => {
    const sorted = [...v.levels].sort((a, b) => a.level - b.level);
    sorted.forEach((l, i) => {
      if (l.level !== i) ctx.addIssue({ code: 'custom', message: 'levels must be 0, 1, 2, … without gaps', path: ['levels'] });
      const before = sorted[i - 1];
      if (before && (l.minDeposit < before.minDeposit || l.minValidBet < before.minValidBet)) {
        ctx.addIssue({ code: 'custom', message: 'a higher level must not ask less than the one below it', path: ['levels'] });
      }
    });
    if ((sorted[0]?.minDeposit ?? 0) !== 0 || (sorted[0]?.minValidBet ?? 0) !== 0) {
      ctx.addIssue({ code: 'custom', message: 'level 0 asks nothing', path: ['levels'] });
    }
  });
export type SetVipLevelsRequest = z.output<typeof setVipLevelsRequestSchema>;

export const vipLevelSchema = vipLevelInputSchema.extend({ names: z.record(z.string(), z.string()) });
export type VipLevel = z.output<typeof vipLevelSchema>;
export const vipLevelsResponseSchema = okEnvelope(
  z.object({
    levels: z.array(vipLevelSchema),
    version: ruleSetVersionSchema,
    /** The window the thresholds are measured over (the `vip.policy` setting); a save answers it too. */
    window: z.enum(VIP_WINDOWS),
  }),
);

/** GET /admin-api/vip/levels/:level/members: a page of the members holding a level (1 and up), the latest to reach it first. */
export const vipLevelMembersParamsSchema = z.strictObject({
  level: z.coerce
    .number()
    .int()
    .min(1)
    .max(VIP_LEVELS_MAX - 1),
});
export const vipLevelMembersQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT),
});
const vipLevelMemberSchema = z.object({ memberId: z.number().int(), username: z.string(), reachedOn: z.string(), evaluatedOn: z.string() });
export type VipLevelMember = z.output<typeof vipLevelMemberSchema>;
export const vipLevelMembersResponseSchema = okEnvelope(
  z.object({
    level: z.number().int(),
    list: z.array(vipLevelMemberSchema),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);
/** GET /admin-api/vip/level-counts: how many members hold each level above 0 (level 0: everyone else). */
export const vipLevelCountsResponseSchema = okEnvelope(
  z.object({ counts: z.array(z.object({ level: z.number().int(), members: z.number().int() })) }),
);

/** One rebate rule: a rate of valid bet for a VIP level and game category, per period. */
export const rebateRuleInputSchema = z.strictObject({
  vipLevel: z
    .number()
    .int()
    .min(0)
    .max(VIP_LEVELS_MAX - 1),
  category: z.enum(GAME_CATEGORIES),
  period: z.enum(REBATE_PERIODS),
  mode: z.enum(REBATE_MODES),
  ratePpm: z.number().int().min(1).max(REBATE_RATE_PPM_MAX),
  /** The most one line pays; null: no cap. */
  maxAmount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
  /**
   * The vendor the rule is for (its valid bet in the category only); null or missing: the
   * category's rule, for every vendor no other rule of the same level, category and period names.
   */
  vendorCode: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .nullable()
    .optional(),
});
export type RebateRuleInput = z.output<typeof rebateRuleInputSchema>;

/** PUT /admin-api/vip/rebate-rules: the whole rule set; a rule not listed is disabled (its lines stay). */
export const setRebateRulesRequestSchema = z
  .strictObject({ rules: z.array(rebateRuleInputSchema).max(REBATE_RULES_MAX), version: ruleSetVersionSchema })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const r of v.rules) {
      const key = `${r.vipLevel}:${r.category}:${r.period}${r.vendorCode ? `:${r.vendorCode}` : ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `rule ${key} is listed twice`, path: ['rules'] });
      seen.add(key);
    }
  });
export type SetRebateRulesRequest = z.output<typeof setRebateRulesRequestSchema>;

export const rebateRuleSchema = rebateRuleInputSchema.extend({
  vendorCode: z.string().nullable(),
  id: z.number().int(),
  isEnabled: z.boolean(),
});
export type RebateRule = z.output<typeof rebateRuleSchema>;
export const rebateRulesResponseSchema = okEnvelope(z.object({ rules: z.array(rebateRuleSchema), version: ruleSetVersionSchema }));

/** One rebate line: everything needed to recompute it from the rollups. */
export const rebateLineSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  /**
   * 0: the period's line; 1, 2, …: a correction for rounds of the period settled after the lines
   * before it were written (its bet base is the difference, its amount what the whole base is due
   * less what the lines before it paid).
   */
  revision: z.number().int().min(0),
  period: z.enum(REBATE_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  category: z.string(),
  /** The rule's vendor: the bet base is the valid bet at that vendor only; null for the category's rule. */
  vendorCode: z.string().nullable(),
  vipLevel: z.number().int(),
  /** The member's valid bet in the category over the period, from the daily rollups. */
  betBase: amountMinorSchema,
  ratePpm: z.number().int(),
  /** floor(betBase × ratePpm / 1,000,000), capped by the rule's maximum (a correction: see `revision`). */
  amount: amountMinorSchema,
  mode: z.enum(REBATE_MODES),
  status: z.enum(REBATE_LINE_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type RebateLine = z.output<typeof rebateLineSchema>;

const recordsPageFields = {
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT),
};

/** A records range: `from` not after `to`, at most `REBATE_RECORDS_RANGE_DAYS_MAX` days. */
function checkRecordsRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from === undefined || q.to === undefined) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
  else if ((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1 > REBATE_RECORDS_RANGE_DAYS_MAX)
    ctx.addIssue({ code: 'custom', message: 'the range is too long', path: ['to'] });
}

/** Records whose period starts between `from` and `to` (both included); by default the last 30 days. */
export const rebateRecordsQuerySchema = z
  .strictObject({ ...recordsPageFields, category: z.enum(GAME_CATEGORIES).optional() })
  .superRefine(checkRecordsRange);
export type RebateRecordsQuery = z.output<typeof rebateRecordsQuerySchema>;

/** GET /wps/member/rebates/MCSFE_getRebateRecords */
export const rebateRecordsValueSchema = pageOf(rebateLineSchema).extend({
  currency: currencyCodeSchema,
  from: z.string(),
  to: z.string(),
  /** Sums over the whole range (not only the page). */
  totalBetBase: amountMinorSchema,
  totalAmount: amountMinorSchema,
});
export type RebateRecordsValue = z.output<typeof rebateRecordsValueSchema>;
export const rebateRecordsResponseSchema = okEnvelope(rebateRecordsValueSchema);

/** GET /wps/member/rebates/MCSFE_getManualRebate: what may be claimed now, and the periods still running. */
export const manualRebateValueSchema = z.object({
  currency: currencyCodeSchema,
  /** The sum of the accrued lines: what "claim now" pays. */
  claimable: amountMinorSchema,
  byCategory: z.array(z.object({ category: z.string(), betBase: amountMinorSchema, amount: amountMinorSchema, lines: z.number().int() })),
  /** Claim-mode rules of the member's level in periods not over yet: the estimate so far (not claimable yet). */
  running: z.array(
    z.object({
      category: z.string(),
      /** The vendor a vendor's rule is for; null for the category's rule (the vendors without a rule of their own). */
      vendorCode: z.string().nullable(),
      period: z.enum(REBATE_PERIODS),
      periodStart: z.string(),
      periodEnd: z.string(),
      betBase: amountMinorSchema,
      ratePpm: z.number().int(),
      estimate: amountMinorSchema,
    }),
  ),
});
export type ManualRebateValue = z.output<typeof manualRebateValueSchema>;
export const manualRebateResponseSchema = okEnvelope(manualRebateValueSchema);

/** POST /wps/member/rebates/MCS2_claimRebate: the same requestId answers the same claim. */
export const claimRebateRequestSchema = z.strictObject({ requestId: clientRequestIdSchema });
export const claimRebateValueSchema = z.object({
  claimId: z.number().int(),
  amount: amountMinorSchema,
  lines: z.number().int(),
  currency: currencyCodeSchema,
  isReplay: z.boolean(),
});
export type ClaimRebateValue = z.output<typeof claimRebateValueSchema>;
export const claimRebateResponseSchema = okEnvelope(claimRebateValueSchema);

/** GET /wps/member/vip/MCSFE_getPlayerRank: the member's level, its progress and the ladder. */
export const playerRankValueSchema = z.object({
  currency: currencyCodeSchema,
  window: z.enum(VIP_WINDOWS),
  from: z.string(),
  to: z.string(),
  level: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Deposits and valid bet over the window, from the daily rollups. */
  deposits: amountMinorSchema,
  validBet: amountMinorSchema,
  /** The next level and what is still missing for it; null at the top. */
  next: z
    .object({
      level: z.number().int(),
      code: z.string(),
      name: z.string(),
      minDeposit: amountMinorSchema,
      minValidBet: amountMinorSchema,
      depositMissing: amountMinorSchema,
      validBetMissing: amountMinorSchema,
    })
    .nullable(),
  /** What keeps the current level at the evaluation, and what is missing for it. */
  keep: z.object({
    deposit: amountMinorSchema,
    validBet: amountMinorSchema,
    depositMissing: amountMinorSchema,
    validBetMissing: amountMinorSchema,
  }),
  ladder: z.array(
    z.object({
      level: z.number().int(),
      code: z.string(),
      name: z.string(),
      minDeposit: amountMinorSchema,
      minValidBet: amountMinorSchema,
      upgradeBonus: amountMinorSchema,
      periodicBonus: amountMinorSchema,
      periodicPeriod: z.enum(VIP_BONUS_PERIODS).nullable(),
      /** `vendorCode`: a rule for that vendor's games of the category only (null or missing: the category's). */
      rebates: z.array(
        z.object({
          category: z.string(),
          period: z.enum(REBATE_PERIODS),
          ratePpm: z.number().int(),
          vendorCode: z.string().nullable().optional(),
        }),
      ),
    }),
  ),
});
export type PlayerRankValue = z.output<typeof playerRankValueSchema>;
export const playerRankResponseSchema = okEnvelope(playerRankValueSchema);

// Operator calls.

export const vipMemberParamsSchema = z.strictObject({ username: z.string().trim().min(1).max(64) });

/** GET /admin-api/vip/members/:username/rebates */
export const adminRebateLinesQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT),
});
export const adminMemberRebatesResponseSchema = okEnvelope(
  pageOf(rebateLineSchema).extend({ memberId: z.number().int(), level: z.number().int() }),
);

/** POST /admin-api/vip/rebates/settlements: settle (or re-run) the period of this length holding the day. */
export const rerunRebatePeriodRequestSchema = z.strictObject({ period: z.enum(REBATE_PERIODS), day: localDateSchema });
export const rerunRebatePeriodResponseSchema = okEnvelope(
  z.object({
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Lines written by this run, and those already there (answered, nothing moved). */
    written: z.number().int(),
    existing: z.number().int(),
    paidAmount: amountMinorSchema,
  }),
);

/** POST /admin-api/vip/evaluations: evaluate every member's level for a day (a re-run answers what is done). */
export const rerunVipEvaluationRequestSchema = z.strictObject({ day: localDateSchema });
export const rerunVipEvaluationResponseSchema = okEnvelope(
  z.object({ evaluated: z.number().int(), upgraded: z.number().int(), downgraded: z.number().int(), bonusesPaid: z.number().int() }),
);

// Cashback.

/** Cashback periods: D daily, W weekly (Monday to Sunday), M monthly. */
export const CASHBACK_PERIODS = ['D', 'W', 'M'] as const;
export type CashbackPeriod = (typeof CASHBACK_PERIODS)[number];
/** A cashback line's state: `paid` (credited by the settlement) or `withheld` (the member was excluded, on a break or locked). */
export const CASHBACK_LINE_STATUSES = ['paid', 'withheld'] as const;
/** The highest cashback rate, in parts per million (50 %). */
export const CASHBACK_RATE_PPM_MAX = 500_000;
export const CASHBACK_RULES_MAX = 100;

/** One cashback rule: a rate of the net loss over a period for a VIP level, from a minimum loss, capped. */
export const cashbackRuleInputSchema = z.strictObject({
  vipLevel: z
    .number()
    .int()
    .min(0)
    .max(VIP_LEVELS_MAX - 1),
  period: z.enum(CASHBACK_PERIODS),
  ratePpm: z.number().int().min(1).max(CASHBACK_RATE_PPM_MAX),
  /** The least net loss over the period that gets cashback (0: any loss). */
  minLoss: z.number().int().min(0).max(AMOUNT_MINOR_MAX),
  /** The most one line pays; null: no cap. */
  maxAmount: z.number().int().min(1).max(AMOUNT_MINOR_MAX).nullable(),
});
export type CashbackRuleInput = z.output<typeof cashbackRuleInputSchema>;

/** PUT /admin-api/vip/cashback-rules: the whole rule set; a rule not listed is disabled (its lines stay). */
export const setCashbackRulesRequestSchema = z
  .strictObject({ rules: z.array(cashbackRuleInputSchema).max(CASHBACK_RULES_MAX), version: ruleSetVersionSchema })
  .superRefine((request, ctx) => {
    const seen = new Set<string>();
    for (const r of request.rules) {
      const key = `${r.vipLevel}:${r.period}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `rule ${key} is listed twice`, path: ['rules'] });
      seen.add(key);
    }
  });
export type SetCashbackRulesRequest = z.output<typeof setCashbackRulesRequestSchema>;
export const cashbackRuleSchema = cashbackRuleInputSchema.extend({ id: z.number().int(), isEnabled: z.boolean() });
export type CashbackRule = z.output<typeof cashbackRuleSchema>;
export const cashbackRulesResponseSchema = okEnvelope(z.object({ rules: z.array(cashbackRuleSchema), version: ruleSetVersionSchema }));

/** One cashback line: everything needed to recompute it from the rollups. */
export const cashbackLineSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  period: z.enum(CASHBACK_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  vipLevel: z.number().int(),
  /** The member's net loss over the period (stakes less payouts, every category), from the daily rollups. */
  netLoss: amountMinorSchema,
  minLoss: amountMinorSchema,
  ratePpm: z.number().int(),
  maxAmount: amountMinorSchema.nullable(),
  /** floor(netLoss × ratePpm / 1,000,000), capped by maxAmount. */
  amount: amountMinorSchema,
  status: z.enum(CASHBACK_LINE_STATUSES),
  createdAt: z.string(),
});
export type CashbackLine = z.output<typeof cashbackLineSchema>;

/** GET /wps/member/rebates/MCSFE_getCashbackRecords?from&to&pageNo&pageSize (the rebate records' range rules). */
export const cashbackRecordsQuerySchema = z.strictObject(recordsPageFields).superRefine(checkRecordsRange);
export type CashbackRecordsQuery = z.output<typeof cashbackRecordsQuerySchema>;
export const cashbackRecordsValueSchema = pageOf(cashbackLineSchema).extend({
  currency: currencyCodeSchema,
  from: z.string(),
  to: z.string(),
  totalNetLoss: amountMinorSchema,
  totalAmount: amountMinorSchema,
});
export type CashbackRecordsValue = z.output<typeof cashbackRecordsValueSchema>;
export const cashbackRecordsResponseSchema = okEnvelope(cashbackRecordsValueSchema);

/** GET /admin-api/vip/members/:username/cashback */
export const adminMemberCashbackResponseSchema = okEnvelope(
  pageOf(cashbackLineSchema).extend({ memberId: z.number().int(), level: z.number().int() }),
);

/** POST /admin-api/vip/cashback/settlements: settle (or re-run) the cashback period of this length holding the day. */
export const rerunCashbackPeriodRequestSchema = z.strictObject({ period: z.enum(CASHBACK_PERIODS), day: localDateSchema });
export const rerunCashbackPeriodResponseSchema = okEnvelope(
  z.object({
    periodStart: z.string(),
    periodEnd: z.string(),
    written: z.number().int(),
    existing: z.number().int(),
    paidAmount: amountMinorSchema,
  }),
);
