import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Request ids on withdrawal requests and lottery tickets (a retry answers the first result, other
 * content is a conflict), and the sessions a forced password change limits to that change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE withdrawals ADD COLUMN request_id text;
    ALTER TABLE withdrawals ADD COLUMN request_hash text;
    CREATE UNIQUE INDEX withdrawals_request_key ON withdrawals (member_id, request_id);

    ALTER TABLE lottery_tickets ADD COLUMN request_id text;
    ALTER TABLE lottery_tickets ADD COLUMN request_hash text;
    CREATE UNIQUE INDEX lottery_tickets_request_key ON lottery_tickets (member_id, request_id);

    ALTER TABLE sessions ADD COLUMN is_password_change_only boolean NOT NULL DEFAULT false;
    `,
  );
}
