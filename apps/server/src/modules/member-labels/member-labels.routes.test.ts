import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedBody, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';

/** Member labels and VIP tiers: the operator's calls, and what the member then carries. */
describe('member labels', () => {
  let t: TestApp;
  let risk: Record<string, string>;
  let support: Record<string, string>;
  let finance: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    await createMerchant(t.database.db);
    risk = (await loginAdmin(t.app, 'risk')).headers;
    support = (await loginAdmin(t.app, 'support')).headers;
    finance = (await loginAdmin(t.app, 'finance')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('refuses callers without a back-office session or with the wrong role', async () => {
    expect((await send('GET', '/admin-api/member-labels', {})).statusCode).toBe(401);
    expect((await send('GET', '/admin-api/member-labels', finance)).statusCode).toBe(403);
    const bySupport = await send('POST', '/admin-api/member-labels', support, { code: 'X', name: 'X' });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().code).toBe('admin_forbidden');
  });

  it('validates the label and refuses a taken code, case-insensitively, changing nothing', async () => {
    for (const body of [
      { code: 'has space', name: 'A' },
      { code: 'OK', name: '' },
      { code: 'OK', name: 'A', rankLevel: 100 },
      { code: 'OK' },
    ]) {
      const res = await send('POST', '/admin-api/member-labels', risk, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('POST', '/admin-api/member-labels', risk, { code: 'gold', name: 'Gold', rankLevel: 3 })).statusCode).toBe(200);
    const taken = await send('POST', '/admin-api/member-labels', risk, { code: 'GOLD', name: 'Other gold' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('member_label_code_taken');
    const list = (await send('GET', '/admin-api/member-labels', support)).json().value as { code: string }[];
    expect(list.filter((l) => l.code.toLowerCase() === 'gold')).toHaveLength(1);
    expect((await send('PUT', '/admin-api/member-labels/999999', risk, { code: 'Z', name: 'Z' })).json().code).toBe(
      'member_label_not_found',
    );
  });

  it('gives a member labels: the first is memberLabel, the highest rank is the club label, at login and in member info', async () => {
    const merchant = await t.app.services.merchants.current();
    const member = await createMember(t.database.db, merchant, { passwordHash: await hashPassword('label123') });
    const create = async (body: object) => (await send('POST', '/admin-api/member-labels', risk, body)).json().value as { id: number };
    const vip = await create({ code: 'vip5', name: 'VIP Diamond', rankLevel: 5, sort: 1 });
    const tag = await create({ code: 'newbie', name: 'Newcomer', sort: 0 });
    const silver = await create({ code: 'silver', name: 'Silver', rankLevel: 2, sort: 2 });

    const unknown = await send('PUT', `/admin-api/members/${member.id}/labels`, support, { labelIds: [vip.id, 987654] });
    expect(unknown.statusCode).toBe(404);
    expect(
      await t.database.db.selectFrom('member_label_assignments').select('label_id').where('member_id', '=', member.id).execute(),
    ).toEqual([]);
    const other = await send('PUT', '/admin-api/members/987654/labels', support, { labelIds: [vip.id] });
    expect(other.statusCode).toBe(404);

    const set = await send('PUT', `/admin-api/members/${member.id}/labels`, support, { labelIds: [silver.id, vip.id, tag.id, vip.id] });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toEqual({ names: ['Newcomer', 'VIP Diamond', 'Silver'], club: { name: 'VIP Diamond', rankLevel: 5 } });

    const ip = nextIp();
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'x-forwarded-for': ip },
      payload: await encryptedBody(t.app, { username: member.username, password: 'label123' }),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.memberLabel).toBe('Newcomer');
    const headers = { authorization: `Bearer ${login.json().value.token}`, 'x-forwarded-for': ip };
    const info = async () => (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers })).json().value;
    expect(await info()).toMatchObject({
      memberLabel: 'Newcomer',
      labels: ['Newcomer', 'VIP Diamond', 'Silver'],
      clubLabel: { name: 'VIP Diamond', rankLevel: 5 },
    });

    // A disabled label stays assigned but is no longer shown; the next tier takes over.
    const disabled = await send('PUT', `/admin-api/member-labels/${vip.id}`, risk, {
      code: 'vip5',
      name: 'VIP Diamond',
      rankLevel: 5,
      isEnabled: false,
    });
    expect(disabled.json().value).toMatchObject({ isEnabled: false, memberCount: 1 });
    expect(await info()).toMatchObject({ labels: ['Newcomer', 'Silver'], clubLabel: { name: 'Silver', rankLevel: 2 } });

    // Setting the same labels again writes no audit row; removing them all leaves none.
    const audits = async () =>
      (
        await t.database.db
          .selectFrom('audit_log')
          .select('data')
          .where('action', '=', 'member.labels')
          .where('subject_id', '=', String(member.id))
          .execute()
      ).length;
    expect(await audits()).toBe(1);
    await send('PUT', `/admin-api/members/${member.id}/labels`, support, { labelIds: [tag.id, vip.id, silver.id] });
    expect(await audits()).toBe(1);
    await send('PUT', `/admin-api/members/${member.id}/labels`, support, { labelIds: [] });
    expect(await audits()).toBe(2);
    expect(await info()).toMatchObject({ memberLabel: '', labels: [], clubLabel: null });
  });
});
