import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { loginAs } from '../../../test/games-helpers.ts';
import { createClock } from '../../../test/lottery-helpers.ts';
import { DEFAULT_SETTINGS_TREE, settingsTreeSetting } from '../system/system.settings.ts';
import { normaliseChatText } from './chat.service.ts';

/** The house chat room: members' calls, limits, refusals, and the operators' moderation. */
describe('chat room', () => {
  let t: TestApp;
  const clock = createClock('2026-11-25T03:00:00Z');
  let merchant: { id: number; currency: string };
  let support: Record<string, string>;
  let finance: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    await createMerchant(t.database.db);
    merchant = await t.app.services.merchants.current();
    support = (await loginAdmin(t.app, 'support')).headers;
    finance = (await loginAdmin(t.app, 'finance')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member with a session; `nickname` is shown instead of the masked username when set. */
  async function member(options: { accountType?: number; nickname?: string; username?: string } = {}) {
    const m = await createMember(t.database.db, merchant, {
      accountType: options.accountType ?? 0,
      ...(options.username ? { username: options.username } : {}),
    });
    if (options.nickname) await t.database.db.updateTable('members').set({ nickname: options.nickname }).where('id', '=', m.id).execute();
    return { ...m, id: Number(m.id), headers: await loginAs(t.app, Number(m.id)) };
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const post = (headers: Record<string, string>, text: string, room = 'public') =>
    call('POST', '/wps/chat/messages', headers, { room, text });
  const list = async (headers: Record<string, string>, query = '') => {
    const res = await call('GET', `/wps/chat/messages${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as {
      list: { id: number; text: string; displayName: string; isOwn: boolean; createdAt: string }[];
      nextBefore: number | null;
      lastReadId: number;
    };
  };
  const unread = async (headers: Record<string, string>) => {
    const res = await call('GET', '/wps/chat/unread', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.unReadCount as number;
  };
  /** Moves past the rate limit between posts. */
  const later = () => clock.advance(3_100);

  it('asks a visitor to log in and answers a chat URL of the site’s own page without the token', async () => {
    expect((await call('GET', '/wps/chat/unread', {})).json().code).toBe('unauthorized');
    expect((await call('POST', '/wps/chat/url', {}, {})).statusCode).toBe(401);
    const a = await member();
    const res = await call('POST', '/wps/chat/url', a.headers, { b2c: 1, title: 'Chat', language: 'vi-VN', headerColor: '#0a5' });
    expect(res.statusCode, res.body).toBe(200);
    const { chatUrl, room } = res.json().value as { chatUrl: string; room: string };
    expect(room).toBe('public');
    const url = new URL(chatUrl, 'https://site.test');
    expect(url.pathname).toBe('/chatroom');
    expect(Object.fromEntries(url.searchParams)).toEqual({ room: 'public', lang: 'vi-VN', headerColor: '#0a5', title: 'Chat' });
    expect(chatUrl).not.toContain(a.headers.authorization.replace('Bearer ', ''));
    const bad = await call('POST', '/wps/chat/url', a.headers, { headerColor: 'red;background:url(x)' });
    expect(bad.statusCode).toBe(400);
  });

  it('posts, lists newest last with own messages marked, and counts unread messages by others', async () => {
    const a = await member({ nickname: 'Anh Tuấn' });
    const b = await member({ username: 'banhmi2026' });
    const start = await unread(b.headers);
    later();
    const first = await post(a.headers, '  Chào cả nhà!  ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ text: 'Chào cả nhà!', displayName: 'Anh Tuấn', isOwn: true, room: 'public' });
    expect(await unread(b.headers)).toBe(start + 1);
    later();
    const second = await post(b.headers, 'Hello');
    expect(second.json().value.displayName).toBe('ba***26');

    const seenByA = await list(a.headers);
    const lastTwo = seenByA.list.slice(-2);
    expect(lastTwo.map((m) => [m.text, m.isOwn])).toEqual([
      ['Chào cả nhà!', true],
      ['Hello', false],
    ]);
    // A sender has read the room up to their own message; only the other's reply is unread.
    expect(await unread(b.headers)).toBe(0);
    expect(await unread(a.headers)).toBe(1);
    const read = await call('POST', '/wps/chat/read', a.headers, { room: 'public', messageId: second.json().value.id });
    expect(read.json().value.unReadCount).toBe(0);
    expect(await unread(a.headers)).toBe(0);
    // A read marker never moves back, and one past the newest message stops at it.
    await call('POST', '/wps/chat/read', a.headers, { room: 'public', messageId: 1 });
    expect(await unread(a.headers)).toBe(0);
    await call('POST', '/wps/chat/read', a.headers, { room: 'public', messageId: 999_999 });
    later();
    await post(b.headers, 'Còn ai không?');
    expect(await unread(a.headers)).toBe(1);
  });

  it('pages the history with a cursor, 50 at most per page', async () => {
    const a = await member();
    for (let i = 0; i < 3; i++) {
      later();
      expect((await post(a.headers, `paging ${i}`)).statusCode).toBe(200);
    }
    const newest = await list(a.headers, '?limit=2');
    expect(newest.list.map((m) => m.text)).toEqual(['paging 1', 'paging 2']);
    expect(newest.nextBefore).toBe(newest.list[0]?.id);
    const older = await list(a.headers, `?limit=2&before=${newest.nextBefore}`);
    expect(older.list.at(-1)?.text).toBe('paging 0');
    expect((await call('GET', '/wps/chat/messages?limit=51', a.headers)).statusCode).toBe(400);
    expect((await call('GET', '/wps/chat/messages?room=nope', a.headers)).json().code).toBe('chat_room_not_found');
  });

  it('refuses empty, too long and unknown fields, storing nothing', async () => {
    const a = await member();
    later();
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(201) }, { text: 'ok', extra: 1 }, {}, { text: 'ok', room: 'NOT A ROOM' }]) {
      const res = await call('POST', '/wps/chat/messages', a.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(a.headers, 'x'.repeat(200))).statusCode).toBe(200);
    const mine = await t.database.db.selectFrom('chat_messages').select('body').where('member_id', '=', a.id).execute();
    expect(mine).toEqual([{ body: 'x'.repeat(200) }]);
  });

  it('keeps markup as plain text: nothing is interpreted, control characters become spaces', async () => {
    const a = await member();
    later();
    const text = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    const res = await post(a.headers, text);
    expect(res.json().value.text).toBe(text);
    expect((await list(a.headers)).list.at(-1)?.text).toBe(text);
    expect(normaliseChatText('a\u0000b\n\nc\u2028  d')).toBe('a b c d');
  });

  it('limits posting to one message per 2 seconds and 20 a minute, with chat_rate_limited', async () => {
    const a = await member();
    later();
    expect((await post(a.headers, 'one')).statusCode).toBe(200);
    clock.advance(1_000);
    const tooSoon = await post(a.headers, 'two');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'chat_rate_limited' });
    expect(tooSoon.json().message).toContain('1');
    clock.advance(1_000);
    expect((await post(a.headers, 'two')).statusCode).toBe(200);
    for (let i = 3; i <= 20; i++) {
      clock.advance(2_000);
      expect((await post(a.headers, `n${i}`)).statusCode, `message ${i}`).toBe(200);
    }
    // 20 messages within 38 seconds: the 21st waits until the first is a minute old.
    clock.advance(2_000);
    const tooMany = await post(a.headers, 'n21');
    expect(tooMany.json().code).toBe('chat_rate_limited');
    clock.advance(21_000);
    expect((await post(a.headers, 'n21')).statusCode).toBe(200);
    const count = await t.database.db.selectFrom('chat_messages').select('id').where('member_id', '=', a.id).execute();
    expect(count).toHaveLength(21);
  });

  it('refuses trial accounts with in_please_information and members on a break or self-excluded', async () => {
    const trial = await member({ accountType: 4 });
    for (const res of [
      await post(trial.headers, 'hi'),
      await call('GET', '/wps/chat/unread', trial.headers),
      await call('POST', '/wps/chat/url', trial.headers, {}),
      await call('GET', '/wps/chat/messages', trial.headers),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('in_please_information');
    }
    const resting = await member();
    await t.database.db
      .insertInto('rg_member_states')
      .values({ member_id: resting.id, break_until: new Date(clock.at.getTime() + 86_400_000), excluded_until: null, updated_at: clock.at })
      .execute();
    later();
    expect((await post(resting.headers, 'hi')).json().code).toBe('rg_on_break');
    const excluded = await member();
    await t.database.db
      .insertInto('rg_member_states')
      .values({ member_id: excluded.id, break_until: null, excluded_until: null, is_permanently_excluded: true, updated_at: clock.at })
      .execute();
    expect((await call('GET', '/wps/chat/messages', excluded.headers)).json().code).toBe('rg_self_excluded');
    expect(await t.database.db.selectFrom('chat_messages').select('id').where('member_id', 'in', [trial.id, resting.id]).execute()).toEqual(
      [],
    );
  });

  it('refuses the room when the operator switched the CHATROOM part off', async () => {
    const a = await member();
    const off = DEFAULT_SETTINGS_TREE.map((n) => (n.modId === 'CHATROOM' ? { ...n, enabled: '0' as const } : n));
    await t.app.services.settings.set(merchant.id, settingsTreeSetting, off, 'test');
    try {
      const res = await call('POST', '/wps/chat/url', a.headers, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('chat_disabled');
    } finally {
      await t.app.services.settings.set(merchant.id, settingsTreeSetting, DEFAULT_SETTINGS_TREE, 'test');
    }
    expect((await call('POST', '/wps/chat/url', a.headers, {})).statusCode).toBe(200);
  });

  it('lets operators list, hide and show messages; hidden ones are not listed or counted for members', async () => {
    const a = await member();
    const b = await member();
    expect((await call('GET', '/admin-api/chat/messages', {})).statusCode).toBe(401);
    expect((await call('GET', '/admin-api/chat/messages', finance)).json().code).toBe('admin_forbidden');
    await call('POST', '/wps/chat/read', b.headers, { room: 'public', messageId: 999_999 });
    later();
    const rude = (await post(a.headers, 'rude words')).json().value as { id: number };
    expect(await unread(b.headers)).toBe(1);

    const byMember = await call('GET', `/admin-api/chat/messages?memberId=${a.id}`, support);
    expect(byMember.json().value.list).toEqual([
      expect.objectContaining({ id: rude.id, memberId: a.id, username: a.username, text: 'rude words', hiddenAt: null }),
    ]);
    const hide = await call('PUT', `/admin-api/chat/messages/${rude.id}/hidden`, support, { isHidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().value.hiddenAt).not.toBeNull();
    expect((await list(b.headers)).list.map((m) => m.id)).not.toContain(rude.id);
    expect(await unread(b.headers)).toBe(0);
    // Operators still see it, marked hidden; hiding again changes nothing and writes no audit row.
    expect((await call('GET', `/admin-api/chat/messages?memberId=${a.id}`, support)).json().value.list[0].hiddenAt).not.toBeNull();
    await call('PUT', `/admin-api/chat/messages/${rude.id}/hidden`, support, { isHidden: true });
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'chat_message')
      .where('subject_id', '=', String(rude.id))
      .execute();
    expect(audits.map((r) => r.action)).toEqual(['chat_message.hide']);
    await call('PUT', `/admin-api/chat/messages/${rude.id}/hidden`, support, { isHidden: false });
    expect((await list(b.headers)).list.map((m) => m.id)).toContain(rude.id);
    expect((await call('PUT', '/admin-api/chat/messages/999999/hidden', support, { isHidden: true })).json().code).toBe(
      'chat_message_not_found',
    );
  });

  it('lets operators mute a member for a time: posting is refused with chat_muted until then, reading is not', async () => {
    const a = await member();
    expect((await call('POST', '/admin-api/chat/mutes', support, { memberId: a.id, minutes: 0, reason: 'spam' })).statusCode).toBe(400);
    expect((await call('POST', '/admin-api/chat/mutes', support, { memberId: 987654, minutes: 5, reason: 'spam' })).statusCode).toBe(404);
    const muted = await call('POST', '/admin-api/chat/mutes', support, { memberId: a.id, minutes: 10, reason: 'spam' });
    expect(muted.statusCode, muted.body).toBe(200);
    later();
    const refused = await post(a.headers, 'let me talk');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('chat_muted');
    expect((await call('GET', '/wps/chat/messages', a.headers)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect((await post(a.headers, 'back again')).statusCode).toBe(200);

    await call('POST', '/admin-api/chat/mutes', support, { memberId: a.id, minutes: 60, reason: 'again' });
    later();
    expect((await post(a.headers, 'hmm')).json().code).toBe('chat_muted');
    const lifted = await call('DELETE', `/admin-api/chat/mutes/${a.id}`, support);
    expect(lifted.json().value).toEqual({ memberId: a.id, wasMuted: true });
    expect((await post(a.headers, 'thanks')).statusCode).toBe(200);
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', String(a.id))
      .where('action', 'like', 'chat.%')
      .orderBy('id')
      .execute();
    expect(actions.map((r) => r.action)).toEqual(['chat.mute', 'chat.mute', 'chat.unmute']);
  });

  it('bans a member for a time (no reading, no posting), lists the muted and banned members, and lifts a ban', async () => {
    const a = await member({ username: 'banned2026' });
    const b = await member({ username: 'quiet2026' });
    const other = await createMerchant(t.database.db, { code: 'other-chat' });
    const stranger = await createMember(t.database.db, other, { accountType: 0 });
    expect(
      (await call('POST', '/admin-api/chat/mutes', support, { memberId: Number(stranger.id), minutes: 5, reason: 'x', kind: 'ban' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/admin-api/chat/mutes', support, { memberId: a.id, minutes: 5, reason: 'x', kind: 'kick' })).statusCode,
    ).toBe(400);
    const banned = await call('POST', '/admin-api/chat/mutes', support, { memberId: a.id, minutes: 60, reason: 'scam links', kind: 'ban' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().value).toMatchObject({ memberId: a.id, kind: 'ban', reason: 'scam links' });
    await call('POST', '/admin-api/chat/mutes', support, { memberId: b.id, minutes: 10, reason: 'flood' });
    for (const res of [
      await call('GET', '/wps/chat/messages', a.headers),
      await post(a.headers, 'hello'),
      await call('GET', '/wps/chat/unread', a.headers),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('chat_banned');
    }
    expect((await call('GET', '/wps/chat/messages', b.headers)).statusCode).toBe(200);

    const listed = await call('GET', '/admin-api/chat/mutes', support);
    expect(listed.statusCode, listed.body).toBe(200);
    const mutes = listed.json().value.list as { memberId: number; username: string; kind: string; reason: string }[];
    const ours = mutes.filter((m) => m.memberId === a.id || m.memberId === b.id);
    // The soonest to end first: the ten-minute mute, then the hour's ban.
    expect(ours.map((m) => [m.username, m.kind, m.reason])).toEqual([
      ['quiet2026', 'mute', 'flood'],
      ['banned2026', 'ban', 'scam links'],
    ]);
    expect((await call('GET', '/admin-api/chat/mutes', finance)).statusCode).toBe(403);

    clock.advance(11 * 60_000);
    const later = (await call('GET', '/admin-api/chat/mutes', support)).json().value.list as { memberId: number }[];
    expect(later.map((m) => m.memberId)).toContain(a.id);
    expect(later.map((m) => m.memberId)).not.toContain(b.id);
    expect((await call('DELETE', `/admin-api/chat/mutes/${a.id}`, support)).json().value).toEqual({ memberId: a.id, wasMuted: true });
    expect((await call('GET', '/wps/chat/messages', a.headers)).statusCode).toBe(200);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', String(a.id))
      .where('action', 'like', 'chat.%')
      .orderBy('id')
      .execute();
    expect(audits.map((r) => r.action)).toEqual(['chat.ban', 'chat.unmute']);
    expect(JSON.stringify(audits[1]?.data)).toContain('scam links');
  });

  it('lets operators add a room per language: the chat URL and the unread count follow the member’s language', async () => {
    const risk = (await loginAdmin(t.app, 'risk')).headers;
    expect((await call('POST', '/admin-api/chat/rooms', support, { code: 'en', name: 'English room', language: 'en' })).statusCode).toBe(
      403,
    );
    for (const body of [
      { code: 'En Room', name: 'x' },
      { code: 'en', name: '' },
      { code: 'en', name: 'x', language: 'english' },
    ]) {
      expect((await call('POST', '/admin-api/chat/rooms', risk, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const created = await call('POST', '/admin-api/chat/rooms', risk, { code: 'en', name: 'English room', language: 'en' });
    expect(created.statusCode, created.body).toBe(200);
    const en = created.json().value as { id: number };
    expect((await call('POST', '/admin-api/chat/rooms', risk, { code: 'en', name: 'Again' })).json().code).toBe('chat_room_code_taken');
    const rooms = (await call('GET', '/admin-api/chat/rooms', support)).json().value as { code: string; language: string | null }[];
    expect(rooms.map((r) => [r.code, r.language])).toEqual([
      ['public', null],
      ['en', 'en'],
    ]);

    const a = await member();
    const b = await member();
    const url = await call('POST', '/wps/chat/url', a.headers, { language: 'en-GB' });
    expect(url.json().value.room).toBe('en');
    expect(url.json().value.chatUrl).toContain('room=en');
    expect((await call('POST', '/wps/chat/url', a.headers, { language: 'vi' })).json().value.room).toBe('public');
    await call('POST', '/wps/chat/read', b.headers, { room: 'public', messageId: 999_999 });
    later();
    expect((await post(a.headers, 'Hello from the English room', 'en')).statusCode).toBe(200);
    const unreadOf = async (query: string) => (await call('GET', `/wps/chat/unread${query}`, b.headers)).json().value.unReadCount;
    expect(await unreadOf('?language=en')).toBe(1);
    expect(await unreadOf('?room=en')).toBe(1);
    expect(await unreadOf('?language=vi')).toBe(0);
    expect(await unreadOf('')).toBe(0);

    // A room switched off is gone for members; the public room cannot be switched off.
    const off = await call('PUT', `/admin-api/chat/rooms/${en.id}`, risk, {
      code: 'en',
      name: 'English room',
      language: 'en',
      isEnabled: false,
    });
    expect(off.json().value.isEnabled).toBe(false);
    expect((await call('GET', '/wps/chat/messages?room=en', a.headers)).json().code).toBe('chat_room_not_found');
    expect((await call('POST', '/wps/chat/url', a.headers, { language: 'en' })).json().value.room).toBe('public');
    const publicId = (await call('GET', '/admin-api/chat/rooms', support)).json().value[0].id as number;
    const refused = await call('PUT', `/admin-api/chat/rooms/${publicId}`, risk, { code: 'public', name: 'Phòng chung', isEnabled: false });
    expect(refused.json().code).toBe('chat_default_room_required');
    expect((await call('PUT', '/admin-api/chat/rooms/999999', risk, { code: 'x', name: 'x' })).json().code).toBe('chat_room_not_found');
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'chat_room')
      .orderBy('id')
      .execute();
    expect(audits.map((r) => r.action)).toEqual(['chat_room.create', 'chat_room.update']);
  });

  it('pushes a chat event to the connected members of the merchant, not to another merchant’s', async () => {
    const a = await member();
    const b = await member();
    const otherMerchant = await createMerchant(t.database.db);
    const stranger = await createMember(t.database.db, otherMerchant);
    const received: string[] = [];
    const strangerReceived: string[] = [];
    const token = b.headers.authorization.replace('Bearer ', '');
    const principal = await t.app.services.sessions.resolve(token);
    if (!principal) throw new Error('no session');
    const detach = await t.app.services.realtime.add({ send: (data) => received.push(data), close: () => undefined }, principal, token);
    const detachStranger = await t.app.services.realtime.add(
      { send: (data) => strangerReceived.push(data), close: () => undefined },
      { ...principal, memberId: Number(stranger.id), merchantId: otherMerchant.id, username: stranger.username },
      'unused',
    );
    try {
      later();
      await post(a.headers, 'ping everyone');
      await expect.poll(() => received.map((r) => JSON.parse(r))).toContainEqual({ type: 'chat', room: 'public', change: 'message' });
      expect(strangerReceived).toEqual([]);
    } finally {
      detach();
      detachStranger();
    }
  });
});
