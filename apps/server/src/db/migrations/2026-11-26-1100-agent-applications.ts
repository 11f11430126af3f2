import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- The agent programme's applications (the /join page) and the operator's answer.
    CREATE TABLE agent_applications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      reference text NOT NULL CHECK (reference ~ '^AG-[0-9A-HJKMNP-TV-Z]{10}$'),
      member_id bigint REFERENCES members(id),
      real_name text NOT NULL CHECK (char_length(real_name) BETWEEN 2 AND 64),
      mobile_num text NOT NULL CHECK (mobile_num ~ '^[+]?[0-9]{8,15}$'),
      email text CHECK (char_length(email) <= 120),
      contact text CHECK (char_length(contact) <= 64),
      experience text NOT NULL CHECK (experience IN ('new', 'some', 'professional')),
      message text CHECK (char_length(message) <= 500),
      language text NOT NULL,
      -- The rate limit's key: the member, or the address of a visitor without a session.
      rate_key text NOT NULL,
      ip text,
      request_id text NOT NULL,
      request_hash text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      answer text CHECK (char_length(answer) BETWEEN 1 AND 500),
      answered_by bigint REFERENCES admin_users(id),
      answered_at timestamptz,
      created_at timestamptz NOT NULL,
      CHECK ((status = 'pending') = (answered_at IS NULL)),
      CHECK ((answered_at IS NULL) = (answer IS NULL)),
      CHECK ((answered_at IS NULL) = (answered_by IS NULL))
    );
    CREATE UNIQUE INDEX agent_applications_reference_key ON agent_applications (reference);
    CREATE UNIQUE INDEX agent_applications_request_key ON agent_applications (merchant_id, request_id);
    -- One application under review per mobile number.
    CREATE UNIQUE INDEX agent_applications_pending_mobile_key ON agent_applications (merchant_id, mobile_num) WHERE status = 'pending';
    CREATE INDEX agent_applications_rate_idx ON agent_applications (merchant_id, rate_key, created_at);
    CREATE INDEX agent_applications_list_idx ON agent_applications (merchant_id, status, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
