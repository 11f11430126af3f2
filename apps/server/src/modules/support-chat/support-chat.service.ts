import { isTrialAccountType } from '@platform/contracts/account-types';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import {
  type AdminCustomerServiceBody,
  type ClientSealKey,
  CS_POSITION_VIP,
  CS_TYPE,
  CS_VIP_RANK_LEVEL_MIN,
  SUPPORT_CHAT_POST_INTERVAL_MS,
  SUPPORT_CHAT_POSTS_PER_MINUTE_MAX,
  SUPPORT_CHAT_UNREAD_COUNT_MAX,
} from '@platform/contracts/support-chat';
import type { CustomerServiceEntry } from '@platform/contracts/system';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { postWaitMs, RATE_WINDOW_MS } from '../../lib/post-rate-limit.ts';
import { sealForClient } from '../../lib/seal-for-client.ts';
import { findUsernames, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { normaliseChatText } from '../chat/chat.service.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './support-chat.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };
type CustomerServiceValue = { url: string; entries: CustomerServiceEntry[] };

export type SupportChatService = ReturnType<typeof createSupportChatService>;

/** The spec's VIP customer service: `clubLabel.rankLevel` above 4. */
export function isVipRankLevel(rankLevel: number | null | undefined): boolean {
  return rankLevel != null && rankLevel >= CS_VIP_RANK_LEVEL_MIN;
}

/**
 * Customer service: the operator's entries (the house live chat, links, encrypted links, the VIP
 * entry) and the house live chat, one support conversation per member with the operators. A
 * member's conversation is only ever found through the member's own id; operators reach the
 * merchant's conversations through the admin calls. Changes reach the member's tabs through the
 * realtime hub.
 */
