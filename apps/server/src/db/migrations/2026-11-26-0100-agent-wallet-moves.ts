import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE agent_wallet_moves (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      direction text NOT NULL CHECK (direction IN ('to_agent', 'to_main')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      request_id text NOT NULL,
      request_hash text NOT NULL,
      ledger_transfer_id bigint REFERENCES ledger_transfers(id),
      main_balance_after bigint,
      agent_balance_after bigint,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX agent_wallet_moves_request_key ON agent_wallet_moves (member_id, request_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
