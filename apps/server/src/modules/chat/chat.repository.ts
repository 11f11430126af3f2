import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type ChatRoomRow = { id: number; code: string; name: string; language: string | null };

export type ChatMessageRow = {
  id: number;
  roomCode: string;
  memberId: number;
  username: string;
  displayName: string;
  body: string;
  createdAt: Date;
  hiddenAt: Date | null;
  hiddenBy: number | null;
};

const toRoom = (r: { id: number | string; code: string; name: string; language: string | null }): ChatRoomRow => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  language: r.language,
});

/** Creates the merchant's room with this code if it is missing (concurrent callers are fine). */
export async function ensureRoom(db: Executor, merchantId: number, code: string, name: string): Promise<void> {
  await db
    .insertInto('chat_rooms')
    .values({ merchant_id: merchantId, code, name })
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .execute();
}

export async function findRoomByCode(db: Executor, merchantId: number, code: string): Promise<ChatRoomRow | undefined> {
  const row = await db
    .selectFrom('chat_rooms')
    .select(['id', 'code', 'name', 'language'])
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  return row && toRoom(row);
}

/** The merchant's enabled room for a language (e.g. `en`), if it has one. */
export async function findRoomByLanguage(db: Executor, merchantId: number, language: string): Promise<ChatRoomRow | undefined> {
  const row = await db
    .selectFrom('chat_rooms')
    .select(['id', 'code', 'name', 'language'])
    .where('merchant_id', '=', merchantId)
    .where('language', '=', language)
    .where('is_enabled', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return row && toRoom(row);
}

function messagesQuery(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
    .innerJoin(publicMembers(db).as('u'), 'u.id', 'm.member_id')
    .select([
      'm.id',
      'r.code as roomCode',
      'm.member_id as memberId',
      'u.username',
      'm.display_name as displayName',
      'm.body',
      'm.created_at as createdAt',
      'm.hidden_at as hiddenAt',
      'm.hidden_by as hiddenBy',
    ]);
}

const toMessage = (r: {
  id: number | string;
  roomCode: string;
  memberId: number | string;
  username: string;
  displayName: string;
  body: string;
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  hiddenBy: number | string | null;
}): ChatMessageRow => ({
  id: Number(r.id),
  roomCode: r.roomCode,
  memberId: Number(r.memberId),
  username: r.username,
  displayName: r.displayName,
  body: r.body,
  createdAt: new Date(r.createdAt),
  hiddenAt: r.hiddenAt === null ? null : new Date(r.hiddenAt),
  hiddenBy: r.hiddenBy === null ? null : Number(r.hiddenBy),
});

/** A page of a room's visible messages, newest first. */
export async function findVisibleMessages(
  db: Executor,
  roomId: number,
  before: number | undefined,
  limit: number,
): Promise<ChatMessageRow[]> {
  let query = messagesQuery(db).where('m.room_id', '=', roomId).where('m.hidden_at', 'is', null);
  if (before !== undefined) query = query.where('m.id', '<', before);
  const rows = await query.orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map(toMessage);
}

/** A page of the merchant's messages for operators, hidden ones included, newest first. */
export async function findMessagesForMerchant(
  db: Executor,
  merchantId: number,
  filter: { roomCode?: string | undefined; memberId?: number | undefined; before?: number | undefined },
  limit: number,
): Promise<ChatMessageRow[]> {
  let query = messagesQuery(db).where('r.merchant_id', '=', merchantId);
  if (filter.roomCode !== undefined) query = query.where('r.code', '=', filter.roomCode);
  if (filter.memberId !== undefined) query = query.where('m.member_id', '=', filter.memberId);
  if (filter.before !== undefined) query = query.where('m.id', '<', filter.before);
  const rows = await query.orderBy('m.id', 'desc').limit(limit).execute();
  return rows.map(toMessage);
}

export async function findMessageOfMerchant(db: Executor, merchantId: number, messageId: number): Promise<ChatMessageRow | undefined> {
  const row = await messagesQuery(db).where('r.merchant_id', '=', merchantId).where('m.id', '=', messageId).executeTakeFirst();
  return row && toMessage(row);
}

export async function insertMessage(
  db: Executor,
  values: { roomId: number; memberId: number; displayName: string; body: string; createdAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('chat_messages')
    .values({
      room_id: values.roomId,
      member_id: values.memberId,
      display_name: values.displayName,
      body: values.body,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setMessageHidden(db: Executor, messageId: number, hidden: { at: Date; by: number } | null): Promise<void> {
  await db
    .updateTable('chat_messages')
    .set({ hidden_at: hidden?.at ?? null, hidden_by: hidden?.by ?? null })
    .where('id', '=', messageId)
    .execute();
}

/** The times of the member's messages since `since`, oldest first (for the rate limit). */
export async function findPostTimesSince(db: Executor, memberId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select('created_at')
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

export async function findLastRead(db: Executor, memberId: number, roomId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_reads')
    .select('last_read_message_id')
    .where('member_id', '=', memberId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row ? Number(row.last_read_message_id) : 0;
}

/** Moves the member's read marker forward to `messageId` (never back). */
export async function advanceLastRead(db: Executor, memberId: number, roomId: number, messageId: number, at: Date): Promise<void> {
  await db
    .insertInto('chat_reads')
    .values({ member_id: memberId, room_id: roomId, last_read_message_id: messageId, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['member_id', 'room_id']).doUpdateSet({
        last_read_message_id: sql<number>`GREATEST(chat_reads.last_read_message_id, excluded.last_read_message_id)`,
        updated_at: at,
      }),
    )
    .execute();
}

/** The newest message id of a room (0 when it is empty). */
export async function findNewestMessageId(db: Executor, roomId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/**
 * How many visible messages by others in the room the member has not read, counted up to
 * `countMax` (the badge shows "99+" beyond).
 */
export async function countUnread(db: Executor, roomId: number, memberId: number, countMax: number): Promise<number> {
  const lastRead = await findLastRead(db, memberId, roomId);
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('chat_messages')
        .select('id')
        .where('room_id', '=', roomId)
        .where('id', '>', lastRead)
        .where('hidden_at', 'is', null)
        .where('member_id', '<>', memberId)
        .limit(countMax)
        .as('unread'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type ChatMuteRow = { mutedUntil: Date; reason: string; isBan: boolean };

export async function findMute(db: Executor, memberId: number): Promise<ChatMuteRow | undefined> {
  const row = await db
    .selectFrom('chat_mutes')
    .select(['muted_until', 'reason', 'is_ban'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && { mutedUntil: new Date(row.muted_until), reason: row.reason, isBan: row.is_ban };
}

export async function upsertMute(
  db: Executor,
  values: { memberId: number; merchantId: number; isBan: boolean; mutedUntil: Date; reason: string; mutedBy: number; at: Date },
) {
  const set = {
    muted_until: values.mutedUntil,
    reason: values.reason,
    muted_by: values.mutedBy,
    created_at: values.at,
    is_ban: values.isBan,
  };
  await db
    .insertInto('chat_mutes')
    .values({ member_id: values.memberId, merchant_id: values.merchantId, ...set })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
    .execute();
}

type ChatMuteListRow = ChatMuteRow & { memberId: number; username: string; mutedBy: number; createdAt: Date };

/** The merchant's mutes and bans still running at `at`, the soonest to end first. */
export async function findActiveMutesOfMerchant(db: Executor, merchantId: number, at: Date, limit: number): Promise<ChatMuteListRow[]> {
  const rows = await db
    .selectFrom('chat_mutes as c')
    .innerJoin(publicMembers(db).as('u'), 'u.id', 'c.member_id')
    .select(['c.member_id', 'u.username', 'c.muted_until', 'c.reason', 'c.is_ban', 'c.muted_by', 'c.created_at'])
    .where('c.merchant_id', '=', merchantId)
    .where('c.muted_until', '>', at)
    .orderBy('c.muted_until')
    .orderBy('c.member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    username: r.username,
    mutedUntil: new Date(r.muted_until),
    reason: r.reason,
    isBan: r.is_ban,
    mutedBy: Number(r.muted_by),
    createdAt: new Date(r.created_at),
  }));
}

export async function deleteMute(db: Executor, memberId: number): Promise<boolean> {
  const result = await db.deleteFrom('chat_mutes').where('member_id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type ChatRoomAdminRow = ChatRoomRow & { isEnabled: boolean };

export async function findRoomsOfMerchant(db: Executor, merchantId: number): Promise<ChatRoomAdminRow[]> {
  const rows = await db
    .selectFrom('chat_rooms')
    .select(['id', 'code', 'name', 'language', 'is_enabled as isEnabled'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...toRoom(r), isEnabled: r.isEnabled }));
}

export async function findRoomById(db: Executor, merchantId: number, roomId: number): Promise<ChatRoomAdminRow | undefined> {
  const row = await db
    .selectFrom('chat_rooms')
    .select(['id', 'code', 'name', 'language', 'is_enabled as isEnabled'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', roomId)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...toRoom(row), isEnabled: row.isEnabled };
}

export async function insertRoom(
  db: Executor,
  merchantId: number,
  values: { code: string; name: string; language: string | null; isEnabled: boolean },
): Promise<number> {
  const row = await db
    .insertInto('chat_rooms')
    .values({ merchant_id: merchantId, code: values.code, name: values.name, language: values.language, is_enabled: values.isEnabled })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRoom(
  db: Executor,
  roomId: number,
  values: { code: string; name: string; language: string | null; isEnabled: boolean },
): Promise<void> {
  await db
    .updateTable('chat_rooms')
    .set({ code: values.code, name: values.name, language: values.language, is_enabled: values.isEnabled })
    .where('id', '=', roomId)
    .execute();
}
