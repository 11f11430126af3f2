import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

type Headers = Record<string, string>;

/**
 * Platform messages as the console sends them (docs/inbox.md): VIP level segments, members by
 * username, a sending time, one message per request id, and how many a message reaches and read it.
 */
describe('inbox from the console', () => {
  let t: TestApp;
  let content: Headers;
  let finance: Headers;
  let merchant: { id: number; currency: string };
  let clockMs = Date.now();

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => new Date(clockMs) });
    await createMerchant(t.database.db);
    merchant = await t.app.services.merchants.current();
    content = (await loginAdmin(t.app, 'content')).headers;
    finance = (await loginAdmin(t.app, 'finance')).headers;
    // A ladder of three levels above the start (0).
    await t.database.db
      .insertInto('vip_levels')
      .values(
        [0, 1, 2, 3].map((level) => ({
          merchant_id: merchant.id,
          level,
          code: `VIP${level}`,
          names: JSON.stringify({ vi: `VIP ${level}`, en: `VIP ${level}` }),
          min_deposit: level * 1_000_000,
          min_valid_bet: 0,
          keep_deposit: 0,
          keep_valid_bet: 0,
          upgrade_bonus: 0,
          periodic_bonus: 0,
          periodic_period: null,
          updated_at: new Date(),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function member(level?: number) {
    const m = await createMember(t.database.db, merchant);
    if (level !== undefined)
      await t.database.db
        .insertInto('vip_member_levels')
        .values({
          member_id: m.id,
          merchant_id: merchant.id,
          level,
          reached_on: '2026-11-01',
          evaluated_on: '2026-11-01',
          updated_at: new Date(),
        })
        .execute();
    const { token } = await t.app.services.sessions.create(m.id);
    return { id: m.id, username: m.username, headers: bearer(token, nextIp()) };
  }
  const signedIn = async (memberId: number) => bearer((await t.app.services.sessions.create(memberId)).token, nextIp());
  const inboxIds = async (headers: Headers) =>
    ((await call('GET', '/wps/member/inbox?pageSize=50', headers)).json().value.list as { id: number }[]).map((m) => m.id);
  const unread = async (headers: Headers) =>
    ((await call('GET', '/wps/relay/CSP_unreadCount', headers)).json().value as { unReadCount: number }).unReadCount;
  const message = (audience: object, extra: object = {}) => ({
    category: 'promotion',
    title: 'Tuần lễ VIP',
    bodyHtml: '<p>Quà tặng cho hội viên VIP</p>',
    audience,
    ...extra,
  });
  const send = (body: object, headers: Headers = content) => call('POST', '/admin-api/inbox/messages', headers, body);
  const count = async () => (await t.database.db.selectFrom('inbox_messages').select('id').execute()).length;

  it('lists the segments a message may go to for inbox:read only', async () => {
    expect((await call('GET', '/admin-api/inbox/audiences', finance)).statusCode).toBe(403);
    const res = await call('GET', '/admin-api/inbox/audiences', content);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.vipLevels.map((l: { level: number; code: string }) => [l.level, l.code])).toEqual([
      [0, 'VIP0'],
      [1, 'VIP1'],
      [2, 'VIP2'],
      [3, 'VIP3'],
    ]);
  });

  it('reaches a VIP level range as members stand when they look, and counts who it reaches and who read it', async () => {
    const none = await member();
    const two = await member(2);
    const three = await member(3);
    const one = await member(1);
    const res = await send(message({ type: 'vip', minLevel: 2, maxLevel: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().value as { id: number; audience: object; sendAt: string | null };
    expect(sent.audience).toEqual({ type: 'vip', minLevel: 2, maxLevel: 3 });
    expect(sent.sendAt).toBeNull();
    expect(await inboxIds(two.headers)).toContain(sent.id);
    expect(await inboxIds(three.headers)).toContain(sent.id);
    expect(await inboxIds(one.headers)).not.toContain(sent.id);
    expect(await inboxIds(none.headers)).not.toContain(sent.id);
    // Level 0 takes in members without a level.
    const starters = (await send(message({ type: 'vip', minLevel: 0, maxLevel: 0 }, { title: 'Chào mừng' }))).json().value;
    expect(await inboxIds(none.headers)).toContain(starters.id);
    expect(await inboxIds(one.headers)).not.toContain(starters.id);

    expect((await call('GET', `/wps/member/inbox/${sent.id}`, two.headers)).statusCode).toBe(200);
    // Reading twice counts once.
    expect((await call('GET', `/wps/member/inbox/${sent.id}`, two.headers)).statusCode).toBe(200);
    const reach = await call('GET', `/admin-api/inbox/messages/${sent.id}/reach`, content);
    expect(reach.json().value).toEqual({ id: sent.id, reach: 2, readCount: 1 });
    expect((await call('GET', `/admin-api/inbox/messages/${sent.id}/reach`, finance)).statusCode).toBe(403);

    // A range upside down, or above the ladder, is refused with a sentence and stores nothing.
    const before = await count();
    const upside = await send(message({ type: 'vip', minLevel: 3, maxLevel: 1 }), { ...content, lang: 'en' });
    expect(upside.json()).toMatchObject({
      code: 'inbox_vip_levels_invalid',
      message: 'Choose the VIP levels from the lower to the higher, among the levels of the VIP ladder.',
    });
    expect((await send(message({ type: 'vip', minLevel: 1, maxLevel: 9 }))).json().code).toBe('inbox_vip_levels_invalid');
    expect(await count()).toBe(before);
  });

  it('finds members by username, naming any unknown one, and sends to them only', async () => {
    const ana = await member();
    const ben = await member();
    const before = await count();
    const unknown = await send(message({ type: 'usernames', usernames: [ana.username, 'no_such_member'] }), { ...content, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'inbox_username_unknown',
      message: 'No member is named no_such_member. Check the names and send again.',
    });
    expect(await count()).toBe(before);
    const res = await send(message({ type: 'usernames', usernames: [ana.username.toUpperCase(), ` ${ana.username} `] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.audience).toEqual({ type: 'members', memberIds: [ana.id] });
    expect(await inboxIds(ana.headers)).toContain(res.json().value.id);
    expect(await inboxIds(ben.headers)).not.toContain(res.json().value.id);
  });

  it('makes one message per request id, however often it is sent, and refuses the id with other content', async () => {
    const reader = await member();
    const body = message({ type: 'all' }, { title: 'Bảo trì', requestId: 'console-send-0001' });
    // Sent three times at once (a double click, a retry after a lost answer): one message, the same answer each time.
    const answers = await Promise.all([send(body), send(body), send(body)]);
    const made = await t.database.db.selectFrom('inbox_messages').select('id').where('request_id', '=', 'console-send-0001').execute();
    expect(made).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().value.id).toBe(made[0]?.id);
    }
    const again = await send(body);
    expect(again.json().value.id).toBe(made[0]?.id);
    expect((await inboxIds(reader.headers)).filter((id) => id === made[0]?.id)).toHaveLength(1);
    const other = await send({ ...body, title: 'Bảo trì lúc 2 giờ' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'inbox_message.send')
      .where('subject_id', '=', String(made[0]?.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('holds a scheduled message until its time, for the members registered by then, and withdraws it before', async () => {
    const early = await member();
    const before = await count();
    const past = await send(message({ type: 'all' }, { sendAt: new Date(clockMs - 60_000).toISOString() }), { ...content, lang: 'en' });
    expect(past.json()).toMatchObject({
      code: 'inbox_send_at_invalid',
      message: 'The sending time must be in the future and at most 90 days ahead. Choose another time or send now.',
    });
    const tooFar = await send(message({ type: 'all' }, { sendAt: new Date(clockMs + 91 * 86_400_000).toISOString() }));
    expect(tooFar.json().code).toBe('inbox_send_at_invalid');
    expect(await count()).toBe(before);

    const sendAt = new Date(clockMs + 3_600_000).toISOString();
    const res = await send(message({ type: 'all' }, { title: 'Khuyến mãi cuối tuần', sendAt }));
    expect(res.statusCode, res.body).toBe(200);
    const scheduled = res.json().value as { id: number; sendAt: string };
    expect(scheduled.sendAt).toBe(sendAt);
    const cancelled = (await send(message({ type: 'all' }, { title: 'Huỷ', sendAt }))).json().value as { id: number };
    expect((await call('DELETE', `/admin-api/inbox/messages/${cancelled.id}`, content)).statusCode).toBe(200);
    const unreadBefore = await unread(early.headers);
    // Not due yet: the job announces nothing.
    expect(await t.app.services.inbox.announceDue()).toBe(0);
    expect(await inboxIds(early.headers)).not.toContain(scheduled.id);
    expect((await call('GET', `/wps/member/inbox/${scheduled.id}`, early.headers)).json().code).toBe('inbox_message_not_found');
    // Someone who registers before the sending time gets it too.
    const meanwhile = await member();

    clockMs += 3_600_000 + 1_000;
    // An hour later the members sign in again (their sessions have been idle).
    early.headers = await signedIn(early.id);
    meanwhile.headers = await signedIn(meanwhile.id);
    content = (await loginAdmin(t.app, 'content')).headers;
    // The job tells the members' open tabs that it went out, once (the withdrawn one is not announced).
    const { token } = await t.app.services.sessions.create(early.id);
    const principal = await t.app.services.sessions.resolve(token);
    if (!principal) throw new Error('no session');
    const received: string[] = [];
    const close = await t.app.services.realtime.add({ send: (d) => received.push(d), close: () => {} }, principal, token);
    try {
      expect(await t.app.services.inbox.announceDue()).toBe(1);
      await expect.poll(() => received.filter((d) => JSON.parse(d).type === 'inbox').length).toBe(1);
      expect(await t.app.services.inbox.announceDue()).toBe(0);
      expect(received.filter((d) => JSON.parse(d).type === 'inbox')).toHaveLength(1);
    } finally {
      close();
    }
    expect(await inboxIds(early.headers)).toContain(scheduled.id);
    expect(await inboxIds(early.headers)).not.toContain(cancelled.id);
    expect(await unread(early.headers)).toBe(unreadBefore + 1);
    expect(await inboxIds(meanwhile.headers)).toContain(scheduled.id);
    const page = (await call('GET', '/wps/member/inbox?pageSize=1', early.headers)).json().value;
    expect(page.list[0]).toMatchObject({ id: scheduled.id, createdAt: sendAt });
    const listed = (await call('GET', '/admin-api/inbox/messages?pageSize=50', content)).json().value.list as {
      id: number;
      sendAt: string | null;
      withdrawnAt: string | null;
    }[];
    expect(listed.find((m) => m.id === scheduled.id)?.sendAt).toBe(sendAt);
    expect(listed.find((m) => m.id === cancelled.id)?.withdrawnAt).not.toBeNull();
  });

  it('announces a scheduled message to its listed members only when the job finds it due', async () => {
    const listed = await member();
    const other = await member();
    const sendAt = new Date(clockMs + 60_000).toISOString();
    const res = await send(message({ type: 'usernames', usernames: [listed.username] }, { title: 'Hẹn giờ riêng', sendAt }));
    expect(res.statusCode, res.body).toBe(200);
    const listen = async (memberId: number) => {
      const { token } = await t.app.services.sessions.create(memberId);
      const principal = await t.app.services.sessions.resolve(token);
      if (!principal) throw new Error('no session');
      const got: string[] = [];
      const close = await t.app.services.realtime.add({ send: (d) => got.push(d), close: () => {} }, principal, token);
      return { inbox: () => got.filter((d) => JSON.parse(d).type === 'inbox').length, close };
    };
    const a = await listen(listed.id);
    const b = await listen(other.id);
    try {
      expect(await t.app.services.inbox.announceDue()).toBe(0);
      expect(a.inbox()).toBe(0);
      clockMs += 61_000;
      expect(await t.app.services.inbox.announceDue()).toBe(1);
      await expect.poll(() => a.inbox()).toBe(1);
      expect(b.inbox()).toBe(0);
    } finally {
      a.close();
      b.close();
    }
  });
});
