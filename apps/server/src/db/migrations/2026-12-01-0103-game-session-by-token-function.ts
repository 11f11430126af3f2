import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A game session by its token's hash with its member's name, status and account type, for the
 * seamless wallet's one-round-trip calls (ADR 0041); the same row `findByTokenHash` reads. No
 * session: every field is null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION game_session_by_token(
      p_token_hash text,
      OUT session_id bigint, OUT member_id bigint, OUT merchant_id bigint, OUT currency text, OUT vendor_code text, OUT game_code text,
      OUT game_category text, OUT is_trial boolean, OUT expires_at timestamptz, OUT ended_at timestamptz, OUT username text,
      OUT member_status text, OUT account_type integer
    ) LANGUAGE plpgsql STABLE AS $$
    BEGIN
      SELECT s.id, s.member_id, s.merchant_id, s.currency, s.vendor_code, s.game_code, s.game_category, s.is_trial, s.expires_at, s.ended_at
        INTO session_id, member_id, merchant_id, currency, vendor_code, game_code, game_category, is_trial, expires_at, ended_at
        FROM game_sessions s WHERE s.token_hash = p_token_hash;
      IF session_id IS NULL THEN RETURN; END IF;
      SELECT b.username, b.status, b.account_type INTO username, member_status, account_type FROM accounts_member_brief(member_id) b;
    END
    $$`.execute(db);
}
