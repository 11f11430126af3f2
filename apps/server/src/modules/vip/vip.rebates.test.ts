import type { RebateRuleInput } from '@platform/contracts/vip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createVipWorld } from '../../../test/vip-helpers.ts';
import { requestId } from '../../../test/wallet-fixture.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { rebateLinesHashOf } from './vip.rebates.ts';
import { createVipService } from './vip.service.ts';

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };

/** Level 0: 0.4 % of slots paid automatically, 0.3 % of live casino to claim; level 1: 1 % of slots. */
const RULES: RebateRuleInput[] = [
  { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 4_000, maxAmount: null },
  { vipLevel: 0, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 3_000, maxAmount: null },
  { vipLevel: 1, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 10_000, maxAmount: 30_000 },
];

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const nextDay = () => {
  clock.now = new Date(clock.now.getTime() + 86_400_000);
};

/** A world where one member plays 1,000,000 on slots and 2,000,000 on live casino today. */
async function world() {
  clock.now = new Date(clock.now.getTime() + 5 * 86_400_000);
  const v = await createVipWorld(t, clock, RULES);
  const m = await v.w.member();
  await v.play(m, 'RNG', 1_000_000, 500_000);
  await v.play(m, 'LIVE', 2_000_000);
  const day = v.today();
  await v.rolledUp(m, day, 3_000_000);
  return { ...v, m, day };
}

describe('rebate settlement', () => {
  it('pays nothing before the period is over; then one line per (member, rule, period) with its inputs', async () => {
    const { w, vip, m, day } = await world();
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toBeNull();
    nextDay();
    const settled = await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect(settled).toEqual({ start: day, end: day, written: 2, existing: 0, corrections: 0, paidAmount: 4_000 });
    expect((await w.balances(m.id)).main).toBe(4_000);

    const records = await vip.rebates.records(
      { memberId: m.id, merchantId: w.merchant.id, currency: w.currency },
      { pageNo: 1, pageSize: 20 },
    );
    expect(records.totalCount).toBe(2);
    expect(records.totalBetBase).toBe(3_000_000);
    expect(records.totalAmount).toBe(10_000);
    expect(records.list.map((l) => [l.category, l.betBase, l.ratePpm, l.amount, l.mode, l.status]).sort()).toEqual([
      ['LIVE', 2_000_000, 3_000, 6_000, 'claim', 'accrued'],
      ['RNG', 1_000_000, 4_000, 4_000, 'auto', 'paid'],
    ]);
    // Every line is reproducible from the rollups: base × rate.
    const rollups = await t.app.services.dailyStats.gameDays({ memberIds: [m.id], from: day, to: day });
    for (const line of records.list) {
      const base = rollups.filter((r) => r.category === line.category).reduce((s, r) => s + r.validBet, 0);
      expect(line.betBase).toBe(base);
      expect(line.amount).toBe(Math.floor((base * line.ratePpm) / 1_000_000));
    }
    await expectCleanBooks(t.database.db);
  });

  it('a second run and a race of two runs pay nothing twice', async () => {
    const { w, vip, m, day } = await world();
    nextDay();
    const [a, b] = await Promise.all([
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
    ]);
    expect((a?.written ?? 0) + (b?.written ?? 0)).toBe(2);
    const again = await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect(again).toMatchObject({ written: 0, existing: 2, paidAmount: 0 });
    expect((await w.balances(m.id)).main).toBe(4_000);
    await expectCleanBooks(t.database.db);
  });

  it("uses the rule of the member's level, capped by its maximum", async () => {
    const { w, vip, m, day } = await world();
    await t.database.db
      .insertInto('vip_member_levels')
      .values({ member_id: m.id, merchant_id: w.merchant.id, level: 1, reached_on: day, evaluated_on: day, updated_at: clock.now })
      .execute();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day).then(() => nextDay());
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    const lines = await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 10 });
    // 1 % of 1,000,000 is 10,000 (under the cap); level 1 has no live-casino rule.
    expect(lines.list.map((l) => [l.category, l.vipLevel, l.amount])).toEqual([['RNG', 1, 10_000]]);
    expect(lines.level).toBe(1);
  });

  it('a self-excluded or locked member is paid nothing: its lines are withheld', async () => {
    const { w, vip, m, day, play, rolledUp } = await world();
    const locked = await w.member();
    await play(locked, 'RNG', 1_000_000);
    await rolledUp(locked, day, 1_000_000);
    await t.app.services.responsibleGaming.selfExclude(m.id, { permanent: true }, { ip: null });
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', locked.id).execute();
    nextDay();
    const settled = await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect(settled).toMatchObject({ written: 3, paidAmount: 0 });
    expect((await w.balances(m.id)).main).toBe(0);
    expect((await w.balances(locked.id)).main).toBe(0);
    const statuses = (await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 10 })).list.map((l) => l.status);
    expect(statuses).toEqual(['withheld', 'withheld']);
    const principal = { memberId: m.id, merchantId: w.merchant.id, currency: w.currency };
    expect(await errorCodeOf(vip.rebates.claim(principal, requestId()))).toBe('rebate_claim_not_allowed');
    await expectCleanBooks(t.database.db);
  });
});

