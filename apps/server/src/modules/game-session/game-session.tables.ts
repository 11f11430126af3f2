import type { ColumnType, Generated } from 'kysely';

export type GameSessionsTable = {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  merchant_id: number;
  currency: string;
  vendor_code: string;
  game_code: string;
  game_category: string;
  is_trial: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  ended_at: Date | null;
};

export type GameSessionTables = {
  game_sessions: GameSessionsTable;
};
