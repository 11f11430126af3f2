import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- A third-party identity (issuer and subject) linked for good to a member: never updated, never deleted.
    CREATE TABLE social_identities (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      provider_key text NOT NULL,
      issuer text NOT NULL,
      subject text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One identity, one member; one link per provider for a member.
    CREATE UNIQUE INDEX social_identities_identity_key ON social_identities (merchant_id, issuer, subject);
    CREATE UNIQUE INDEX social_identities_member_provider_key ON social_identities (member_id, provider_key);

    -- The short-lived, single-use values of a sign-in, found by the SHA-256 of the value the browser
    -- holds: the state of a started sign-in (with its nonce and PKCE verifier), the one-time code of a
    -- linked identity's sign-in, and the ticket of an identity waiting to be linked.
    CREATE TABLE social_sign_in_grants (
      value_hash text PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('state', 'code', 'link')),
      provider_key text NOT NULL,
      data jsonb NOT NULL,
      -- Wrong passwords given with a link ticket.
      failures integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX social_sign_in_grants_expiry_idx ON social_sign_in_grants (expires_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
