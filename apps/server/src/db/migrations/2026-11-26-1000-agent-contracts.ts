import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Agent contracts (docs/agent-contracts.md): an agent's dividend, daily wage, hourly wage or
 * real-time salary terms, offered by its direct upline (or set by an operator for a top-level
 * agent), and the requests waiting for its answer. At most one pending and one active contract per
 * holder and kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE agent_contracts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('dividend', 'dailyWage', 'hourlyWage', 'realtimeSalary')),
      holder_id bigint NOT NULL REFERENCES members(id),
      offered_by_member_id bigint REFERENCES members(id),
      offered_by_admin_id bigint REFERENCES admin_users(id),
      tiers jsonb NOT NULL,
      period text NOT NULL CHECK (period IN ('fiveMinutes', 'hour', 'day', 'week', 'halfMonth', 'month')),
      status text NOT NULL CHECK (status IN ('pending', 'active', 'rejected', 'terminated')),
      end_reason text CHECK (end_reason IN ('by_holder', 'agreed', 'withdrawn', 'replaced', 'lower_rate', 'upline_ended', 'operator')),
      created_at timestamptz NOT NULL,
      signed_at timestamptz,
      ended_at timestamptz,
      CHECK ((offered_by_member_id IS NULL) <> (offered_by_admin_id IS NULL)),
      CHECK (offered_by_member_id IS NULL OR offered_by_member_id <> holder_id),
      CHECK ((status IN ('rejected', 'terminated')) = (ended_at IS NOT NULL)),
      CHECK ((status = 'terminated') = (end_reason IS NOT NULL)),
      CHECK (status <> 'active' OR signed_at IS NOT NULL)
    );
    CREATE UNIQUE INDEX agent_contracts_active_key ON agent_contracts (holder_id, kind) WHERE status = 'active';
    CREATE UNIQUE INDEX agent_contracts_pending_key ON agent_contracts (holder_id, kind) WHERE status = 'pending';
    CREATE INDEX agent_contracts_offerer_idx ON agent_contracts (offered_by_member_id, kind) WHERE offered_by_member_id IS NOT NULL;
    CREATE INDEX agent_contracts_merchant_idx ON agent_contracts (merchant_id, id DESC);

    -- What waits for a holder's answer: an offer (new) or its upline's wish to end the contract (termination).
    CREATE TABLE agent_contract_requests (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      contract_id bigint NOT NULL REFERENCES agent_contracts(id),
      kind text NOT NULL CHECK (kind IN ('dividend', 'dailyWage', 'hourlyWage', 'realtimeSalary')),
      type text NOT NULL CHECK (type IN ('new', 'termination')),
      holder_id bigint NOT NULL REFERENCES members(id),
      requested_by_member_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'void')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CHECK ((status = 'pending') = (decided_at IS NULL))
    );
    CREATE UNIQUE INDEX agent_contract_requests_pending_key ON agent_contract_requests (contract_id, type) WHERE status = 'pending';
    CREATE INDEX agent_contract_requests_holder_idx ON agent_contract_requests (holder_id, kind, id) WHERE status = 'pending';
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
