import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { AGENT_NOTICES_PER_HOUR_MAX } from '@platform/contracts/agents/agent-team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, bearer, freshCaptcha, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';

type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof createMember>> & { headers: Headers };

const BASE = '/wps/agent/team';

/**
 * The agent centre's team calls: registerCenter, downlineManagmentView and agentAnnouncement.
 * The tree: agent (1) → sub (2) → deep (0); agent → direct (0); other (1) → stranger (0).
 */
describe('agent team calls', () => {
  let t: TestApp;
  let merchant: { id: number; currency: string };
  let agent: Member;
  let sub: Member;
  let deep: Member;
  let direct: Member;
  let other: Member;
  let stranger: Member;
  let passwordHash: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-forwarded-for': nextIp(), ...headers }, ...(payload ? { payload } : {}) });

  async function member(accountType: number, parentId: number | null, username?: string): Promise<Member> {
    const m = await createMember(t.database.db, merchant, { accountType, parentId, passwordHash, ...(username ? { username } : {}) });
    const { token } = await t.app.services.sessions.create(m.id);
    return { ...m, headers: bearer(token, nextIp()) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    await createMerchant(t.database.db);
    merchant = await t.app.services.merchants.current();
    await allowPlainPayloads(t.app, merchant.id);
    passwordHash = await hashPassword('goodpass1');
    agent = await member(ACCOUNT_TYPE.agentLevel1, null);
    sub = await member(ACCOUNT_TYPE.agentLevel2, agent.id);
    deep = await member(ACCOUNT_TYPE.member, sub.id, uniqueName('deepzz'));
    direct = await member(ACCOUNT_TYPE.member, agent.id);
    other = await member(ACCOUNT_TYPE.agentLevel1, null);
    stranger = await member(ACCOUNT_TYPE.member, other.id, uniqueName('deepzz'));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the agent tree for operators', () => {
    it('lists an agent’s downline with team sizes, drills down, and refuses players and other merchants’ members', async () => {
      const op = await loginAdmin(t.app, 'support');
      const tree = async (url: string) => call('GET', url, op.headers);
      const top = await tree(`/admin-api/members/${agent.id}/team?pageSize=50`);
      expect(top.statusCode, top.body).toBe(200);
      const rows = top.json().value.list as { memberId: number; teamSize: number; level: number }[];
      expect(rows.find((r) => r.memberId === sub.id)).toMatchObject({ teamSize: 1, level: 1 });
      expect(rows.some((r) => r.memberId === direct.id)).toBe(true);
      expect(rows.some((r) => r.memberId === stranger.id)).toBe(false);
      const below = (await tree(`/admin-api/members/${agent.id}/team?parentId=${sub.id}`)).json().value;
      expect(below.list.map((r: { memberId: number }) => r.memberId)).toEqual([deep.id]);
      expect(below.breadcrumb.map((b: { memberId: number }) => b.memberId)).toEqual([agent.id, sub.id]);
      expect((await tree(`/admin-api/members/${agent.id}/team?parentId=${stranger.id}`)).json().code).toBe('not_in_team');
      expect((await tree(`/admin-api/members/${direct.id}/team`)).json().code).toBe('not_an_agent');
      const elsewhere = await createMember(t.database.db, await createMerchant(t.database.db), { accountType: ACCOUNT_TYPE.agentLevel1 });
      expect((await tree(`/admin-api/members/${elsewhere.id}/team`)).statusCode).toBe(404);
    });
  });

  describe('who may call', () => {
    it('tells a visitor to log in, gives a trial account the real-account warning and refuses a player', async () => {
      const trial = await member(ACCOUNT_TYPE.trial, null);
      for (const [method, url] of [
        ['GET', `${BASE}/register-center`],
        ['GET', `${BASE}/downline`],
        ['GET', `${BASE}/search?username=a`],
        ['GET', `${BASE}/announcements`],
        ['GET', `${BASE}/notices`],
        ['GET', `${BASE}/invitees`],
      ] as const) {
        expect((await call(method, url)).statusCode, url).toBe(401);
        expect((await call(method, url, trial.headers)).json().code, url).toBe('in_need_true_account');
        expect((await call(method, url, direct.headers)).json().code, url).toBe('not_an_agent');
      }
      const open = await call('POST', `${BASE}/accounts`, direct.headers, { username: 'abcdef12', password: 'abc12345', accountType: 0 });
      expect(open.json().code).toBe('not_an_agent');
    });
  });

  describe('registerCenter', () => {
    it('lists the account types each agent may open, the site rules and the invitation code and link', async () => {
      const top = (await call('GET', `${BASE}/register-center`, agent.headers)).json().value;
      expect(top.accountTypes).toEqual([2, 41, 42, 0]);
      expect(top.usernameRule).toMatchObject({ field: 'username', required: true, minLength: 6 });
      expect(top.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(top.invitationPath).toBe(`/register?affiliateCode=${top.invitationCode}`);
      expect((await call('GET', `${BASE}/register-center`, sub.headers)).json().value.accountTypes).toEqual([41, 42, 0]);
    });

    it('opens an account under the agent, which must change its password at every login until it does', async () => {
      const username = uniqueName('new').slice(0, 12);
      const res = await call('POST', `${BASE}/accounts`, agent.headers, {
        username,
        password: 'first123',
        accountType: 0,
        nickname: 'Bé Ba',
        zalo: '0901234567',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ username, accountType: 0, mustChangePassword: true });
      const opened = await t.app.services.accounts.accounts.memberInfo({
        sessionId: 0,
        memberId: res.json().value.memberId,
        merchantId: merchant.id,
        username,
        accountType: 0,
        currency: merchant.currency,
      });
      expect(opened.username).toBe(username);

      const login = (password: string) => call('POST', '/wps/session/login', {}, { username, password });
      const first = await login('first123');
      expect(first.json().value).toMatchObject({ cpw: true });
      // Closing the tab and logging in again does not lift it.
      expect((await login('first123')).json().value).toMatchObject({ cpw: true });
      const token = first.json().value.token as string;
      const second = (await login('first123')).json().value.token as string;
      const changed = await call('POST', '/wps/member/password', bearer(second, nextIp()), {
        oldPassword: 'first123',
        newPassword: 'mine4567',
        confirmNewPassword: 'mine4567',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await login('mine4567')).json().value).toMatchObject({ cpw: false });
      expect(token).not.toBe(second);

      // It is in the agent's direct downline.
      const list = (await call('GET', `${BASE}/downline?pageSize=50`, agent.headers)).json().value.list as { username: string }[];
      expect(list.map((r) => r.username)).toContain(username);
    });

    it('refuses a type the agent may not open, a taken username and a username or password against the rule, in whole sentences', async () => {
      const subOpen = await call(
        'POST',
        `${BASE}/accounts`,
        { ...sub.headers, lang: 'en' },
        {
          username: uniqueName('x').slice(0, 12),
          password: 'first123',
          accountType: ACCOUNT_TYPE.agentLevel2,
        },
      );
      expect(subOpen.statusCode).toBe(400);
      expect(subOpen.json()).toMatchObject({
        code: 'downline_account_type_not_allowed',
        message: 'You cannot open this type of account; choose one of the types listed.',
      });
      const taken = await call('POST', `${BASE}/accounts`, agent.headers, {
        username: direct.username,
        password: 'first123',
        accountType: 0,
      });
      expect(taken.json().code).toBe('username_taken');
      const badName = await call('POST', `${BASE}/accounts`, agent.headers, { username: '1ab', password: 'first123', accountType: 0 });
      expect(badName.json()).toMatchObject({
        code: 'downline_username_invalid',
        message: 'Tên tài khoản không hợp lệ; hãy nhập đúng dạng: Bắt đầu bằng chữ cái, sau đó là chữ cái và số, dài 6-16 ký tự.',
      });
      const badPassword = await call(
        'POST',
        `${BASE}/accounts`,
        { ...agent.headers, lang: 'en' },
        {
          username: uniqueName('y').slice(0, 12),
          password: 'onlyletters',
          accountType: 0,
        },
      );
      expect(badPassword.json()).toMatchObject({
        code: 'downline_password_invalid',
        message: 'The password is not valid; enter it as: Both letters and digits, 6-20 characters.',
      });
      const badMail = await call('POST', `${BASE}/accounts`, agent.headers, {
        username: uniqueName('z').slice(0, 12),
        password: 'first123',
        accountType: 0,
        email: 'not-an-email',
      });
      expect(badMail.json().code).toBe('downline_contact_invalid');
    });

    it('lists the members who joined through the invitation code, not the accounts the agent opened', async () => {
      const code = (await call('GET', `${BASE}/register-center`, agent.headers)).json().value.invitationCode as string;
      const username = uniqueName('inv').slice(0, 12);
      const ip = nextIp();
      const captcha = await freshCaptcha(t.app, t.database.db, ip);
      const registered = await call(
        'PUT',
        '/wps/member/register',
        { 'x-forwarded-for': ip },
        {
          ...captcha,
          username,
          password: 'joined123',
          confirmPassword: 'joined123',
          affiliateCode: code.toLowerCase(),
          agreement: true,
        },
      );
      expect(registered.statusCode, registered.body).toBe(200);
      const page = (await call('GET', `${BASE}/invitees`, agent.headers)).json().value;
      expect(page.list.map((r: { username: string }) => r.username)).toEqual([username]);
      expect(page.totalCount).toBe(1);
      expect((await call('GET', `${BASE}/invitees`, other.headers)).json().value.totalCount).toBe(0);
    });
  });

  describe('downlineManagmentView', () => {
    it('lists the direct downline with team size, level, last login and status, and drills down with a breadcrumb', async () => {
      await call('POST', '/wps/session/login', {}, { username: sub.username, password: 'goodpass1' });
      const top = (await call('GET', `${BASE}/downline?pageSize=50`, agent.headers)).json().value;
      expect(top.breadcrumb).toEqual([{ memberId: agent.id, username: agent.username, level: 0 }]);
      const subRow = top.list.find((r: { memberId: number }) => r.memberId === sub.id);
      expect(subRow).toMatchObject({ level: 1, teamSize: 1, status: 'active', toUpline: false, uplineUsername: agent.username });
      expect(subRow.lastLoginAt).not.toBeNull();
      expect(top.list.map((r: { memberId: number }) => r.memberId)).not.toContain(deep.id);

      const down = (await call('GET', `${BASE}/downline?parentId=${sub.id}`, agent.headers)).json().value;
      expect(down.list.map((r: { memberId: number }) => r.memberId)).toEqual([deep.id]);
      expect(down.list[0]).toMatchObject({ level: 2, teamSize: 0, uplineUsername: sub.username, lastLoginAt: null });
      expect(down.breadcrumb.map((b: { username: string }) => b.username)).toEqual([agent.username, sub.username]);
    });

    it('shows each member’s valid bet this month together with its team, from the daily rollups', async () => {
      const top = (await call('GET', `${BASE}/downline?pageSize=50`, agent.headers)).json().value;
      const today = top.turnoverTo as string;
      expect(top.turnoverFrom).toBe(`${today.slice(0, 8)}01`);
      const lastMonth = `${Number(today.slice(0, 4)) - 1}-12-31`;
      const rows = [
        { member: sub.id, day: today, category: 'slots', validBet: 1_000 },
        { member: deep.id, day: today, category: 'slots', validBet: 250 },
        { member: deep.id, day: today, category: 'live', validBet: 50 },
        // Outside the month and outside the team: counted nowhere here.
        { member: deep.id, day: lastMonth, category: 'slots', validBet: 9_999 },
        { member: stranger.id, day: today, category: 'slots', validBet: 7_777 },
      ];
      await t.database.db
        .insertInto('member_daily_game_stats')
        .values(
          rows.map((r) => ({
            merchant_id: merchant.id,
            member_id: r.member,
            day: r.day,
            category: r.category,
            bet_count: 1,
            stake: r.validBet,
            valid_bet: r.validBet,
            payout: 0,
            win_loss: -r.validBet,
          })),
        )
        .execute();
      // The daily-stats consumer keeps each ancestor's team rows with the member rows; written here
      // by hand as well: deep's rows under sub (and both under the agent).
      const teamRows = [
        ...rows.filter((r) => r.member === deep.id).map((r) => ({ ...r, ancestor: sub.id })),
        ...rows.filter((r) => r.member === deep.id || r.member === sub.id).map((r) => ({ ...r, ancestor: agent.id })),
      ];
      const summed = new Map<string, { ancestor: number; day: string; category: string; validBet: number; count: number }>();
      for (const r of teamRows) {
        const key = `${r.ancestor}|${r.day}|${r.category}`;
        const row = summed.get(key) ?? { ancestor: r.ancestor, day: r.day, category: r.category, validBet: 0, count: 0 };
        row.validBet += r.validBet;
        row.count += 1;
        summed.set(key, row);
      }
      await t.database.db
        .insertInto('team_daily_game_stats')
        .values(
          [...summed.values()].map((r) => ({
            merchant_id: merchant.id,
            ancestor_id: r.ancestor,
            day: r.day,
            category: r.category,
            bet_count: r.count,
            stake: r.validBet,
            valid_bet: r.validBet,
            payout: 0,
            win_loss: -r.validBet,
          })),
        )
        .execute();
      const again = (await call('GET', `${BASE}/downline?pageSize=50`, agent.headers)).json().value;
      const turnoverOf = (list: { memberId: number; turnover: number }[], id: number) => list.find((r) => r.memberId === id)?.turnover;
      expect(turnoverOf(again.list, sub.id)).toBe(1_300);
      expect(turnoverOf(again.list, direct.id)).toBe(0);
      const down = (await call('GET', `${BASE}/downline?parentId=${sub.id}`, agent.headers)).json().value;
      expect(turnoverOf(down.list, deep.id)).toBe(300);
    });

    it('never drills into, switches or finds a member outside the team', async () => {
      for (const id of [stranger.id, other.id, agent.id + 1_000_000]) {
        const res = await call('GET', `${BASE}/downline?parentId=${id}`, agent.headers);
        expect(res.statusCode, String(id)).toBe(404);
        expect(res.json().code).toBe('not_in_team');
      }
      // A sub-agent cannot look at its own upline's downline.
      expect((await call('GET', `${BASE}/downline?parentId=${agent.id}`, sub.headers)).json().code).toBe('not_in_team');
      const switched = await call('PUT', `${BASE}/members/${stranger.id}/upline-transfer`, agent.headers, { toUpline: true });
      expect(switched.json().code).toBe('not_in_team');
      expect((await t.app.services.transfers.permissionsOf(stranger.id)).toUpline).toBe(false);
      const searched = await call('GET', `${BASE}/search?username=deepzz`, agent.headers);
      expect(searched.statusCode, searched.body).toBe(200);
      const found = searched.json().value;
      expect(found.list.map((r: { memberId: number }) => r.memberId)).toEqual([deep.id]);
      expect(found.list[0]).toMatchObject({ parentId: sub.id, level: 2 });
    });

    it('switches whether a member may transfer to its upline, which the member then sees', async () => {
      const on = await call('PUT', `${BASE}/members/${deep.id}/upline-transfer`, agent.headers, { toUpline: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().value).toEqual({ memberId: deep.id, username: deep.username, toUpline: true });
      const seen = (await call('GET', '/wps/member/transfer/permissions', deep.headers)).json().value;
      expect(seen).toMatchObject({ toUpline: true, uplineUsername: sub.username });
      const row = (await call('GET', `${BASE}/downline?parentId=${sub.id}`, agent.headers)).json().value.list[0];
      expect(row.toUpline).toBe(true);
      await call('PUT', `${BASE}/members/${deep.id}/upline-transfer`, sub.headers, { toUpline: false });
      expect((await t.app.services.transfers.permissionsOf(deep.id)).toUpline).toBe(false);
    });
  });

  describe('agentAnnouncement', () => {
    it('shows the operator’s announcements to agents to agents only', async () => {
      const { headers } = await loginAdmin(t.app, 'support');
      const sent = await call('POST', '/admin-api/inbox/messages', headers, {
        category: 'system',
        title: 'Đại lý chú ý',
        bodyHtml: '<p>Hoa hồng <script>x()</script>tháng này</p>',
        audience: { type: 'agents' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const id = sent.json().value.id as number;
      const seen = (await call('GET', `${BASE}/announcements`, sub.headers)).json().value;
      expect(seen.list).toEqual([
        expect.objectContaining({ id, title: 'Đại lý chú ý', bodyHtml: '<p>Hoa hồng tháng này</p>', isRead: false }),
      ]);
      const inbox = (await call('GET', '/wps/member/inbox', agent.headers)).json().value.list as { id: number }[];
      expect(inbox.map((m) => m.id)).toContain(id);
      const playerInbox = (await call('GET', '/wps/member/inbox', direct.headers)).json().value.list as { id: number }[];
      expect(playerInbox.map((m) => m.id)).not.toContain(id);
    });

    it('sends a notice to the whole team or the direct downline, shown as typed, and never outside', async () => {
      const team = await call('POST', `${BASE}/notices`, agent.headers, {
        audience: 'team',
        title: 'Khuyến mãi cuối tuần',
        body: 'Xin chào <b>cả đội</b>\nhẹn gặp lại\n\n<img src=x onerror=alert(1)>',
      });
      expect(team.statusCode, team.body).toBe(200);
      const teamNotice = team.json().value;
      expect(teamNotice.bodyHtml).toBe('<p>Xin chào &lt;b&gt;cả đội&lt;/b&gt;<br />hẹn gặp lại</p><p>&lt;img /&gt;</p>');
      const onlyDirect = (
        await call('POST', `${BASE}/notices`, agent.headers, { audience: 'direct', title: 'Trực tiếp', body: 'Chỉ cấp 1' })
      ).json().value;
      const inboxOf = async (m: Member) =>
        ((await call('GET', '/wps/member/inbox?pageSize=50', m.headers)).json().value.list as { id: number }[]).map((x) => x.id);
      expect(await inboxOf(deep)).toContain(teamNotice.id);
      expect(await inboxOf(deep)).not.toContain(onlyDirect.id);
      expect(await inboxOf(sub)).toEqual(expect.arrayContaining([teamNotice.id, onlyDirect.id]));
      expect(await inboxOf(direct)).toEqual(expect.arrayContaining([teamNotice.id, onlyDirect.id]));
      for (const outside of [agent, other, stranger]) {
        const ids = await inboxOf(outside);
        expect(ids).not.toContain(teamNotice.id);
        expect(ids).not.toContain(onlyDirect.id);
      }
      const opened = await call('GET', `/wps/member/inbox/${teamNotice.id}`, deep.headers);
      expect(opened.json().value.bodyHtml).toBe(teamNotice.bodyHtml);
      const mine = (await call('GET', `${BASE}/notices`, agent.headers)).json().value;
      expect(mine.list.map((n: { id: number }) => n.id)).toEqual([onlyDirect.id, teamNotice.id]);
      expect(mine.list[1]).toMatchObject({ audience: 'team', readCount: 1 });
      expect(mine.remainingThisHour).toBe(AGENT_NOTICES_PER_HOUR_MAX - 2);
      expect((await call('GET', `${BASE}/notices`, other.headers)).json().value.totalCount).toBe(0);
    });

    it('limits the notices an agent sends per hour, in a whole sentence', async () => {
      const sender = await member(ACCOUNT_TYPE.agentLevel42, agent.id);
      for (let i = 0; i < AGENT_NOTICES_PER_HOUR_MAX; i++) {
        expect((await call('POST', `${BASE}/notices`, sender.headers, { audience: 'team', title: `T${i}`, body: 'x' })).statusCode).toBe(
          200,
        );
      }
      const refused = await call(
        'POST',
        `${BASE}/notices`,
        { ...sender.headers, lang: 'en' },
        { audience: 'team', title: 'one more', body: 'x' },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'agent_notice_too_many',
        message: `You can send ${AGENT_NOTICES_PER_HOUR_MAX} notices an hour; please try again later.`,
      });
    });
  });
});
