import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE payment_password_guards (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE bank_cards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_name text NOT NULL,
      account_number text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'removed')),
      verified_at timestamptz,
      created_at timestamptz NOT NULL,
      removed_at timestamptz
    );
    CREATE UNIQUE INDEX bank_cards_active_number_key ON bank_cards (merchant_id, account_number) WHERE status = 'active';
    CREATE INDEX bank_cards_member_idx ON bank_cards (member_id, status);

    CREATE TABLE withdrawals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      bank_card_id bigint NOT NULL REFERENCES bank_cards(id),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      fee bigint NOT NULL CHECK (fee >= 0),
      net_amount bigint NOT NULL CHECK (net_amount > 0),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'confirmed_received', 'disputed')),
      net_reservation_id bigint REFERENCES ledger_reservations(id),
      fee_reservation_id bigint REFERENCES ledger_reservations(id),
      is_kyc_required boolean NOT NULL DEFAULT false,
      reject_reason text,
      dispute_note text,
      confirmation text CHECK (confirmation IN ('received', 'not_received', 'all_received', 'auto')),
      created_at timestamptz NOT NULL,
      approved_at timestamptz,
      approved_by bigint REFERENCES admin_users(id),
      rejected_at timestamptz,
      rejected_by bigint REFERENCES admin_users(id),
      paid_at timestamptz,
      paid_by bigint REFERENCES admin_users(id),
      confirmed_at timestamptz,
      CHECK (net_amount + fee = amount)
    );
    CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC);
    CREATE INDEX withdrawals_status_idx ON withdrawals (merchant_id, status, created_at);

    CREATE TABLE withdrawal_proofs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size_bytes integer NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX withdrawal_proofs_withdrawal_idx ON withdrawal_proofs (withdrawal_id);

    CREATE TABLE wagering_requirements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL,
      bonus_amount bigint NOT NULL CHECK (bonus_amount > 0),
      multiplier numeric(8, 2) NOT NULL CHECK (multiplier > 0),
      required_turnover bigint NOT NULL CHECK (required_turnover > 0),
      source text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'met', 'cancelled')),
      created_at timestamptz NOT NULL,
      met_at timestamptz
    );
    CREATE INDEX wagering_requirements_member_idx ON wagering_requirements (member_id, currency, status, created_at);

    CREATE TABLE kyc_verifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      front_content_type text NOT NULL CHECK (front_content_type IN ('image/png', 'image/jpeg')),
      front_image bytea NOT NULL,
      back_content_type text NOT NULL CHECK (back_content_type IN ('image/png', 'image/jpeg')),
      back_image bytea NOT NULL,
      reject_reason text,
      created_at timestamptz NOT NULL,
      reviewed_at timestamptz,
      reviewed_by bigint REFERENCES admin_users(id)
    );
    CREATE UNIQUE INDEX kyc_verifications_one_open_key ON kyc_verifications (member_id) WHERE status IN ('pending', 'approved');
    CREATE INDEX kyc_verifications_status_idx ON kyc_verifications (merchant_id, status, created_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