describe('claiming accrued rebates', () => {
  it('claims what accrued once: the same request answers the first claim, another finds nothing', async () => {
    const { w, vip, m, day } = await world();
    nextDay();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    const principal = { memberId: m.id, merchantId: w.merchant.id, currency: w.currency };
    const manual = await vip.rebates.manual(principal);
    expect(manual.claimable).toBe(6_000);
    expect(manual.byCategory).toEqual([{ category: 'LIVE', betBase: 2_000_000, amount: 6_000, lines: 1 }]);
    expect(manual.running).toEqual([expect.objectContaining({ category: 'LIVE', period: 'D', betBase: 0, ratePpm: 3_000, estimate: 0 })]);

    const id = requestId();
    const first = await vip.rebates.claim(principal, id);
    expect(first).toMatchObject({ amount: 6_000, lines: 1, isReplay: false });
    expect(await vip.rebates.claim(principal, id)).toEqual({ ...first, isReplay: true });
    expect(await errorCodeOf(vip.rebates.claim(principal, requestId()))).toBe('rebate_nothing_to_claim');
    expect((await w.balances(m.id)).main).toBe(10_000);
    expect((await vip.rebates.manual(principal)).claimable).toBe(0);
    await expectCleanBooks(t.database.db);
  });

  it('concurrent claims take each accrued line once', async () => {
    const { w, vip, m, day } = await world();
    nextDay();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    const principal = { memberId: m.id, merchantId: w.merchant.id, currency: w.currency };
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => vip.rebates.claim(principal, requestId())));
    const paid = results.filter((r) => r.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    expect((await w.balances(m.id)).main).toBe(10_000);
    await expectCleanBooks(t.database.db);
  });
});

describe('rebate settlement killed mid-run', () => {
  it('a run that dies between chunks keeps the chunks before; the rerun pays the rest, each line once', async () => {
    const { w, m, day, play, rolledUp } = await world();
    const other = await w.member();
    await play(other, 'RNG', 2_000_000);
    await rolledUp(other, day, 2_000_000);
    nextDay();
    const services = t.app.services;
    // One member per chunk; the second chunk's ledger credits go through and then the process dies,
    // before its lines and audit row are written.
    let imports = 0;
    const dying: LedgerService = {
      ...services.ledger,
      creditMany: async (input, trx) => {
        const moved = await services.ledger.creditMany(input, trx);
        imports += 1;
        if (imports === 2) throw new Error('the process died here');
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
    await expect(crashing.rebates.settlePeriod(w.merchant.id, 'D', day)).rejects.toThrow('the process died here');
    // The first member's chunk committed (its slots line paid); the other's transaction was rolled back whole.
    expect((await w.balances(m.id)).main).toBe(4_000);
    expect((await w.balances(other.id)).main).toBe(0);
    await expectCleanBooks(t.database.db);

    const rerun = await services.vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect(rerun).toMatchObject({ written: 1, existing: 2, corrections: 0, paidAmount: 8_000 });
    expect(await services.vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0, existing: 3 });
    expect((await w.balances(m.id)).main).toBe(4_000);
    expect((await w.balances(other.id)).main).toBe(8_000);
    const keys = await t.database.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `rebate:%:%:${day}`)
      .where('reference_type', '=', 'rebate_rule')
      .execute();
    const mine = keys.map((k) => k.idempotency_key).filter((k) => k.startsWith(`rebate:${m.id}:`) || k.startsWith(`rebate:${other.id}:`));
    expect(mine).toHaveLength(2);
    // One audit row per chunk written, summing it up: its members, counts, amounts and the hash of its lines.
    type Summary = { members: [number, number]; lines: number; paid: number; paidAmount: number; accrued: number; hash: string };
    const audits = (
      await t.database.db
        .selectFrom('audit_log')
        .select('data')
        .where('action', '=', 'vip.rebate_lines')
        .where('subject_id', '=', `D:${day}`)
        .execute()
    )
      .map((a) => a.data as Summary)
      .filter((a) => [m.id, other.id].includes(a.members[0]));
    expect(audits.map((a) => [a.members, a.lines, a.paid, a.paidAmount, a.accrued]).sort()).toEqual(
      [
        [[m.id, m.id], 2, 1, 4_000, 1],
        [[other.id, other.id], 1, 1, 8_000, 0],
      ].sort(),
    );
    // Each audit row's hash is the hash of the lines it wrote, as they stand in the table.
    for (const audit of audits) {
      const lines = await t.database.db
        .selectFrom('rebate_lines')
        .select(['member_id', 'rule_id', 'revision', 'amount', 'status'])
        .where('member_id', '>=', audit.members[0])
        .where('member_id', '<=', audit.members[1])
        .where('period_start', '=', day)
        .execute();
      expect(
        rebateLinesHashOf(
          lines.map((l) => [Number(l.member_id), Number(l.rule_id), Number(l.revision), Number(l.amount), l.status] as const),
        ),
      ).toBe(audit.hash);
    }
    await expectCleanBooks(t.database.db);
  });
});

