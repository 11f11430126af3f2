import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE deposit_channels (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      type text NOT NULL CHECK (type IN ('bank_transfer', 'gateway')),
      name text NOT NULL,
      currency text NOT NULL,
      bank_name text,
      bank_account_name text,
      bank_account_number text,
      bank_branch text,
      gateway_code text,
      min_amount bigint NOT NULL CHECK (min_amount > 0),
      max_amount bigint NOT NULL,
      is_enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      tutorial_vi text NOT NULL DEFAULT '',
      tutorial_en text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (max_amount >= min_amount),
      CHECK (type <> 'bank_transfer' OR (bank_name IS NOT NULL AND bank_account_name IS NOT NULL AND bank_account_number IS NOT NULL)),
      CHECK (type <> 'gateway' OR gateway_code IS NOT NULL)
    );
    CREATE INDEX deposit_channels_merchant_idx ON deposit_channels (merchant_id, sort, id);

    CREATE TABLE deposit_orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      channel_id bigint NOT NULL REFERENCES deposit_channels(id),
      type text NOT NULL CHECK (type IN ('bank_transfer', 'gateway')),
      reference_code text NOT NULL UNIQUE,
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      credited_amount bigint CHECK (credited_amount > 0),
      status text NOT NULL CHECK (status IN ('pending', 'paid', 'rejected', 'failed', 'expired')),
      gateway_code text,
      gateway_tx_id text,
      redirect_url text,
      bank_name text,
      bank_account_name text,
      bank_account_number text,
      bank_branch text,
      ledger_transfer_id bigint REFERENCES ledger_transfers(id),
      reject_reason text,
      decided_by_admin_id bigint REFERENCES admin_users(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      completed_at timestamptz,
      last_checked_at timestamptz,
      CHECK ((status = 'paid') = (ledger_transfer_id IS NOT NULL)),
      CHECK ((status = 'paid') = (credited_amount IS NOT NULL))
    );
    CREATE UNIQUE INDEX deposit_orders_gateway_tx_idx ON deposit_orders (gateway_code, gateway_tx_id) WHERE gateway_tx_id IS NOT NULL;
    CREATE INDEX deposit_orders_member_idx ON deposit_orders (member_id, created_at DESC);
    CREATE INDEX deposit_orders_open_idx ON deposit_orders (status, expires_at) WHERE status = 'pending';
    CREATE INDEX deposit_orders_merchant_idx ON deposit_orders (merchant_id, created_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
