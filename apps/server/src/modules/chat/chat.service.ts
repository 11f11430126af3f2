import { isTrialAccountType } from '@platform/contracts/account-types';
import {
  type AdminChatRoomBody,
  CHAT_DEFAULT_ROOM,
  CHAT_PAGE_PATH,
  CHAT_POST_INTERVAL_MS,
  CHAT_POSTS_PER_MINUTE_MAX,
  type ChatMuteKind,
  type ChatPostRequest,
  type ChatUrlRequest,
} from '@platform/contracts/chat';
import type { MessageParams } from '@platform/contracts/errors';
import { maskName } from '@platform/contracts/name-mask';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import { isSettingsNodeOn, type SettingsTreeNode } from '@platform/contracts/system';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { postWaitMs, RATE_WINDOW_MS } from '../../lib/post-rate-limit.ts';
import { messageDateTimeOf } from '../../lib/time-format.ts';
import { findMemberOfMerchant, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './chat.repository.ts';

/** The operators' list of muted and banned members shows at most this many (the soonest to end first). */
const CHAT_MUTES_LIST_MAX = 500;
/** The badge counts unread messages up to this many and shows "99+" beyond. */
export const CHAT_UNREAD_COUNT_MAX = 100;
const MINUTE_MS = 60_000;
/** The default room's name as operators see it. */
export const CHAT_DEFAULT_ROOM_NAME = 'Phòng chung';

type Operator = { adminId: number; merchantId: number; ip: string | null };

export type ChatService = ReturnType<typeof createChatService>;

/**
 * A message's text as it is stored: control characters and line breaks become spaces, runs of
 * spaces one. HTML is not interpreted or stripped: the text is always shown as text.
 */
export function normaliseChatText(text: string): string {
  const spaced = Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? ' ' : ch;
  }).join('');
  return spaced.replace(/ {2,}/g, ' ').trim();
}

/**
 * The house chat room: one public room per merchant (and rooms per language an operator adds),
 * messages, read markers for the unread badge, operator hiding and muting. New messages reach the
 * connected members of the merchant through the realtime hub.
 */
