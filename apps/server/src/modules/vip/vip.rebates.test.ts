import { type RebateRuleInput, setRebateRulesRequestSchema } from '@platform/contracts/vip';
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
    // One member per chunk (two chunks are written at once); the other member's chunk's ledger
    // credits go through and then the process dies, before its lines and audit row are written.
    const dying: LedgerService = {
      ...services.ledger,
      creditMany: async (input, trx) => {
        const moved = await services.ledger.creditMany(input, trx);
        if (input.credits.some((c) => c.memberId === other.id)) throw new Error('the process died here');
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

  it("a vendor's rule pays on that vendor's valid bet, the category's rule on the rest; each once, a late round corrects its own rule", async () => {
    clock.now = new Date(clock.now.getTime() + 5 * 86_400_000);
    // Level 0 slots: 0.4 % for every vendor, 2 % at PG; live casino 0.3 % to claim.
    const v = await createVipWorld(t, clock, [
      ...RULES,
      { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 20_000, maxAmount: null, vendorCode: 'PG' },
    ]);
    const { w, vip, rolledUp } = v;
    const m = await w.member();
    let rounds = 0;
    const round = async (vendor: string, category: string, stake: number) => {
      rounds += 1;
      await t.database.db
        .insertInto('bet_records')
        .values({
          merchant_id: w.merchant.id,
          member_id: m.id,
          username: m.username,
          vendor_code: vendor,
          game_code: 'slot-1',
          game_category: category,
          round_id: `vendor-rule-${m.id}-${rounds}`,
          currency: w.currency,
          status: 'settled',
          stake,
          payout: 0,
          valid_bet: stake,
          win_loss: -stake,
          bet_count: 1,
          opened_at: clock.now,
          settled_at: clock.now,
          updated_at: clock.now,
        })
        .execute();
    };
    await round('PG', 'RNG', 1_000_000);
    await round('DEMO', 'RNG', 3_000_000);
    await round('PG', 'LIVE', 500_000);
    const day = v.today();
    await rolledUp(m, day, 4_500_000);
    const rules = await vip.rebates.rulesOf(w.merchant.id);
    expect(rules.find((r) => r.vendorCode === 'PG')).toMatchObject({ category: 'RNG', ratePpm: 20_000 });
    nextDay();
    const [a, b] = await Promise.all([
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
      vip.rebates.settlePeriod(w.merchant.id, 'D', day),
    ]);
    expect((a?.written ?? 0) + (b?.written ?? 0)).toBe(3);
    // 2 % of PG's 1,000,000 and 0.4 % of the other 3,000,000 paid; live casino (no vendor rule) 0.3 % of 500,000 accrued.
    expect((await w.balances(m.id)).main).toBe(20_000 + 12_000);
    const lines = async () =>
      (await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 20 })).list
        .map((l) => [l.category, l.vendorCode, l.revision, l.betBase, l.amount, l.status])
        .sort();
    expect(await lines()).toEqual([
      ['LIVE', null, 0, 500_000, 1_500, 'accrued'],
      ['RNG', null, 0, 3_000_000, 12_000, 'paid'],
      ['RNG', 'PG', 0, 1_000_000, 20_000, 'paid'],
    ]);
    // Every line is reproducible from the vendor rollups: the vendor's valid bet, or the category's less the named vendors'.
    const byVendor = await t.database.db
      .selectFrom('member_daily_vendor_stats')
      .select(['category', 'vendor_code', 'valid_bet'])
      .where('member_id', '=', m.id)
      .execute();
    expect(byVendor.map((r) => [r.category, r.vendor_code, Number(r.valid_bet)]).sort()).toEqual([
      ['LIVE', 'PG', 500_000],
      ['RNG', 'DEMO', 3_000_000],
      ['RNG', 'PG', 1_000_000],
    ]);

    // A PG slots round of that day settled late: a correction of the PG rule only, once.
    const late = clock.now;
    clock.now = new Date(late.getTime() - 86_400_000);
    await round('PG', 'RNG', 500_000);
    clock.now = late;
    await rolledUp(m, day, 5_000_000);
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 1, corrections: 1, paidAmount: 10_000 });
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0, existing: 3 });
    expect((await lines()).filter((l) => l[1] === 'PG')).toEqual([
      ['RNG', 'PG', 0, 1_000_000, 20_000, 'paid'],
      ['RNG', 'PG', 1, 500_000, 10_000, 'paid'],
    ]);
    expect((await w.balances(m.id)).main).toBe(42_000);
    // The rule set keeps the two slots rules apart; the same (level, category, period, vendor) twice is refused.
    const twice = setRebateRulesRequestSchema.safeParse({ rules: [...RULES, RULES[0], { ...RULES[0], vendorCode: 'PG' }], version: 1 });
    expect(twice.success).toBe(false);
    expect(setRebateRulesRequestSchema.safeParse({ rules: [...RULES, { ...RULES[0], vendorCode: 'PG' }], version: 1 }).success).toBe(true);
    await expectCleanBooks(t.database.db);
  });
});

