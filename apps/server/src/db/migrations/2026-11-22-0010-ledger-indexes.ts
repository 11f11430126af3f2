import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A reversal must know whether a transfer settled a reservation (those are corrected through the
 * reservation, not reversed). Reserve transfers are recognised by their code, so only the settling
 * side needs an index; every index here costs each stake a write, so there is no other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE INDEX ledger_reservations_settle_transfer_idx ON ledger_reservations (settle_transfer_id) WHERE settle_transfer_id IS NOT NULL;
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
