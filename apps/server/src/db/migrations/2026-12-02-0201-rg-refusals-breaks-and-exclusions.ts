import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Responsible-gaming triggers (docs/wallet-records.md): a deposit or a stake refused because the
 * member is on a break (`break`) or self-excluded (`self_exclusion`) is counted too, with that
 * reason in `kind`, beside the refusals by a deposit, loss or wager limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE rg_limit_refusals DROP CONSTRAINT rg_limit_refusals_kind_check;
    ALTER TABLE rg_limit_refusals ADD CONSTRAINT rg_limit_refusals_kind_check
      CHECK (kind IN ('deposit', 'loss', 'wager', 'break', 'self_exclusion'));
    `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
