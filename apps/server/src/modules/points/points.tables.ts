import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;
/** A `date` in the merchant's time zone: the two drivers parse `date` differently, so it is written as `YYYY-MM-DD` and read as text. */
type LocalDate = string;

export type EarningEvent = 'sign_in' | 'sign_in_streak' | 'deposit' | 'valid_bet' | 'mission_completed' | 'referral_qualified';

/** The conditions of a rule beyond its event: a streak length, a minimum deposit, a category's valid bet. */
export type EarningParams = {
  streakDays?: number;
  minDeposit?: number;
  category?: string;
  validBetMin?: number;
};

export type PointsEarningRulesTable = {
  id: Generated<number>;
  merchant_id: number;
  rule_key: string;
  event: EarningEvent;
  amount: number;
  daily_cap: number | null;
  params: Json<EarningParams>;
  is_enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One decided award per (member, rule, occurrence); `amount` 0 when the daily cap was reached. */
export type PointsAwardsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  rule_key: string;
  occurrence_key: string;
  local_date: LocalDate;
  amount: number;
  requested_amount: number;
  note: string | null;
  transfer_id: number | null;
  created_at: Timestamp;
};

export type PointsDailyTotalsTable = {
  member_id: number;
  rule_key: string;
  local_date: LocalDate;
  total: number;
};

export type MallItemKind = 'game_points' | 'gift';
export type MallOrderStatus = 'processing' | 'rejected' | 'completed';
export type LocalisedNames = Record<string, string>;

export type PointMallItemsTable = {
  id: Generated<number>;
  merchant_id: number;
  kind: MallItemKind;
  names: Json<LocalisedNames>;
  descriptions: Json<LocalisedNames>;
  image_url: string | null;
  points_cost: number;
  cash_amount: number | null;
  promotion_id: number | null;
  stock: number | null;
  limit_per_member: number | null;
  is_enabled: boolean;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PointMallOrdersTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  item_id: number;
  order_no: string;
  request_id: string;
  kind: MallItemKind;
  product_name: string;
  quantity: number;
  points: number;
  amount: number | null;
  currency: string;
  status: MallOrderStatus;
  address: string | null;
  mobile: string | null;
  remark: string | null;
  spend_transfer_id: number;
  refund_transfer_id: number | null;
  cash_transfer_id: number | null;
  grant_id: number | null;
  decided_by: number | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
};

export type PointsTables = {
  points_earning_rules: PointsEarningRulesTable;
  points_awards: PointsAwardsTable;
  points_daily_totals: PointsDailyTotalsTable;
  point_mall_items: PointMallItemsTable;
  point_mall_orders: PointMallOrdersTable;
};
