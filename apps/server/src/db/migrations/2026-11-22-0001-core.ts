import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE merchants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      currency char(3) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE members (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      username text NOT NULL,
      account_type smallint NOT NULL,
      parent_id bigint REFERENCES members(id),
      upline_path text NOT NULL,
      nickname text,
      payee_name text,
      mobile_num text,
      email text,
      currency char(3) NOT NULL,
      password_hash text,
      payment_password_hash text,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'closed')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX members_username_key ON members (merchant_id, lower(username));
    CREATE INDEX members_parent_idx ON members (parent_id);
    CREATE INDEX members_upline_path_idx ON members (upline_path text_pattern_ops);

    CREATE TABLE admin_users (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      username text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX admin_users_username_key ON admin_users (merchant_id, lower(username));

    CREATE TABLE sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    CREATE INDEX sessions_member_idx ON sessions (member_id);

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      actor_type text NOT NULL,
      actor_id text,
      action text NOT NULL,
      subject_type text,
      subject_id text,
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip text,
      prev_hash text,
      hash text
    );
    CREATE INDEX audit_log_unsealed_idx ON audit_log (id) WHERE hash IS NULL;

    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL,
      member_id bigint REFERENCES members(id),
      currency char(3) NOT NULL,
      balance bigint NOT NULL DEFAULT 0,
      version bigint NOT NULL DEFAULT 0,
      is_system boolean NOT NULL,
      may_go_negative boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (may_go_negative OR balance >= 0),
      CHECK (is_system = (member_id IS NULL))
    );
    CREATE UNIQUE INDEX ledger_accounts_member_key ON ledger_accounts (member_id, kind, currency) WHERE member_id IS NOT NULL;
    CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (merchant_id, kind, currency) WHERE member_id IS NULL;

    CREATE TABLE ledger_transfers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      debit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      credit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      code text NOT NULL,
      idempotency_key text NOT NULL UNIQUE,
      request_hash text NOT NULL,
      reference_type text,
      reference_id text,
      reverses_transfer_id bigint UNIQUE REFERENCES ledger_transfers(id),
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (debit_account_id <> credit_account_id)
    );
    CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference_type, reference_id);

    CREATE TABLE ledger_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount <> 0),
      balance_before bigint,
      balance_after bigint,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
    CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id);

    CREATE TABLE ledger_reservations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      code text NOT NULL,
      status text NOT NULL CHECK (status IN ('held', 'posted', 'voided')),
      idempotency_key text NOT NULL UNIQUE,
      request_hash text NOT NULL,
      reserve_transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
      settle_transfer_id bigint REFERENCES ledger_transfers(id),
      reference_type text,
      reference_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX ledger_reservations_held_idx ON ledger_reservations (account_id) WHERE status = 'held';
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
