import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * One audit row written from another module's SQL function (ADR 0041), the row `recordAudit`
 * writes for an entry whose merchant is given (or none: a vendor's call about a bet record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION audit_record_row(
      p_actor_type text, p_actor_id text, p_action text, p_subject_type text, p_subject_id text, p_data jsonb, p_merchant_id bigint
    ) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_log (actor_type, actor_id, action, subject_type, subject_id, data, ip, merchant_id)
      VALUES (p_actor_type, p_actor_id, p_action, p_subject_type, p_subject_id, p_data, NULL, p_merchant_id);
    END
    $$`.execute(db);
}
