import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE job_slots (
      name text NOT NULL,
      slot_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'completed')),
      node text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (name, slot_at)
    );

    CREATE TABLE ledger_reconciliation_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      status text NOT NULL CHECK (status IN ('running', 'clean', 'differences', 'failed')),
      accounts_checked integer NOT NULL DEFAULT 0,
      system_accounts_rolled_up integer NOT NULL DEFAULT 0,
      difference_count integer NOT NULL DEFAULT 0,
      conservation jsonb NOT NULL DEFAULT '[]'::jsonb,
      node text
    );

    CREATE TABLE ledger_reconciliation_differences (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      run_id bigint NOT NULL REFERENCES ledger_reconciliation_runs(id),
      kind text NOT NULL CHECK (kind IN ('member_balance', 'system_negative', 'entries_not_conserved', 'balances_not_conserved')),
      account_id bigint REFERENCES ledger_accounts(id),
      currency char(3) NOT NULL,
      expected bigint NOT NULL,
      actual bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_reconciliation_differences_run_idx ON ledger_reconciliation_differences (run_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
