import { AGENT_ACCOUNT_TYPES } from '@platform/contracts/account-types';
import type { AgentNoticeAudience } from '@platform/contracts/agents/agent-team';
import type { InboxAudience } from '@platform/contracts/inbox';
import { pageOffset } from '@platform/contracts/pagination';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import { labelAssignmentsForJoin } from '../member-labels/member-labels.service.ts';

type Executor = Kysely<DB> | Transaction<DB>;
type Eb = ExpressionBuilder<DB & { m: DB['inbox_messages']; s: DB['inbox_message_states'] }, 'm' | 's'>;

/** The member reading: their id and their site. */
export type Reader = { memberId: number; merchantId: number };

/**
 * Messages the reader can see and has not deleted, with their state row joined as `s` (who sees
 * what: see the inbox service). One query, so the unread count polled by every open tab stays one
 * round trip; the member's registration time and label holdings come from their owners' sub-queries.
 */
export function visible(db: Executor, reader: Reader) {
  return db
    .selectFrom('inbox_messages as m')
    .leftJoin('inbox_message_states as s', (join) => join.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', reader.memberId))
    .where('m.merchant_id', '=', reader.merchantId)
    .where('m.withdrawn_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where((eb: Eb) => {
      // A broadcast (all members, or a label's holders) is for members who had registered when it was sent.
      const registeredBefore = eb(
        'm.created_at',
        '>=',
        eb.selectFrom(publicMembers(db).as('me')).select('me.created_at').where('me.id', '=', reader.memberId),
      );
      return eb.or([
        eb.and([eb('m.audience', '=', 'all'), registeredBefore]),
        eb.and([
          eb('m.audience', '=', 'members'),
          eb.exists(
            eb
              .selectFrom('inbox_message_recipients as r')
              .select(sql`1`.as('one'))
              .whereRef('r.message_id', '=', 'm.id')
              .where('r.member_id', '=', reader.memberId),
          ),
        ]),
        // An operator's message to agents reaches the reader while its account is an agent's.
        eb.and([
          eb('m.audience', '=', 'agents'),
          registeredBefore,
          eb.exists(
            eb
              .selectFrom(publicMembers(db).as('me'))
              .select(sql`1`.as('one'))
              .where('me.id', '=', reader.memberId)
              .where('me.account_type', 'in', [...AGENT_ACCOUNT_TYPES]),
          ),
        ]),
        // An agent's notice to its direct downline: the reader's upline sent it.
        eb.and([
          eb('m.audience', '=', 'direct'),
          registeredBefore,
          eb(
            'm.sender_member_id',
            '=',
            eb.selectFrom(publicMembers(db).as('me')).select('me.parent_id').where('me.id', '=', reader.memberId),
          ),
        ]),
        // An agent's notice to its whole team: the sender is on the reader's upline path (every
        // ancestor is named there), and is not the reader.
        eb.and([
          eb('m.audience', '=', 'team'),
          registeredBefore,
          eb('m.sender_member_id', '<>', reader.memberId),
          eb.exists(
            eb
              .selectFrom(publicMembers(db).as('me'))
              .select(sql`1`.as('one'))
              .where('me.id', '=', reader.memberId)
              .where(sql<boolean>`me.upline_path like '%/' || m.sender_member_id::text || '/%'`),
          ),
        ]),
        eb.and([
          eb('m.audience', '=', 'label'),
          registeredBefore,
          eb.exists(
            eb
              .selectFrom(labelAssignmentsForJoin(db).as('a'))
              .select(sql`1`.as('one'))
              .whereRef('a.label_id', '=', 'm.label_id')
              .where('a.member_id', '=', reader.memberId),
          ),
        ]),
      ]);
    });
}

