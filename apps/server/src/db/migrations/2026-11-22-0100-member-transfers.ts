import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE transfer_permissions (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      to_upline boolean NOT NULL,
      can_transfer_to_downline boolean NOT NULL,
      can_receive_from_downline boolean NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text
    );

    CREATE TABLE member_transfers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      sender_id bigint NOT NULL REFERENCES members(id),
      receiver_id bigint NOT NULL REFERENCES members(id),
      direction text NOT NULL CHECK (direction IN ('downline', 'upline')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      note text NOT NULL,
      request_id text NOT NULL,
      request_hash text NOT NULL,
      ledger_transfer_id bigint REFERENCES ledger_transfers(id),
      sender_balance_after bigint,
      created_at timestamptz NOT NULL,
      CHECK (sender_id <> receiver_id)
    );
    CREATE UNIQUE INDEX member_transfers_request_key ON member_transfers (sender_id, request_id);
    CREATE INDEX member_transfers_receiver_idx ON member_transfers (receiver_id, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
