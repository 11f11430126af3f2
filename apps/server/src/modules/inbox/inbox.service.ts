import {
  AGENT_NOTICES_PER_HOUR_MAX,
  type AgentAnnouncementsValue,
  type AgentNotice,
  type AgentNoticeRequest,
  type AgentNoticesValue,
} from '@platform/contracts/agents/agent-team';
import {
  type AdminAgentNotice,
  type AdminAgentNoticeListQuery,
  type AdminInboxAudiences,
  type AdminInboxMessage,
  type AdminInboxReach,
  INBOX_SCHEDULE_DAYS_MAX,
  type InboxAudience,
  type InboxListQuery,
  type InboxMessage,
  type InboxPage,
  type InboxSendBody,
  type UnreadCountValue,
} from '@platform/contracts/inbox';
import { type Page, totalPagesOf } from '@platform/contracts/pagination';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { findMemberByUsername, findMemberIdsOfMerchant, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { plainTextToAnnouncementHtml, sanitizeAnnouncementHtml } from '../content/content.sanitize.ts';
import { isLabelOfMerchant, type MemberLabelsService } from '../member-labels/member-labels.service.ts';
import * as repo from './inbox.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };
/** The member reading: their id and their site. */
export type Reader = repo.Reader;

/** Where the service tells open tabs that an inbox changed (the realtime hub). */
export type InboxNotifier = {
  toMember: (memberId: number, message: RealtimeServerMessage) => Promise<void>;
  toMerchant: (merchantId: number, message: RealtimeServerMessage) => Promise<void>;
};

export type InboxService = ReturnType<typeof createInboxService>;

/** Scheduled messages announced per transaction of the job. */
const ANNOUNCE_BATCH = 200;

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
  /** The member labels a message may go to (the console's list of segments). */
  labels: Pick<MemberLabelsService, 'list'>;
  /** The merchant's VIP ladder (the vip module's), which names a VIP segment's levels. */
  vipLadder: (merchantId: number) => Promise<readonly { level: number; code: string; names: Record<string, string> }[]>;
  logger?: { warn: (o: object, m: string) => void };
}) {
  const { db, now, notify } = deps;

  async function unreadCount(reader: Reader): Promise<UnreadCountValue> {
    return { unReadCount: await repo.countUnread(db, reader, now()) };
  }

  async function list(reader: Reader, query: InboxListQuery): Promise<InboxPage> {
    const [{ totalCount, rows }, unread] = await Promise.all([
      repo.findPage(db, reader, now(), { isUnreadOnly: query.filter === 'unread', pageNo: query.pageNo, pageSize: query.pageSize }),
      unreadCount(reader),
    ]);
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
    const row = await repo.findVisible(db, reader, now(), messageId);
    if (!row) throw new DomainError('inbox_message_not_found');
    if (row.read_at === null) await repo.markRead(db, reader.memberId, [messageId], now());
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
    const unread = await repo.findUnreadIds(db, reader, now());
    if (unread.length > 0) await repo.markRead(db, reader.memberId, unread, now());
    return unreadCount(reader);
  }

  /** Hides a message from this member only. */
  async function remove(reader: Reader, messageId: number): Promise<UnreadCountValue> {
    const row = await repo.findVisible(db, reader, now(), messageId);
    if (!row) throw new DomainError('inbox_message_not_found');
    await repo.markDeleted(db, reader.memberId, messageId, now());
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

  /**
   * Tells the members' open tabs about the scheduled messages that have gone out since the last run,
   * exactly as a message sent at once (after the commit that marks them told, so each is told once
   * however many nodes run the job). Returns how many were announced.
   */
  async function announceDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await db.transaction().execute((trx) => repo.claimDueScheduled(trx, now(), ANNOUNCE_BATCH));
      for (const m of due) await tell(m.merchantId, m.memberIds === null ? { type: 'all' } : { type: 'members', memberIds: m.memberIds });
      total += due.length;
      if (due.length < ANNOUNCE_BATCH) return total;
    }
  }

  /** A day in milliseconds, for the scheduling window. */
  const DAY_MS = 86_400_000;

  /**
   * Sends an operator's message, now or at `sendAt`. Written once with its audience, so each member
   * gets it once however many times it is sent: a repeat with the same `requestId` answers the
   * message already made (other content under that id is `idempotency_conflict`). Members named by
   * username are looked up first; any unknown name refuses the whole send, naming them.
   */
  async function send(op: Operator, input: InboxSendBody): Promise<AdminInboxMessage> {
    const bodyHtml = sanitizeAnnouncementHtml(input.bodyHtml).trim();
    if (bodyHtml.length === 0) throw new DomainError('field_required', 'bodyHtml');
    const at = now();
    const sendAt = input.sendAt === undefined ? null : new Date(input.sendAt);
    if (sendAt !== null && (sendAt.getTime() <= at.getTime() || sendAt.getTime() > at.getTime() + INBOX_SCHEDULE_DAYS_MAX * DAY_MS))
      throw new DomainError('inbox_send_at_invalid', 'sendAt');
    if (input.audience.type === 'vip') {
      // Read before the transaction: the ladder is the vip module's, read through its own connection.
      const top = Math.max(0, ...(await deps.vipLadder(op.merchantId)).map((l) => l.level));
      if (input.audience.minLevel > input.audience.maxLevel || input.audience.maxLevel > top)
        throw new DomainError('inbox_vip_levels_invalid', 'audience');
    }
    const requestHash =
      input.requestId === undefined
        ? null
        : hashRequest(['inbox.send', input.category, input.title, bodyHtml, input.audience, sendAt?.toISOString() ?? null]);
    const sent = await sendOnce(op, input.requestId, requestHash, async (trx) => {
      if (input.requestId !== undefined) {
        const earlier = await repo.findByRequest(trx, op.merchantId, op.adminId, input.requestId);
        if (earlier) {
          if (earlier.request_hash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
          return { id: Number(earlier.id), isNew: false, audience: null };
        }
      }
      const audience = await audienceOf(trx, op.merchantId, input.audience);
      const row = await repo.insertMessage(trx, {
        merchantId: op.merchantId,
        category: input.category,
        title: input.title,
        bodyHtml,
        audience,
        sender: { adminId: op.adminId },
        sendAt,
        request: input.requestId === undefined || requestHash === null ? null : { id: input.requestId, hash: requestHash },
      });
      const messageId = row.id;
      if (audience.type === 'members') await repo.insertRecipients(trx, messageId, audience.memberIds);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'inbox_message.send',
        subjectType: 'inbox_message',
        subjectId: messageId,
        data: { category: input.category, title: input.title, audience, sendAt: sendAt?.toISOString() ?? null },
        ip: op.ip,
      });
      return { id: messageId, isNew: true, audience };
    });
    // A scheduled message is announced when it goes out (`announceDue`, the module's job).
    if (sent.isNew && sent.audience && sendAt === null) await tell(op.merchantId, sent.audience);
    const found = await adminFind(op.merchantId, sent.id);
    if (!found) throw new DomainError('inbox_message_not_found');
    return found;
  }

  /**
   * Runs a send's transaction; when a simultaneous send with the same request id committed first
   * (the unique key refuses this one), answers that message instead, or `idempotency_conflict` when
   * its content differs.
   */
  async function sendOnce<T extends { id: number; isNew: boolean }>(
    op: Operator,
    requestId: string | undefined,
    requestHash: string | null,
    work: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T | { id: number; isNew: false; audience: null }> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (requestId === undefined || !isUniqueViolation(error)) throw error;
      const earlier = await repo.findByRequest(db, op.merchantId, op.adminId, requestId);
      if (!earlier) throw error;
      if (earlier.request_hash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
      return { id: Number(earlier.id), isNew: false, audience: null };
    }
  }

  /** The stored audience of a send: usernames become member ids (all of the merchant), a label is checked (a VIP range before). */
  async function audienceOf(trx: Transaction<DB>, merchantId: number, audience: InboxSendBody['audience']): Promise<InboxAudience> {
    if (audience.type === 'usernames') {
      const names = [...new Set(audience.usernames.map((name) => name.trim()))];
      const ids: number[] = [];
      const unknown: string[] = [];
      for (const name of names) {
        const member = await findMemberByUsername(trx, merchantId, name);
        if (member) ids.push(member.id);
        else unknown.push(name);
      }
      if (unknown.length > 0) throw new DomainError('inbox_username_unknown', 'audience', { names: unknown.slice(0, 10).join(', ') });
      return { type: 'members', memberIds: [...new Set(ids)] };
    }
    if (audience.type === 'members') {
      const memberIds = [...new Set(audience.memberIds)];
      const known = await findMemberIdsOfMerchant(trx, merchantId, memberIds);
      if (known.length !== memberIds.length) throw new DomainError('inbox_recipient_unknown', 'memberIds');
      return { type: 'members', memberIds };
    }
    if (audience.type === 'label' && !(await isLabelOfMerchant(trx, merchantId, audience.labelId)))
      throw new DomainError('member_label_not_found');
    return audience;
  }

  /** One operator's message as the list shows it. */
  async function adminFind(merchantId: number, messageId: number): Promise<AdminInboxMessage | undefined> {
    const [row] = await repo.findPageOfMerchant(db, merchantId, { pageNo: 1, pageSize: 1 }, messageId);
    if (!row) return undefined;
    return (await presentAdmin([row]))[0];
  }

  /** How many members the message reaches now and how many opened it. */
  async function reach(merchantId: number, messageId: number): Promise<AdminInboxReach> {
    const row = await repo.findOfMerchant(db, merchantId, messageId);
    if (!row) throw new DomainError('inbox_message_not_found');
    const [count, readCount] = await Promise.all([
      repo.countReach(db, merchantId, {
        id: Number(row.id),
        audience: row.audience,
        labelId: row.label_id === null ? null : Number(row.label_id),
        vipMin: row.vip_min_level,
        vipMax: row.vip_max_level,
        sentAt: new Date(row.sent_at),
      }),
      repo.countReads(db, messageId),
    ]);
    return { id: messageId, reach: count, readCount };
  }

  /** The segments a message may go to: the merchant's labels and its VIP ladder. */
  async function audiences(merchantId: number): Promise<AdminInboxAudiences> {
    const [labels, ladder] = await Promise.all([deps.labels.list(merchantId), deps.vipLadder(merchantId)]);
    return {
      labels: labels.map((l) => ({ id: l.id, code: l.code, name: l.name, isEnabled: l.isEnabled, memberCount: l.memberCount })),
      vipLevels: ladder.map((l) => ({ level: l.level, code: l.code, names: l.names })),
    };
  }

  type MerchantRow = Awaited<ReturnType<typeof repo.findPageOfMerchant>>[number];

  async function presentAdmin(rows: readonly MerchantRow[]): Promise<AdminInboxMessage[]> {
    const listed = rows.filter((r) => r.audience === 'members').map((r) => Number(r.id));
    const recipients = await repo.findRecipients(db, listed);
    return rows.map((r) => {
      const id = Number(r.id);
      const audience: AdminInboxMessage['audience'] =
        r.audience === 'members'
          ? { type: 'members', memberIds: recipients.filter((x) => x.messageId === id).map((x) => x.memberId) }
          : r.audience === 'label'
            ? { type: 'label', labelId: Number(r.label_id) }
            : r.audience === 'vip'
              ? { type: 'vip', minLevel: Number(r.vip_min_level), maxLevel: Number(r.vip_max_level) }
              : r.audience === 'agents'
                ? { type: 'agents' }
                : { type: 'all' };
      return {
        id,
        category: r.category,
        title: r.title,
        bodyHtml: r.body_html,
        audience,
        createdAt: new Date(r.created_at).toISOString(),
        sendAt: r.send_at ? new Date(r.send_at).toISOString() : null,
        createdBy: r.created_by === null ? null : Number(r.created_by),
        withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
        readCount: Number(r.readCount ?? 0),
      };
    });
  }

  async function adminList(merchantId: number, query: { pageNo: number; pageSize: number }): Promise<Page<AdminInboxMessage>> {
    const [totalCount, rows] = await Promise.all([repo.countOfMerchant(db, merchantId), repo.findPageOfMerchant(db, merchantId, query)]);
    return {
      list: await presentAdmin(rows),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  /** Withdraws a message: no member sees it any more. Withdrawing it again changes nothing. */
  async function withdraw(op: Operator, messageId: number): Promise<{ id: number; withdrawnAt: string }> {
    const result = await db.transaction().execute(async (trx) => {
      const row = await repo.lockOfMerchant(trx, op.merchantId, messageId);
      if (!row) throw new DomainError('inbox_message_not_found');
      if (row.withdrawn_at) return { withdrawnAt: new Date(row.withdrawn_at), changed: false, audience: row.audience };
      const at = now();
      await repo.markWithdrawn(trx, messageId, at, op.adminId);
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
        const recipients = await repo.findRecipients(db, [messageId]);
        await tell(op.merchantId, { type: 'members', memberIds: recipients.map((r) => r.memberId) });
      } else {
        await tell(op.merchantId, { type: 'all' });
      }
    }
    return { id: messageId, withdrawnAt: result.withdrawnAt.toISOString() };
  }

  /** The notices agents of the merchant sent to their downline (operator's view), newest first. */
  async function adminAgentNotices(merchantId: number, query: AdminAgentNoticeListQuery): Promise<Page<AdminAgentNotice>> {
    const filter = {
      agentUsername: query.agentUsername,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
    };
    const { totalCount, rows } = await repo.findAgentNoticePage(db, merchantId, filter, query);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        agentId: Number(r.agentId),
        agentUsername: r.agentUsername,
        audience: r.audience === 'direct' ? 'direct' : 'team',
        title: r.title,
        bodyHtml: r.body_html,
        createdAt: new Date(r.created_at).toISOString(),
        withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
        withdrawnBy: r.withdrawn_by === null ? null : Number(r.withdrawn_by),
        readCount: Number(r.readCount ?? 0),
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  /**
   * An operator withdraws an agent's notice: it leaves every recipient's inbox (and unread count);
   * the audit entry names the operator and the agent. Withdrawing it again changes nothing.
   */
  async function withdrawAgentNotice(op: Operator, messageId: number): Promise<{ id: number; withdrawnAt: string }> {
    const result = await db.transaction().execute(async (trx) => {
      const row = await repo.lockAgentNoticeOfMerchant(trx, op.merchantId, messageId);
      if (!row) throw new DomainError('inbox_message_not_found');
      if (row.withdrawn_at) return { withdrawnAt: new Date(row.withdrawn_at), changed: false };
      const at = now();
      await repo.markWithdrawn(trx, messageId, at, op.adminId);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'inbox_message.agent_notice_withdraw',
        subjectType: 'inbox_message',
        subjectId: messageId,
        data: { senderMemberId: Number(row.sender_member_id), title: row.title },
        ip: op.ip,
      });
      return { withdrawnAt: at, changed: true };
    });
    // Every open tab of the site refreshes its count, as when the notice was sent.
    if (result.changed) await tell(op.merchantId, { type: 'all' });
    return { id: messageId, withdrawnAt: result.withdrawnAt.toISOString() };
  }

  // The agent centre (agentAnnouncement).

  /** The operator's announcements to agents that the agent can see, newest first. */
  async function agentAnnouncements(reader: Reader, page: { pageNo: number; pageSize: number }): Promise<AgentAnnouncementsValue> {
    const { totalCount, rows } = await repo.findPageOfAudience(db, reader, now(), 'agents', page);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        bodyHtml: r.body_html,
        createdAt: new Date(r.created_at).toISOString(),
        isRead: r.read_at !== null,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, page.pageSize),
    };
  }

  /**
   * An agent's notice to its whole team or its direct downline. The text is shown as typed (turned
   * into HTML and cleaned like an operator's message); at most AGENT_NOTICES_PER_HOUR_MAX an hour,
   * counted under the agent's row lock so simultaneous sends cannot pass the limit together. Who it
   * reaches is worked out when members read (see `repo.visible`). The caller has checked that the
   * sender is an agent.
   */
  async function sendAgentNotice(sender: Reader, input: AgentNoticeRequest, meta: { ip: string | null }): Promise<AgentNotice> {
    const bodyHtml = plainTextToAnnouncementHtml(input.body);
    const title = input.title.trim();
    if (bodyHtml.length === 0 || title.length === 0) throw new DomainError('agent_notice_empty');
    const row = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, sender.memberId, { strength: 'no key update', merchantId: sender.merchantId });
      if (!member) throw new DomainError('unauthorized');
      if ((await repo.countSentInLastHour(trx, sender.memberId)) >= AGENT_NOTICES_PER_HOUR_MAX) {
        throw new DomainError('agent_notice_too_many', undefined, { count: String(AGENT_NOTICES_PER_HOUR_MAX) });
      }
      const inserted = await repo.insertMessage(trx, {
        merchantId: sender.merchantId,
        category: 'system',
        title,
        bodyHtml,
        audience: { type: input.audience },
        sender: { memberId: sender.memberId },
      });
      await recordAudit(trx, {
        actorType: 'member',
        actorId: sender.memberId,
        action: 'inbox_message.agent_notice',
        subjectType: 'inbox_message',
        subjectId: inserted.id,
        data: { audience: input.audience, title },
        ip: meta.ip,
      });
      return inserted;
    });
    // Every open tab of the site refreshes its count; each finds out for itself whether it is addressed.
    await tell(sender.merchantId, { type: 'all' });
    return {
      id: row.id,
      audience: input.audience,
      title,
      bodyHtml,
      createdAt: row.createdAt.toISOString(),
      readCount: 0,
      withdrawnAt: null,
    };
  }

  /** The notices the agent has sent, newest first, and how many more it may send this hour. */
  async function sentAgentNotices(sender: Reader, page: { pageNo: number; pageSize: number }): Promise<AgentNoticesValue> {
    const [{ totalCount, rows }, sentThisHour] = await Promise.all([
      repo.findSentPage(db, sender.memberId, page),
      repo.countSentInLastHour(db, sender.memberId),
    ]);
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        audience: r.audience === 'direct' ? 'direct' : 'team',
        title: r.title,
        bodyHtml: r.body_html,
        createdAt: new Date(r.created_at).toISOString(),
        readCount: Number(r.readCount ?? 0),
        withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, page.pageSize),
      remainingThisHour: Math.max(0, AGENT_NOTICES_PER_HOUR_MAX - sentThisHour),
    };
  }

  // Messages the platform itself sends to listed members (an agent contract ended by a rule).

  /**
   * Writes a platform message to listed members inside the caller's transaction (so it exists only
   * if the change it reports commits); the text is shown as written. Call `announcePlatform` after
   * the commit to tell their open tabs.
   */
  async function writePlatformMessage(
    trx: Transaction<DB>,
    input: { merchantId: number; memberIds: readonly number[]; title: string; body: string },
  ): Promise<number | null> {
    const memberIds = [...new Set(input.memberIds)];
    if (memberIds.length === 0) return null;
    const row = await repo.insertMessage(trx, {
      merchantId: input.merchantId,
      category: 'account',
      title: input.title,
      bodyHtml: plainTextToAnnouncementHtml(input.body),
      audience: { type: 'members', memberIds },
      sender: null,
    });
    await repo.insertRecipients(trx, row.id, memberIds);
    return row.id;
  }

  async function announcePlatform(merchantId: number, memberIds: readonly number[]): Promise<void> {
    if (memberIds.length > 0) await tell(merchantId, { type: 'members', memberIds: [...new Set(memberIds)] });
  }

  return {
    unreadCount,
    list,
    read,
    readAll,
    remove,
    agents: { announcements: agentAnnouncements, sendNotice: sendAgentNotice, sentNotices: sentAgentNotices },
    admin: { send, list: adminList, reach, audiences, withdraw, agentNotices: adminAgentNotices, withdrawAgentNotice },
    platform: { write: writePlatformMessage, announce: announcePlatform },
    announceDue,
  };
}
