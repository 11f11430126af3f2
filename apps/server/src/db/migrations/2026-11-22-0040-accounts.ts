import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE UNIQUE INDEX members_mobile_key ON members (merchant_id, mobile_num) WHERE mobile_num IS NOT NULL;

    CREATE TABLE member_security (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      password_changed_at timestamptz,
      must_change_password boolean NOT NULL DEFAULT false,
      last_login_at timestamptz,
      last_login_ip text,
      login_count integer NOT NULL DEFAULT 0
    );

    CREATE TABLE member_profiles (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      contacts jsonb NOT NULL DEFAULT '{}'::jsonb,
      id_number text,
      register_method text,
      register_domain text,
      register_url text,
      register_ip text,
      affiliate_code_used text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE affiliate_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      code text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX affiliate_codes_code_key ON affiliate_codes (merchant_id, lower(code));
    CREATE INDEX affiliate_codes_member_idx ON affiliate_codes (member_id);

    CREATE TABLE auth_throttles (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      scope text NOT NULL CHECK (scope IN ('account', 'ip')),
      key text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      lockouts integer NOT NULL DEFAULT 0,
      window_started_at timestamptz NOT NULL,
      locked_until timestamptz,
      PRIMARY KEY (merchant_id, scope, key)
    );

    CREATE TABLE captchas (
      key_hash text PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      answer_hash text NOT NULL,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX captchas_expires_idx ON captchas (expires_at);

    CREATE TABLE sms_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      mobile_num text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('login', 'register', 'password')),
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    );
    CREATE INDEX sms_codes_lookup_idx ON sms_codes (merchant_id, mobile_num, purpose, id);
    CREATE INDEX sms_codes_ip_idx ON sms_codes (merchant_id, ip, created_at);

    CREATE TABLE sms_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      mobile_num text NOT NULL,
      country_dialing_code text,
      purpose text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