export function createSupportChatService(deps: {
  db: Kysely<DB>;
  /** The entries setting (the system module's `system.customerService`). */
  customerService: {
    get: (merchantId: number) => Promise<CustomerServiceValue>;
    set: (op: Operator, value: CustomerServiceValue) => Promise<void>;
  };
  /** The member's `clubLabel.rankLevel` (null without a ranked label). */
  rankLevelOf: (memberId: number) => Promise<number | null>;
  publishToMember: (memberId: number, message: RealtimeServerMessage) => Promise<void>;
  logger: { warn: (obj: object, msg: string) => void };
  now: () => Date;
}) {
  const { db, now } = deps;

  function assertMayChat(principal: Principal): void {
    if (isTrialAccountType(principal.accountType)) throw new DomainError('in_please_information');
  }

  function notifyMember(memberId: number): void {
    deps.publishToMember(memberId, { type: 'support_chat' }).catch((err: unknown) => {
      deps.logger.warn({ err, memberId }, 'support chat event not published');
    });
  }

  /**
   * The spec's list of customer-service paths for this caller: the VIP entries only for a VIP
   * member (and first), a type-3 entry's link sealed to the caller's one-call key (empty without one).
   */
  async function entries(
    merchantId: number,
    principal: Principal | null,
    clientKey: ClientSealKey | undefined,
  ): Promise<{ list: CustomerServiceEntry[]; isVip: boolean }> {
    const [setting, rankLevel] = await Promise.all([
      deps.customerService.get(merchantId),
      principal ? deps.rankLevelOf(principal.memberId) : Promise.resolve(null),
    ]);
    const isVip = principal !== null && !isTrialAccountType(principal.accountType) && isVipRankLevel(rankLevel);
    const visible = setting.entries.filter((e) => isVip || e.csPosition !== CS_POSITION_VIP);
    const ordered = [
      ...visible.filter((e) => e.csPosition === CS_POSITION_VIP),
      ...visible.filter((e) => e.csPosition !== CS_POSITION_VIP),
    ];
    const list = await Promise.all(
      ordered.map(async (e) => {
        if (e.csType !== CS_TYPE.encryptedLink) return { ...e };
        return { ...e, path: clientKey && e.path ? await sealForClient(clientKey, e.path) : '' };
      }),
    );
    return { list, isVip };
  }

  function presentConversation(c: repo.ConversationRow) {
    return {
      id: c.id,
      status: c.status,
      isVip: c.isVip,
      createdAt: c.createdAt.toISOString(),
      closedAt: c.closedAt?.toISOString() ?? null,
    };
  }

  function presentMessage(m: repo.MessageRow) {
    return { id: m.id, author: m.author, text: m.body, createdAt: m.createdAt.toISOString() };
  }

  async function page(conversationId: number, query: { before?: number | undefined; limit: number }) {
    const rows = await repo.findMessages(db, conversationId, query.before, query.limit + 1);
    const list = rows.slice(0, query.limit);
    return { rows: list.reverse(), nextBefore: rows.length > query.limit ? (list[0]?.id ?? null) : null };
  }

  /** The member's open conversation (else the latest closed one), newest page first. */
  async function messages(principal: Principal, query: { before?: number | undefined; limit: number }) {
    assertMayChat(principal);
    const conversation = await repo.findLatestOfMember(db, principal.memberId);
    if (!conversation) return { conversation: null, list: [], nextBefore: null };
    const { rows, nextBefore } = await page(conversation.id, query);
    return { conversation: presentConversation(conversation), list: rows.map(presentMessage), nextBefore };
  }

  /** Writes in the member's open conversation, opening one first when none is open; rate limited. */
  async function post(principal: Principal, input: { text: string }) {
    assertMayChat(principal);
    const text = normaliseChatText(input.text);
    if (text === '') throw new DomainError('field_required', 'text');
    const at = now();
    const isVip = isVipRankLevel(await deps.rankLevelOf(principal.memberId));
    const message = await db.transaction().execute(async (trx) => {
      // One writer per member at a time: the rate limit and the open conversation do not race.
      const member = await lockMember(trx, principal.memberId, { strength: 'no key update' });
      if (!member) throw new DomainError('unauthorized');
      const recent = await repo.findMemberPostTimesSince(trx, principal.memberId, new Date(at.getTime() - RATE_WINDOW_MS));
      const waitMs = postWaitMs(recent, at, { intervalMs: SUPPORT_CHAT_POST_INTERVAL_MS, perMinuteMax: SUPPORT_CHAT_POSTS_PER_MINUTE_MAX });
      if (waitMs > 0) throw new DomainError('chat_rate_limited', undefined, { seconds: String(Math.ceil(waitMs / 1000)) });
      await repo.insertOpenUnlessOpen(trx, { merchantId: principal.merchantId, memberId: principal.memberId, isVip, at });
      const open = (await repo.findOpenOfMember(trx, principal.memberId)) as repo.ConversationRow;
      return repo.insertMessage(trx, { conversationId: open.id, author: 'member', adminId: null, body: text, at });
    });
    notifyMember(principal.memberId);
    return presentMessage(message);
  }

  /** Operator messages the member has not read in the open (else latest) conversation. */
  async function unreadCount(principal: Principal): Promise<{ unReadCount: number }> {
    assertMayChat(principal);
    const conversation = await repo.findLatestOfMember(db, principal.memberId);
    if (!conversation) return { unReadCount: 0 };
    return { unReadCount: await repo.countUnread(db, conversation.id, 'member', SUPPORT_CHAT_UNREAD_COUNT_MAX) };
  }

  /** The member has read everything in the conversation. */
  async function markRead(principal: Principal): Promise<{ unReadCount: number }> {
    assertMayChat(principal);
    const conversation = await repo.findLatestOfMember(db, principal.memberId);
    if (conversation) await repo.advanceRead(db, conversation.id, 'member', await repo.findNewestMessageId(db, conversation.id));
    return { unReadCount: 0 };
  }

  /** The member ends the open conversation; the next message opens a new one. */
  async function closeOwn(principal: Principal) {
    assertMayChat(principal);
    const open = await repo.findOpenOfMember(db, principal.memberId);
    if (!open) throw new DomainError('support_chat_not_found');
    await db.transaction().execute(async (trx) => {
      const locked = await repo.lockConversation(trx, open.id);
      if (locked?.status === 'open') await repo.closeConversation(trx, open.id, now(), null);
    });
    notifyMember(principal.memberId);
    return presentConversation((await repo.findOfMerchant(db, principal.merchantId, open.id)) as repo.ConversationRow);
  }

  // ---- Operators ----

  async function adminEntries(merchantId: number): Promise<CustomerServiceValue> {
    return deps.customerService.get(merchantId);
  }

  /** Stores the entries (audited by the settings service); a type-3 link is only ever served sealed. */
  async function setEntries(op: Operator, body: AdminCustomerServiceBody): Promise<CustomerServiceValue> {
    await deps.customerService.set(op, body);
    return deps.customerService.get(op.merchantId);
  }

  async function presentForOperator(rows: repo.ConversationListRow[]) {
    const usernames = await findUsernames(
      db,
      rows.map((r) => r.memberId),
    );
    return rows.map((r) => ({
      ...presentConversation(r),
      memberId: r.memberId,
      username: usernames.get(r.memberId) ?? '',
      unreadCount: r.unreadCount,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastMessageText: r.lastMessageText,
      closedBy: r.closedBy,
    }));
  }

  async function conversationForOperator(merchantId: number, conversationId: number) {
    const [row] = await repo.findConversationsOfMerchant(db, merchantId, { status: 'all', conversationId }, 1);
    if (!row) throw new DomainError('support_chat_not_found');
    return (await presentForOperator([row]))[0] as Awaited<ReturnType<typeof presentForOperator>>[number];
  }

  async function adminConversations(
    merchantId: number,
    query: {
      status: 'open' | 'closed' | 'all';
      isUnread?: boolean | undefined;
      isVip?: boolean | undefined;
      memberId?: number | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const rows = await repo.findConversationsOfMerchant(db, merchantId, query, query.limit + 1);
    const list = rows.slice(0, query.limit);
    return { list: await presentForOperator(list), nextBefore: rows.length > query.limit ? (list.at(-1)?.id ?? null) : null };
  }

  async function adminMessages(merchantId: number, conversationId: number, query: { before?: number | undefined; limit: number }) {
    const conversation = await conversationForOperator(merchantId, conversationId);
    const { rows, nextBefore } = await page(conversationId, query);
    return { conversation, list: rows.map((m) => ({ ...presentMessage(m), adminId: m.adminId })), nextBefore };
  }

  /** The operators have read the conversation up to its newest message. */
  async function adminMarkRead(merchantId: number, conversationId: number) {
    if (!(await repo.findOfMerchant(db, merchantId, conversationId))) throw new DomainError('support_chat_not_found');
    await repo.advanceRead(db, conversationId, 'operator', await repo.findNewestMessageId(db, conversationId));
    return conversationForOperator(merchantId, conversationId);
  }

  /** An operator's answer in an open conversation; audited, pushed to the member's tabs. */
  async function reply(op: Operator, conversationId: number, input: { text: string }) {
    const text = normaliseChatText(input.text);
    if (text === '') throw new DomainError('field_required', 'text');
    const at = now();
    const { message, memberId } = await db.transaction().execute(async (trx) => {
      if (!(await repo.findOfMerchant(trx, op.merchantId, conversationId))) throw new DomainError('support_chat_not_found');
      const conversation = (await repo.lockConversation(trx, conversationId)) as repo.ConversationRow;
      if (conversation.status !== 'open') throw new DomainError('support_chat_closed');
      const written = await repo.insertMessage(trx, { conversationId, author: 'operator', adminId: op.adminId, body: text, at });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'support_chat.reply',
        subjectType: 'support_conversation',
        subjectId: conversationId,
        data: { memberId: conversation.memberId, messageId: written.id, text },
        ip: op.ip,
      });
      return { message: written, memberId: conversation.memberId };
    });
    notifyMember(memberId);
    return { ...presentMessage(message), adminId: message.adminId };
  }

  /** An operator closes a conversation (audited); the member's next message opens a new one. */
  async function adminClose(op: Operator, conversationId: number) {
    const memberId = await db.transaction().execute(async (trx) => {
      if (!(await repo.findOfMerchant(trx, op.merchantId, conversationId))) throw new DomainError('support_chat_not_found');
      const conversation = (await repo.lockConversation(trx, conversationId)) as repo.ConversationRow;
      if (conversation.status === 'closed') return null;
      await repo.closeConversation(trx, conversationId, now(), op.adminId);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'support_chat.close',
        subjectType: 'support_conversation',
        subjectId: conversationId,
        data: { memberId: conversation.memberId },
        ip: op.ip,
      });
      return conversation.memberId;
    });
    if (memberId !== null) notifyMember(memberId);
    return conversationForOperator(op.merchantId, conversationId);
  }

  return {
    entries,
    messages,
    post,
    unreadCount,
    markRead,
    closeOwn,
    adminEntries,
    setEntries,
    adminConversations,
    adminMessages,
    adminMarkRead,
    reply,
    adminClose,
  };
}
