import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type LotteryRegionColumn = 'north' | 'central' | 'south';
export type LotteryCategory = 'LOTT' | 'ELOTT';
export type LotteryResultSource = 'rng' | 'official';
export type LotteryPeriodStatus = 'open' | 'drawn' | 'settled' | 'voided';
export type LotteryTicketStatus = 'open' | 'settled' | 'voided';
/** Tier -> digit strings, leading zeros kept (the engine's DrawResult). */
export type StoredDrawResult = Record<string, string[]>;

/** A station (a province's traditional draw) or a fast e-lottery game: operator-editable data. */
export type LotteryGamesTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  category: LotteryCategory;
  region: LotteryRegionColumn;
  province: string;
  name: JSONColumnType<Record<string, string>, string, string>;
  menu_tag: string;
  /** Days of the week it draws, 1 = Sunday .. 7 = Saturday (the Vietnamese Thứ 2..7, Chủ nhật = 1). */
  draw_days: JSONColumnType<number[], string | undefined, string>;
  /** `HH:MM` in Vietnam time for a daily draw; null for a fast game. */
  draw_time: string | null;
  /** Seconds between draws of a fast game; null for a daily draw. */
  interval_seconds: number | null;
  lock_seconds: number;
  result_source: LotteryResultSource;
  min_stake: number;
  max_stake: number;
  max_payout_per_number: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type LotteryOddsTable = {
  merchant_id: number;
  region: LotteryRegionColumn;
  bet_type: string;
  odds_milli: number;
  stake_multiplier: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: CreatedAt;
};

export type LotteryPeriodsTable = {
  id: Generated<number>;
  game_id: number;
  numero: string;
  draw_date: string;
  opens_at: ColumnType<Date, Date, Date>;
  locks_at: ColumnType<Date, Date, Date>;
  draw_at: ColumnType<Date, Date, Date>;
  seed_commitment: string | null;
  seed: string | null;
  result: ColumnType<StoredDrawResult | null, string | null | undefined, string | null>;
  result_source: LotteryResultSource;
  status: LotteryPeriodStatus;
  drawn_at: Date | null;
  settled_at: Date | null;
  voided_at: Date | null;
  created_at: CreatedAt;
};

export type LotteryResultEntriesTable = {
  id: Generated<number>;
  period_id: number;
  result: JSONColumnType<StoredDrawResult, string, string>;
  status: 'pending' | 'confirmed' | 'rejected';
  entered_by_admin_id: number;
  decided_by_admin_id: number | null;
  created_at: ColumnType<Date, Date, Date>;
  decided_at: Date | null;
};

/** A change that moves money, waiting for a second operator: a bet type's odds, or a draw's void. */
export type LotteryChangeRequestsTable = {
  id: Generated<number>;
  merchant_id: number;
  kind: 'odds' | 'void';
  /** `region:betType` for odds, `gameCode:numero` for a void. */
  subject: string;
  change: JSONColumnType<Record<string, unknown>, string, string>;
  /** What the subject was when asked (odds in force; the draw's state). */
  before: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  reason: string;
  status: 'requested' | 'approved' | 'rejected' | 'withdrawn';
  requested_by_admin_id: number;
  decided_by_admin_id: number | null;
  decision_note: string | null;
  /** What the approval did (the void's refunded tickets). */
  outcome: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  decided_at: Date | null;
};

export type LotteryTicketsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  period_id: number;
  game_id: number;
  currency: string;
  total_stake: number;
  payout: number | null;
  status: LotteryTicketStatus;
  reservation_id: number | null;
  /** The part of the stake bonus money paid (ADR 0032), and its reservation on `player_bonus`. */
  bonus_reservation_id: number | null;
  bonus_amount: ColumnType<number, number | undefined, number>;
  bet_record_id: number | null;
  created_at: ColumnType<Date, Date, Date>;
  settled_at: Date | null;
  /** The client's id of the purchase and the fingerprint of its content; null on older tickets. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
};

export type LotteryTicketLinesTable = {
  id: Generated<number>;
  ticket_id: number;
  period_id: number;
  line_no: number;
  bet_type: string;
  /** The selection's numbers joined by commas, sorted for combinations. */
  numbers: string;
  is_single: boolean;
  stake_per_unit: number;
  stake_multiplier: number;
  stake: number;
  odds_milli: number;
  hits: number | null;
  payout: number | null;
};

export type LotteryExposureTable = {
  period_id: number;
  bet_type: string;
  number: string;
  payout_per_hit: number;
};

export type LotteryDrawHitsTable = {
  period_id: number;
  bet_type: string;
  number: string;
  hits: number;
};

export type LotteryTables = {
  lottery_games: LotteryGamesTable;
  lottery_odds: LotteryOddsTable;
  lottery_periods: LotteryPeriodsTable;
  lottery_result_entries: LotteryResultEntriesTable;
  lottery_change_requests: LotteryChangeRequestsTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_ticket_lines: LotteryTicketLinesTable;
  lottery_exposure: LotteryExposureTable;
  lottery_draw_hits: LotteryDrawHitsTable;
};
