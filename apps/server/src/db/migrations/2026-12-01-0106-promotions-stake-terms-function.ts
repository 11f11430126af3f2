import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The promotions' part of a stake taken in one round trip (ADR 0041): the smallest maximum stake
 * of the member's active grants not yet expired (null: no maximum), as `assertStakeAllowed` takes
 * it, and the bonus money a stake could draw on, as `bonusStakes.available` sums it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION promotions_stake_terms(p_member_id bigint, p_at timestamptz, OUT max_stake bigint, OUT available bigint)
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      SELECT min(g.max_stake) FILTER (WHERE g.max_stake IS NOT NULL AND g.expires_at > p_at),
             coalesce(sum(g.bonus_balance) FILTER (WHERE g.bonus_balance > 0 AND g.expires_at > p_at), 0)::bigint
        INTO max_stake, available
        FROM promotion_grants g
       WHERE g.member_id = p_member_id AND g.status = 'active';
    END
    $$`.execute(db);
}
