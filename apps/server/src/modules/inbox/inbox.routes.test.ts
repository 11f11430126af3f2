import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

type Headers = Record<string, string>;

/** Platform messages: audiences, reading, deleting, the unread count and the operator's calls. */
describe('inbox', () => {
  let t: TestApp;
  let support: Headers;
  let risk: Headers;
  let finance: Headers;
  let merchant: { id: number; currency: string };

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    await createMerchant(t.database.db);
    merchant = await t.app.services.merchants.current();
    support = (await loginAdmin(t.app, 'support')).headers;
    risk = (await loginAdmin(t.app, 'risk')).headers;
    finance = (await loginAdmin(t.app, 'finance')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function member(accountType: number = ACCOUNT_TYPE.member) {
    const m = await createMember(t.database.db, merchant, { accountType });
    const { token } = await t.app.services.sessions.create(m.id);
    return { id: m.id, token, headers: bearer(token, nextIp()) };
  }

  async function send(body: object, headers: Headers = support) {
    const res = await call('POST', '/admin-api/inbox/messages', headers, body);
    return res;
  }

  async function sent(audience: object, title = 'Notice') {
    const res = await send({ category: 'system', title, bodyHtml: `<p>${title}</p>`, audience });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { id: number };
  }

  const unread = async (headers: Headers) => {
    const res = await call('GET', '/wps/relay/CSP_unreadCount', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().value as { unReadCount: number }).unReadCount;
  };
  const inboxIds = async (headers: Headers, query = '') =>
    ((await call('GET', `/wps/member/inbox${query}`, headers)).json().value.list as { id: number }[]).map((m) => m.id);

  it('needs a session, a real account for the inbox, and the support role to send', async () => {
    expect((await call('GET', '/wps/relay/CSP_unreadCount')).json().code).toBe('unauthorized');
    expect((await call('GET', '/wps/member/inbox')).statusCode).toBe(401);
    const trial = await member(ACCOUNT_TYPE.trial);
    expect(await unread(trial.headers)).toBe(0);
    expect((await call('GET', '/wps/member/inbox', trial.headers)).json().code).toBe('in_need_true_account');
    expect((await call('GET', '/admin-api/inbox/messages')).statusCode).toBe(401);
    const byFinance = await send({ category: 'system', title: 'X', bodyHtml: '<p>X</p>', audience: { type: 'all' } }, finance);
    expect(byFinance.statusCode).toBe(403);
    expect(byFinance.json().code).toBe('admin_forbidden');
  });

  it('refuses bad input with the envelope code and stores nothing', async () => {
    const before = await t.database.db.selectFrom('inbox_messages').select('id').execute();
    const someone = await member();
    for (const body of [
      { category: 'system', title: '', bodyHtml: '<p>x</p>', audience: { type: 'all' } },
      { category: 'gossip', title: 'T', bodyHtml: '<p>x</p>', audience: { type: 'all' } },
      { category: 'system', title: 'T', bodyHtml: '<p>x</p>', audience: { type: 'everyone' } },
      { category: 'system', title: 'T', bodyHtml: '<p>x</p>', audience: { type: 'members', memberIds: [] } },
      { category: 'system', title: 'T', bodyHtml: '<p>x</p>' },
      { category: 'system', title: 'x'.repeat(121), bodyHtml: '<p>x</p>', audience: { type: 'all' } },
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'bad_request' });
    }
    const onlyScript = await send({ category: 'system', title: 'T', bodyHtml: '<script>alert(1)</script>', audience: { type: 'all' } });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().code).toBe('field_required');
    const stranger = await send({
      category: 'system',
      title: 'T',
      bodyHtml: '<p>x</p>',
      audience: { type: 'members', memberIds: [someone.id, 987654321] },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('inbox_recipient_unknown');
    const noLabel = await send({ category: 'system', title: 'T', bodyHtml: '<p>x</p>', audience: { type: 'label', labelId: 987654321 } });
    expect(noLabel.json().code).toBe('member_label_not_found');
    expect(await t.database.db.selectFrom('inbox_messages').select('id').execute()).toEqual(before);

    expect((await call('GET', '/wps/member/inbox?filter=some', someone.headers)).json().code).toBe('bad_request');
    expect((await call('GET', '/wps/member/inbox?pageSize=0', someone.headers)).statusCode).toBe(400);
    expect((await call('GET', '/wps/member/inbox/abc', someone.headers)).json().code).toBe('bad_request');
  });

  it('delivers by audience: all members, listed members, label holders', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const labelRes = await call('POST', '/admin-api/member-labels', risk, { code: `vip${alice.id}`, name: 'VIP' });
    const label = labelRes.json().value as { id: number };
    expect((await call('PUT', `/admin-api/members/${carol.id}/labels`, risk, { labelIds: [label.id] })).statusCode).toBe(200);

    const toAll = await sent({ type: 'all' }, 'To all');
    const toAlice = await sent({ type: 'members', memberIds: [alice.id, alice.id] }, 'To Alice');
    const toVip = await sent({ type: 'label', labelId: label.id }, 'To VIPs');

    expect(await inboxIds(alice.headers)).toEqual(expect.arrayContaining([toAll.id, toAlice.id]));
    expect(await inboxIds(alice.headers)).not.toContain(toVip.id);
    expect(await inboxIds(bob.headers)).toContain(toAll.id);
    expect(await inboxIds(bob.headers)).not.toContain(toAlice.id);
    expect(await inboxIds(carol.headers)).toEqual(expect.arrayContaining([toAll.id, toVip.id]));
    expect(await inboxIds(carol.headers)).not.toContain(toAlice.id);

    // Newest first, with the read flag and the count.
    const page = (await call('GET', '/wps/member/inbox?pageSize=2', alice.headers)).json().value;
    expect(page.list[0]).toMatchObject({ id: toAlice.id, title: 'To Alice', category: 'system', isRead: false });
    expect(page.pageSize).toBe(2);
    expect(page.unReadCount).toBe(page.totalCount);

    // A label given later brings its messages; a member who registers later does not get older broadcasts,
    // even with the label, but gets a message naming them.
    expect((await call('PUT', `/admin-api/members/${bob.id}/labels`, risk, { labelIds: [label.id] })).statusCode).toBe(200);
    expect(await inboxIds(bob.headers)).toContain(toVip.id);
    const late = await member();
    expect((await call('PUT', `/admin-api/members/${late.id}/labels`, risk, { labelIds: [label.id] })).statusCode).toBe(200);
    expect(await inboxIds(late.headers)).not.toContain(toAll.id);
    expect(await inboxIds(late.headers)).not.toContain(toVip.id);
    expect(await unread(late.headers)).toBe(0);
    expect((await call('GET', `/wps/member/inbox/${toAll.id}`, late.headers)).json().code).toBe('inbox_message_not_found');
    const toLate = await sent({ type: 'members', memberIds: [late.id] }, 'To the newcomer');
    expect(await inboxIds(late.headers)).toEqual([toLate.id]);

    // Withdrawn: nobody sees it any more, the operator's list keeps it.
    const withdrawn = await call('DELETE', `/admin-api/inbox/messages/${toAll.id}`, support);
    expect(withdrawn.statusCode).toBe(200);
    expect(await inboxIds(bob.headers)).not.toContain(toAll.id);
    expect((await call('GET', `/wps/member/inbox/${toAll.id}`, bob.headers)).json().code).toBe('inbox_message_not_found');
    expect((await call('DELETE', `/admin-api/inbox/messages/${toAll.id}`, support)).statusCode).toBe(200);
    expect((await call('DELETE', '/admin-api/inbox/messages/987654321', support)).json().code).toBe('inbox_message_not_found');
    const list = (await call('GET', '/admin-api/inbox/messages?pageSize=50', support)).json().value;
    expect(list.list.find((m: { id: number }) => m.id === toAll.id)).toMatchObject({ audience: { type: 'all' } });
    expect(list.list.find((m: { id: number }) => m.id === toAll.id).withdrawnAt).not.toBeNull();
    expect(list.list.find((m: { id: number }) => m.id === toAlice.id)).toMatchObject({
      audience: { type: 'members', memberIds: [alice.id] },
    });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('subject_type', '=', 'inbox_message')
      .where('subject_id', '=', String(toAll.id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['inbox_message.send', 'inbox_message.withdraw']);
  });

  it('reads one (marks it read, body cleaned), reads all, deletes for this member only, and counts unread', async () => {
    const dave = await member();
    const erin = await member();
    const first = await sent({ type: 'members', memberIds: [dave.id, erin.id] }, 'First');
    const second = await sent({ type: 'members', memberIds: [dave.id, erin.id] }, 'Second');
    const dirty = await send({
      category: 'account',
      title: 'Third',
      bodyHtml: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
      audience: { type: 'members', memberIds: [dave.id] },
    });
    const third = dirty.json().value as { id: number; bodyHtml: string };
    expect(third.bodyHtml).not.toMatch(/script|onclick|javascript/);
    expect(await unread(dave.headers)).toBe(3);

    const opened = await call('GET', `/wps/member/inbox/${third.id}`, dave.headers);
    expect(opened.json().value).toMatchObject({ id: third.id, title: 'Third', category: 'account', isRead: true });
    expect(opened.json().value.bodyHtml).toContain('Hello');
    expect(opened.json().value.bodyHtml).not.toMatch(/script|onclick|javascript/);
    expect(await unread(dave.headers)).toBe(2);
    expect(await inboxIds(dave.headers, '?filter=unread')).toEqual([second.id, first.id]);
    // Opening it again changes nothing.
    await call('GET', `/wps/member/inbox/${third.id}`, dave.headers);
    expect(await unread(dave.headers)).toBe(2);

    // Another member cannot read or delete it: not found, and nothing changes for its owner.
    expect((await call('GET', `/wps/member/inbox/${third.id}`, erin.headers)).json().code).toBe('inbox_message_not_found');
    const erinDelete = await call('DELETE', `/wps/member/inbox/${third.id}`, erin.headers);
    expect(erinDelete.statusCode).toBe(404);
    expect(erinDelete.json().code).toBe('inbox_message_not_found');
    expect(await inboxIds(dave.headers)).toContain(third.id);

    // Deleting hides it for that member only.
    const deleted = await call('DELETE', `/wps/member/inbox/${first.id}`, dave.headers);
    expect(deleted.json().value).toEqual({ unReadCount: 1 });
    expect(await inboxIds(dave.headers)).toEqual([third.id, second.id]);
    expect(await inboxIds(erin.headers)).toEqual([second.id, first.id]);
    expect((await call('GET', `/wps/member/inbox/${first.id}`, dave.headers)).json().code).toBe('inbox_message_not_found');
    expect((await call('DELETE', `/wps/member/inbox/${first.id}`, dave.headers)).statusCode).toBe(404);

    const all = await call('POST', '/wps/member/inbox/read-all', dave.headers);
    expect(all.json().value).toEqual({ unReadCount: 0 });
    expect(await unread(dave.headers)).toBe(0);
    expect(await inboxIds(dave.headers, '?filter=unread')).toEqual([]);
    expect(await unread(erin.headers)).toBe(2);

    const list = (await call('GET', '/admin-api/inbox/messages?pageSize=50', support)).json().value.list as {
      id: number;
      readCount: number;
    }[];
    expect(list.find((m) => m.id === second.id)?.readCount).toBe(1);
  });

  it("tells the members' open tabs when a message arrives, and no other site's", async () => {
    const frank = await member();
    const other = await member();
    const received: string[] = [];
    const otherReceived: string[] = [];
    const principal = await t.app.services.sessions.resolve(frank.token);
    const otherPrincipal = await t.app.services.sessions.resolve(other.token);
    if (!principal || !otherPrincipal) throw new Error('no session');
    const closeFrank = await t.app.services.realtime.add({ send: (d) => received.push(d), close: () => {} }, principal, frank.token);
    const closeOther = await t.app.services.realtime.add(
      { send: (d) => otherReceived.push(d), close: () => {} },
      otherPrincipal,
      other.token,
    );
    // A member of another site hears nothing of this site's messages, nor can read them.
    const elsewhere = await createMember(t.database.db, await createMerchant(t.database.db));
    const elsewhereToken = (await t.app.services.sessions.create(elsewhere.id)).token;
    const elsewherePrincipal = await t.app.services.sessions.resolve(elsewhereToken);
    if (!elsewherePrincipal) throw new Error('no session');
    const elsewhereReceived: string[] = [];
    const closeElsewhere = await t.app.services.realtime.add(
      { send: (d) => elsewhereReceived.push(d), close: () => {} },
      elsewherePrincipal,
      elsewhereToken,
    );
    try {
      await sent({ type: 'members', memberIds: [frank.id] }, 'Just for Frank');
      await expect.poll(() => received.filter((d) => JSON.parse(d).type === 'inbox').length).toBe(1);
      expect(otherReceived.filter((d) => JSON.parse(d).type === 'inbox')).toHaveLength(0);
      await sent({ type: 'all' }, 'For everyone');
      await expect.poll(() => otherReceived.filter((d) => JSON.parse(d).type === 'inbox').length).toBe(1);
      await expect.poll(() => received.filter((d) => JSON.parse(d).type === 'inbox').length).toBe(2);
      expect(elsewhereReceived.filter((d) => JSON.parse(d).type === 'inbox')).toHaveLength(0);
      const elsewhereHeaders = bearer(elsewhereToken, nextIp());
      expect(await unread(elsewhereHeaders)).toBe(0);
      expect(await inboxIds(elsewhereHeaders)).toEqual([]);
    } finally {
      closeFrank();
      closeOther();
      closeElsewhere();
    }
  });

  describe("operators and agents' notices", () => {
    const NOTICES = '/admin-api/inbox/agent-notices';

    async function agentNotice(agent: { headers: Headers }, audience: 'team' | 'direct', title: string) {
      const res = await call('POST', '/wps/agent/team/notices', agent.headers, { audience, title, body: `${title} body` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { id: number };
    }

    async function memberUnder(parentId: number, accountType: number = ACCOUNT_TYPE.member) {
      const m = await createMember(t.database.db, merchant, { accountType, parentId });
      const { token } = await t.app.services.sessions.create(m.id);
      return { id: m.id, username: m.username, token, headers: bearer(token, nextIp()) };
    }

    it('lists them by agent and send time, withdraws one from every inbox it reached, and audits the operator', async () => {
      const operator = await loginAdmin(t.app, 'support');
      const top = await createMember(t.database.db, merchant, { accountType: ACCOUNT_TYPE.agentLevel1 });
      const agent = { ...top, headers: bearer((await t.app.services.sessions.create(top.id)).token, nextIp()) };
      const sub = await memberUnder(top.id, ACCOUNT_TYPE.agentLevel2);
      const direct = await memberUnder(top.id);
      const deep = await memberUnder(sub.id);
      const otherTop = await createMember(t.database.db, merchant, { accountType: ACCOUNT_TYPE.agentLevel1 });
      const otherAgent = { headers: bearer((await t.app.services.sessions.create(otherTop.id)).token, nextIp()) };
      const otherMember = await memberUnder(otherTop.id);

      const team = await agentNotice(agent, 'team', 'Team news');
      const onlyDirect = await agentNotice(agent, 'direct', 'Direct news');
      const others = await agentNotice(otherAgent, 'team', 'Other news');
      const operatorMessage = await sent({ type: 'all' }, 'Operator news');

      // Only support (or an administrator), like the operator's own messages.
      expect((await call('GET', NOTICES)).statusCode).toBe(401);
      expect((await call('GET', NOTICES, finance)).json().code).toBe('admin_forbidden');
      expect((await call('DELETE', `${NOTICES}/${team.id}`, risk)).statusCode).toBe(403);

      const all = (await call('GET', `${NOTICES}?pageSize=50`, operator.headers)).json().value;
      const ids = all.list.map((n: { id: number }) => n.id);
      expect(ids.slice(0, 3)).toEqual([others.id, onlyDirect.id, team.id]);
      expect(ids).not.toContain(operatorMessage.id);
      expect(all.list[1]).toEqual({
        id: onlyDirect.id,
        agentId: top.id,
        agentUsername: top.username,
        audience: 'direct',
        title: 'Direct news',
        bodyHtml: '<p>Direct news body</p>',
        createdAt: expect.any(String),
        withdrawnAt: null,
        withdrawnBy: null,
        readCount: 0,
      });
      const byAgent = (await call('GET', `${NOTICES}?agentUsername=${top.username.toUpperCase()}`, operator.headers)).json().value;
      expect(byAgent.list.map((n: { id: number }) => n.id)).toEqual([onlyDirect.id, team.id]);
      expect(byAgent.totalCount).toBe(2);
      const sentAt = Date.parse(all.list[2].createdAt);
      const range = (from: number, to: number) =>
        `${NOTICES}?agentUsername=${top.username}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
      expect((await call('GET', range(sentAt - 60_000, sentAt + 60_000), operator.headers)).json().value.totalCount).toBe(2);
      expect((await call('GET', range(sentAt + 60_000, sentAt + 120_000), operator.headers)).json().value.totalCount).toBe(0);
      const bad = await call('GET', `${NOTICES}?from=yesterday`, operator.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('bad_request');

      const inboxOf = async (m: { headers: Headers }) => inboxIds(m.headers, '?pageSize=50');
      expect(await inboxOf(deep)).toContain(team.id);
      const deepUnread = await unread(deep.headers);
      const withdrawn = await call('DELETE', `${NOTICES}/${team.id}`, operator.headers);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const withdrawnAt = withdrawn.json().value.withdrawnAt as string;
      for (const m of [sub, direct, deep]) expect(await inboxOf(m)).not.toContain(team.id);
      expect(await unread(deep.headers)).toBe(deepUnread - 1);
      expect((await call('GET', `/wps/member/inbox/${team.id}`, direct.headers)).json().code).toBe('inbox_message_not_found');
      // The other notices stand.
      expect(await inboxOf(direct)).toContain(onlyDirect.id);
      expect(await inboxOf(otherMember)).toContain(others.id);

      const listed = (await call('GET', `${NOTICES}?agentUsername=${top.username}`, operator.headers)).json().value.list;
      expect(listed[1]).toMatchObject({ id: team.id, withdrawnAt, withdrawnBy: operator.adminId });
      // The agent sees that it was withdrawn.
      const mine = (await call('GET', '/wps/agent/team/notices', agent.headers)).json().value.list;
      expect(mine.map((n: { id: number; withdrawnAt: string | null }) => [n.id, n.withdrawnAt])).toEqual([
        [onlyDirect.id, null],
        [team.id, withdrawnAt],
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['actor_type', 'actor_id', 'data'])
        .where('action', '=', 'inbox_message.agent_notice_withdraw')
        .where('subject_id', '=', String(team.id))
        .execute();
      expect(audit).toEqual([
        { actor_type: 'admin', actor_id: String(operator.adminId), data: expect.objectContaining({ senderMemberId: top.id }) },
      ]);

      // Again: the same answer, nothing more written. An operator's message or an unknown id is not an agent notice.
      expect((await call('DELETE', `${NOTICES}/${team.id}`, operator.headers)).json().value.withdrawnAt).toBe(withdrawnAt);
      expect(
        await t.database.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'inbox_message.agent_notice_withdraw')
          .where('subject_id', '=', String(team.id))
          .execute(),
      ).toHaveLength(1);
      for (const id of [operatorMessage.id, 987654321]) {
        const res = await call('DELETE', `${NOTICES}/${id}`, operator.headers);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('inbox_message_not_found');
      }
    });
  });
});

describe('inbox demo messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the demo players the welcome, the maintenance notice and their account notice, newest first', async () => {
    const { seedDemoData } = await import('../../seed/demo-seed.ts');
    const seeded = await seedDemoData(t.database.db);
    if (!seeded.isCreated) throw new Error('the demo seed should run on an empty database');
    const player = seeded.members.find((m) => m.role === 'player');
    const agent = seeded.members.find((m) => m.role === 'agent');
    if (!player || !agent) throw new Error('demo members missing');
    const reader = (memberId: number) => ({ memberId, merchantId: seeded.merchant.id });
    const page = await t.app.services.inbox.list(reader(player.id), { pageNo: 1, pageSize: 10, filter: 'all' });
    expect(page.list.map((m) => m.category)).toEqual(['account', 'system', 'system']);
    expect(page.list[2]?.title).toMatch(/Welcome to Lotus/);
    expect(page.unReadCount).toBe(3);
    // An agent also has the operator's notice to agents.
    expect((await t.app.services.inbox.unreadCount(reader(agent.id))).unReadCount).toBe(3);
  });
});