export async function countUnread(db: Executor, reader: Reader): Promise<number> {
  const row = await visible(db, reader).where('s.read_at', 'is', null).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findPage(db: Executor, reader: Reader, query: { isUnreadOnly: boolean; pageNo: number; pageSize: number }) {
  const base = query.isUnreadOnly ? visible(db, reader).where('s.read_at', 'is', null) : visible(db, reader);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select(['m.id', 'm.category', 'm.title', 'm.created_at', 's.read_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return { totalCount: Number(total?.n ?? 0), rows };
}

export async function findVisible(db: Executor, reader: Reader, messageId: number) {
  return visible(db, reader)
    .where('m.id', '=', messageId)
    .select(['m.id', 'm.category', 'm.title', 'm.body_html', 'm.created_at', 's.read_at'])
    .executeTakeFirst();
}

export async function findUnreadIds(db: Executor, reader: Reader): Promise<number[]> {
  const rows = await visible(db, reader).where('s.read_at', 'is', null).select('m.id').execute();
  return rows.map((r) => Number(r.id));
}

/** Marks messages read; a message read before keeps its first read time. */
export async function markRead(db: Executor, memberId: number, messageIds: readonly number[], at: Date): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .insertInto('inbox_message_states')
    .values(messageIds.map((messageId) => ({ member_id: memberId, message_id: messageId, read_at: at, deleted_at: null })))
    .onConflict((oc) =>
      oc.columns(['member_id', 'message_id']).doUpdateSet({ read_at: sql`coalesce(inbox_message_states.read_at, excluded.read_at)` }),
    )
    .execute();
}

export async function markDeleted(db: Executor, memberId: number, messageId: number, at: Date): Promise<void> {
  await db
    .insertInto('inbox_message_states')
    .values({ member_id: memberId, message_id: messageId, read_at: null, deleted_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'message_id']).doUpdateSet({ deleted_at: sql`excluded.deleted_at` }))
    .execute();
}

export async function insertMessage(
  db: Executor,
  row: {
    merchantId: number;
    category: DB['inbox_messages']['category'];
    title: string;
    bodyHtml: string;
    audience: InboxAudience | { type: AgentNoticeAudience };
    /** The operator who sends it, the agent who sends a notice to its downline, or null: the platform itself (listed members only). */
    sender: { adminId: number } | { memberId: number } | null;
  },
): Promise<{ id: number; createdAt: Date }> {
  const inserted = await db
    .insertInto('inbox_messages')
    .values({
      merchant_id: row.merchantId,
      category: row.category,
      title: row.title,
      body_html: row.bodyHtml,
      audience: row.audience.type,
      label_id: row.audience.type === 'label' ? row.audience.labelId : null,
      created_by: row.sender !== null && 'adminId' in row.sender ? row.sender.adminId : null,
      sender_member_id: row.sender !== null && 'memberId' in row.sender ? row.sender.memberId : null,
      // Stamped by the database, like a member's registration, which it is compared with.
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.id), createdAt: new Date(inserted.created_at) };
}

export async function insertRecipients(db: Executor, messageId: number, memberIds: readonly number[]): Promise<void> {
  await db
    .insertInto('inbox_message_recipients')
    .values(memberIds.map((memberId) => ({ message_id: messageId, member_id: memberId })))
    .execute();
}

export async function countOfMerchant(db: Executor, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('inbox_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('merchant_id', '=', merchantId)
    .where('sender_member_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The merchant's messages, newest first, each with how many members have read it. */
export async function findPageOfMerchant(db: Executor, merchantId: number, page: { pageNo: number; pageSize: number }) {
  return db
    .selectFrom('inbox_messages as m')
    .select((eb) => [
      'm.id',
      'm.category',
      'm.title',
      'm.body_html',
      'm.audience',
      'm.label_id',
      'm.created_at',
      'm.created_by',
      'm.withdrawn_at',
      eb
        .selectFrom('inbox_message_states as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.message_id', '=', 'm.id')
        .where('s.read_at', 'is not', null)
        .as('readCount'),
    ])
    .where('m.merchant_id', '=', merchantId)
    .where('m.sender_member_id', 'is', null)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
}

export async function findRecipients(db: Executor, messageIds: readonly number[]): Promise<{ messageId: number; memberId: number }[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('inbox_message_recipients')
    .select(['message_id', 'member_id'])
    .where('message_id', 'in', [...messageIds])
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({ messageId: Number(r.message_id), memberId: Number(r.member_id) }));
}

export async function lockOfMerchant(trx: Transaction<DB>, merchantId: number, messageId: number) {
  return trx
    .selectFrom('inbox_messages')
    .select(['id', 'audience', 'withdrawn_at'])
    .where('id', '=', messageId)
    .where('merchant_id', '=', merchantId)
    .where('sender_member_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function markWithdrawn(db: Executor, messageId: number, at: Date, adminId: number): Promise<void> {
  await db.updateTable('inbox_messages').set({ withdrawn_at: at, withdrawn_by: adminId }).where('id', '=', messageId).execute();
}

/** A sent notice's own columns, as the agent's list and the operators' list show them. */
const SENT_NOTICE_COLUMNS = ['m.id', 'm.audience', 'm.title', 'm.body_html', 'm.created_at', 'm.withdrawn_at'] as const;

/** How many members have read the notice `m` of the query it is selected in. */
function readCountOfM() {
  return sql<number>`(select count(*)::int from inbox_message_states s where s.message_id = m.id and s.read_at is not null)`;
}

/** One page of the notices an agent sent, newest first, each with how many members have read it. */
export async function findSentPage(db: Executor, senderId: number, page: { pageNo: number; pageSize: number }) {
  const base = db.selectFrom('inbox_messages as m').where('m.sender_member_id', '=', senderId);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select([...SENT_NOTICE_COLUMNS, readCountOfM().as('readCount')])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { totalCount: Number(total?.n ?? 0), rows };
}

/**
 * How many notices the agent has sent in the last hour (its hourly limit), on the database's clock,
 * which stamps `created_at`.
 */
export async function countSentInLastHour(db: Executor, senderId: number): Promise<number> {
  const row = await db
    .selectFrom('inbox_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('sender_member_id', '=', senderId)
    .where('created_at', '>=', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The reader's messages of one audience (the agent centre lists the operator's messages to agents). */
export async function findPageOfAudience(
  db: Executor,
  reader: Reader,
  audience: DB['inbox_messages']['audience'],
  page: { pageNo: number; pageSize: number },
) {
  const base = visible(db, reader).where('m.audience', '=', audience);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select(['m.id', 'm.title', 'm.body_html', 'm.created_at', 's.read_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { totalCount: Number(total?.n ?? 0), rows };
}

/** Which agents' notices an operator lists: by the sender's username (any case) and send time. */
export type AgentNoticeFilter = { agentUsername?: string | undefined; from?: Date | undefined; to?: Date | undefined };

/** One page of the merchant's agent notices, newest first, with the sender's username and how many members read each. */
export async function findAgentNoticePage(
  db: Executor,
  merchantId: number,
  filter: AgentNoticeFilter,
  page: { pageNo: number; pageSize: number },
) {
  let base = db
    .selectFrom('inbox_messages as m')
    .innerJoin(publicMembers(db).as('a'), 'a.id', 'm.sender_member_id')
    .where('m.merchant_id', '=', merchantId)
    .where('m.sender_member_id', 'is not', null);
  if (filter.agentUsername !== undefined) base = base.where(sql<boolean>`lower(a.username) = lower(${filter.agentUsername})`);
  if (filter.from !== undefined) base = base.where('m.created_at', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('m.created_at', '<', filter.to);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select([...SENT_NOTICE_COLUMNS, 'm.withdrawn_by', 'a.id as agentId', 'a.username as agentUsername', readCountOfM().as('readCount')])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { totalCount: Number(total?.n ?? 0), rows };
}

/** An agent's notice of the merchant, locked for withdrawing. */
export async function lockAgentNoticeOfMerchant(trx: Transaction<DB>, merchantId: number, messageId: number) {
  return trx
    .selectFrom('inbox_messages')
    .select(['id', 'title', 'sender_member_id', 'withdrawn_at'])
    .where('id', '=', messageId)
    .where('merchant_id', '=', merchantId)
    .where('sender_member_id', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}