export function createChatService(deps: {
  db: Kysely<DB>;
  /** The merchant's settings tree; the room is refused when its CHATROOM node is off. */
  settingsTree: (merchantId: number) => Promise<readonly SettingsTreeNode[]>;
  /** Throws rg_on_break or rg_self_excluded for a member under a break or self-exclusion. */
  assertNotExcluded: (memberId: number) => Promise<void>;
  timeZoneOf: (merchantId: number, trx?: Transaction<DB>) => Promise<string>;
  publishToMerchant: (merchantId: number, message: RealtimeServerMessage) => Promise<void>;
  logger: { warn: (obj: object, msg: string) => void };
  now: () => Date;
}) {
  const { db, now } = deps;

  async function untilParams(until: Date, merchantId: number): Promise<MessageParams> {
    return { until: messageDateTimeOf(until, await deps.timeZoneOf(merchantId)) };
  }

  /**
   * Trial accounts, members under a break or self-exclusion, a switched-off room and a member an
   * operator banned are refused. Returns the member's mute or ban row (running or not) for `post`.
   */
  async function assertMayChat(principal: Principal): Promise<repo.ChatMuteRow | undefined> {
    if (isTrialAccountType(principal.accountType)) throw new DomainError('in_please_information');
    if (!isSettingsNodeOn(await deps.settingsTree(principal.merchantId), 'CHATROOM')) throw new DomainError('chat_disabled');
    await deps.assertNotExcluded(principal.memberId);
    const mute = await repo.findMute(db, principal.memberId);
    if (mute?.isBan && mute.mutedUntil.getTime() > now().getTime()) {
      throw new DomainError('chat_banned', undefined, await untilParams(mute.mutedUntil, principal.merchantId));
    }
    return mute;
  }

  async function roomOf(merchantId: number, code: string): Promise<repo.ChatRoomRow> {
    if (code === CHAT_DEFAULT_ROOM) await repo.ensureRoom(db, merchantId, CHAT_DEFAULT_ROOM, CHAT_DEFAULT_ROOM_NAME);
    const room = await repo.findRoomByCode(db, merchantId, code);
    if (!room) throw new DomainError('chat_room_not_found');
    return room;
  }

  function present(row: repo.ChatMessageRow, memberId: number) {
    return {
      id: row.id,
      room: row.roomCode,
      displayName: row.displayName,
      text: row.body,
      createdAt: row.createdAt.toISOString(),
      isOwn: row.memberId === memberId,
    };
  }

  function notify(merchantId: number, room: string, change: 'message' | 'hidden'): void {
    deps.publishToMerchant(merchantId, { type: 'chat', room, change }).catch((err: unknown) => {
      deps.logger.warn({ err, merchantId }, 'chat event not published');
    });
  }

  /** The member's room: the one named, else the operator's room for the language, else the public room. */
  async function roomFor(merchantId: number, choice: { room?: string | undefined; language?: string | undefined }) {
    if (choice.room) return roomOf(merchantId, choice.room);
    const language = choice.language?.toLowerCase().split(/[-_]/)[0];
    return (language ? await repo.findRoomByLanguage(db, merchantId, language) : undefined) ?? roomOf(merchantId, CHAT_DEFAULT_ROOM);
  }

  /** The spec's "chat URL": the site's own chat page for the member's language; never the token. */
  async function chatUrl(principal: Principal, input: ChatUrlRequest): Promise<{ chatUrl: string; room: string }> {
    await assertMayChat(principal);
    const room = await roomFor(principal.merchantId, { language: input.language });
    const params = new URLSearchParams({ room: room.code });
    if (input.language) params.set('lang', input.language);
    if (input.headerColor) params.set('headerColor', input.headerColor);
    if (input.title) params.set('title', input.title);
    return { chatUrl: `${CHAT_PAGE_PATH}?${params.toString()}`, room: room.code };
  }

  async function listMessages(principal: Principal, query: { room: string; before?: number | undefined; limit: number }) {
    await assertMayChat(principal);
    const room = await roomOf(principal.merchantId, query.room);
    const rows = await repo.findVisibleMessages(db, room.id, query.before, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return {
      room: { code: room.code, name: room.name },
      list: page.reverse().map((r) => present(r, principal.memberId)),
      nextBefore: hasMore ? (page[0]?.id ?? null) : null,
      lastReadId: await repo.findLastRead(db, principal.memberId, room.id),
    };
  }

  /** Checks the mute and the rate limit, then stores the message; the sender has read it. */
  async function post(principal: Principal, input: ChatPostRequest) {
    const mute = await assertMayChat(principal);
    const text = normaliseChatText(input.text);
    if (text === '') throw new DomainError('field_required', 'text');
    const room = await roomOf(principal.merchantId, input.room);
    const at = now();
    if (mute && mute.mutedUntil.getTime() > at.getTime()) {
      throw new DomainError('chat_muted', undefined, await untilParams(mute.mutedUntil, principal.merchantId));
    }
    const row = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, principal.memberId, { strength: 'no key update' });
      if (!member) throw new DomainError('unauthorized');
      const recent = await repo.findPostTimesSince(trx, principal.memberId, new Date(at.getTime() - RATE_WINDOW_MS));
      const waitMs = postWaitMs(recent, at, { intervalMs: CHAT_POST_INTERVAL_MS, perMinuteMax: CHAT_POSTS_PER_MINUTE_MAX });
      if (waitMs > 0) throw new DomainError('chat_rate_limited', undefined, { seconds: String(Math.ceil(waitMs / 1000)) });
      const displayName = member.nickname?.trim() || maskName(member.username);
      const id = await repo.insertMessage(trx, { roomId: room.id, memberId: principal.memberId, displayName, body: text, createdAt: at });
      await repo.advanceLastRead(trx, principal.memberId, room.id, id, at);
      return { id, roomCode: room.code, memberId: principal.memberId, username: member.username, displayName, body: text, createdAt: at };
    });
    notify(principal.merchantId, room.code, 'message');
    return present({ ...row, hiddenAt: null, hiddenBy: null }, principal.memberId);
  }

  /** The spec's "chat message": unread messages by others in the member's room (as `roomFor` picks it). */
  async function unreadCount(
    principal: Principal,
    choice: { room?: string | undefined; language?: string | undefined },
  ): Promise<{ unReadCount: number }> {
    await assertMayChat(principal);
    const room = await roomFor(principal.merchantId, choice);
    return { unReadCount: await repo.countUnread(db, room.id, principal.memberId, CHAT_UNREAD_COUNT_MAX) };
  }

  /** Everything in the room up to `messageId` (at most its newest message) is read. */
  async function markRead(principal: Principal, input: { room: string; messageId: number }): Promise<{ unReadCount: number }> {
    await assertMayChat(principal);
    const room = await roomOf(principal.merchantId, input.room);
    const newest = await repo.findNewestMessageId(db, room.id);
    await repo.advanceLastRead(db, principal.memberId, room.id, Math.min(input.messageId, newest), now());
    return { unReadCount: await repo.countUnread(db, room.id, principal.memberId, CHAT_UNREAD_COUNT_MAX) };
  }

  function presentForOperator(row: repo.ChatMessageRow) {
    return {
      id: row.id,
      room: row.roomCode,
      memberId: row.memberId,
      username: row.username,
      displayName: row.displayName,
      text: row.body,
      createdAt: row.createdAt.toISOString(),
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      hiddenBy: row.hiddenBy,
    };
  }

  async function adminList(
    merchantId: number,
    query: { room?: string | undefined; memberId?: number | undefined; before?: number | undefined; limit: number },
  ) {
    const rows = await repo.findMessagesForMerchant(
      db,
      merchantId,
      { roomCode: query.room, memberId: query.memberId, before: query.before },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    return { list: page.map(presentForOperator), nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
  }

  /** Hides a message from members (or shows it again); audited, and open rooms reload. */
  async function setHidden(op: Operator, messageId: number, isHidden: boolean) {
    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.findMessageOfMerchant(trx, op.merchantId, messageId);
      if (!before) throw new DomainError('chat_message_not_found');
      if ((before.hiddenAt !== null) === isHidden) return before;
      await repo.setMessageHidden(trx, messageId, isHidden ? { at: now(), by: op.adminId } : null);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: isHidden ? 'chat_message.hide' : 'chat_message.show',
        subjectType: 'chat_message',
        subjectId: messageId,
        data: { memberId: before.memberId, room: before.roomCode, text: before.body },
        ip: op.ip,
      });
      return (await repo.findMessageOfMerchant(trx, op.merchantId, messageId)) as repo.ChatMessageRow;
    });
    notify(op.merchantId, updated.roomCode, 'hidden');
    return presentForOperator(updated);
  }

  /** Mutes (no posting) or bans (no reading either) a member of the operator's merchant until a time; audited. */
  async function mute(op: Operator, input: { memberId: number; minutes: number; reason: string; kind: ChatMuteKind }) {
    const at = now();
    const mutedUntil = new Date(at.getTime() + input.minutes * MINUTE_MS);
    const isBan = input.kind === 'ban';
    await db.transaction().execute(async (trx) => {
      if (!(await findMemberOfMerchant(trx, op.merchantId, input.memberId))) throw new DomainError('not_found', 'member');
      const before = await repo.findMute(trx, input.memberId);
      await repo.upsertMute(trx, {
        memberId: input.memberId,
        merchantId: op.merchantId,
        isBan,
        mutedUntil,
        reason: input.reason,
        mutedBy: op.adminId,
        at,
      });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: isBan ? 'chat.ban' : 'chat.mute',
        subjectType: 'member',
        subjectId: input.memberId,
        data: {
          before:
            before && before.mutedUntil.getTime() > at.getTime()
              ? { kind: before.isBan ? 'ban' : 'mute', until: before.mutedUntil.toISOString(), reason: before.reason }
              : null,
          after: { kind: input.kind, minutes: input.minutes, until: mutedUntil.toISOString(), reason: input.reason },
        },
        ip: op.ip,
      });
    });
    return { memberId: input.memberId, mutedUntil: mutedUntil.toISOString(), reason: input.reason, kind: input.kind };
  }

  /** The merchant's members muted or banned now, the soonest to end first. */
  async function mutes(merchantId: number) {
    const rows = await repo.findActiveMutesOfMerchant(db, merchantId, now(), CHAT_MUTES_LIST_MAX);
    return {
      list: rows.map((r) => ({
        memberId: r.memberId,
        username: r.username,
        kind: r.isBan ? ('ban' as const) : ('mute' as const),
        mutedUntil: r.mutedUntil.toISOString(),
        reason: r.reason,
        mutedBy: r.mutedBy,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async function unmute(op: Operator, memberId: number): Promise<{ memberId: number; wasMuted: boolean }> {
    return db.transaction().execute(async (trx) => {
      if (!(await findMemberOfMerchant(trx, op.merchantId, memberId))) throw new DomainError('not_found', 'member');
      const before = await repo.findMute(trx, memberId);
      const wasMuted = await repo.deleteMute(trx, memberId);
      if (wasMuted) {
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'chat.unmute',
          subjectType: 'member',
          subjectId: memberId,
          data: {
            before: before ? { kind: before.isBan ? 'ban' : 'mute', until: before.mutedUntil.toISOString(), reason: before.reason } : null,
          },
          ip: op.ip,
        });
      }
      return { memberId, wasMuted };
    });
  }

  async function adminRooms(merchantId: number): Promise<repo.ChatRoomAdminRow[]> {
    await repo.ensureRoom(db, merchantId, CHAT_DEFAULT_ROOM, CHAT_DEFAULT_ROOM_NAME);
    return repo.findRoomsOfMerchant(db, merchantId);
  }

  /** A further room (one per language, say); `chatUrl` sends members of that language there. */
  async function createRoom(op: Operator, input: AdminChatRoomBody): Promise<repo.ChatRoomAdminRow> {
    try {
      return await db.transaction().execute(async (trx) => {
        const id = await repo.insertRoom(trx, op.merchantId, input);
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'chat_room.create',
          subjectType: 'chat_room',
          subjectId: id,
          data: input,
          ip: op.ip,
        });
        return { id, ...input };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('chat_room_code_taken', 'code');
      throw error;
    }
  }

  /** Renames a room, changes its language or switches it off; the public room keeps its code and stays on. */
  async function updateRoom(op: Operator, roomId: number, input: AdminChatRoomBody): Promise<repo.ChatRoomAdminRow> {
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await repo.findRoomById(trx, op.merchantId, roomId);
        if (!before) throw new DomainError('chat_room_not_found');
        if (before.code === CHAT_DEFAULT_ROOM && (input.code !== CHAT_DEFAULT_ROOM || !input.isEnabled)) {
          throw new DomainError('chat_default_room_required');
        }
        await repo.updateRoom(trx, roomId, input);
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: op.adminId,
          action: 'chat_room.update',
          subjectType: 'chat_room',
          subjectId: roomId,
          data: { before: { code: before.code, name: before.name, language: before.language, isEnabled: before.isEnabled }, after: input },
          ip: op.ip,
        });
        return { id: roomId, ...input };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('chat_room_code_taken', 'code');
      throw error;
    }
  }

  return {
    chatUrl,
    listMessages,
    post,
    unreadCount,
    markRead,
    adminList,
    setHidden,
    mute,
    mutes,
    unmute,
    adminRooms,
    createRoom,
    updateRoom,
  };
}
