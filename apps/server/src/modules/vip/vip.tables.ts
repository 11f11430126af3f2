import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: written as `YYYY-MM-DD`, read back with `to_char` (the drivers parse dates differently). */
type Day = ColumnType<string, string, string>;

/** One level of a merchant's VIP ladder. */
export type VipLevelsTable = {
  id: Generated<number>;
  merchant_id: number;
  level: number;
  code: string;
  names: JSONColumnType<Record<string, string>, string, string>;
  min_deposit: number;
  min_valid_bet: number;
  keep_deposit: number;
  keep_valid_bet: number;
  upgrade_bonus: number;
  periodic_bonus: number;
  periodic_period: 'W' | 'M' | null;
  updated_at: Timestamp;
};

/** The version of a rule set saved whole, per merchant (no row: version 0); each save moves it on by one. */
export type VipRuleSetVersionsTable = {
  merchant_id: number;
  rule_set: 'levels' | 'rebates' | 'cashback';
  version: number;
  updated_at: Timestamp;
};

/** A member's current level (no row: level 0). */
export type VipMemberLevelsTable = {
  member_id: number;
  merchant_id: number;
  level: number;
  reached_on: Day;
  evaluated_on: Day;
  updated_at: Timestamp;
};

/** A level change at an evaluation, with the window's figures that caused it. */
export type VipLevelChangesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  day: Day;
  from_level: number;
  to_level: number;
  deposits: number;
  valid_bet: number;
  created_at: Timestamp;
};

/** An upgrade bonus: once per (member, level). */
export type VipUpgradeBonusesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  level: number;
  amount: number;
  status: 'paid' | 'withheld';
  transfer_id: number | null;
  created_at: Timestamp;
};

/** A periodic bonus: once per (member, period length, period start). */
export type VipPeriodicBonusesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  level: number;
  period: 'W' | 'M';
  period_start: Day;
  period_end: Day;
  amount: number;
  status: 'paid' | 'withheld';
  transfer_id: number | null;
  created_at: Timestamp;
};

export type RebateRulesTable = {
  id: Generated<number>;
  merchant_id: number;
  vip_level: number;
  category: string;
  /** '' for the category's rule (every vendor no other rule of the level, category and period names), else the one vendor it is for. */
  vendor_code: ColumnType<string, string | undefined, string>;
  period: 'D' | 'W' | 'H' | 'M';
  mode: 'auto' | 'claim';
  rate_ppm: number;
  max_amount: number | null;
  is_enabled: boolean;
  updated_at: Timestamp;
};

/** One rebate line per (member, rule, period start, revision): revision 0 the period's line, then its corrections. */
export type RebateLinesTable = {
  id: Generated<number>;
  revision: ColumnType<number, number | undefined, number>;
  merchant_id: number;
  member_id: number;
  rule_id: number;
  period: 'D' | 'W' | 'H' | 'M';
  period_start: Day;
  period_end: Day;
  category: string;
  /** The rule's vendor ('' for a category's rule). */
  vendor_code: ColumnType<string, string | undefined, string>;
  vip_level: number;
  currency: string;
  bet_base: number;
  rate_ppm: number;
  max_amount: number | null;
  amount: number;
  mode: 'auto' | 'claim';
  status: 'paid' | 'accrued' | 'claimed' | 'withheld';
  transfer_id: number | null;
  claim_id: number | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
};

/** A member's claim of its accrued lines (one ledger transfer). */
export type RebateClaimsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  request_id: string;
  amount: number;
  lines: number;
  transfer_id: number;
  created_at: Timestamp;
};

/** A cashback rule: a rate of the net loss over a period for a VIP level, from a minimum loss, capped. */
export type CashbackRulesTable = {
  id: Generated<number>;
  merchant_id: number;
  vip_level: number;
  period: 'D' | 'W' | 'M';
  rate_ppm: number;
  min_loss: number;
  max_amount: number | null;
  is_enabled: boolean;
  updated_at: Timestamp;
};

/** One cashback line per (member, rule, period start). */
export type CashbackLinesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  rule_id: number;
  period: 'D' | 'W' | 'M';
  period_start: Day;
  period_end: Day;
  vip_level: number;
  currency: string;
  net_loss: number;
  min_loss: number;
  rate_ppm: number;
  max_amount: number | null;
  amount: number;
  status: 'paid' | 'withheld';
  transfer_id: number | null;
  created_at: Timestamp;
};

export type VipTables = {
  vip_levels: VipLevelsTable;
  vip_member_levels: VipMemberLevelsTable;
  vip_level_changes: VipLevelChangesTable;
  vip_upgrade_bonuses: VipUpgradeBonusesTable;
  vip_periodic_bonuses: VipPeriodicBonusesTable;
  rebate_rules: RebateRulesTable;
  rebate_lines: RebateLinesTable;
  rebate_claims: RebateClaimsTable;
  cashback_rules: CashbackRulesTable;
  cashback_lines: CashbackLinesTable;
  vip_rule_set_versions: VipRuleSetVersionsTable;
};
