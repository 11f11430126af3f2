import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

export type GameSessionRow = {
  id: number;
  memberId: number;
  merchantId: number;
  username: string;
  memberStatus: 'active' | 'locked' | 'closed';
  currency: string;
  vendorCode: string;
  gameCode: string;
  gameCategory: string;
  isTrial: boolean;
  createdAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
};

export async function insert(
  db: Kysely<DB>,
  row: {
    tokenHash: string;
    memberId: number;
    merchantId: number;
    currency: string;
    vendorCode: string;
    gameCode: string;
    gameCategory: string;
    isTrial: boolean;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('game_sessions')
    .values({
      token_hash: row.tokenHash,
      member_id: row.memberId,
      merchant_id: row.merchantId,
      currency: row.currency,
      vendor_code: row.vendorCode,
      game_code: row.gameCode,
      game_category: row.gameCategory,
      is_trial: row.isTrial,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findByTokenHash(db: Kysely<DB>, tokenHash: string): Promise<GameSessionRow | undefined> {
  return db
    .selectFrom('game_sessions')
    .innerJoin(publicMembers(db).as('members'), 'members.id', 'game_sessions.member_id')
    .select([
      'game_sessions.id as id',
      'game_sessions.member_id as memberId',
      'game_sessions.merchant_id as merchantId',
      'members.username as username',
      'members.status as memberStatus',
      'game_sessions.currency as currency',
      'game_sessions.vendor_code as vendorCode',
      'game_sessions.game_code as gameCode',
      'game_sessions.game_category as gameCategory',
      'game_sessions.is_trial as isTrial',
      'game_sessions.created_at as createdAt',
      'game_sessions.expires_at as expiresAt',
      'game_sessions.ended_at as endedAt',
    ])
    .where('game_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function end(db: Kysely<DB>, where: { id?: number; memberId?: number }, at: Date): Promise<number> {
  let query = db.updateTable('game_sessions').set({ ended_at: at }).where('ended_at', 'is', null);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.memberId !== undefined) query = query.where('member_id', '=', where.memberId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
