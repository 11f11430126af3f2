import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Promotions and bonus grants (docs/promotions.md, ADR 0024): promotions as operator data, members'
 * entries (joined deposit promotions, applications and flagged claims waiting for review) with their
 * proof images, the grants with each one's own bonus balance, and the identity signals of the claims
 * (one claim per identity cluster per promotion). The new permissions go to the stored roles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE promotions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      state text NOT NULL CHECK (state IN ('draft', 'active', 'paused', 'ended')),
      category text NOT NULL,
      trigger text NOT NULL CHECK (trigger IN ('first_deposit', 'reload_deposit', 'claim', 'application')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      -- The whole definition as the operator wrote it (validated by the contract's schema).
      definition jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX promotions_code_key ON promotions (merchant_id, code);
    CREATE INDEX promotions_merchant_state_idx ON promotions (merchant_id, state);

    CREATE TABLE promotion_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL CHECK (status IN ('joined', 'pending', 'flagged', 'rejected', 'granted', 'cancelled')),
      comment text CHECK (char_length(comment) <= 140),
      flags jsonb NOT NULL DEFAULT '[]',
      -- A flagged deposit grant waits with the deposit it came with.
      deposit_amount bigint,
      deposit_reference text,
      review_note text,
      reviewed_by bigint,
      created_at timestamptz NOT NULL,
      decided_at timestamptz
    );
    CREATE INDEX promotion_entries_member_idx ON promotion_entries (member_id, promotion_id);
    CREATE INDEX promotion_entries_queue_idx ON promotion_entries (merchant_id, status) WHERE status IN ('pending', 'flagged');
    -- One open entry (joined or waiting for review) per member and promotion.
    CREATE UNIQUE INDEX promotion_entries_open_key ON promotion_entries (promotion_id, member_id)
      WHERE status IN ('joined', 'pending', 'flagged');

    CREATE TABLE promotion_proofs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      entry_id bigint NOT NULL REFERENCES promotion_entries(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) <= 5242880)
    );
    CREATE INDEX promotion_proofs_entry_idx ON promotion_proofs (entry_id);

    CREATE TABLE promotion_grants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL,
      -- 1, 2, ... per (promotion, member): the promotion's per-member limit caps it, the key makes a
      -- second grant of the same occurrence impossible.
      occurrence integer NOT NULL CHECK (occurrence >= 1),
      entry_id bigint REFERENCES promotion_entries(id),
      status text NOT NULL CHECK (status IN ('active', 'completed', 'expired', 'forfeited')),
      amount bigint NOT NULL CHECK (amount > 0),
      bonus_balance bigint NOT NULL CHECK (bonus_balance >= 0),
      required_turnover bigint NOT NULL CHECK (required_turnover >= 0),
      progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
      weights jsonb NOT NULL,
      max_stake bigint,
      max_conversion bigint,
      on_withdrawal text NOT NULL CHECK (on_withdrawal IN ('block', 'forfeit')),
      stackable boolean NOT NULL,
      converted bigint NOT NULL DEFAULT 0 CHECK (converted >= 0),
      removed bigint NOT NULL DEFAULT 0 CHECK (removed >= 0),
      deposit_reference text,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      closed_at timestamptz,
      close_reason text,
      CHECK (converted + removed + bonus_balance = amount),
      CHECK ((status = 'active') = (closed_at IS NULL)),
      CHECK (status = 'active' OR bonus_balance = 0)
    );
    CREATE UNIQUE INDEX promotion_grants_occurrence_key ON promotion_grants (promotion_id, member_id, occurrence);
    CREATE INDEX promotion_grants_active_idx ON promotion_grants (member_id) WHERE status = 'active';
    CREATE INDEX promotion_grants_expiry_idx ON promotion_grants (expires_at) WHERE status = 'active';
    CREATE INDEX promotion_grants_member_idx ON promotion_grants (member_id, issued_at DESC);

    CREATE TABLE promotion_claim_signals (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('fingerprint', 'ip_range', 'payee_name', 'phone', 'bank_account')),
      -- A hash of the folded value: the signal is compared, never shown.
      value_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (promotion_id, kind, value_hash, member_id)
    );

    UPDATE admin_roles
       SET permissions = permissions || '["promotion:read", "promotion:write", "promotion:review"]'::jsonb
     WHERE code = 'finance' AND NOT permissions ? 'promotion:read';
    UPDATE admin_roles
       SET permissions = permissions || '["promotion:read", "promotion:review"]'::jsonb
     WHERE code = 'risk' AND NOT permissions ? 'promotion:read';
    UPDATE admin_roles
       SET permissions = permissions || '["promotion:read"]'::jsonb
     WHERE code = 'support' AND NOT permissions ? 'promotion:read';
    `,
  );
}
