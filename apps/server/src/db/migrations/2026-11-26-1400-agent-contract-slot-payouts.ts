import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Hourly wages and real-time salaries (docs/agent-contracts.md, "Settlement"): their periods are an
 * hour and a 5-minute slot, so a payout of those kinds carries the instants its period starts and
 * ends (`slot_start`, `slot_end`; `period_start`/`period_end` hold the merchant's day of the slot),
 * and is unique on (contract, slot start); the day kinds stay unique on (contract, period start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE agent_contract_payouts
      ADD COLUMN slot_start timestamptz,
      ADD COLUMN slot_end timestamptz,
      ADD CONSTRAINT agent_contract_payouts_slot_check CHECK (
        CASE WHEN kind IN ('hourlyWage', 'realtimeSalary') THEN slot_start IS NOT NULL AND slot_end > slot_start
             ELSE slot_start IS NULL AND slot_end IS NULL END
      );
    DROP INDEX agent_contract_payouts_period_key;
    CREATE UNIQUE INDEX agent_contract_payouts_period_key ON agent_contract_payouts (contract_id, period_start) WHERE slot_start IS NULL;
    CREATE UNIQUE INDEX agent_contract_payouts_slot_key ON agent_contract_payouts (contract_id, slot_start) WHERE slot_start IS NOT NULL;
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
