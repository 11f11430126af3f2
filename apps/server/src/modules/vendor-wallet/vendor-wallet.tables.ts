import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type WalletStyle = 'seamless' | 'transfer';

export type VendorIntegrationsTable = {
  vendor_code: string;
  wallet_style: WalletStyle;
  api_secret: string;
  api_base_url: string | null;
  launch_base_url: string | null;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type VendorTransactionKind = 'debit' | 'credit' | 'rollback' | 'bet_win' | 'cancelled_debit';
/**
 * held: a debit whose stake is reserved; settled: its round closed; rolled_back: undone by a
 * rollback; refused: answered with an error, kept so a retry gets the same answer; done: a credit,
 * rollback or bet-and-win that went through; cancelled: a rollback that came before its debit.
 */
export type VendorTransactionState = 'pending' | 'held' | 'settled' | 'rolled_back' | 'refused' | 'done' | 'cancelled';

export type VendorTransactionsTable = {
  id: Generated<number>;
  vendor_code: string;
  transaction_id: string;
  kind: VendorTransactionKind;
  state: VendorTransactionState;
  request_hash: string;
  member_id: number | null;
  bet_record_id: number | null;
  round_id: string | null;
  amount: ColumnType<number, number | undefined, number>;
  reservation_id: number | null;
  /** The part of a debit's stake taken from bonus money (ADR 0032), and its reservation on `player_bonus`. */
  bonus_reservation_id: number | null;
  bonus_amount: ColumnType<number, number | undefined, number>;
  answer: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
};

export type VendorTransferDirection = 'to_vendor' | 'from_vendor';
export type VendorTransferStatus = 'pending' | 'succeeded' | 'failed';

export type VendorWalletTransfersTable = {
  id: Generated<number>;
  transfer_id: string;
  request_key: string;
  request_hash: string;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  direction: VendorTransferDirection;
  amount: number;
  currency: string;
  status: VendorTransferStatus;
  reservation_id: number | null;
  check_count: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
  settled_at: Date | null;
};

/** A transfer-style vendor's player id, and the member it is (written at the member's first transfer there). */
export type VendorPlayersTable = {
  vendor_code: string;
  player_id: string;
  merchant_id: number;
  member_id: number;
  username: string;
  currency: string;
  created_at: ColumnType<Date, Date, Date>;
};

/** The bet feed of one transfer-style vendor: every round before `watermark` is recorded. */
export type VendorBetFeedsTable = {
  vendor_code: string;
  watermark: ColumnType<Date, Date, Date>;
  rounds_recorded: ColumnType<number, number | undefined, number>;
  last_run_at: Date | null;
  last_error: string | null;
  updated_at: ColumnType<Date, Date, Date>;
};

export type VendorWalletTables = {
  vendor_integrations: VendorIntegrationsTable;
  vendor_transactions: VendorTransactionsTable;
  vendor_wallet_transfers: VendorWalletTransfersTable;
  vendor_players: VendorPlayersTable;
  vendor_bet_feeds: VendorBetFeedsTable;
};
