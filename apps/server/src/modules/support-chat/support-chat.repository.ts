import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type ConversationRow = {
  id: number;
  merchantId: number;
  memberId: number;
  status: 'open' | 'closed';
  isVip: boolean;
  memberLastReadId: number;
  operatorLastReadId: number;
  lastMessageAt: Date | null;
  createdAt: Date;
  closedAt: Date | null;
  closedBy: number | null;
};

export type MessageRow = {
  id: number;
  conversationId: number;
  author: 'member' | 'operator';
  adminId: number | null;
  body: string;
  createdAt: Date;
};

const conversationColumns = [
  'id',
  'merchant_id',
  'member_id',
  'status',
  'is_vip',
  'member_last_read_id',
  'operator_last_read_id',
  'last_message_at',
  'created_at',
  'closed_at',
  'closed_by',
] as const;

const toConversation = (r: {
  id: number | string;
  merchant_id: number | string;
  member_id: number | string;
  status: 'open' | 'closed';
  is_vip: boolean;
  member_last_read_id: number | string;
  operator_last_read_id: number | string;
  last_message_at: Date | null;
  created_at: Date;
  closed_at: Date | null;
  closed_by: number | string | null;
}): ConversationRow => ({
  id: Number(r.id),
  merchantId: Number(r.merchant_id),
  memberId: Number(r.member_id),
  status: r.status,
  isVip: r.is_vip,
  memberLastReadId: Number(r.member_last_read_id),
  operatorLastReadId: Number(r.operator_last_read_id),
  lastMessageAt: r.last_message_at,
  createdAt: r.created_at,
  closedAt: r.closed_at,
  closedBy: r.closed_by === null ? null : Number(r.closed_by),
});

const toMessage = (r: {
  id: number | string;
  conversation_id: number | string;
  author: 'member' | 'operator';
  admin_id: number | string | null;
  body: string;
  created_at: Date;
}): MessageRow => ({
  id: Number(r.id),
  conversationId: Number(r.conversation_id),
  author: r.author,
  adminId: r.admin_id === null ? null : Number(r.admin_id),
  body: r.body,
  createdAt: r.created_at,
});

