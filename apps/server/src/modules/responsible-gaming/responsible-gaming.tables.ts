import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * One row per member, kind and period. `amount` is in force (null: no limit); a waiting increase or
 * removal is `pending_amount` (null: removal) from `pending_effective_at`.
 */
export type RgLimitsTable = {
  member_id: number;
  kind: 'deposit' | 'loss' | 'wager';
  period: 'daily' | 'weekly' | 'monthly';
  amount: number | null;
  pending_amount: number | null;
  pending_effective_at: Date | null;
  updated_at: Timestamp;
};

export type RgMemberStatesTable = {
  member_id: number;
  break_until: Date | null;
  excluded_until: Date | null;
  is_permanently_excluded: ColumnType<boolean, boolean | undefined, boolean>;
  reality_check_minutes: number | null;
  updated_at: Timestamp;
};

/**
 * Refusals by a limit (responsible-gaming triggers): one row per member, limit kind and day of the
 * merchant's time zone, `refusals` counted up by an upsert at each refusal.
 */
export type RgLimitRefusalsTable = {
  member_id: number;
  merchant_id: number;
  /** The reason: a limit's kind, or the member's break or self-exclusion. */
  kind: 'deposit' | 'loss' | 'wager' | 'break' | 'self_exclusion';
  /** A `date` column: written as `YYYY-MM-DD`, read back with `to_char`. */
  day: ColumnType<string, string, string>;
  refusals: number;
  last_at: Timestamp;
};

export type ResponsibleGamingTables = {
  rg_limits: RgLimitsTable;
  rg_member_states: RgMemberStatesTable;
  rg_limit_refusals: RgLimitRefusalsTable;
};
