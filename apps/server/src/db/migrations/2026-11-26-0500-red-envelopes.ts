import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE red_envelopes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      sender_id bigint NOT NULL REFERENCES members(id),
      currency char(3) NOT NULL,
      total_amount bigint NOT NULL CHECK (total_amount > 0),
      share_count integer NOT NULL CHECK (share_count > 0 AND total_amount >= share_count),
      split text NOT NULL CHECK (split IN ('equal', 'random')),
      audience text NOT NULL CHECK (audience IN ('team', 'direct', 'members')),
      message text NOT NULL,
      request_id text NOT NULL,
      request_hash text NOT NULL,
      fund_transfer_id bigint REFERENCES ledger_transfers(id),
      sender_balance_after bigint,
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      returned_amount bigint CHECK (returned_amount >= 0),
      return_transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK (expires_at > created_at),
      CHECK ((status = 'closed') = (closed_at IS NOT NULL AND returned_amount IS NOT NULL))
    );
    CREATE UNIQUE INDEX red_envelopes_request_key ON red_envelopes (sender_id, request_id);
    CREATE INDEX red_envelopes_sender_idx ON red_envelopes (sender_id, id);
    CREATE INDEX red_envelopes_open_expiry_idx ON red_envelopes (expires_at) WHERE status = 'open';
    CREATE INDEX red_envelopes_open_merchant_idx ON red_envelopes (merchant_id, sender_id) WHERE status = 'open';

    -- The shares are decided when the envelope is funded; a claim takes one unclaimed row.
    CREATE TABLE red_envelope_shares (
      envelope_id bigint NOT NULL REFERENCES red_envelopes(id),
      share_no integer NOT NULL CHECK (share_no > 0),
      amount bigint NOT NULL CHECK (amount > 0),
      claimed_by bigint REFERENCES members(id),
      claimed_at timestamptz,
      claim_transfer_id bigint REFERENCES ledger_transfers(id),
      PRIMARY KEY (envelope_id, share_no),
      CHECK ((claimed_by IS NULL) = (claimed_at IS NULL))
    );
    -- A member claims one share of an envelope at most.
    CREATE UNIQUE INDEX red_envelope_shares_claimer_key ON red_envelope_shares (envelope_id, claimed_by) WHERE claimed_by IS NOT NULL;
    CREATE INDEX red_envelope_shares_received_idx ON red_envelope_shares (claimed_by, claimed_at) WHERE claimed_by IS NOT NULL;

    -- Audience "members": the members the agent chose.
    CREATE TABLE red_envelope_recipients (
      envelope_id bigint NOT NULL REFERENCES red_envelopes(id),
      member_id bigint NOT NULL REFERENCES members(id),
      PRIMARY KEY (envelope_id, member_id)
    );
    CREATE INDEX red_envelope_recipients_member_idx ON red_envelope_recipients (member_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
