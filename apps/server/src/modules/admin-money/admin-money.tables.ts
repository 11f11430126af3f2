import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A manual credit or debit; approved rows name the ledger transfer that moved the money. */
export type AdminAdjustmentsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  wallet: 'main' | 'bonus' | 'agent';
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  reason: string;
  request_id: string;
  request_hash: string;
  status: 'requested' | 'approved' | 'rejected';
  needs_approval: boolean;
  requested_by: number;
  decided_by: number | null;
  decision_note: string | null;
  ledger_transfer_id: number | null;
  balance_after: number | null;
  created_at: Timestamp;
  decided_at: Date | null;
};

export type AdminMoneyTables = { admin_adjustments: AdminAdjustmentsTable };
