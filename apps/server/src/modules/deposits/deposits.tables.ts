import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { LocalisedText } from '../../lib/localised-text.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type DepositChannelType = 'bank_transfer' | 'gateway';
export type DepositOrderStatus = 'pending' | 'paid' | 'rejected' | 'failed' | 'expired';

export type DepositChannelsTable = {
  id: Generated<number>;
  merchant_id: number;
  type: DepositChannelType;
  name: string;
  /** The name per language; `name` answers for a language the map lacks. */
  names: JSONColumnType<LocalisedText, string | undefined, string>;
  currency: string;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  bank_branch: string | null;
  gateway_code: string | null;
  min_amount: number;
  max_amount: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  tutorial_vi: ColumnType<string, string | undefined, string>;
  tutorial_en: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DepositOrdersTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  type: DepositChannelType;
  reference_code: string;
  currency: string;
  amount: number;
  credited_amount: number | null;
  status: DepositOrderStatus;
  gateway_code: string | null;
  gateway_tx_id: string | null;
  redirect_url: string | null;
  /** The operator's account as it was when the order was made, so a later edit cannot redirect a transfer. */
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  bank_branch: string | null;
  ledger_transfer_id: number | null;
  reject_reason: string | null;
  decided_by_admin_id: number | null;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  completed_at: Date | null;
  last_checked_at: Date | null;
};

export type DepositsTables = {
  deposit_channels: DepositChannelsTable;
  deposit_orders: DepositOrdersTable;
};
