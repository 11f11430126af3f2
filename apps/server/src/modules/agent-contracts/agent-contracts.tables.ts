import type { ContractEndReason, ContractPeriod, ContractRequestType, ContractStatus } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind, ContractTier } from '@platform/contracts/agents/contract-tiers';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** An agent's terms of one kind: offered by its direct upline, or set by an operator for a top-level agent. */
export type AgentContractsTable = {
  id: Generated<number>;
  merchant_id: number;
  kind: ContractKind;
  holder_id: number;
  offered_by_member_id: number | null;
  offered_by_admin_id: number | null;
  /** The ordered tiers (packages/contracts/src/agents/contract-tiers.ts). */
  tiers: JSONColumnType<ContractTier[], string, string>;
  period: ContractPeriod;
  /** At most one `pending` and one `active` per holder and kind. */
  status: ContractStatus;
  end_reason: ContractEndReason | null;
  created_at: Timestamp;
  signed_at: Timestamp | null;
  ended_at: Timestamp | null;
};

/** What waits for a holder's answer: an offer (`new`) or its upline's wish to end the contract (`termination`). */
export type AgentContractRequestsTable = {
  id: Generated<number>;
  merchant_id: number;
  contract_id: number;
  kind: ContractKind;
  type: ContractRequestType;
  holder_id: number;
  requested_by_member_id: number;
  status: 'pending' | 'accepted' | 'rejected' | 'void';
  created_at: Timestamp;
  decided_at: Timestamp | null;
};

/** One settled (contract, period), with the inputs that explain it (docs/agent-contracts.md). */
export type AgentContractPayoutsTable = {
  id: Generated<number>;
  merchant_id: number;
  contract_id: number;
  kind: ContractKind;
  holder_id: number;
  /** Days of the merchant's calendar, `YYYY-MM-DD` (read as text). */
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  /** An hourly wage's hour, a real-time salary's 5-minute slot: the instants it starts and ends (null for the day kinds). */
  slot_start: Timestamp | null;
  slot_end: Timestamp | null;
  currency: string;
  metrics: JSONColumnType<{ bet: number; validBet: number; activeMembers: number; netLoss: number }, string, string>;
  tier: number | null;
  rate_basis_points: number;
  own_amount: number;
  downline_amounts: JSONColumnType<{ contractId: number; holderId: number; amount: number }[], string, string>;
  payout: number;
  clamp_amount: number;
  paid_by: 'house' | 'upline' | 'platform';
  payer_member_id: number | null;
  own_transfer_id: number | null;
  clamp_transfer_id: number | null;
  /** What this payout took back for corrections of earlier periods (overpaid then). */
  deducted_amount: Generated<number>;
  created_at: Timestamp;
};

/** A paid period corrected: its figures now and the difference paid, or left to deduct (docs/agent-contracts.md). */
export type AgentContractCorrectionsTable = {
  id: Generated<number>;
  merchant_id: number;
  payout_id: number;
  contract_id: number;
  holder_id: number;
  seq: number;
  metrics: JSONColumnType<{ bet: number; validBet: number; activeMembers: number; netLoss: number }, string, string>;
  tier: number | null;
  rate_basis_points: number;
  own_amount: number;
  downline_amounts: JSONColumnType<{ contractId: number; holderId: number; amount: number }[], string, string>;
  payout: number;
  clamp_amount: number;
  own_delta: number;
  clamp_delta: number;
  paid_by: 'house' | 'upline' | 'platform' | null;
  payer_member_id: number | null;
  own_transfer_id: number | null;
  clamp_transfer_id: number | null;
  own_deduction_left: number;
  own_refund_member_id: number | null;
  clamp_deduction_left: number;
  created_at: Timestamp;
};

/** What an upline owes when the platform paid its downline's contract for it. */
export type AgentContractDebtsTable = {
  id: Generated<number>;
  merchant_id: number;
  payout_id: number;
  debtor_id: number;
  amount: number;
  status: 'open' | 'settled';
  /** Set when the platform paid a correction (not the payout itself) for the upline. */
  correction_id: number | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
};

export type AgentContractsTables = {
  agent_contracts: AgentContractsTable;
  agent_contract_requests: AgentContractRequestsTable;
  agent_contract_payouts: AgentContractPayoutsTable;
  agent_contract_debts: AgentContractDebtsTable;
  agent_contract_corrections: AgentContractCorrectionsTable;
};
