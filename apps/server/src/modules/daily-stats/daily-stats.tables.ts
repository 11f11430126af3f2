import type { ColumnType } from 'kysely';

/**
 * The daily rollups (migration 2026-11-26-0200). `day` is a `date` in the merchant's time zone; the
 * two drivers parse `date` differently, so repositories read it as text (`to_char(day, 'YYYY-MM-DD')`)
 * and write it as `YYYY-MM-DD`. Amounts are minor units (bigint), as in `bet_records`.
 */

/** One member's settled real-money rounds of one game category on one day. */
export type MemberDailyGameStatsTable = {
  merchant_id: number;
  member_id: number;
  day: string;
  category: string;
  bet_count: number;
  stake: number;
  /** Sum of the rounds' valid bet (`validBetOf` in bet-records). */
  valid_bet: number;
  payout: number;
  /** The member's result: payout − stake. */
  win_loss: number;
};

/** One member's settled real-money rounds of one game category at one vendor on one day (migration 2026-12-01-0701): rebate rules per vendor read it. */
export type MemberDailyVendorStatsTable = {
  merchant_id: number;
  member_id: number;
  day: string;
  category: string;
  vendor_code: string;
  bet_count: number;
  valid_bet: number;
};

/** One member's money movements on one day. */
export type MemberDailyMoneyStatsTable = {
  merchant_id: number;
  member_id: number;
  day: string;
  deposit_amount: number;
  deposit_count: number;
  withdrawal_amount: number;
  withdrawal_count: number;
  bonus_amount: number;
  transfer_in_amount: number;
  transfer_out_amount: number;
};

/**
 * The sums of an ancestor's whole team (every member below it, never itself) per day (migration
 * 2026-11-26-0900, ADR 0018): the member rows added up over the team, kept with them.
 */
export type TeamDailyGameStatsTable = Omit<MemberDailyGameStatsTable, 'member_id'> & { ancestor_id: number };
export type TeamDailyMoneyStatsTable = Omit<MemberDailyMoneyStatsTable, 'member_id'> & { ancestor_id: number };
/** How many members of the ancestor's team played on the day (each once, whatever it played). */
export type TeamDailyActivityTable = { merchant_id: number; ancestor_id: number; day: string; active_members: number };

/** How far the rollups have read each source: every change by a transaction with a lower xid is in. */
export type DailyStatsCursorsTable = {
  source: 'bet_records' | 'ledger_transfers';
  /** An xid8, as decimal text. */
  position: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** One reconciliation of a merchant's day: the latest run, resumable from `after_member_id`. */
export type DailyStatsReconciliationsTable = {
  merchant_id: number;
  day: string;
  status: 'running' | 'clean' | 'differences';
  after_member_id: ColumnType<number, number | undefined, number>;
  members_checked: ColumnType<number, number | undefined, number>;
  difference_count: ColumnType<number, number | undefined, number>;
  started_at: ColumnType<Date, Date | string, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  node: string | null;
};

/**
 * A figure the rollups hold that the raw records do not give (`expected` from the raw records; for
 * the team kinds, from the team's member rows, `member_id` naming the ancestor).
 */
export type DailyStatsDifferencesTable = {
  merchant_id: number;
  day: string;
  member_id: number;
  kind: DifferenceKind;
  /** The game category; '' for money. */
  category: string;
  field: string;
  expected: number;
  actual: number;
  found_at: ColumnType<Date, Date | string, Date | string>;
};

export type DifferenceKind = 'game' | 'money' | 'team_game' | 'team_money' | 'team_activity';

export type DailyStatsTables = {
  team_daily_game_stats: TeamDailyGameStatsTable;
  team_daily_money_stats: TeamDailyMoneyStatsTable;
  team_daily_activity: TeamDailyActivityTable;
  member_daily_game_stats: MemberDailyGameStatsTable;
  member_daily_money_stats: MemberDailyMoneyStatsTable;
  member_daily_vendor_stats: MemberDailyVendorStatsTable;
  daily_stats_cursors: DailyStatsCursorsTable;
  daily_stats_reconciliations: DailyStatsReconciliationsTable;
  daily_stats_differences: DailyStatsDifferencesTable;
};
