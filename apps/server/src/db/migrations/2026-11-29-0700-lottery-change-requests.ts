import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Four eyes on the lottery's money-moving changes (docs/lottery.md): a change of a bet type's odds,
 * stake multiplier or availability, and the void of a draw (every ticket refunded), are requests one
 * operator makes and another one approves; only the approval applies them. At most one request waits
 * per subject (a region's bet type, a game's draw); the decider is never the requester (a withdrawal
 * by the requester stores no decider).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE lottery_change_requests (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('odds', 'void')),
      subject text NOT NULL,
      change jsonb NOT NULL,
      before jsonb,
      reason text NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'approved', 'rejected', 'withdrawn')),
      requested_by_admin_id bigint NOT NULL REFERENCES admin_users(id),
      decided_by_admin_id bigint REFERENCES admin_users(id),
      decision_note text,
      outcome jsonb,
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CHECK (decided_by_admin_id IS NULL OR decided_by_admin_id <> requested_by_admin_id),
      CHECK ((status = 'requested') = (decided_at IS NULL))
    );
    CREATE UNIQUE INDEX lottery_change_requests_waiting_idx
      ON lottery_change_requests (merchant_id, kind, subject) WHERE status = 'requested';
    CREATE INDEX lottery_change_requests_list_idx ON lottery_change_requests (merchant_id, status, id);
    `,
  );
}
