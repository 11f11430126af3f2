import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The responsible-gaming part of a stake taken in one round trip (ADR 0041): the member's state
 * row is locked, as `lockStateAndFindLimits` locks it, and the answer says whether the stake needs
 * the service's check (`assertCanStake`): a break or an exclusion in force, or a wager or loss limit
 * set or pending. A member with none of these may stake any amount, so false means allowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION rg_stake_needs_check(p_member_id bigint, p_at timestamptz) RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      v_break_until timestamptz;
      v_excluded_until timestamptz;
      v_is_permanently_excluded boolean;
    BEGIN
      SELECT s.break_until, s.excluded_until, s.is_permanently_excluded INTO v_break_until, v_excluded_until, v_is_permanently_excluded
        FROM rg_member_states s WHERE s.member_id = p_member_id FOR UPDATE;
      IF FOUND AND (v_is_permanently_excluded OR v_excluded_until > p_at OR v_break_until > p_at) THEN RETURN true; END IF;
      RETURN EXISTS (
        SELECT 1 FROM rg_limits l
         WHERE l.member_id = p_member_id AND l.kind IN ('wager', 'loss') AND (l.amount IS NOT NULL OR l.pending_amount IS NOT NULL)
      );
    END
    $$`.execute(db);
}
