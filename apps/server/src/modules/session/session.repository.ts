import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

export type SessionWithMember = {
  sessionId: number;
  memberId: number;
  merchantId: number;
  username: string;
  accountType: number;
  currency: string;
  memberStatus: 'active' | 'locked' | 'closed';
  lastSeenAt: Date;
  expiresAt: Date;
  isPasswordChangeOnly: boolean;
};

export async function insertSession(
  db: Kysely<DB>,
  row: {
    tokenHash: string;
    memberId: number;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    isPasswordChangeOnly: boolean;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      member_id: row.memberId,
      created_at: row.createdAt,
      last_seen_at: row.createdAt,
      expires_at: row.expiresAt,
      ip: row.ip,
      user_agent: row.userAgent,
      is_password_change_only: row.isPasswordChangeOnly,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findActiveByTokenHash(db: Kysely<DB>, tokenHash: string): Promise<SessionWithMember | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin(publicMembers(db).as('members'), 'members.id', 'sessions.member_id')
    .select([
      'sessions.id as sessionId',
      'members.id as memberId',
      'members.merchant_id as merchantId',
      'members.username as username',
      'members.account_type as accountType',
      'members.currency as currency',
      'members.status as memberStatus',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.is_password_change_only as isPasswordChangeOnly',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<DB>, sessionId: number, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: number, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForMember(db: Kysely<DB>, memberId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findCreatedAt(db: Kysely<DB>, sessionId: number): Promise<Date | undefined> {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return row && new Date(row.created_at);
}

/** A member's sessions, newest first. */
export async function findRecentForMember(db: Kysely<DB>, memberId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
