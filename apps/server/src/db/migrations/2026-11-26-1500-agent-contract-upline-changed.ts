import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * An agent contract ends `upline_changed` when an operator moves its holder under another upline
 * and its offerer is no longer the holder's direct upline (docs/agent-contracts.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE agent_contracts DROP CONSTRAINT agent_contracts_end_reason_check;
    ALTER TABLE agent_contracts ADD CONSTRAINT agent_contracts_end_reason_check
      CHECK (end_reason IN ('by_holder', 'agreed', 'withdrawn', 'replaced', 'lower_rate', 'upline_ended', 'upline_changed', 'operator'));
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