/** The member's open conversation, else the newest closed one. */
export async function findLatestOfMember(db: Executor, memberId: number): Promise<ConversationRow | undefined> {
  const row = await db
    .selectFrom('support_conversations')
    .select(conversationColumns)
    .where('member_id', '=', memberId)
    .orderBy(sql`status = 'open'`, 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && toConversation(row);
}

export async function findOpenOfMember(db: Executor, memberId: number): Promise<ConversationRow | undefined> {
  const row = await db
    .selectFrom('support_conversations')
    .select(conversationColumns)
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row && toConversation(row);
}

/** Opens the member's conversation unless one is open (the partial unique index settles races). */
export async function insertOpenUnlessOpen(
  db: Executor,
  input: { merchantId: number; memberId: number; isVip: boolean; at: Date },
): Promise<void> {
  await db
    .insertInto('support_conversations')
    .values({ merchant_id: input.merchantId, member_id: input.memberId, is_vip: input.isVip, created_at: input.at })
    .onConflict((oc) => oc.column('member_id').where('status', '=', 'open').doNothing())
    .execute();
}

export async function findOfMerchant(db: Executor, merchantId: number, conversationId: number): Promise<ConversationRow | undefined> {
  const row = await db
    .selectFrom('support_conversations')
    .select(conversationColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row && toConversation(row);
}

/** Locks a conversation row for a write (message order and closing do not cross). */
export async function lockConversation(trx: Transaction<DB>, conversationId: number): Promise<ConversationRow | undefined> {
  const row = await trx
    .selectFrom('support_conversations')
    .select(conversationColumns)
    .where('id', '=', conversationId)
    .forUpdate()
    .executeTakeFirst();
  return row && toConversation(row);
}

export async function insertMessage(
  trx: Transaction<DB>,
  input: { conversationId: number; author: 'member' | 'operator'; adminId: number | null; body: string; at: Date },
): Promise<MessageRow> {
  const row = await trx
    .insertInto('support_messages')
    .values({
      conversation_id: input.conversationId,
      author: input.author,
      admin_id: input.adminId,
      body: input.body,
      created_at: input.at,
    })
    .returning(['id', 'conversation_id', 'author', 'admin_id', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
  const message = toMessage(row);
  // The writer has read everything up to what it wrote.
  await trx
    .updateTable('support_conversations')
    .set(
      input.author === 'member'
        ? { last_message_at: input.at, member_last_read_id: message.id }
        : { last_message_at: input.at, operator_last_read_id: message.id },
    )
    .where('id', '=', input.conversationId)
    .execute();
  return message;
}

/** A page of the conversation, newest first. */
export async function findMessages(db: Executor, conversationId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
  let query = db
    .selectFrom('support_messages')
    .select(['id', 'conversation_id', 'author', 'admin_id', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toMessage);
}

/** The member's messages since `since`, oldest first (the rate limit). */
export async function findMemberPostTimesSince(db: Executor, memberId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select('m.created_at')
    .where('c.member_id', '=', memberId)
    .where('m.author', '=', 'member')
    .where('m.created_at', '>', since)
    .orderBy('m.created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Messages written by the other side after the reader's marker, up to `cap`. */
export async function countUnread(db: Executor, conversationId: number, reader: 'member' | 'operator', cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('support_messages as m')
        .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
        .select('m.id')
        .where('m.conversation_id', '=', conversationId)
        .where('m.author', '=', reader === 'member' ? 'operator' : 'member')
        .where((eb) => eb('m.id', '>', eb.ref(reader === 'member' ? 'c.member_last_read_id' : 'c.operator_last_read_id')))
        .limit(cap)
        .as('u'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNewestMessageId(db: Executor, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Moves one side's read marker forward (never back). */
export async function advanceRead(db: Executor, conversationId: number, reader: 'member' | 'operator', messageId: number): Promise<void> {
  const column = reader === 'member' ? 'member_last_read_id' : 'operator_last_read_id';
  await db
    .updateTable('support_conversations')
    .set({ [column]: sql`greatest(${sql.ref(column)}, ${messageId})` })
    .where('id', '=', conversationId)
    .execute();
}

export async function closeConversation(trx: Transaction<DB>, conversationId: number, at: Date, by: number | null): Promise<void> {
  await trx
    .updateTable('support_conversations')
    .set({ status: 'closed', closed_at: at, closed_by: by })
    .where('id', '=', conversationId)
    .execute();
}

export type ConversationListRow = ConversationRow & { unreadCount: number; lastMessageText: string | null };

/** The merchant's conversations, newest first, with the operators' unread count and the last message. */
export async function findConversationsOfMerchant(
  db: Executor,
  merchantId: number,
  filter: {
    status: 'open' | 'closed' | 'all';
    conversationId?: number | undefined;
    isUnread?: boolean | undefined;
    isVip?: boolean | undefined;
    memberId?: number | undefined;
    before?: number | undefined;
  },
  limit: number,
): Promise<ConversationListRow[]> {
  // Member messages after the operators' read marker.
  const unreadExists = sql<boolean>`EXISTS (SELECT 1 FROM support_messages um WHERE um.conversation_id = c.id AND um.author = 'member' AND um.id > c.operator_last_read_id)`;
  let query = db
    .selectFrom('support_conversations as c')
    .select([
      'c.id',
      'c.merchant_id',
      'c.member_id',
      'c.status',
      'c.is_vip',
      'c.member_last_read_id',
      'c.operator_last_read_id',
      'c.last_message_at',
      'c.created_at',
      'c.closed_at',
      'c.closed_by',
    ])
    .select((eb) => [
      sql<string>`(SELECT count(*) FROM support_messages um WHERE um.conversation_id = c.id AND um.author = 'member' AND um.id > c.operator_last_read_id)`.as(
        'unread_count',
      ),
      eb
        .selectFrom('support_messages as lm')
        .select('lm.body')
        .whereRef('lm.conversation_id', '=', 'c.id')
        .orderBy('lm.id', 'desc')
        .limit(1)
        .as('last_text'),
    ])
    .where('c.merchant_id', '=', merchantId);
  if (filter.status !== 'all') query = query.where('c.status', '=', filter.status);
  if (filter.isVip !== undefined) query = query.where('c.is_vip', '=', filter.isVip);
  if (filter.memberId !== undefined) query = query.where('c.member_id', '=', filter.memberId);
  if (filter.conversationId !== undefined) query = query.where('c.id', '=', filter.conversationId);
  if (filter.before !== undefined) query = query.where('c.id', '<', filter.before);
  if (filter.isUnread !== undefined) {
    query = query.where(filter.isUnread ? unreadExists : sql<boolean>`NOT ${unreadExists}`);
  }
  const rows = await query.orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    ...toConversation(r),
    unreadCount: Number(r.unread_count ?? 0),
    lastMessageText: (r.last_text as string | null) ?? null,
  }));
}
