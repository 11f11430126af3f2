import { type Kysely, sql } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * How the daily rollups follow their sources (docs/daily-stats.md, "Maintenance"): every source row
 * carries the id of the transaction that last wrote it (`change_xid`, a 64-bit xid8), and the
 * daily-stats consumer reads the rows written by transactions older than every running one, so it
 * never misses a late commit and never reads a row twice. Its cursors move in the transaction that
 * writes the rollups.
 *
 * - bet_records: set on insert by default, and on every update of a settled round by a trigger (any
 *   write path, present or future, is covered). The index holds settled real-money rounds only, so the
 *   many updates of open rounds on the seamless hot path do not touch it.
 * - ledger_transfers: append-only; set on insert by default. The indexes leave out the game codes the
 *   hot path writes (stakes, wins, releases), which the rollups take from bet_records instead.
 * The `(member_id, settled_at)` and `(created_at)` indexes serve the recomputation of a member's day
 * and the reconciliation of a whole day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE bet_records ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
    CREATE INDEX bet_records_change_xid_idx ON bet_records (change_xid) WHERE settled_at IS NOT NULL AND NOT is_trial;
    CREATE INDEX bet_records_member_settled_idx ON bet_records (member_id, settled_at) WHERE settled_at IS NOT NULL AND NOT is_trial;

    ALTER TABLE ledger_transfers ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
    CREATE INDEX ledger_transfers_change_xid_idx ON ledger_transfers (change_xid)
      WHERE code NOT IN ('bet', 'payout', 'stake_reserve', 'stake_void', 'cancelled');
    CREATE INDEX ledger_transfers_money_created_idx ON ledger_transfers (created_at)
      WHERE code NOT IN ('bet', 'payout', 'stake_reserve', 'stake_void', 'cancelled');

    CREATE TABLE daily_stats_cursors (
      source text PRIMARY KEY CHECK (source IN ('bet_records', 'ledger_transfers')),
      position xid8 NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO daily_stats_cursors (source, position) VALUES ('bet_records', '0'), ('ledger_transfers', '0');

    CREATE TABLE daily_stats_reconciliations (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      day date NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'clean', 'differences')),
      after_member_id bigint NOT NULL DEFAULT 0,
      members_checked integer NOT NULL DEFAULT 0,
      difference_count integer NOT NULL DEFAULT 0,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      node text,
      PRIMARY KEY (merchant_id, day)
    );

    CREATE TABLE daily_stats_differences (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      day date NOT NULL,
      member_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('game', 'money')),
      category text NOT NULL,
      field text NOT NULL,
      expected bigint NOT NULL,
      actual bigint NOT NULL,
      found_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, day, member_id, kind, category, field)
    );
  `,
  );
  // A function body is dollar-quoted, so it goes on its own.
  await sql`
    CREATE FUNCTION bet_records_touch_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.change_xid := pg_current_xact_id();
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER bet_records_change_xid BEFORE UPDATE ON bet_records
    FOR EACH ROW WHEN (NEW.settled_at IS NOT NULL) EXECUTE FUNCTION bet_records_touch_change_xid()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
