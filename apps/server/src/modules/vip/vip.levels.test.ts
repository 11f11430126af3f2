import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createVipWorld, TEST_LEVELS, type VipMember } from '../../../test/vip-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { auth } from '../../../test/wallet-fixture.ts';
import { addDays } from '../../lib/time-zone.ts';
import { nextLevelOf } from './vip.levels.ts';

let t: TestApp;
const clock = { now: new Date('2026-10-01T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const days = (n: number) => {
  clock.now = new Date(clock.now.getTime() + n * 86_400_000);
};

describe('nextLevelOf', () => {
  const figures = (deposits: number, validBet: number) => ({ deposits, validBet });

  it('goes up to the highest level met, skipping levels', () => {
    expect(nextLevelOf(TEST_LEVELS, undefined, figures(5_000_000, 20_000_000), '2026-10-10', 'rolling30')).toBe(2);
    expect(nextLevelOf(TEST_LEVELS, undefined, figures(1_000_000, 19_999_999), '2026-10-10', 'rolling30')).toBe(1);
    expect(nextLevelOf(TEST_LEVELS, undefined, figures(999_999, 100_000_000), '2026-10-10', 'rolling30')).toBe(0);
  });

  it('keeps a level while its maintenance is met or before a whole window at it; otherwise one level down', () => {
    const at2 = { level: 2, reachedOn: '2026-09-01' };
    expect(nextLevelOf(TEST_LEVELS, at2, figures(0, 10_000_000), '2026-10-10', 'rolling30')).toBe(2);
    expect(nextLevelOf(TEST_LEVELS, at2, figures(0, 9_999_999), '2026-10-10', 'rolling30')).toBe(1);
    // Reached inside the window: not judged yet.
    expect(nextLevelOf(TEST_LEVELS, { level: 2, reachedOn: '2026-09-20' }, figures(0, 0), '2026-10-10', 'rolling30')).toBe(2);
    // Calendar month: judged only on the month's last day.
    expect(nextLevelOf(TEST_LEVELS, at2, figures(0, 0), '2026-10-10', 'calendarMonth')).toBe(2);
    expect(nextLevelOf(TEST_LEVELS, at2, figures(0, 0), '2026-10-31', 'calendarMonth')).toBe(1);
  });
});

describe('the daily evaluation', () => {
  async function deposit(w: Awaited<ReturnType<typeof createVipWorld>>['w'], m: VipMember, amount: number) {
    await w.fund(m.accounts, amount);
  }

  it('pays the upgrade bonus of each level reached once, shows the level as the club label, and downgrades one level after a window without maintenance', async () => {
    const v = await createVipWorld(t, clock, []);
    const { w, vip, play } = v;
    const m = await w.member();
    await deposit(w, m, 6_000_000);
    await play(m, 'RNG', 25_000_000, 24_000_000);
    const day = v.today();
    await v.rolledUp(m, day, 25_000_000);
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        const money = await t.app.services.dailyStats.moneyDays({ memberIds: [m.id], from: day, to: day });
        return money[0]?.depositAmount === 6_000_000;
      },
      { what: 'the rollups include the deposit' },
    );
    expect(await vip.levels.evaluateDay(w.merchant.id, day)).toMatchObject({ evaluated: 0 });
    days(1);
    expect(await vip.levels.evaluateDay(w.merchant.id, day)).toEqual({ evaluated: 1, upgraded: 1, downgraded: 0, bonusesPaid: 2 });
    expect(await vip.levels.levelOf(m.id)).toBe(2);
    // 6,000,000 deposited + 50,000 (VIP1) + 200,000 (VIP2); the rounds are written as records only, no money moved.
    expect((await w.balances(m.id)).main).toBe(6_250_000);
    expect(await vip.clubOf(m.id)).toEqual({ name: 'VIP2', rankLevel: 2 });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: auth(await w.token(m.id)) });
    expect(info.json().value.clubLabel).toEqual({ name: 'VIP2', rankLevel: 2 });

    // A second run of the day changes nothing.
    expect(await vip.levels.evaluateDay(w.merchant.id, day)).toMatchObject({ evaluated: 0 });

    // A whole window (30 days) passes with no play: down one level, no bonus.
    days(31);
    const later = addDays(day, 31);
    expect(await vip.levels.evaluateDay(w.merchant.id, later)).toMatchObject({ evaluated: 1, downgraded: 1, bonusesPaid: 0 });
    expect(await vip.levels.levelOf(m.id)).toBe(1);

    // Back up to VIP2: its bonus was paid once and is not paid again.
    await deposit(w, m, 5_000_000);
    await play(m, 'RNG', 20_000_000, 20_000_000 - 1);
    const back = v.today();
    await v.rolledUp(m, back, 20_000_000);
    days(1);
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        const money = await t.app.services.dailyStats.moneyDays({ memberIds: [m.id], from: back, to: back });
        return money[0]?.depositAmount === 5_000_000;
      },
      { what: 'the rollups include the deposit' },
    );
    expect(await vip.levels.evaluateDay(w.merchant.id, back)).toMatchObject({ evaluated: 1, upgraded: 1, bonusesPaid: 0 });
    expect(await vip.levels.levelOf(m.id)).toBe(2);
    const bonuses = await t.database.db
      .selectFrom('vip_upgrade_bonuses')
      .select(['level'])
      .where('member_id', '=', m.id)
      .orderBy('level')
      .execute();
    expect(bonuses.map((b) => b.level)).toEqual([1, 2]);
    await expectCleanBooks(t.database.db);
  });

  it('a self-excluded member moves up but its upgrade bonus is withheld', async () => {
    const v = await createVipWorld(t, clock, []);
    const m = await v.w.member();
    await v.w.fund(m.accounts, 1_000_000);
    await v.play(m, 'RNG', 5_000_000, 5_000_000);
    const day = v.today();
    await v.rolledUp(m, day, 5_000_000);
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        return (await t.app.services.dailyStats.moneyDays({ memberIds: [m.id], from: day, to: day }))[0]?.depositAmount === 1_000_000;
      },
      { what: 'the rollups include the deposit' },
    );
    await t.app.services.responsibleGaming.selfExclude(m.id, { permanent: true }, { ip: null });
    days(1);
    expect(await v.vip.levels.evaluateDay(v.w.merchant.id, day)).toMatchObject({ upgraded: 1, bonusesPaid: 0 });
    const bonus = await t.database.db
      .selectFrom('vip_upgrade_bonuses')
      .select(['status', 'transfer_id'])
      .where('member_id', '=', m.id)
      .execute();
    expect(bonus).toEqual([{ status: 'withheld', transfer_id: null }]);
    expect((await v.w.balances(m.id)).main).toBe(1_000_000);
    await expectCleanBooks(t.database.db);
  });

  it('playerRank shows the level, what the next one takes and the ladder with its rebates', async () => {
    const v = await createVipWorld(t, clock, [
      { vipLevel: 1, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 8_000, maxAmount: null },
    ]);
    const m = await v.w.member();
    await v.play(m, 'RNG', 2_000_000, 0);
    await v.rolledUp(m, v.today(), 2_000_000);
    const rank = await v.vip.playerRank({ memberId: m.id, merchantId: v.w.merchant.id, currency: v.w.currency }, 'en');
    expect(rank).toMatchObject({
      level: 0,
      code: 'VIP0',
      name: 'Member',
      validBet: 2_000_000,
      deposits: 0,
      next: { level: 1, code: 'VIP1', name: 'Bronze', depositMissing: 1_000_000, validBetMissing: 3_000_000 },
    });
    expect(rank.ladder.map((l) => l.code)).toEqual(['VIP0', 'VIP1', 'VIP2']);
    expect(rank.ladder[1]?.rebates).toEqual([{ category: 'RNG', period: 'D', ratePpm: 8_000, vendorCode: null }]);
  });

  it('pays the periodic bonus once per (member, period) to the members holding the level when the period is over', async () => {
    const v = await createVipWorld(t, clock, []);
    const ladder = TEST_LEVELS.map((l) => (l.level === 1 ? { ...l, periodicBonus: 30_000, periodicPeriod: 'W' as const } : l));
    await v.vip.levels.setLevels(v.op, { levels: ladder });
    const m = await v.w.member();
    const excluded = await v.w.member();
    const day = v.today();
    for (const member of [m, excluded]) {
      await t.database.db
        .insertInto('vip_member_levels')
        .values({ member_id: member.id, merchant_id: v.w.merchant.id, level: 1, reached_on: day, evaluated_on: day, updated_at: clock.now })
        .execute();
    }
    await t.app.services.responsibleGaming.selfExclude(excluded.id, { permanent: true }, { ip: null });
    expect(await v.vip.levels.payPeriodicBonuses(v.w.merchant.id, 'W', day)).toBe(0);
    days(7);
    const [a, b] = await Promise.all([
      v.vip.levels.payPeriodicBonuses(v.w.merchant.id, 'W', day),
      v.vip.levels.payPeriodicBonuses(v.w.merchant.id, 'W', day),
    ]);
    expect(a + b).toBe(1);
    expect(await v.vip.levels.payPeriodicBonuses(v.w.merchant.id, 'W', day)).toBe(0);
    expect((await v.w.balances(m.id)).main).toBe(30_000);
    expect((await v.w.balances(excluded.id)).main).toBe(0);
    const rows = await t.database.db
      .selectFrom('vip_periodic_bonuses')
      .select(['member_id', 'status'])
      .where('merchant_id', '=', v.w.merchant.id)
      .execute();
    expect(rows.map((r) => [Number(r.member_id), r.status]).sort()).toEqual(
      [
        [m.id, 'paid'],
        [excluded.id, 'withheld'],
      ].sort(),
    );
    await expectCleanBooks(t.database.db);
  });
});
