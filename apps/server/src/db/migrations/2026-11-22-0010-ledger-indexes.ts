import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A reversal must know whether a transfer belongs to a reservation (those are corrected through the
 * reservation, not reversed), and history filters by time: both need an index to stay fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE INDEX ledger_reservations_reserve_transfer_idx ON ledger_reservations (reserve_transfer_id);
    CREATE INDEX ledger_reservations_settle_transfer_idx ON ledger_reservations (settle_transfer_id) WHERE settle_transfer_id IS NOT NULL;
    CREATE INDEX ledger_entries_account_created_idx ON ledger_entries (account_id, created_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
