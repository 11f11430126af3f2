import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createVipWorld } from '../../../test/vip-helpers.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { cashbackAmountOf } from './vip.cashback.ts';
import { createVipService } from './vip.service.ts';

let t: TestApp;
const clock = { now: new Date('2026-12-20T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const nextDay = () => {
  clock.now = new Date(clock.now.getTime() + 86_400_000);
};

/** Level 0: 5 % of a daily net loss of at least 1,000,000, at most 100,000 a day; level 1: 10 %, no minimum, no cap. */
const CASHBACK_RULES = [
  { vipLevel: 0, period: 'D' as const, ratePpm: 50_000, minLoss: 1_000_000, maxAmount: 100_000 },
  { vipLevel: 1, period: 'D' as const, ratePpm: 100_000, minLoss: 0, maxAmount: null },
];

async function world() {
  clock.now = new Date(clock.now.getTime() + 5 * 86_400_000);
  const v = await createVipWorld(t, clock, []);
  await v.vip.cashback.setRules(v.op, { rules: CASHBACK_RULES });
  return v;
}

describe('cashback amount', () => {
  it('is the rate of the loss from the minimum, rounded down and capped', () => {
    const rule = { ratePpm: 50_000, minLoss: 1_000_000, maxAmount: 100_000 };
    expect(cashbackAmountOf(999_999, rule)).toBe(0);
    expect(cashbackAmountOf(1_000_000, rule)).toBe(50_000);
    expect(cashbackAmountOf(1_234_567, rule)).toBe(61_728);
    expect(cashbackAmountOf(5_000_000, rule)).toBe(100_000);
    expect(cashbackAmountOf(-5_000_000, { ...rule, minLoss: 0 })).toBe(0);
  });
});

describe('cashback settlement', () => {
  it('pays each losing member of a period once, by its level, from the minimum loss and capped', async () => {
    const { w, vip, op, play, rolledUp, today } = await world();
    const loser = await w.member();
    const small = await w.member();
    const winner = await w.member();
    const big = await w.member();
    await play(loser, 'RNG', 1_500_000, 300_000); // loses 1,200,000: 60,000
    await play(small, 'LIVE', 900_000); // loses 900,000: under the minimum
    await play(winner, 'RNG', 1_000_000, 3_000_000); // wins
    await play(big, 'RNG', 2_000_000); // level 1: 10 % of 2,000,000
    await play(big, 'LIVE', 3_000_000, 1_000_000); // … and 2,000,000 more: 400,000, no cap
    const day = today();
    await rolledUp(loser, day, 1_500_000);
    await rolledUp(big, day, 5_000_000);
    await rolledUp(small, day, 900_000);
    await rolledUp(winner, day, 1_000_000);
    await t.database.db
      .insertInto('vip_member_levels')
      .values({ member_id: big.id, merchant_id: w.merchant.id, level: 1, reached_on: day, evaluated_on: day, updated_at: clock.now })
      .execute();
    expect(await vip.cashback.settlePeriod(w.merchant.id, 'D', day)).toBeNull();
    nextDay();
    const [a, b] = await Promise.all([vip.cashback.settlePeriod(w.merchant.id, 'D', day), vip.cashback.rerunPeriod(op, 'D', day)]);
    expect((a?.written ?? 0) + b.written).toBe(2);
    expect((a?.paidAmount ?? 0) + b.paidAmount).toBe(460_000);
    expect(await vip.cashback.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0, existing: 2, paidAmount: 0 });
    expect((await w.balances(loser.id)).main).toBe(60_000);
    expect((await w.balances(big.id)).main).toBe(400_000);
    expect((await w.balances(small.id)).main).toBe(0);
    expect((await w.balances(winner.id)).main).toBe(0);

    const records = await vip.cashback.records(
      { memberId: loser.id, merchantId: w.merchant.id, currency: w.currency },
      { pageNo: 1, pageSize: 20 },
    );
    expect(records.list.map((l) => [l.periodStart, l.vipLevel, l.netLoss, l.minLoss, l.ratePpm, l.maxAmount, l.amount, l.status])).toEqual([
      [day, 0, 1_200_000, 1_000_000, 50_000, 100_000, 60_000, 'paid'],
    ]);
    expect(records).toMatchObject({ totalCount: 1, totalNetLoss: 1_200_000, totalAmount: 60_000 });
    // Every line is reproducible from the rollups: the members' win/loss over the period.
    const rows = await t.app.services.dailyStats.gameDays({ memberIds: [loser.id], from: day, to: day });
    expect(-rows.reduce((s, r) => s + r.winLoss, 0)).toBe(records.list[0]?.netLoss);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'vip.cashback%').execute();
    expect(audits.map((r) => r.action)).toEqual(
      expect.arrayContaining(['vip.cashback_rules_set', 'vip.cashback_lines', 'vip.cashback_rerun']),
    );
    await expectCleanBooks(t.database.db);
  });

  it('withholds the cashback of a self-excluded, on-break or locked member, for good', async () => {
    const { w, vip, play, rolledUp, today } = await world();
    const excluded = await w.member();
    const onBreak = await w.member();
    const locked = await w.member();
    for (const m of [excluded, onBreak, locked]) await play(m, 'RNG', 2_000_000);
    const day = today();
    for (const m of [excluded, onBreak, locked]) await rolledUp(m, day, 2_000_000);
    await t.app.services.responsibleGaming.selfExclude(excluded.id, { permanent: true }, { ip: null });
    await t.app.services.responsibleGaming.takeBreak(onBreak.id, 7, { ip: null });
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', locked.id).execute();
    nextDay();
    expect(await vip.cashback.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 3, paidAmount: 0 });
    await t.database.db.updateTable('members').set({ status: 'active' }).where('id', '=', locked.id).execute();
    expect(await vip.cashback.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0, existing: 3, paidAmount: 0 });
    for (const m of [excluded, onBreak, locked]) {
      expect((await w.balances(m.id)).main).toBe(0);
      const lines = await vip.cashback.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 5 });
      expect(lines.list.map((l) => [l.amount, l.status])).toEqual([[100_000, 'withheld']]);
    }
    await expectCleanBooks(t.database.db);
  });

  it('a run killed between chunks and a second run pay each member once', async () => {
    const { w, play, rolledUp, today } = await world();
    const members = [await w.member(), await w.member(), await w.member()];
    for (const m of members) await play(m, 'RNG', 1_000_000);
    const day = today();
    for (const m of members) await rolledUp(m, day, 1_000_000);
    nextDay();
    const services = t.app.services;
    // One member per chunk, two chunks written at once: the second member's chunk's ledger credits go
    // through and then the process dies, before its lines and audit row are written.
    const dying: LedgerService = {
      ...services.ledger,
      creditMany: async (input, trx) => {
        const moved = await services.ledger.creditMany(input, trx);
        if (input.credits.some((c) => c.memberId === members[1]?.id)) throw new Error('the process died here');
        return moved;
      },
    };
    const crashing = createVipService({
      db: t.database.db,
      ledger: dying,
      settings: services.settings,
      rollups: services.dailyStats,
      timeZoneOf: (merchantId) => services.records.timeZoneOf(merchantId),
      assertNotExcluded: (memberId) => services.responsibleGaming.assertCanLogin(memberId),
      blockedAmong: (memberIds) => services.responsibleGaming.blockedAmong(memberIds),
      now: () => new Date(clock.now.getTime()),
      rebateChunkSize: 1,
    });
    await expect(crashing.cashback.settlePeriod(w.merchant.id, 'D', day)).rejects.toThrow('the process died here');
    const [first, dead, third] = await Promise.all(members.map(async (m) => (await w.balances(m.id)).main));
    // The chunk beside the one that died ends first; the third starts only if a writer was free before the death.
    expect(first).toBe(50_000);
    expect(dead).toBe(0);
    expect([0, 50_000]).toContain(third);
    const unpaid = third === 0 ? 2 : 1;
    const rerun = await services.vip.cashback.settlePeriod(w.merchant.id, 'D', day);
    expect(rerun).toMatchObject({ written: unpaid, existing: 3 - unpaid, paidAmount: 50_000 * unpaid });
    for (const m of members) expect((await w.balances(m.id)).main).toBe(50_000);
    await expectCleanBooks(t.database.db);
  });
});
