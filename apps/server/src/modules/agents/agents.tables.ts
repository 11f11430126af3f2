import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One row per move of an agent's money between its own main and agent wallets, keyed by its request id. */
export type AgentWalletMovesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  direction: 'to_agent' | 'to_main';
  amount: number;
  currency: string;
  request_id: string;
  request_hash: string;
  ledger_transfer_id: number | null;
  main_balance_after: number | null;
  agent_balance_after: number | null;
  created_at: Timestamp;
};

export type AgentsTables = {
  agent_wallet_moves: AgentWalletMovesTable;
};
