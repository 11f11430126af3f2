import type { ContractRecordsValue } from '@platform/contracts/agents/agent-contract-records';
import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

const BASE = '/wps/agent/contracts';
let t: TestApp;
let clock = new Date('2026-11-20T01:00:00Z');

const tier = (minBet: number, rateBasisPoints: number): ContractTierInput => ({
  minBet,
  minActiveMembers: 0,
  minNetLoss: 0,
  rateBasisPoints,
});

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => new Date(clock.getTime()) });
});

afterAll(async () => {
  await t.close();
});

async function play(w: WalletWorld, m: Member, stake: number, payout: number) {
  await t.database.db
    .insertInto('bet_records')
    .values({
      merchant_id: w.merchant.id,
      member_id: m.id,
      username: m.username,
      vendor_code: 'DEMO',
      game_code: 'dice',
      game_category: 'RNG',
      round_id: uniqueName('round-'),
      currency: w.currency,
      status: 'settled',
      stake,
      payout,
      valid_bet: stake,
      win_loss: payout - stake,
      bet_count: 1,
      opened_at: clock,
      settled_at: clock,
      updated_at: clock,
    })
    .execute();
}

/** top (top-level, 1 %) -> mid (0.5 %) -> p1; top -> p2; each day p1 bets `p1Bet` and p2 3,000,000; `days` days settled. */
async function world(days: number) {
  const w = await createWalletWorld(t);
  const contracts = t.app.services.agentContracts;
  const top = await w.member({ accountType: 1 });
  const mid = await w.member({ accountType: 2, parentId: top.id });
  const p1 = await w.member({ parentId: mid.id });
  const p2 = await w.member({ parentId: top.id });
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  await contracts.admin.setTopLevel(
    { adminId, merchantId: w.merchant.id, ip: null },
    { kind: 'dailyWage', holderUsername: top.username, tiers: [tier(0, 100)], confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: top.id, merchantId: w.merchant.id },
    { kind: 'dailyWage', holderUsername: mid.username, tiers: [tier(0, 50)], confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: mid.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
  const played: string[] = [];
  for (let d = 0; d < days; d += 1) {
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    await play(w, p1, 1_000_000 * (d + 1), 0);
    await play(w, p2, 3_000_000, 2_500_000);
    played.push(localDateOf(clock, timeZone));
    clock = new Date(clock.getTime() + 86_400_000);
  }
  await waitUntil(
    async () => {
      await t.app.services.dailyStats.refresh();
      const rows = await t.app.services.dailyStats.team.gameByDay(
        { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
        { from: played[0] ?? '', to: played.at(-1) ?? '' },
      );
      return rows.reduce((s, r) => s + r.stake, 0) === days * 3_000_000 + (1_000_000 * days * (days + 1)) / 2;
    },
    { what: "the rollups include the days' rounds" },
  );
  for (const day of played) await contracts.settlement.settleDailyWages(w.merchant.id, day);
  return {
    w,
    top,
    mid,
    p1,
    played,
    today: localDateOf(clock, timeZone),
    tokens: { top: await w.token(top.id), mid: await w.token(mid.id), p1: await w.token(p1.id) },
  };
}

function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp(), lang: 'en' },
  });
}

async function recordsOk(url: string, token: string, method: 'GET' | 'POST' = 'GET', payload?: object): Promise<ContractRecordsValue> {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: ContractRecordsValue }).value;
}

describe('the agent payout records', () => {
  it("lists the agent's own payouts with their inputs, newest period first, paged, with the range's totals", async () => {
    const { top, mid, played, tokens } = await world(3);
    const [d1, d2, d3] = played as [string, string, string];

    const all = await recordsOk(`${BASE}/MCSFE_getDailySalaryContractRecords?from=${d1}&to=${d3}&pageSize=2`, tokens.top);
    expect(all).toMatchObject({ from: d1, to: d3, pageNo: 1, pageSize: 2, totalCount: 3, totalPages: 2, currency: 'VND' });
    expect(all.list.map((r) => r.periodStart)).toEqual([d3, d2]);
    // Day 3: mid's team bets 3,000,000 (0.5 % = 15,000); top's 6,000,000 (1 % = 60,000).
    expect(all.list[0]).toMatchObject({
      kind: 'dailyWage',
      periodStart: d3,
      periodEnd: d3,
      metrics: { bet: 6_000_000, validBet: 6_000_000, activeMembers: 2 },
      tier: 0,
      rateBasisPoints: 100,
      ownAmount: 60_000,
      downlines: [{ username: mid.username, amount: 15_000 }],
      payout: 45_000,
      clampAmount: 0,
      paidBy: 'house',
      payerUsername: null,
    });
    // Own: 40,000 + 50,000 + 60,000; downlines: 5,000 + 10,000 + 15,000.
    expect(all.totals).toEqual({ count: 3, ownAmount: 150_000, downlineAmount: 30_000, payout: 120_000, clampAmount: 0 });
    // The chart's figures: every day of the range, not only this page's, oldest first.
    expect(all.byDay).toEqual([
      { day: d1, ownAmount: 40_000, payout: 35_000 },
      { day: d2, ownAmount: 50_000, payout: 40_000 },
      { day: d3, ownAmount: 60_000, payout: 45_000 },
    ]);

    const second = await recordsOk(`${BASE}/MCSFE_getDailySalaryContractRecords?from=${d1}&to=${d3}&pageSize=2&pageNo=2`, tokens.top);
    expect(second.list.map((r) => r.periodStart)).toEqual([d1]);
    expect(second.totals).toEqual(all.totals);

    const mine = await recordsOk(`${BASE}/MCSFE_getDailySalaryContractRecords?from=${d2}&to=${d2}`, tokens.mid);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ ownAmount: 10_000, payout: 10_000, downlines: [], paidBy: 'upline', payerUsername: top.username });
    expect(mine.totals).toEqual({ count: 1, ownAmount: 10_000, downlineAmount: 0, payout: 10_000, clampAmount: 0 });
  });

  it('defaults to the last 30 days, keeps each kind apart, and refuses a player and a bad range', async () => {
    const { played, today, tokens } = await world(1);
    const recent = await recordsOk(`${BASE}/MCSFE_getDailySalaryContractRecords`, tokens.top);
    expect(recent).toMatchObject({ from: addDays(today, -29), to: today, totalCount: 1 });
    expect(recent.list.map((r) => r.periodStart)).toEqual(played);

    // The hourly kind is read by POST, as its other calls; nothing of it was paid.
    const hourly = await recordsOk(`${BASE}/MCSFE_getHourSalaryContractRecords`, tokens.top, 'POST', {});
    expect(hourly).toMatchObject({ list: [], totalCount: 0, totals: { count: 0, ownAmount: 0, payout: 0 }, byDay: [] });

    const player = await call('GET', `${BASE}/MCSFE_getDailySalaryContractRecords`, tokens.p1);
    expect(player.statusCode).toBe(403);
    const reversed = await call('GET', `${BASE}/MCSFE_getDailySalaryContractRecords?from=${today}&to=${addDays(today, -1)}`, tokens.top);
    expect(reversed.statusCode).toBe(400);
    const body = reversed.json() as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/ /);
  });
});
