import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * What another module's SQL function may read of a member (ADR 0041): name, status and account
 * type, as the member directory's `publicMembers` gives them to repositories (nulls for no member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION accounts_member_brief(p_member_id bigint, OUT username text, OUT status text, OUT account_type integer)
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      SELECT m.username, m.status, m.account_type INTO username, status, account_type FROM members m WHERE m.id = p_member_id;
    END
    $$`.execute(db);
}
