import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const ACCOUNT_AUDIT_ACTIONS = [
  'member.registered',
  'member.login',
  'member.login_failed',
  'member.locked_out',
  'member.logout',
  'member.password_changed',
  'member.password_reset',
  'member.trial_created',
  'member.profile_updated',
  'member.avatar_changed',
  'member.contact_verified',
] as const;
export type AccountAuditAction = (typeof ACCOUNT_AUDIT_ACTIONS)[number];

export type AccountAuditRow = {
  action: AccountAuditAction;
  actorType: 'member' | 'visitor';
  actorId: number | null;
  subjectId: number | null;
  data: Record<string, unknown>;
  ip: string | null;
};

/**
 * Writes an account event to the audit log with the caller's `db` or transaction, so the row
 * commits with the change it records. The shared audit service (which seals rows into the hash
 * chain) can replace this body without touching the callers.
 */
export async function writeAccountAudit(db: Kysely<DB>, row: AccountAuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: row.actorType,
      actor_id: row.actorId === null ? null : String(row.actorId),
      action: row.action,
      subject_type: row.subjectId === null ? null : 'member',
      subject_id: row.subjectId === null ? null : String(row.subjectId),
      data: JSON.stringify(row.data),
      ip: row.ip,
    })
    .execute();
}
