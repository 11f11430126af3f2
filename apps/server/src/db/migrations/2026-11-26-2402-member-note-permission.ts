import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A new permission, `member:note` (a note on a member's detail), for the stored roles that read
 * members: finance, risk and support. `audit:read` goes to the administrator alone, who holds every
 * permission whatever is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    UPDATE admin_roles
       SET permissions = permissions || '["member:note"]'::jsonb
     WHERE code IN ('finance', 'risk', 'support')
       AND permissions ? 'member:read'
       AND NOT permissions ? 'member:note';
    `,
  );
}
