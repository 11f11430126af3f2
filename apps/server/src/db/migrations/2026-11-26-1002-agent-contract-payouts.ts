import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Agent contract settlement (docs/agent-contracts.md): one payout per (contract, period) with the
 * inputs that explain it, and the debt an upline owes when the platform paid its downline for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE agent_contract_payouts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      contract_id bigint NOT NULL REFERENCES agent_contracts(id),
      kind text NOT NULL CHECK (kind IN ('dividend', 'dailyWage', 'hourlyWage', 'realtimeSalary')),
      holder_id bigint NOT NULL REFERENCES members(id),
      period_start date NOT NULL,
      period_end date NOT NULL,
      currency char(3) NOT NULL,
      -- The team's metrics, the tier reached and its rate, the downlines' amounts deducted.
      metrics jsonb NOT NULL,
      tier integer,
      rate_basis_points integer NOT NULL CHECK (rate_basis_points >= 0),
      own_amount bigint NOT NULL CHECK (own_amount >= 0),
      downline_amounts jsonb NOT NULL,
      payout bigint NOT NULL CHECK (payout >= 0),
      clamp_amount bigint NOT NULL CHECK (clamp_amount >= 0),
      -- Who credited the own amount: the house (a top-level contract), the upline's agent wallet, or the
      -- platform on the upline's behalf (then a debt is recorded).
      paid_by text NOT NULL CHECK (paid_by IN ('house', 'upline', 'platform')),
      payer_member_id bigint REFERENCES members(id),
      own_transfer_id bigint REFERENCES ledger_transfers(id),
      clamp_transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      CHECK (period_end >= period_start),
      CHECK ((own_amount > 0) = (own_transfer_id IS NOT NULL)),
      CHECK ((clamp_amount > 0) = (clamp_transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX agent_contract_payouts_period_key ON agent_contract_payouts (contract_id, period_start);
    CREATE INDEX agent_contract_payouts_holder_idx ON agent_contract_payouts (holder_id, period_start DESC);

    CREATE TABLE agent_contract_debts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      payout_id bigint NOT NULL UNIQUE REFERENCES agent_contract_payouts(id),
      debtor_id bigint NOT NULL REFERENCES members(id),
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('open', 'settled')),
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      CHECK ((status = 'settled') = (settled_at IS NOT NULL))
    );
    CREATE INDEX agent_contract_debts_open_idx ON agent_contract_debts (debtor_id) WHERE status = 'open';
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
