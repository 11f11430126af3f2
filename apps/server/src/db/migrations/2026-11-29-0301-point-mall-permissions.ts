import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/** The points mall's operator permissions join the default roles that stored their permissions before. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    UPDATE admin_roles
       SET permissions = permissions || '["point-mall:read", "point-mall:write", "point-mall:fulfil"]'::jsonb
     WHERE code = 'finance' AND NOT permissions ? 'point-mall:read';
    UPDATE admin_roles
       SET permissions = permissions || '["point-mall:read", "point-mall:fulfil"]'::jsonb
     WHERE code = 'support' AND NOT permissions ? 'point-mall:read';
    `,
  );
}
