import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MemberListRow } from './member-admin.repository.ts';

export type { MemberListRow };

import * as repo from './member-file.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };

/** Members found by one bank-card number or one login address, at most. */
export const MEMBERS_BY_KEY_MAX = 500;
const NOTES_SHOWN_MAX = 50;

export type MemberFileService = ReturnType<typeof createMemberFileService>;

/**
 * The accounts side of the back office's member file: finding members by name, mobile, e-mail or
 * login address, the profile and upline path, the login history, the addresses shared with other
 * members and the operators' notes.
 */
export function createMemberFileService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function byUsernamePrefix(merchantId: number, prefix: string, page: { limit: number; offset: number }) {
    return repo.findByUsernamePrefix(db, { merchantId, prefix, ...page });
  }

  /** Registration keeps the number as typed, trimmed. */
  async function byMobile(merchantId: number, mobileNum: string): Promise<MemberListRow[]> {
    return repo.findByMobile(db, merchantId, mobileNum.trim());
  }

  async function byEmail(merchantId: number, email: string): Promise<MemberListRow[]> {
    return repo.findByEmail(db, merchantId, email.trim());
  }

  async function byIds(merchantId: number, memberIds: readonly number[]): Promise<MemberListRow[]> {
    return repo.findByIds(db, merchantId, memberIds);
  }

  async function byLoginIp(merchantId: number, ip: string): Promise<MemberListRow[]> {
    return repo.findByIds(db, merchantId, await repo.findMemberIdsByLoginIp(db, merchantId, ip.trim(), MEMBERS_BY_KEY_MAX));
  }

  /** The member of the merchant, or not_found (another merchant's member is not found either). */
  async function profileOf(merchantId: number, memberId: number) {
    const row = await repo.findProfile(db, merchantId, memberId);
    if (!row) throw new DomainError('not_found', 'member');
    const ancestorIds = row.uplinePath
      .split('/')
      .filter((part) => part !== '')
      .map(Number)
      .filter((id) => id !== memberId);
    const names = new Map((await repo.findUsernames(db, merchantId, ancestorIds)).map((r) => [r.id, r.username]));
    return { ...row, upline: ancestorIds.map((id) => ({ id, username: names.get(id) ?? null })) };
  }

  async function assertMemberOf(merchantId: number, memberId: number): Promise<void> {
    await profileOf(merchantId, memberId);
  }

  async function logins(merchantId: number, memberId: number, page: { before?: number | undefined; limit: number }) {
    await assertMemberOf(merchantId, memberId);
    const rows = await repo.findLogins(db, memberId, page.before, page.limit);
    return { list: rows, nextBefore: rows.length === page.limit ? (rows[rows.length - 1]?.id ?? null) : null };
  }

  async function sharedLogins(merchantId: number, memberId: number) {
    return repo.findSharedLogins(db, merchantId, memberId, MEMBERS_BY_KEY_MAX);
  }

  async function notes(memberId: number) {
    return repo.findNotes(db, memberId, NOTES_SHOWN_MAX);
  }

  /** Adds an operator's note to the member, audited in the same transaction. */
  async function addNote(op: Operator, memberId: number, text: string) {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.findProfile(trx, op.merchantId, memberId))) throw new DomainError('not_found', 'member');
      const note = await repo.insertNote(trx, { merchantId: op.merchantId, memberId, adminId: op.adminId, body: text, at: now() });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'member.note',
        subjectType: 'member',
        subjectId: memberId,
        data: { noteId: note.id, text },
        ip: op.ip,
      });
      return note;
    });
  }

  /** The merchant's registrations per local day over [from, to) (the back-office reports). */
  const registrationsByDay = (filter: { merchantId: number; from: Date; to: Date; timeZone: string }) =>
    repo.countRegistrationsByDay(db, filter);

  /** The usernames of the merchant's members by id. */
  async function usernames(merchantId: number, memberIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await repo.findUsernames(db, merchantId, [...new Set(memberIds)]);
    return new Map(rows.map((r) => [Number(r.id), r.username]));
  }

  return {
    registrationsByDay,
    usernames,
    byUsernamePrefix,
    byMobile,
    byEmail,
    byIds,
    byLoginIp,
    profileOf,
    assertMemberOf,
    logins,
    sharedLogins,
    notes,
    addNote,
  };
}
