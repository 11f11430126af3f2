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

export type AgentContractsTables = {
  agent_contracts: AgentContractsTable;
  agent_contract_requests: AgentContractRequestsTable;
};
