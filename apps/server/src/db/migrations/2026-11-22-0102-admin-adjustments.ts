import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE admin_adjustments (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      wallet text NOT NULL CHECK (wallet IN ('main', 'bonus', 'agent')),
      direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      reason text NOT NULL,
      request_id text NOT NULL,
      request_hash text NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'approved', 'rejected')),
      needs_approval boolean NOT NULL,
      requested_by bigint NOT NULL REFERENCES admin_users(id),
      decided_by bigint REFERENCES admin_users(id),
      decision_note text,
      ledger_transfer_id bigint UNIQUE REFERENCES ledger_transfers(id),
      balance_after bigint,
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CHECK (decided_by IS NULL OR decided_by <> requested_by),
      CHECK ((status = 'approved') = (ledger_transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX admin_adjustments_request_key ON admin_adjustments (merchant_id, request_id);
    CREATE INDEX admin_adjustments_status_idx ON admin_adjustments (merchant_id, status, id);
    CREATE INDEX admin_adjustments_member_idx ON admin_adjustments (member_id, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
