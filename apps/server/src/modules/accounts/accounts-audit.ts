import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';

export const ACCOUNT_AUDIT_ACTIONS = [
  'member.registered',
  'member.opened_by_agent',
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
 * Writes an account event to the audit log (through the audit module) with the caller's `db` or
 * transaction, so the row commits with the change it records.
 */
export async function writeAccountAudit(db: Kysely<DB>, row: AccountAuditRow): Promise<void> {
  await recordAudit(db, {
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    subjectType: row.subjectId === null ? null : 'member',
    subjectId: row.subjectId,
    data: row.data,
    ip: row.ip,
  });
}
