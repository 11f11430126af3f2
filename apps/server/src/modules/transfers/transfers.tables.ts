import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Per-member switches an operator changes; a member without a row has the defaults. */
export type TransferPermissionsTable = {
  member_id: number;
  to_upline: boolean;
  can_transfer_to_downline: boolean;
  can_receive_from_downline: boolean;
  updated_at: Timestamp;
  updated_by: string | null;
};

/** One row per transfer along the downline, keyed by the sender's request id. */
export type MemberTransfersTable = {
  id: Generated<number>;
  merchant_id: number;
  sender_id: number;
  receiver_id: number;
  direction: 'downline' | 'upline';
  amount: number;
  currency: string;
  note: string;
  request_id: string;
  request_hash: string;
  ledger_transfer_id: number | null;
  sender_balance_after: number | null;
  created_at: Timestamp;
};

export type TransfersTables = {
  transfer_permissions: TransferPermissionsTable;
  member_transfers: MemberTransfersTable;
};
