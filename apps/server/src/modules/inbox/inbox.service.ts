import type {
  AdminInboxMessage,
  InboxAudience,
  InboxListQuery,
  InboxMessage,
  InboxPage,
  InboxSendBody,
  UnreadCountValue,
} from '@platform/contracts/inbox';
import { type Page, totalPagesOf } from '@platform/contracts/pagination';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sanitizeAnnouncementHtml } from '../content/content.sanitize.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };
/** The member reading: their id and their site. */
export type Reader = { memberId: number; merchantId: number };

/** Where the service tells open tabs that an inbox changed (the realtime hub). */
export type InboxNotifier = {
  toMember: (memberId: number, message: RealtimeServerMessage) => Promise<void>;
  toMerchant: (merchantId: number, message: RealtimeServerMessage) => Promise<void>;
};

export type InboxService = ReturnType<typeof createInboxService>;

type Eb = ExpressionBuilder<DB & { m: DB['inbox_messages']; s: DB['inbox_message_states'] }, 'm' | 's'>;

/**
 * Platform messages (docs/inbox.md). A message is written once, with its audience: every member of
 * the site, a list of members (one recipient row each), or the holders of a member label (looked up
 * when the member reads, so nothing is written per member at send time). A member's read and
 * deleted marks are rows of inbox_message_states, written only when they read or delete.
 *
 * Who sees what: a message to all members reaches every member who had registered when it was sent
 * (a member who registers later does not get the site's old notices); a label message reaches the
 * members, registered when it was sent, who hold the label at the time they look (so a label given
 * later brings its messages with it); a message to listed members reaches exactly them, whenever
 * they registered; a withdrawn message reaches no one.
 */
