import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { loginAs } from '../../../test/games-helpers.ts';
import { createClock } from '../../../test/lottery-helpers.ts';
import { maintenanceSetting } from '../system/system.settings.ts';

/** Customer service: the entries (type 3 sealed to the caller), the house live chat, the operators' side. */
describe('customer service and the house live chat', () => {
  let t: TestApp;
  const clock = createClock('2026-11-26T03:00:00Z');
  let merchant: { id: number; currency: string };
  let support: { adminId: number; headers: Record<string, string> };
  let administrator: Record<string, string>;
  let finance: Record<string, string>;

  const SECRET_LINK = 'https://vip-desk.lotus.example/room?ticket=abc';

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    await createMerchant(t.database.db);
    merchant = await t.app.services.merchants.current();
    support = await loginAdmin(t.app, 'support');
    administrator = (await loginAdmin(t.app, 'administrator')).headers;
    finance = (await loginAdmin(t.app, 'finance')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(options: { accountType?: number } = {}) {
    const m = await createMember(t.database.db, merchant, { accountType: options.accountType ?? 0 });
    return { ...m, id: Number(m.id), headers: await loginAs(t.app, Number(m.id)) };
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const later = () => clock.advance(1_100);
  const unread = async (headers: Record<string, string>) => {
    const res = await call('GET', '/wps/support-chat/unread', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.unReadCount as number;
  };
  const conversationsOf = async (query = '') => {
    const res = await call('GET', `/admin-api/support-chat/conversations${query}`, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.list as {
      id: number;
      memberId: number;
      unreadCount: number;
      status: string;
      isVip: boolean;
      lastMessageText: string;
    }[];
  };

  async function setEntries() {
    const res = await call('PUT', '/admin-api/customer-service', administrator, {
      url: '',
      entries: [
        { csPosition: 'RIGHTBAR', csType: 1, title: 'Live chat', path: '' },
        { csPosition: 'RIGHTBAR', csType: 3, title: 'Telegram', path: 'https://t.me/lotus_support' },
        { csPosition: 'VIP', csType: 3, title: 'VIP', path: SECRET_LINK },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('lets only an administrator set the entries, audited, and never shows a type-3 link in clear to members', async () => {
    expect((await call('PUT', '/admin-api/customer-service', support.headers, { url: '', entries: [] })).json().code).toBe(
      'admin_forbidden',
    );
    expect((await call('GET', '/admin-api/customer-service', finance)).json().code).toBe('admin_forbidden');
    // A bad link is refused.
    const bad = await call('PUT', '/admin-api/customer-service', administrator, {
      url: '',
      entries: [{ csPosition: 'RIGHTBAR', csType: 3, title: 'x', path: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(400);
    await setEntries();
    const stored = (await call('GET', '/admin-api/customer-service', support.headers)).json().value;
    expect(stored.entries[2].path).toBe(SECRET_LINK);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', 'system.customerService')
      .execute();
    expect(audits.map((a) => a.action)).toContain('settings.update');

    // The permission call and a caller without a key see the entry, not the link.
    const permission = await t.app.inject({ method: 'GET', url: '/wps/system/permission?host=localhost' });
    expect(permission.body).not.toContain('t.me/lotus_support');
    const plain = await call('POST', '/wps/system/customer-service', {}, {});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().value.list.map((e: { title: string; path: string }) => [e.title, e.path])).toEqual([
      ['Live chat', ''],
      ['Telegram', ''],
    ]);
  });

  it('seals a type-3 link to the caller’s key, which decrypts to the stored link; the VIP entry only for rank level above 4', async () => {
    await setEntries();
    const pair = await generateKeyPair('ECDH-ES+A256KW', { crv: 'P-256', extractable: true });
    const clientKey = await exportJWK(pair.publicKey);
    const open = async (compact: string) => new TextDecoder().decode((await compactDecrypt(compact, pair.privateKey)).plaintext);

    // A visitor (the maintenance page): no VIP entry.
    const visitor = (await call('POST', '/wps/system/customer-service', {}, { clientKey })).json().value;
    expect(visitor.isVip).toBe(false);
    const telegram = visitor.list.find((e: { title: string }) => e.title === 'Telegram');
    expect(telegram.path).not.toContain('t.me');
    expect(await open(telegram.path)).toBe('https://t.me/lotus_support');

    // A member with a rank-5 label: the VIP entry first, decrypting to the stored link.
    const vip = await member();
    const op = { adminId: support.adminId, merchantId: merchant.id, ip: null };
    const label = await t.app.services.memberLabels.create(op, {
      code: 'diamond',
      name: 'Kim cương',
      rankLevel: 5,
      sort: 1,
      isEnabled: true,
    });
    await t.app.services.memberLabels.setForMember(op, vip.id, [label.id]);
    const value = (await call('POST', '/wps/system/customer-service', vip.headers, { clientKey })).json().value;
    expect(value.isVip).toBe(true);
    expect(value.list[0].csPosition).toBe('VIP');
    expect(await open(value.list[0].path)).toBe(SECRET_LINK);
    // Rank 4 is not VIP.
    const gold = await member();
    const label4 = await t.app.services.memberLabels.create(op, { code: 'gold', name: 'Vàng', rankLevel: 4, sort: 2, isEnabled: true });
    await t.app.services.memberLabels.setForMember(op, gold.id, [label4.id]);
    const four = (await call('POST', '/wps/system/customer-service', gold.headers, { clientKey })).json().value;
    expect(four.isVip).toBe(false);
    expect(four.list.map((e: { csPosition: string }) => e.csPosition)).not.toContain('VIP');

    // A key that is not a point on the curve is refused with a sentence.
    const broken = await call('POST', '/wps/system/customer-service', {}, { clientKey: { ...clientKey, x: 'A'.repeat(43) } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('customer_service_key_invalid');
  });

  it('asks a visitor to log in and gives a trial account in_please_information', async () => {
    const visitor = await call('GET', '/wps/support-chat/messages', {});
    expect(visitor.statusCode).toBe(401);
    const trial = await member({ accountType: 4 });
    const res = await call('POST', '/wps/support-chat/messages', trial.headers, { text: 'xin chào' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_please_information');
    expect(res.json().message).toMatch(/tài khoản chính thức/);
  });

  it('runs a conversation: one open per member, answers both ways, unread counts on both sides, paging, closing', async () => {
    const a = await member();
    expect((await call('GET', '/wps/support-chat/messages', a.headers)).json().value).toEqual({
      conversation: null,
      list: [],
      nextBefore: null,
    });

    const first = await call('POST', '/wps/support-chat/messages', a.headers, { text: '  Tôi chưa nhận được tiền nạp\n ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ author: 'member', text: 'Tôi chưa nhận được tiền nạp' });
    // Too fast.
    const fast = await call('POST', '/wps/support-chat/messages', a.headers, { text: 'again' });
    expect(fast.statusCode).toBe(429);
    later();
    await call('POST', '/wps/support-chat/messages', a.headers, { text: 'Mã đơn D123' });

    const [conversation] = await conversationsOf(`?memberId=${a.id}`);
    expect(conversation).toMatchObject({ memberId: a.id, status: 'open', unreadCount: 2, lastMessageText: 'Mã đơn D123' });
    expect((await conversationsOf('?isUnread=true')).map((c) => c.id)).toContain(conversation?.id);
    const id = conversation?.id as number;

    // The operator reads and answers; the member sees one unread answer.
    const read = await call('POST', `/admin-api/support-chat/conversations/${id}/read`, support.headers);
    expect(read.json().value.unreadCount).toBe(0);
    expect((await conversationsOf('?isUnread=true')).map((c) => c.id)).not.toContain(id);
    const answer = await call('POST', `/admin-api/support-chat/conversations/${id}/messages`, support.headers, {
      text: 'Chúng tôi đang kiểm tra.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().value).toMatchObject({ author: 'operator', adminId: support.adminId });
    expect(await unread(a.headers)).toBe(1);
    const history = (await call('GET', '/wps/support-chat/messages', a.headers)).json().value;
    expect(history.list.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['member', 'Tôi chưa nhận được tiền nạp'],
      ['member', 'Mã đơn D123'],
      ['operator', 'Chúng tôi đang kiểm tra.'],
    ]);
    expect((await call('POST', '/wps/support-chat/read', a.headers)).json().value.unReadCount).toBe(0);
    expect(await unread(a.headers)).toBe(0);

    // Paging: two at a time, oldest of the page first, the cursor goes back.
    const page1 = (await call('GET', '/wps/support-chat/messages?limit=2', a.headers)).json().value;
    expect(page1.list.map((m: { text: string }) => m.text)).toEqual(['Mã đơn D123', 'Chúng tôi đang kiểm tra.']);
    const page2 = (await call('GET', `/wps/support-chat/messages?limit=2&before=${page1.nextBefore}`, a.headers)).json().value;
    expect(page2.list.map((m: { text: string }) => m.text)).toEqual(['Tôi chưa nhận được tiền nạp']);
    expect(page2.nextBefore).toBeNull();

    // The reply and the close are audited.
    const closed = await call('POST', `/admin-api/support-chat/conversations/${id}/close`, support.headers);
    expect(closed.json().value.status).toBe('closed');
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'support_conversation')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits.map((r) => r.action)).toEqual(['support_chat.reply', 'support_chat.close']);
    const late = await call('POST', `/admin-api/support-chat/conversations/${id}/messages`, support.headers, { text: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('support_chat_closed');

    // Writing again opens a new conversation; the closed one stays in the operators' list.
    later();
    await call('POST', '/wps/support-chat/messages', a.headers, { text: 'Còn một câu hỏi' });
    const mine = await conversationsOf(`?memberId=${a.id}&status=all`);
    expect(mine.map((c) => c.status)).toEqual(['open', 'closed']);
    const now = (await call('GET', '/wps/support-chat/messages', a.headers)).json().value;
    expect(now.conversation.status).toBe('open');
    expect(now.list.map((m: { text: string }) => m.text)).toEqual(['Còn một câu hỏi']);
    // The member may end it too.
    expect((await call('POST', '/wps/support-chat/close', a.headers)).json().value.status).toBe('closed');
    expect((await call('POST', '/wps/support-chat/close', a.headers)).json().code).toBe('support_chat_not_found');
  });

  it('keeps one member out of another’s conversation and other roles out of the operator calls', async () => {
    const a = await member();
    const b = await member();
    later();
    await call('POST', '/wps/support-chat/messages', a.headers, { text: 'chỉ của tôi' });
    const [conversation] = await conversationsOf(`?memberId=${a.id}`);
    // B's calls only ever reach B's own conversation (none yet): nothing of A's.
    const seen = await call('GET', '/wps/support-chat/messages', b.headers);
    expect(seen.json().value.list).toEqual([]);
    expect((await call('GET', `/admin-api/support-chat/conversations/${conversation?.id}/messages`, b.headers)).statusCode).toBe(401);
    // Finance and risk operators are refused; support and administrators read it.
    expect((await call('GET', '/admin-api/support-chat/conversations', finance)).json().code).toBe('admin_forbidden');
    expect(
      (await call('POST', `/admin-api/support-chat/conversations/${conversation?.id}/messages`, finance, { text: 'x' })).json().code,
    ).toBe('admin_forbidden');
    const asAdmin = await call('GET', `/admin-api/support-chat/conversations/${conversation?.id}/messages`, administrator);
    expect(asAdmin.json().value.list[0].text).toBe('chỉ của tôi');
    expect((await call('GET', '/admin-api/support-chat/conversations/999999/messages', support.headers)).json().code).toBe(
      'support_chat_not_found',
    );
  });

  it('opens one conversation under concurrent first messages', async () => {
    const a = await member();
    later();
    await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', '/wps/support-chat/messages', a.headers, { text: `m${i}` })));
    expect((await conversationsOf(`?memberId=${a.id}`)).length).toBe(1);
  });

  it('stays reachable while the site is under maintenance: the entries and a logged-in member’s chat', async () => {
    const a = await member();
    const settings = t.app.services.settings;
    await settings.set(
      merchant.id,
      maintenanceSetting,
      { ...(await settings.get(merchant.id, maintenanceSetting)), enabled: true },
      'test',
    );
    try {
      expect((await call('GET', '/wps/v2/wallets/balance', a.headers)).statusCode).toBe(503);
      expect((await call('POST', '/wps/system/customer-service', {}, {})).statusCode).toBe(200);
      later();
      expect((await call('POST', '/wps/support-chat/messages', a.headers, { text: 'Khi nào xong bảo trì?' })).statusCode).toBe(200);
    } finally {
      await settings.set(
        merchant.id,
        maintenanceSetting,
        { ...(await settings.get(merchant.id, maintenanceSetting)), enabled: false },
        'test',
      );
    }
  });
});
