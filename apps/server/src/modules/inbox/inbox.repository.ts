import { AGENT_ACCOUNT_TYPES } from '@platform/contracts/account-types';
import type { AgentNoticeAudience } from '@platform/contracts/agents/agent-team';
import type { InboxAudience } from '@platform/contracts/inbox';
import { pageOffset } from '@platform/contracts/pagination';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import { labelAssignmentsForJoin } from '../member-labels/member-labels.service.ts';
import { vipMemberLevelsForJoin } from '../vip/vip.service.ts';

type Executor = Kysely<DB> | Transaction<DB>;
type Eb = ExpressionBuilder<DB & { m: DB['inbox_messages']; s: DB['inbox_message_states'] }, 'm' | 's'>;

/** The member reading: their id and their site. */
export type Reader = { memberId: number; merchantId: number };

/** When a message reached (or reaches) the inboxes: its sending time, else when it was written. */
const sentAtOfM = sql<Date>`coalesce(m.send_at, m.created_at)`;

/**
 * Messages the reader can see at `at` and has not deleted, with their state row joined as `s` (who
 * sees what: see the inbox service). One query, so the unread count polled by every open tab stays
 * one round trip; the member's registration time, label holdings and VIP level come from their
 * owners' sub-queries. A scheduled message shows from its sending time.
 */
