import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE rg_limits (
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
      amount bigint CHECK (amount > 0),
      pending_amount bigint CHECK (pending_amount > 0),
      pending_effective_at timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, kind, period),
      CHECK (pending_effective_at IS NOT NULL OR pending_amount IS NULL)
    );

    CREATE TABLE rg_member_states (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      break_until timestamptz,
      excluded_until timestamptz,
      is_permanently_excluded boolean NOT NULL DEFAULT false,
      reality_check_minutes integer CHECK (reality_check_minutes > 0),
      updated_at timestamptz NOT NULL
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
