import type { WithdrawalConfirmation, WithdrawalStatus } from '@platform/contracts/withdrawals';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type WithdrawalsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_card_id: number;
  currency: string;
  amount: number;
  fee: number;
  net_amount: number;
  status: WithdrawalStatus;
  net_reservation_id: number | null;
  fee_reservation_id: number | null;
  is_kyc_required: ColumnType<boolean, boolean | undefined, boolean>;
  reject_reason: string | null;
  dispute_note: string | null;
  confirmation: WithdrawalConfirmation | null;
  created_at: Timestamp;
  approved_at: Date | null;
  approved_by: number | null;
  rejected_at: Date | null;
  rejected_by: number | null;
  paid_at: Date | null;
  paid_by: number | null;
  confirmed_at: Date | null;
  /** The client's id of the request and the fingerprint of its content; null on older rows. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
};

export type WithdrawalProofsTable = {
  id: Generated<number>;
  withdrawal_id: number;
  content_type: string;
  size_bytes: number;
  content: Buffer;
  created_at: Timestamp;
};

export type WageringRequirementsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  currency: string;
  bonus_amount: number;
  /** numeric(8,2): read back as a string. */
  multiplier: ColumnType<string, string | number, string | number>;
  required_turnover: number;
  source: string;
  status: ColumnType<'active' | 'met' | 'cancelled', 'active' | 'met' | 'cancelled' | undefined, 'active' | 'met' | 'cancelled'>;
  created_at: Timestamp;
  met_at: Date | null;
};

export type WithdrawalsTables = {
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  wagering_requirements: WageringRequirementsTable;
};
