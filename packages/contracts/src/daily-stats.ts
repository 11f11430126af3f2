import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { localDateSchema } from './records.ts';

/**
 * The daily rollups' reconciliation, for operators (docs/daily-stats.md): one run per merchant and
 * day (the day in the merchant's time zone), and the figures where the rollups and the raw records
 * disagree.
 */

export const RECONCILIATION_STATUSES = ['running', 'clean', 'differences'] as const;

/** POST /admin-api/daily-stats/reconciliations: reconcile this day now (resuming a run left unfinished). */
export const dailyStatsReconcileSchema = z.strictObject({ day: localDateSchema });

export const dailyStatsReconciliationSchema = z.object({
  day: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  membersChecked: z.number().int(),
  differenceCount: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  node: z.string().nullable(),
});

/** GET /admin-api/daily-stats/reconciliations: the runs, latest day first. */
export const dailyStatsReconciliationsQuerySchema = pageQuerySchema.strict();
export const dailyStatsReconciliationPageSchema = pageOf(dailyStatsReconciliationSchema);

/** GET /admin-api/daily-stats/reconciliations/:day/differences */
export const dailyStatsDayParamsSchema = z.strictObject({ day: localDateSchema });
export const dailyStatsDifferencesQuerySchema = pageQuerySchema.strict();

/** One figure that differs: `expected` from the raw records, `actual` what the rollup holds. */
export const dailyStatsDifferenceSchema = z.object({
  memberId: z.number().int(),
  /**
   * `game`: member_daily_game_stats (per category); `money`: member_daily_money_stats; the team kinds
   * (`memberId` is then the ancestor, `expected` the sum of its team's member rows):
   * `team_game` (per category), `team_money`, `team_activity` (members who played that day).
   */
  kind: z.enum(['game', 'money', 'team_game', 'team_money', 'team_activity']),
  /** The game category; empty for money. */
  category: z.string(),
  field: z.string(),
  expected: z.number().int(),
  actual: z.number().int(),
});
export const dailyStatsDifferencePageSchema = pageOf(dailyStatsDifferenceSchema);
