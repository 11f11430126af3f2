import type { RoundOutcome } from '@platform/contracts/round-outcome';
import type { ColumnType, Generated } from 'kysely';

export type BetRecordStatus = 'open' | 'settled' | 'cancelled';

export type BetRecordsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  username: string;
  vendor_code: string;
  game_code: string;
  game_category: string;
  round_id: string;
  currency: string;
  is_trial: ColumnType<boolean, boolean | undefined, boolean>;
  status: BetRecordStatus;
  stake: ColumnType<number, number | undefined, number>;
  rolled_back_stake: ColumnType<number, number | undefined, number>;
  payout: ColumnType<number, number | undefined, number>;
  valid_bet: ColumnType<number, number | undefined, number>;
  win_loss: ColumnType<number, number | undefined, number>;
  bet_count: ColumnType<number, number | undefined, number>;
  opened_at: ColumnType<Date, Date, Date>;
  settled_at: Date | null;
  updated_at: ColumnType<Date, Date, Date>;
  /** What the round showed, as its vendor reported it (migration 2026-11-26-2401). */
  outcome: ColumnType<RoundOutcome | null, string | null | undefined, string | null>;
};

export type BetRecordsTables = {
  bet_records: BetRecordsTable;
};