describe('corrections for rounds settled late', () => {
  it('a round settled after the lines were written gets a correction line for the difference, once', async () => {
    const { w, vip, m, day, play, rolledUp } = await world();
    nextDay();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect((await w.balances(m.id)).main).toBe(4_000);
    // A vendor settles a slots round of that day late: 250,000 more valid bet in the day's rollups.
    const late = clock.now;
    clock.now = new Date(late.getTime() - 86_400_000);
    await play(m, 'RNG', 250_000);
    clock.now = late;
    await rolledUp(m, day, 3_250_000);
    const [a, b] = await Promise.all([
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
    ]);
    expect((a?.corrections ?? 0) + (b?.corrections ?? 0)).toBe(1);
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0, corrections: 0, existing: 2 });
    // 0.4 % of 1,250,000 is 5,000: the correction pays the 1,000 the first line did not.
    expect((await w.balances(m.id)).main).toBe(5_000);
    const lines = (await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 10 })).list.filter(
      (l) => l.category === 'RNG',
    );
    expect(lines.map((l) => [l.revision, l.betBase, l.amount, l.status]).sort()).toEqual([
      [0, 1_000_000, 4_000, 'paid'],
      [1, 250_000, 1_000, 'paid'],
    ]);
    await expectCleanBooks(t.database.db);
  });

  it("a correction keeps the first line's rule and cap when the member has moved level since", async () => {
    const { w, vip, m, day, play, rolledUp } = await world();
    await t.database.db
      .insertInto('vip_member_levels')
      .values({ member_id: m.id, merchant_id: w.merchant.id, level: 1, reached_on: day, evaluated_on: day, updated_at: clock.now })
      .execute();
    nextDay();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    // Level 1: 1 % of 1,000,000 = 10,000 (cap 30,000). Then back to level 0, and 4,000,000 more settled late.
    await t.database.db.updateTable('vip_member_levels').set({ level: 0 }).where('member_id', '=', m.id).execute();
    const late = clock.now;
    clock.now = new Date(late.getTime() - 86_400_000);
    await play(m, 'RNG', 4_000_000);
    clock.now = late;
    await rolledUp(m, day, 7_000_000);
    const settled = await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    // The live-casino play, which level 1 had no rule for, now gets its period's line from level 0's rule (to claim).
    expect(settled).toMatchObject({ written: 2, corrections: 1, paidAmount: 20_000 });
    const rng = (await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 10 })).list.filter(
      (l) => l.category === 'RNG',
    );
    // 1 % of 5,000,000 is 50,000, capped at 30,000: the correction is 20,000 on the level 1 rule; no level 0 line.
    expect(rng.map((l) => [l.revision, l.vipLevel, l.betBase, l.amount]).sort()).toEqual([
      [0, 1, 1_000_000, 10_000],
      [1, 1, 4_000_000, 20_000],
    ]);
    expect((await w.balances(m.id)).main).toBe(30_000);
    await expectCleanBooks(t.database.db);
  });
});
