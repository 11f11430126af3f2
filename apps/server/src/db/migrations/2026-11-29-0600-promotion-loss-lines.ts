import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Loss-over-a-period promotions (docs/promotions.md, "Loss over a period"): the trigger
 * `loss_period`, and one line per (promotion, member, period, revision) computed from the daily
 * rollups' net loss. Revision 0 is the period's first settlement; a later revision records a late
 * round (more loss: the difference due; less loss: noted with amount 0). A line is accrued (for the
 * member to claim), granted (a bonus grant paid it), withheld (the member was excluded, on a break or
 * not active: never paid), noted (a late fall in loss, nothing taken back) or cancelled (an
 * exclusion, break or lock cancelled it before the claim).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE promotions DROP CONSTRAINT promotions_trigger_check;
    ALTER TABLE promotions ADD CONSTRAINT promotions_trigger_check
      CHECK (trigger IN ('first_deposit', 'reload_deposit', 'claim', 'application', 'loss_period'));

    CREATE TABLE promotion_loss_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL,
      period text NOT NULL CHECK (period IN ('D', 'W', 'M')),
      -- The merchant's calendar days (YYYY-MM-DD), both included.
      period_start text NOT NULL CHECK (period_start ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      period_end text NOT NULL CHECK (period_end ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      revision integer NOT NULL CHECK (revision >= 0),
      net_loss bigint NOT NULL CHECK (net_loss >= 0),
      loss_change bigint NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      status text NOT NULL CHECK (status IN ('accrued', 'granted', 'withheld', 'noted', 'cancelled')),
      grant_id bigint REFERENCES promotion_grants(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      UNIQUE (promotion_id, member_id, period_start, revision),
      CHECK ((status = 'granted') = (grant_id IS NOT NULL)),
      CHECK (status <> 'noted' OR amount = 0)
    );
    CREATE INDEX promotion_loss_lines_member_idx ON promotion_loss_lines (member_id, promotion_id) WHERE status = 'accrued';
    `,
  );
}