export function visible(db: Executor, reader: Reader, at: Date) {
  return db
    .selectFrom('inbox_messages as m')
    .leftJoin('inbox_message_states as s', (join) => join.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', reader.memberId))
    .where('m.merchant_id', '=', reader.merchantId)
    .where('m.withdrawn_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('m.send_at', 'is', null), eb('m.send_at', '<=', at)]))
    .where((eb: Eb) => {
      // A broadcast (all members, a label's holders, a VIP segment) is for members who had registered when it was sent.
      const registeredBefore = eb(
        sentAtOfM,
        '>=',
        eb.selectFrom(publicMembers(db).as('me')).select('me.created_at').where('me.id', '=', reader.memberId),
      );
      const levelOfReader = eb.selectFrom(vipMemberLevelsForJoin(db).as('v')).select('v.level').where('v.member_id', '=', reader.memberId);
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
        // A VIP segment: the reader's level (no level: 0) is in the message's range when they look.
        eb.and([
          eb('m.audience', '=', 'vip'),
          registeredBefore,
          sql<boolean>`coalesce((${levelOfReader}), 0) between m.vip_min_level and m.vip_max_level`,
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

export async function countUnread(db: Executor, reader: Reader, at: Date): Promise<number> {
  const row = await visible(db, reader, at).where('s.read_at', 'is', null).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findPage(db: Executor, reader: Reader, at: Date, query: { isUnreadOnly: boolean; pageNo: number; pageSize: number }) {
  const base = query.isUnreadOnly ? visible(db, reader, at).where('s.read_at', 'is', null) : visible(db, reader, at);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select(['m.id', 'm.category', 'm.title', sentAtOfM.as('created_at'), 's.read_at'])
      .orderBy(sentAtOfM, 'desc')
      .orderBy('m.id', 'desc')
      .limit(query.pageSize)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return { totalCount: Number(total?.n ?? 0), rows };
}

export async function findVisible(db: Executor, reader: Reader, at: Date, messageId: number) {
  return visible(db, reader, at)
    .where('m.id', '=', messageId)
    .select(['m.id', 'm.category', 'm.title', 'm.body_html', sentAtOfM.as('created_at'), 's.read_at'])
    .executeTakeFirst();
}

export async function findUnreadIds(db: Executor, reader: Reader, at: Date): Promise<number[]> {
  const rows = await visible(db, reader, at).where('s.read_at', 'is', null).select('m.id').execute();
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
    /** A scheduled message's sending time (absent: at once). */
    sendAt?: Date | null;
    /** The operator's request id and its content's fingerprint. */
    request?: { id: string; hash: string } | null;
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
      vip_min_level: row.audience.type === 'vip' ? row.audience.minLevel : null,
      vip_max_level: row.audience.type === 'vip' ? row.audience.maxLevel : null,
      send_at: row.sendAt ?? null,
      request_id: row.request?.id ?? null,
      request_hash: row.request?.hash ?? null,
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
export async function findPageOfMerchant(db: Executor, merchantId: number, page: { pageNo: number; pageSize: number }, onlyId?: number) {
  let query = db
    .selectFrom('inbox_messages as m')
    .select((eb) => [
      'm.id',
      'm.category',
      'm.title',
      'm.body_html',
      'm.audience',
      'm.label_id',
      'm.vip_min_level',
      'm.vip_max_level',
      'm.created_at',
      'm.send_at',
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
    .where('m.sender_member_id', 'is', null);
  if (onlyId !== undefined) query = query.where('m.id', '=', onlyId);
  return query.orderBy(sentAtOfM, 'desc').orderBy('m.id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute();
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
  at: Date,
  audience: DB['inbox_messages']['audience'],
  page: { pageNo: number; pageSize: number },
) {
  const base = visible(db, reader, at).where('m.audience', '=', audience);
  const [total, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    base
      .select(['m.id', 'm.title', 'm.body_html', sentAtOfM.as('created_at'), 's.read_at'])
      .orderBy(sentAtOfM, 'desc')
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

/** The operator's earlier send with this request id, if any. */
export async function findByRequest(db: Executor, merchantId: number, adminId: number, requestId: string) {
  return db
    .selectFrom('inbox_messages')
    .select(['id', 'request_hash'])
    .where('merchant_id', '=', merchantId)
    .where('created_by', '=', adminId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** An operator's message of the merchant with its audience columns (the reach count reads them). */
export async function findOfMerchant(db: Executor, merchantId: number, messageId: number) {
  return db
    .selectFrom('inbox_messages as m')
    .select(['m.id', 'm.audience', 'm.label_id', 'm.vip_min_level', 'm.vip_max_level', sentAtOfM.as('sent_at')])
    .where('m.id', '=', messageId)
    .where('m.merchant_id', '=', merchantId)
    .where('m.sender_member_id', 'is', null)
    .executeTakeFirst();
}

/** How many members have opened the message. */
export async function countReads(db: Executor, messageId: number): Promise<number> {
  const row = await db
    .selectFrom('inbox_message_states')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('message_id', '=', messageId)
    .where('read_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How many members an operator's message reaches now, by the rules of `visible` (the members
 * registered when it was sent and, for a segment, in it now); deleting or withdrawing is not counted.
 */
export async function countReach(
  db: Executor,
  merchantId: number,
  message: {
    id: number;
    audience: DB['inbox_messages']['audience'];
    labelId: number | null;
    vipMin: number | null;
    vipMax: number | null;
    sentAt: Date;
  },
): Promise<number> {
  if (message.audience === 'members') {
    const row = await db
      .selectFrom('inbox_message_recipients')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('message_id', '=', message.id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  let query = db
    .selectFrom(publicMembers(db).as('me'))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('me.merchant_id', '=', merchantId)
    .where('me.created_at', '<=', message.sentAt);
  if (message.audience === 'agents') query = query.where('me.account_type', 'in', [...AGENT_ACCOUNT_TYPES]);
  if (message.audience === 'label' && message.labelId !== null) {
    const labelId = message.labelId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom(labelAssignmentsForJoin(db).as('a'))
          .select(sql`1`.as('one'))
          .whereRef('a.member_id', '=', 'me.id')
          .where('a.label_id', '=', labelId),
      ),
    );
  }
  if (message.audience === 'vip') {
    query = query.where(
      (eb) =>
        sql<boolean>`coalesce((${eb.selectFrom(vipMemberLevelsForJoin(db).as('v')).select('v.level').whereRef('v.member_id', '=', 'me.id')}), 0) between ${message.vipMin} and ${message.vipMax}`,
    );
  }
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Scheduled messages whose time has come and that no job has announced yet (not withdrawn), at most
 * `limit`, marked announced in the caller's transaction; rows another node holds are skipped. Each
 * comes with its listed members (a `members` audience), the others reach the whole site.
 */
export async function claimDueScheduled(
  trx: Transaction<DB>,
  at: Date,
  limit: number,
): Promise<{ id: number; merchantId: number; memberIds: number[] | null }[]> {
  const rows = await trx
    .selectFrom('inbox_messages')
    .select(['id', 'merchant_id', 'audience'])
    .where('send_at', 'is not', null)
    .where('send_at', '<=', at)
    .where('announced_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .orderBy('send_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  await trx.updateTable('inbox_messages').set({ announced_at: at }).where('id', 'in', ids).execute();
  const listed = ids.filter((_, i) => rows[i]?.audience === 'members');
  const recipients =
    listed.length === 0
      ? []
      : await trx.selectFrom('inbox_message_recipients').select(['message_id', 'member_id']).where('message_id', 'in', listed).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    memberIds:
      r.audience === 'members' ? recipients.filter((x) => Number(x.message_id) === Number(r.id)).map((x) => Number(x.member_id)) : null,
  }));
}
