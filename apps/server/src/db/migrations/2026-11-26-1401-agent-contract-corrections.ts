import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Corrections of paid agent contract periods (docs/agent-contracts.md, "Late rounds"): a round that
 * settles for a period after the period was paid changes its metrics. A correction records the
 * period's figures as they are now and the difference against what was credited before: a positive
 * one is paid through the same chain, a negative one is left to be deducted from the holder's next
 * payouts of the contract (`*_deduction_left`), never taken from a wallet. A payout records what it
 * deducted; a debt may come from a correction the platform paid for an upline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE agent_contract_corrections (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      payout_id bigint NOT NULL REFERENCES agent_contract_payouts(id),
      contract_id bigint NOT NULL REFERENCES agent_contracts(id),
      holder_id bigint NOT NULL REFERENCES members(id),
      seq integer NOT NULL CHECK (seq >= 1),
      -- The period's figures now, as a payout records them.
      metrics jsonb NOT NULL,
      tier integer,
      rate_basis_points integer NOT NULL CHECK (rate_basis_points >= 0),
      own_amount bigint NOT NULL CHECK (own_amount >= 0),
      downline_amounts jsonb NOT NULL,
      payout bigint NOT NULL CHECK (payout >= 0),
      clamp_amount bigint NOT NULL CHECK (clamp_amount >= 0),
      -- Against what the payout and the earlier corrections credited.
      own_delta bigint NOT NULL,
      clamp_delta bigint NOT NULL,
      paid_by text CHECK (paid_by IN ('house', 'upline', 'platform')),
      payer_member_id bigint REFERENCES members(id),
      own_transfer_id bigint REFERENCES ledger_transfers(id),
      clamp_transfer_id bigint REFERENCES ledger_transfers(id),
      -- What is still to be deducted from the holder's next payouts: back to whoever paid the own
      -- amount (the member when it was its upline's agent wallet, else the house), and to the house.
      own_deduction_left bigint NOT NULL CHECK (own_deduction_left >= 0),
      own_refund_member_id bigint REFERENCES members(id),
      clamp_deduction_left bigint NOT NULL CHECK (clamp_deduction_left >= 0),
      created_at timestamptz NOT NULL,
      UNIQUE (payout_id, seq),
      CHECK (own_delta <> 0 OR clamp_delta <> 0),
      CHECK ((own_delta > 0) = (own_transfer_id IS NOT NULL)),
      CHECK ((clamp_delta > 0) = (clamp_transfer_id IS NOT NULL))
    );
    CREATE INDEX agent_contract_corrections_deduction_idx ON agent_contract_corrections (contract_id)
      WHERE own_deduction_left > 0 OR clamp_deduction_left > 0;

    ALTER TABLE agent_contract_payouts ADD COLUMN deducted_amount bigint NOT NULL DEFAULT 0 CHECK (deducted_amount >= 0);

    ALTER TABLE agent_contract_debts ADD COLUMN correction_id bigint REFERENCES agent_contract_corrections(id);
    ALTER TABLE agent_contract_debts DROP CONSTRAINT agent_contract_debts_payout_id_key;
    CREATE UNIQUE INDEX agent_contract_debts_payout_key ON agent_contract_debts (payout_id) WHERE correction_id IS NULL;
    CREATE UNIQUE INDEX agent_contract_debts_correction_key ON agent_contract_debts (correction_id) WHERE correction_id IS NOT NULL;
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