describe('vendor rules added while a period runs', () => {
  /** A member of a fresh world and a helper that settles a round of the given vendor at the clock's time. */
  async function vendorWorld(rules: RebateRuleInput[]) {
    clock.now = new Date(clock.now.getTime() + 5 * 86_400_000);
    const v = await createVipWorld(t, clock, rules);
    const m = await v.w.member();
    let rounds = 0;
    const round = async (vendor: string, category: string, stake: number) => {
      rounds += 1;
      await t.database.db
        .insertInto('bet_records')
        .values({
          merchant_id: v.w.merchant.id,
          member_id: m.id,
          username: m.username,
          vendor_code: vendor,
          game_code: 'slot-1',
          game_category: category,
          round_id: `vendor-added-${m.id}-${rounds}`,
          currency: v.w.currency,
          status: 'settled',
          stake,
          payout: 0,
          valid_bet: stake,
          win_loss: -stake,
          bet_count: 1,
          opened_at: clock.now,
          settled_at: clock.now,
          updated_at: clock.now,
        })
        .execute();
    };
    return { ...v, m, round };
  }

  it("a vendor's rule added after the category's line was written does not count that vendor's bets a second time", async () => {
    const { w, vip, m, round, rolledUp, today, op } = await vendorWorld(RULES);
    await round('PG', 'RNG', 1_000_000);
    await round('DEMO', 'RNG', 3_000_000);
    const day = today();
    await rolledUp(m, day, 4_000_000);
    nextDay();
    // The category's rule counts both vendors: 0.4 % of 4,000,000.
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 1, paidAmount: 16_000 });
    // The operator then adds 2 % at PG, and a PG round of that day settles late.
    const { version } = await vip.rebates.rulesWithVersion(w.merchant.id);
    await vip.rebates.setRules(op, {
      rules: [...RULES, { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 20_000, maxAmount: null, vendorCode: 'PG' }],
      version,
    });
    const late = clock.now;
    clock.now = new Date(late.getTime() - 86_400_000);
    await round('PG', 'RNG', 500_000);
    clock.now = late;
    await rolledUp(m, day, 4_500_000);
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', day)).toMatchObject({ written: 0 });
    // Each bet of the day counts under one rule: the late 500,000 corrects the category's line
    // (0.4 %, 2,000); the 1,000,000 at PG it counted earns no PG line.
    const lines = (await vip.rebates.linesOfMember(w.merchant.id, m.id, { pageNo: 1, pageSize: 20 })).list
      .map((l) => [l.category, l.vendorCode, l.revision, l.betBase, l.amount])
      .sort();
    expect(lines).toEqual([
      ['RNG', null, 0, 4_000_000, 16_000],
      ['RNG', null, 1, 500_000, 2_000],
    ]);
    expect(lines.reduce((s, l) => s + Number(l[3]), 0)).toBe(4_500_000);
    expect((await w.balances(m.id)).main).toBe(18_000);

    // The next day the PG rule applies from the start: PG's bets under it, the rest under the category's.
    await round('PG', 'RNG', 1_000_000);
    await round('DEMO', 'RNG', 1_000_000);
    const next = today();
    await rolledUp(m, next, 2_000_000);
    nextDay();
    expect(await vip.rebates.settlePeriod(w.merchant.id, 'D', next)).toMatchObject({ written: 2, paidAmount: 20_000 + 4_000 });
    await expectCleanBooks(t.database.db);
  });

  it("the running estimate is the settlement's computation: vendors' rules included, and a claim pays what it showed", async () => {
    const rules: RebateRuleInput[] = [
      { vipLevel: 0, category: 'RNG', period: 'D', mode: 'claim', ratePpm: 4_000, maxAmount: null },
      { vipLevel: 0, category: 'RNG', period: 'D', mode: 'claim', ratePpm: 20_000, maxAmount: 15_000, vendorCode: 'PG' },
      { vipLevel: 0, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 3_000, maxAmount: null, vendorCode: 'EVO' },
    ];
    const { w, vip, m, round, rolledUp, today } = await vendorWorld(rules);
    await round('PG', 'RNG', 1_000_000);
    await round('DEMO', 'RNG', 3_000_000);
    const day = today();
    await rolledUp(m, day, 4_000_000);
    const principal = { memberId: m.id, merchantId: w.merchant.id, currency: w.currency };
    const running = (await vip.rebates.manual(principal)).running;
    // PG: 2 % of 1,000,000 capped at 15,000; the rest of slots: 0.4 % of 3,000,000; EVO's live casino: no play yet.
    expect(running.map((r) => [r.category, r.vendorCode ?? '', r.betBase, r.ratePpm, r.estimate]).sort()).toEqual([
      ['LIVE', 'EVO', 0, 3_000, 0],
      ['RNG', '', 3_000_000, 4_000, 12_000],
      ['RNG', 'PG', 1_000_000, 20_000, 15_000],
    ]);
    const estimate = running.reduce((s, r) => s + r.estimate, 0);
    nextDay();
    await vip.rebates.settlePeriod(w.merchant.id, 'D', day);
    const manual = await vip.rebates.manual(principal);
    expect(manual.claimable).toBe(estimate);
    const claimed = await vip.rebates.claim(principal, requestId());
    expect(claimed.amount).toBe(estimate);
    expect((await w.balances(m.id)).main).toBe(estimate);
    await expectCleanBooks(t.database.db);
  });
});
