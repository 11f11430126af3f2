import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The audit log gets the merchant a row belongs to, so an operator's list shows their merchant's rows
 * (and the platform's own, which have none) rather than every merchant's. Existing rows take it from
 * the member they are about, else from the operator or member who acted; the rest (system jobs,
 * vendors, visitors without a member) stay without one. The column is not part of a row's hash: it
 * is derived from the hashed actor and subject (docs/admin-api.md, "Audit log").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN merchant_id bigint REFERENCES merchants(id);

    UPDATE audit_log a
       SET merchant_id = m.merchant_id
      FROM members m
     WHERE a.subject_type = 'member' AND a.subject_id ~ '^[0-9]{1,18}$' AND m.id = a.subject_id::bigint;

    UPDATE audit_log a
       SET merchant_id = u.merchant_id
      FROM admin_users u
     WHERE a.merchant_id IS NULL AND a.actor_type = 'admin' AND a.actor_id ~ '^[0-9]{1,18}$' AND u.id = a.actor_id::bigint;

    UPDATE audit_log a
       SET merchant_id = m.merchant_id
      FROM members m
     WHERE a.merchant_id IS NULL AND a.actor_type = 'member' AND a.actor_id ~ '^[0-9]{1,18}$' AND m.id = a.actor_id::bigint;

    CREATE INDEX audit_log_merchant_idx ON audit_log (merchant_id, id);
    `,
  );
}
