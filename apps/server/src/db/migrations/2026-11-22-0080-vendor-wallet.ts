import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE vendor_integrations (
      vendor_code text PRIMARY KEY,
      wallet_style text NOT NULL CHECK (wallet_style IN ('seamless', 'transfer')),
      api_secret text NOT NULL,
      api_base_url text,
      launch_base_url text,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE bet_records (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      username text NOT NULL,
      vendor_code text NOT NULL,
      game_code text NOT NULL,
      game_category text NOT NULL,
      round_id text NOT NULL,
      currency text NOT NULL,
      is_trial boolean NOT NULL DEFAULT false,
      status text NOT NULL CHECK (status IN ('open', 'settled', 'cancelled')),
      stake bigint NOT NULL DEFAULT 0 CHECK (stake >= 0),
      rolled_back_stake bigint NOT NULL DEFAULT 0 CHECK (rolled_back_stake >= 0),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
      win_loss bigint NOT NULL DEFAULT 0,
      bet_count integer NOT NULL DEFAULT 0,
      opened_at timestamptz NOT NULL,
      settled_at timestamptz,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX bet_records_round_idx ON bet_records (vendor_code, round_id, member_id);
    CREATE INDEX bet_records_member_idx ON bet_records (member_id, opened_at DESC);
    CREATE INDEX bet_records_settled_idx ON bet_records (merchant_id, settled_at DESC) WHERE status = 'settled';

    CREATE TABLE vendor_transactions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      vendor_code text NOT NULL,
      transaction_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback', 'bet_win', 'cancelled_debit')),
      state text NOT NULL CHECK (state IN ('pending', 'held', 'settled', 'rolled_back', 'refused', 'done', 'cancelled')),
      request_hash text NOT NULL,
      member_id bigint REFERENCES members(id),
      bet_record_id bigint REFERENCES bet_records(id),
      round_id text,
      amount bigint NOT NULL DEFAULT 0,
      reservation_id bigint,
      answer jsonb,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX vendor_transactions_key_idx ON vendor_transactions (vendor_code, transaction_id);
    CREATE INDEX vendor_transactions_round_idx ON vendor_transactions (bet_record_id);

    CREATE TABLE vendor_wallet_transfers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transfer_id text NOT NULL UNIQUE,
      request_key text NOT NULL UNIQUE,
      request_hash text NOT NULL,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      vendor_code text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('to_vendor', 'from_vendor')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      reservation_id bigint,
      check_count integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      settled_at timestamptz
    );
    CREATE INDEX vendor_wallet_transfers_pending_idx ON vendor_wallet_transfers (created_at) WHERE status = 'pending';
    CREATE INDEX vendor_wallet_transfers_member_idx ON vendor_wallet_transfers (member_id, created_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