export function createInboxService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  notify: InboxNotifier;
  logger?: { warn: (o: object, m: string) => void };
}) {
  const { db, now, notify } = deps;

  /** Messages the reader can see and has not deleted, with their state row joined as `s`. */
  function visible(reader: Reader) {
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
          eb.selectFrom('members as me').select('me.created_at').where('me.id', '=', reader.memberId),
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
          eb.and([
            eb('m.audience', '=', 'label'),
            registeredBefore,
            eb.exists(
              eb
                .selectFrom('member_label_assignments as a')
                .select(sql`1`.as('one'))
                .whereRef('a.label_id', '=', 'm.label_id')
                .where('a.member_id', '=', reader.memberId),
            ),
          ]),
        ]);
      });
  }

  async function unreadCount(reader: Reader): Promise<UnreadCountValue> {
    const row = await visible(reader).where('s.read_at', 'is', null).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    return { unReadCount: Number(row?.n ?? 0) };
  }

  async function list(reader: Reader, query: InboxListQuery): Promise<InboxPage> {
    const base = query.filter === 'unread' ? visible(reader).where('s.read_at', 'is', null) : visible(reader);
    const [total, rows, unread] = await Promise.all([
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
      base
        .select(['m.id', 'm.category', 'm.title', 'm.created_at', 's.read_at'])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute(),
      unreadCount(reader),
    ]);
    const totalCount = Number(total?.n ?? 0);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        category: r.category,
        title: r.title,
        createdAt: new Date(r.created_at).toISOString(),
        isRead: r.read_at !== null,
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
      unReadCount: unread.unReadCount,
    };
  }

  /** Opens one message and marks it read. Someone else's message, or a deleted one, is not found. */
  async function read(reader: Reader, messageId: number): Promise<InboxMessage> {
    const row = await visible(reader)
      .where('m.id', '=', messageId)
      .select(['m.id', 'm.category', 'm.title', 'm.body_html', 'm.created_at', 's.read_at'])
      .executeTakeFirst();
    if (!row) throw new DomainError('inbox_message_not_found');
    if (row.read_at === null) {
      await db
        .insertInto('inbox_message_states')
        .values({ member_id: reader.memberId, message_id: messageId, read_at: now(), deleted_at: null })
        .onConflict((oc) =>
          oc.columns(['member_id', 'message_id']).doUpdateSet({ read_at: sql`coalesce(inbox_message_states.read_at, excluded.read_at)` }),
        )
        .execute();
    }
    return {
      id: Number(row.id),
      category: row.category,
      title: row.title,
      bodyHtml: row.body_html,
      createdAt: new Date(row.created_at).toISOString(),
      isRead: true,
    };
  }

  async function readAll(reader: Reader): Promise<UnreadCountValue> {
    const unread = await visible(reader).where('s.read_at', 'is', null).select('m.id').execute();
    if (unread.length > 0) {
      const at = now();
      await db
        .insertInto('inbox_message_states')
        .values(unread.map((r) => ({ member_id: reader.memberId, message_id: Number(r.id), read_at: at, deleted_at: null })))
        .onConflict((oc) =>
          oc.columns(['member_id', 'message_id']).doUpdateSet({ read_at: sql`coalesce(inbox_message_states.read_at, excluded.read_at)` }),
        )
        .execute();
    }
    return unreadCount(reader);
  }

  /** Hides a message from this member only. */
  async function remove(reader: Reader, messageId: number): Promise<UnreadCountValue> {
    const row = await visible(reader).where('m.id', '=', messageId).select('m.id').executeTakeFirst();
    if (!row) throw new DomainError('inbox_message_not_found');
    await db
      .insertInto('inbox_message_states')
      .values({ member_id: reader.memberId, message_id: messageId, read_at: null, deleted_at: now() })
      .onConflict((oc) => oc.columns(['member_id', 'message_id']).doUpdateSet({ deleted_at: sql`excluded.deleted_at` }))
      .execute();
    return unreadCount(reader);
  }

  // Back office.

  async function tell(merchantId: number, audience: InboxAudience): Promise<void> {
    const event: RealtimeServerMessage = { type: 'inbox' };
    try {
      if (audience.type === 'members') for (const memberId of audience.memberIds) await notify.toMember(memberId, event);
      else await notify.toMerchant(merchantId, event);
    } catch (err) {
      // The message is stored; open tabs also refresh their count on focus and every minute.
      deps.logger?.warn({ err, merchantId }, 'inbox realtime notice failed');
    }
  }

  async function send(op: Operator, input: InboxSendBody): Promise<AdminInboxMessage> {
    const bodyHtml = sanitizeAnnouncementHtml(input.bodyHtml).trim();
    if (bodyHtml.length === 0) throw new DomainError('field_required', 'bodyHtml');
    const audience: InboxAudience =
      input.audience.type === 'members' ? { type: 'members', memberIds: [...new Set(input.audience.memberIds)] } : input.audience;
    const { id, at } = await db.transaction().execute(async (trx) => {
      if (audience.type === 'members') {
        const known = await trx
          .selectFrom('members')
          .select('id')
          .where('merchant_id', '=', op.merchantId)
          .where('id', 'in', audience.memberIds)
          .execute();
        if (known.length !== audience.memberIds.length) throw new DomainError('inbox_recipient_unknown', 'memberIds');
      }
      if (audience.type === 'label') {
        const label = await trx
          .selectFrom('member_labels')
          .select('id')
          .where('id', '=', audience.labelId)
          .where('merchant_id', '=', op.merchantId)
          .executeTakeFirst();
        if (!label) throw new DomainError('member_label_not_found');
      }
      const row = await trx
        .insertInto('inbox_messages')
        .values({
          merchant_id: op.merchantId,
          category: input.category,
          title: input.title,
          body_html: bodyHtml,
          audience: audience.type,
          label_id: audience.type === 'label' ? audience.labelId : null,
          created_by: op.adminId,
          // Stamped by the database, like a member's registration, which it is compared with.
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const messageId = Number(row.id);
      if (audience.type === 'members') {
        await trx
          .insertInto('inbox_message_recipients')
          .values(audience.memberIds.map((memberId) => ({ message_id: messageId, member_id: memberId })))
          .execute();
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'inbox_message.send',
        subjectType: 'inbox_message',
        subjectId: messageId,
        data: { category: input.category, title: input.title, audience },
        ip: op.ip,
      });
      return { id: messageId, at: new Date(row.created_at) };
    });
    await tell(op.merchantId, audience);
    return {
      id,
      category: input.category,
      title: input.title,
      bodyHtml,
      audience,
      createdAt: at.toISOString(),
      createdBy: op.adminId,
      withdrawnAt: null,
      readCount: 0,
    };
  }

  async function adminList(merchantId: number, query: { pageNo: number; pageSize: number }): Promise<Page<AdminInboxMessage>> {
    const [total, rows] = await Promise.all([
      db.selectFrom('inbox_messages').select(sql<number>`count(*)::int`.as('n')).where('merchant_id', '=', merchantId).executeTakeFirst(),
      db
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
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute(),
    ]);
    const listed = rows.filter((r) => r.audience === 'members').map((r) => Number(r.id));
    const recipients =
      listed.length === 0
        ? []
        : await db
            .selectFrom('inbox_message_recipients')
            .select(['message_id', 'member_id'])
            .where('message_id', 'in', listed)
            .orderBy('member_id')
            .execute();
    const totalCount = Number(total?.n ?? 0);
    return {
      list: rows.map((r) => {
        const id = Number(r.id);
        const audience: AdminInboxMessage['audience'] =
          r.audience === 'members'
            ? { type: 'members', memberIds: recipients.filter((x) => Number(x.message_id) === id).map((x) => Number(x.member_id)) }
            : r.audience === 'label'
              ? { type: 'label', labelId: Number(r.label_id) }
              : { type: 'all' };
        return {
          id,
          category: r.category,
          title: r.title,
          bodyHtml: r.body_html,
          audience,
          createdAt: new Date(r.created_at).toISOString(),
          createdBy: Number(r.created_by),
          withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
          readCount: Number(r.readCount ?? 0),
        };
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  /** Withdraws a message: no member sees it any more. Withdrawing it again changes nothing. */
  async function withdraw(op: Operator, messageId: number): Promise<{ id: number; withdrawnAt: string }> {
    const result = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('inbox_messages')
        .select(['id', 'audience', 'withdrawn_at'])
        .where('id', '=', messageId)
        .where('merchant_id', '=', op.merchantId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new DomainError('inbox_message_not_found');
      if (row.withdrawn_at) return { withdrawnAt: new Date(row.withdrawn_at), changed: false, audience: row.audience };
      const at = now();
      await trx.updateTable('inbox_messages').set({ withdrawn_at: at, withdrawn_by: op.adminId }).where('id', '=', messageId).execute();
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'inbox_message.withdraw',
        subjectType: 'inbox_message',
        subjectId: messageId,
        data: {},
        ip: op.ip,
      });
      return { withdrawnAt: at, changed: true, audience: row.audience };
    });
    if (result.changed) {
      if (result.audience === 'members') {
        const ids = await db.selectFrom('inbox_message_recipients').select('member_id').where('message_id', '=', messageId).execute();
        await tell(op.merchantId, { type: 'members', memberIds: ids.map((r) => Number(r.member_id)) });
      } else {
        await tell(op.merchantId, { type: 'all' });
      }
    }
    return { id: messageId, withdrawnAt: result.withdrawnAt.toISOString() };
  }

  return { unreadCount, list, read, readAll, remove, admin: { send, list: adminList, withdraw } };
}
