import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { TEST_LEVELS } from '../../../test/vip-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { auth, requestId } from '../../../test/wallet-fixture.ts';
import { localDateOf } from '../../lib/time-zone.ts';

let t: TestApp;
const clock = { now: new Date('2026-11-10T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
  await createMerchant(t.database.db);
});

afterAll(async () => {
  await t.close();
});

describe('VIP and rebate calls', () => {
  it('an operator sets the ladder and rules and settles a day; the member sees its rank, claims and lists its rebates', async () => {
    const app = t.app;
    let admin = await loginAdmin(app, 'finance');
    const merchant = await app.services.merchants.current();

    const levels = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/levels',
      headers: admin.headers,
      payload: { levels: TEST_LEVELS, version: 0 },
    });
    expect(levels.statusCode).toBe(200);
    expect(levels.json().value.levels).toHaveLength(3);
    const gap = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/levels',
      headers: admin.headers,
      payload: { levels: [TEST_LEVELS[0], TEST_LEVELS[2]], version: 1 },
    });
    expect(gap.statusCode).toBe(400);
    const rules = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/rebate-rules',
      headers: admin.headers,
      payload: { rules: [{ vipLevel: 0, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 5_000, maxAmount: null }], version: 0 },
    });
    expect(rules.statusCode).toBe(200);
    expect(rules.json().value.rules).toMatchObject([{ category: 'LIVE', ratePpm: 5_000, isEnabled: true }]);

    const member = await createMember(t.database.db, merchant, { username: uniqueName('vip') });
    await app.services.ledger.ensureMemberAccounts({
      merchantId: merchant.id,
      memberId: member.id,
      currency: merchant.currency,
      kinds: ['player_main'],
    });
    let headers = auth((await app.services.sessions.create(member.id)).token);
    await t.database.db
      .insertInto('bet_records')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        username: member.username,
        vendor_code: 'DEMO',
        game_code: 'baccarat',
        game_category: 'LIVE',
        round_id: uniqueName('round-'),
        currency: merchant.currency,
        status: 'settled',
        stake: 2_000_000,
        payout: 0,
        valid_bet: 2_000_000,
        win_loss: -2_000_000,
        bet_count: 1,
        opened_at: clock.now,
        settled_at: clock.now,
        updated_at: clock.now,
      })
      .execute();
    const day = localDateOf(clock.now, await app.services.records.timeZoneOf(merchant.id));
    await waitUntil(
      async () => {
        await app.services.dailyStats.refresh();
        return (await app.services.dailyStats.gameDays({ memberIds: [member.id], from: day, to: day })).length === 1;
      },
      { what: 'the rollups include the round' },
    );

    const rank = await app.inject({ method: 'GET', url: '/wps/member/vip/MCSFE_getPlayerRank', headers: { ...headers, lang: 'vi' } });
    expect(rank.statusCode).toBe(200);
    expect(rank.json().value).toMatchObject({
      level: 0,
      name: 'Thành viên',
      validBet: 2_000_000,
      next: { code: 'VIP1', validBetMissing: 3_000_000 },
    });

    const early = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/rebates/settlements',
      headers: admin.headers,
      payload: { period: 'D', day },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('rebate_period_not_over');

    clock.now = new Date(clock.now.getTime() + 86_400_000);
    // Sessions expire over a day; the member's and the operator's start again.
    admin = await loginAdmin(app, 'finance');
    headers = auth((await app.services.sessions.create(member.id)).token);
    const settled = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/rebates/settlements',
      headers: admin.headers,
      payload: { period: 'D', day },
    });
    expect(settled.json(), settled.body).toMatchObject({ value: { periodStart: day, written: 1, paidAmount: 0 } });
    const rerun = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/rebates/settlements',
      headers: admin.headers,
      payload: { period: 'D', day },
    });
    expect(rerun.json().value).toMatchObject({ written: 0, existing: 1 });
    const audited = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'vip.rebate_rerun').execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);

    const manual = await app.inject({ method: 'GET', url: '/wps/member/rebates/MCSFE_getManualRebate', headers });
    expect(manual.json().value).toMatchObject({ claimable: 10_000, byCategory: [{ category: 'LIVE', amount: 10_000 }] });

    const id = requestId();
    const claim = await app.inject({ method: 'POST', url: '/wps/member/rebates/MCS2_claimRebate', headers, payload: { requestId: id } });
    expect(claim.json().value).toMatchObject({ amount: 10_000, lines: 1, isReplay: false });
    const again = await app.inject({ method: 'POST', url: '/wps/member/rebates/MCS2_claimRebate', headers, payload: { requestId: id } });
    expect(again.json().value).toMatchObject({ amount: 10_000, isReplay: true });
    const nothing = await app.inject({
      method: 'POST',
      url: '/wps/member/rebates/MCS2_claimRebate',
      headers,
      payload: { requestId: requestId() },
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('rebate_nothing_to_claim');

    const records = await app.inject({ method: 'GET', url: '/wps/member/rebates/MCSFE_getRebateRecords?pageNo=1&pageSize=10', headers });
    expect(records.json().value).toMatchObject({
      totalCount: 1,
      totalBetBase: 2_000_000,
      totalAmount: 10_000,
      list: [{ category: 'LIVE', betBase: 2_000_000, ratePpm: 5_000, amount: 10_000, status: 'claimed', periodStart: day }],
    });

    const ofMember = await app.inject({ method: 'GET', url: `/admin-api/vip/members/${member.username}/rebates`, headers: admin.headers });
    expect(ofMember.json().value).toMatchObject({ memberId: member.id, level: 0, totalCount: 1 });
    const unknown = await app.inject({ method: 'GET', url: '/admin-api/vip/members/nobody-here/rebates', headers: admin.headers });
    expect(unknown.statusCode).toBe(404);

    const evaluation = await app.inject({ method: 'POST', url: '/admin-api/vip/evaluations', headers: admin.headers, payload: { day } });
    expect(evaluation.json().value).toMatchObject({ evaluated: 1, upgraded: 0 });

    // Cashback: 10 % of a daily net loss of at least 1,000,000, at most 150,000.
    const badRule = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/cashback-rules',
      headers: admin.headers,
      payload: { rules: [{ vipLevel: 0, period: 'H', ratePpm: 100_000, minLoss: 0, maxAmount: null }], version: 0 },
    });
    expect(badRule.statusCode).toBe(400);
    const cashbackRules = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/cashback-rules',
      headers: admin.headers,
      payload: { rules: [{ vipLevel: 0, period: 'D', ratePpm: 100_000, minLoss: 1_000_000, maxAmount: 150_000 }], version: 0 },
    });
    expect(cashbackRules.json().value.rules).toMatchObject([{ period: 'D', ratePpm: 100_000, minLoss: 1_000_000, isEnabled: true }]);
    const readRules = await app.inject({ method: 'GET', url: '/admin-api/vip/cashback-rules', headers: admin.headers });
    expect(readRules.json().value.rules).toHaveLength(1);
    const cashback = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/cashback/settlements',
      headers: admin.headers,
      payload: { period: 'D', day },
    });
    expect(cashback.json(), cashback.body).toMatchObject({ value: { periodStart: day, written: 1, existing: 0, paidAmount: 150_000 } });
    const cashbackAgain = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/cashback/settlements',
      headers: admin.headers,
      payload: { period: 'D', day },
    });
    expect(cashbackAgain.json().value).toMatchObject({ written: 0, existing: 1, paidAmount: 0 });
    const notOver = await app.inject({
      method: 'POST',
      url: '/admin-api/vip/cashback/settlements',
      headers: admin.headers,
      payload: { period: 'M', day },
    });
    expect(notOver.json().code).toBe('cashback_period_not_over');
    const cashbackRecords = await app.inject({ method: 'GET', url: '/wps/member/rebates/MCSFE_getCashbackRecords', headers });
    expect(cashbackRecords.json().value).toMatchObject({
      totalCount: 1,
      totalNetLoss: 2_000_000,
      totalAmount: 150_000,
      list: [
        { periodStart: day, netLoss: 2_000_000, minLoss: 1_000_000, ratePpm: 100_000, maxAmount: 150_000, amount: 150_000, status: 'paid' },
      ],
    });
    const cashbackOfMember = await app.inject({
      method: 'GET',
      url: `/admin-api/vip/members/${member.username}/cashback`,
      headers: admin.headers,
    });
    expect(cashbackOfMember.json().value).toMatchObject({ memberId: member.id, totalCount: 1 });
    const support = await loginAdmin(app, 'support');
    const refused = await app.inject({
      method: 'PUT',
      url: '/admin-api/vip/cashback-rules',
      headers: support.headers,
      payload: { rules: [], version: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a save of the ladder, the rebate rules or the cashback rules over a change saved since they were read, and changes nothing', async () => {
    const app = t.app;
    const merchant = await app.services.merchants.current();
    const one = await loginAdmin(app, 'finance');
    const two = await loginAdmin(app, 'finance');
    const auditCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('subject_type', '=', 'merchant')
            .where('subject_id', '=', String(merchant.id))
            .where('action', 'in', ['vip.levels_set', 'vip.rebate_rules_set', 'vip.cashback_rules_set'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditsBefore = await auditCount();
    const put = (headers: Record<string, string>, url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload });
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: one.headers })).json().value;

    for (const [url, key, first, second] of [
      ['/admin-api/vip/levels', 'levels', TEST_LEVELS, TEST_LEVELS.slice(0, 2)],
      [
        '/admin-api/vip/rebate-rules',
        'rules',
        [{ vipLevel: 0, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 5_000, maxAmount: null }],
        [{ vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 7_000, maxAmount: null }],
      ],
      [
        '/admin-api/vip/cashback-rules',
        'rules',
        [{ vipLevel: 0, period: 'D', ratePpm: 100_000, minLoss: 0, maxAmount: null }],
        [{ vipLevel: 0, period: 'W', ratePpm: 50_000, minLoss: 0, maxAmount: null }],
      ],
    ] as const) {
      // Both operators read the same version; the first saves, the second's save over it is refused.
      const read = await get(url);
      const saved = await put(one.headers, url, { [key]: first, version: read.version });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().value.version).toBe(read.version + 1);
      const stale = await put(two.headers, url, { [key]: second, version: read.version });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json().code).toBe('vip_rules_changed');
      expect(stale.json().message).toMatch(/^Người khác đã thay đổi/);
      const after = await get(url);
      expect(after.version).toBe(read.version + 1);
      expect(after[key].filter((r: { isEnabled?: boolean }) => r.isEnabled !== false)).toHaveLength(first.length);
      // Reloaded, the second operator's save goes through.
      const again = await put(two.headers, url, { [key]: second, version: after.version });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().value.version).toBe(read.version + 2);
      // A version from the future is refused too.
      expect((await put(one.headers, url, { [key]: first, version: read.version + 7 })).json().code).toBe('vip_rules_changed');
      expect((await put(one.headers, url, { [key]: first })).statusCode).toBe(400);
    }
    // Two saves of each set went through, each with its audit row; the refused ones wrote none.
    expect((await auditCount()) - auditsBefore).toBe(6);
  });

  it('lists the members holding a level, the latest to reach it first, and counts the members per level', async () => {
    const app = t.app;
    const merchant = await app.services.merchants.current();
    const admin = await loginAdmin(app, 'support');
    await app.services.vip.levels.setLevels({ adminId: 1, merchantId: merchant.id, ip: null }, { levels: TEST_LEVELS });
    const members = [];
    for (const [index, level] of [1, 1, 2].entries()) {
      const m = await createMember(t.database.db, merchant, { username: uniqueName(`lvl${index}`) });
      await t.database.db
        .insertInto('vip_member_levels')
        .values({
          member_id: m.id,
          merchant_id: merchant.id,
          level,
          reached_on: `2026-11-0${index + 1}`,
          evaluated_on: '2026-11-09',
          updated_at: new Date(),
        })
        .execute();
      members.push(m);
    }
    const page = await app.inject({ method: 'GET', url: '/admin-api/vip/levels/1/members?pageSize=1', headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().value).toMatchObject({
      level: 1,
      totalCount: 2,
      list: [{ username: members[1]?.username, reachedOn: '2026-11-02' }],
    });
    const second = await app.inject({ method: 'GET', url: '/admin-api/vip/levels/1/members?pageSize=1&pageNo=2', headers: admin.headers });
    expect(second.json().value.list.map((m: { username: string }) => m.username)).toEqual([members[0]?.username]);
    expect((await app.inject({ method: 'GET', url: '/admin-api/vip/levels/0/members', headers: admin.headers })).statusCode).toBe(400);
    const counts = await app.inject({ method: 'GET', url: '/admin-api/vip/level-counts', headers: admin.headers });
    expect(counts.json().value.counts).toEqual(
      expect.arrayContaining([
        { level: 1, members: 2 },
        { level: 2, members: 1 },
      ]),
    );
    expect(counts.json().value.counts).toHaveLength(2);
  });
});
