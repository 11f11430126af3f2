import type { PromotionInput } from '@platform/contracts/promotions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, type PromoMember, promotionInput } from '../../../test/promotions-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import { createPromotionsService, lossAmountOf, nextLossLine } from './promotions.service.ts';

let t: TestApp;
// 10:00 in Hanoi: the merchant's day is the 20th.
const clock = { now: new Date('2026-11-20T03:00:00Z') };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

/** 10 % of a day's net loss from 100,000, at most 50,000, wagered once on slots. */
function lossInput(over: Partial<PromotionInput> = {}): PromotionInput {
  return promotionInput({
    category: 'DAILY',
    trigger: 'loss_period',
    startsAt: '2026-11-01T00:00:00.000Z',
    amount: { kind: 'percent', basisPoints: 1_000, cap: 50_000 },
    loss: { period: 'D', minLoss: 100_000, mode: 'auto' },
    wagering: { multiple: 1, weights: { RNG: 100 } },
    stackable: true,
    perMemberLimit: 1,
    ...over,
  });
}

describe('the loss rule', () => {
  it('pays from the minimum, by the amount rule on the loss', () => {
    const input = lossInput();
    expect(lossAmountOf(input, 99_999)).toBe(0);
    expect(lossAmountOf(input, 100_000)).toBe(10_000);
    expect(lossAmountOf(input, 1_000_000)).toBe(50_000);
    expect(lossAmountOf({ ...input, loss: undefined }, 1_000_000)).toBe(0);
  });

  it('whatever the order of late changes, a period’s lines add up to the most its loss ever earned, never more', () => {
    const input = lossInput();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 800_000 }), { minLength: 1, maxLength: 12 }), (losses) => {
        const lines: { revision: number; net_loss: number; amount: number }[] = [];
        for (const loss of losses) {
          const next = nextLossLine(input, loss, lines);
          if (next) {
            expect(next.revision).toBe(lines.length);
            expect(next.amount).toBeGreaterThanOrEqual(0);
            lines.push({ revision: next.revision, net_loss: loss, amount: next.amount });
          }
          // The same loss seen again writes nothing.
          expect(nextLossLine(input, loss, lines)).toBeNull();
        }
        const paid = lines.reduce((s, l) => s + l.amount, 0);
        expect(paid).toBe(Math.max(0, ...losses.map((l) => lossAmountOf(input, l))));
      }),
    );
  });
});

describe('loss promotions settled from the rollups', () => {
  async function world(over: Partial<PromotionInput> = {}) {
    clock.now = new Date(clock.now.getTime() + 3 * DAY);
    const p = await createPromoWorld(t, clock);
    const promo = await p.promotions.admin.create(p.op, lossInput(over));
    const timeZone = await t.app.services.records.timeZoneOf(p.w.merchant.id);
    const today = () => localDateOf(clock.now, timeZone);

    /** A round settled at `at` (default now), recorded now: a vendor's late report when `at` is in a closed period. */
    async function round(m: PromoMember, stake: number, payout: number, at = clock.now) {
      await t.database.db
        .insertInto('bet_records')
        .values({
          merchant_id: p.w.merchant.id,
          member_id: m.id,
          username: m.username,
          vendor_code: 'DEMO',
          game_code: 'dice',
          game_category: 'RNG',
          round_id: uniqueName('round-'),
          currency: p.w.currency,
          status: 'settled',
          stake,
          payout,
          valid_bet: stake,
          win_loss: payout - stake,
          bet_count: 1,
          opened_at: at,
          settled_at: at,
          updated_at: clock.now,
        })
        .execute();
    }

    /** Waits until the rollups hold the member's net loss for the day. */
    async function rolledUp(m: PromoMember, day: string, netLoss: number) {
      await waitUntil(
        async () => {
          await t.app.services.dailyStats.refresh();
          const rows = await t.app.services.dailyStats.netLossByMember({ merchantId: p.w.merchant.id, from: day, to: day });
          return (rows.find((r) => r.memberId === m.id)?.netLoss ?? 0) === netLoss;
        },
        { what: "the rollups include the day's rounds" },
      );
    }

    async function lines(m: PromoMember) {
      return t.database.db
        .selectFrom('promotion_loss_lines')
        .select(['revision', 'net_loss', 'loss_change', 'amount', 'status', 'grant_id'])
        .where('member_id', '=', m.id)
        .orderBy('revision')
        .execute();
    }

    return { ...p, promo, today, round, rolledUp, lines };
  }

  it('grants a day’s loss once after the day is over; a late round pays the difference, a late fall is noted, nothing twice', async () => {
    const { w, promotions, op, principal, promo, today, round, rolledUp, lines } = await world();
    const [loser, winner, small] = [await w.member(), await w.member(), await w.member()];
    const day = today();
    const during = new Date(clock.now.getTime());
    await round(loser, 300_000, 0);
    await round(winner, 100_000, 400_000);
    await round(small, 99_000, 0);
    await rolledUp(loser, day, 300_000);
    // The day is not over: nothing.
    expect(await promotions.settleLossPeriods()).toBe(0);
    clock.now = new Date(clock.now.getTime() + DAY);
    // Two runs and an operator's rerun at once pay the day once.
    const [a, b, c] = await Promise.all([
      promotions.settleLossPeriods(),
      promotions.settleLossPeriods(),
      promotions.admin.rerunLossPeriod(op, promo.id, day),
    ]);
    expect(a + b + c.written).toBe(1);
    expect(await lines(loser)).toEqual([expect.objectContaining({ revision: 0, net_loss: 300_000, amount: 30_000, status: 'granted' })]);
    expect(await lines(winner)).toEqual([]);
    expect(await lines(small)).toEqual([]);
    expect((await w.balances(loser.id)).bonus).toBe(30_000);
    expect(await promotions.settleLossPeriods()).toBe(0);

    // A vendor reports a round settled during the closed day: the difference (10 % of 500,000, less 30,000).
    await round(loser, 200_000, 0, during);
    await rolledUp(loser, day, 500_000);
    expect(await promotions.settleLossPeriods()).toBe(1);
    expect(await promotions.settleLossPeriods()).toBe(0);
    expect((await lines(loser)).map((l) => [l.revision, l.loss_change, l.amount, l.status])).toEqual([
      [0, 300_000, 30_000, 'granted'],
      [1, 200_000, 20_000, 'granted'],
    ]);
    expect((await w.balances(loser.id)).bonus).toBe(50_000);
    // A late win lowers the loss: noted, nothing taken back; the loss rising to where it was pays nothing again.
    await round(loser, 0, 300_000, during);
    await rolledUp(loser, day, 200_000);
    expect(await promotions.settleLossPeriods()).toBe(1);
    await round(loser, 300_000, 0, during);
    await rolledUp(loser, day, 500_000);
    expect(await promotions.settleLossPeriods()).toBe(0);
    expect((await lines(loser)).map((l) => [l.revision, l.loss_change, l.amount, l.status])).toEqual([
      [0, 300_000, 30_000, 'granted'],
      [1, 200_000, 20_000, 'granted'],
      [2, -300_000, 0, 'noted'],
    ]);
    expect((await w.balances(loser.id)).bonus).toBe(50_000);
    const card = (await promotions.forMember(principal(loser), 'en')).list.find((p) => p.id === promo.id);
    expect(card).toMatchObject({ status: 'PROCESSING', loss: { period: 'D', minLoss: 100_000, mode: 'auto' }, claimable: 0 });
    await expectCleanBooks(t.database.db);
  });

  it('claim mode accrues for the member’s claim; an exclusion cancels what is accrued and withholds what comes after', async () => {
    const { w, promotions, principal, promo, today, round, rolledUp, lines } = await world({
      loss: { period: 'D', minLoss: 100_000, mode: 'claim' },
      stackable: false,
    });
    const [claimer, excluded, early] = [await w.member(), await w.member(), await w.member()];
    const day = today();
    for (const m of [claimer, excluded, early]) await round(m, 400_000, 0);
    await rolledUp(early, day, 400_000);
    await t.app.services.responsibleGaming.selfExclude(early.id, { months: 1 }, { ip: null });
    clock.now = new Date(clock.now.getTime() + DAY);
    expect(await promotions.settleLossPeriods()).toBe(3);
    expect((await lines(early)).map((l) => l.status)).toEqual(['withheld']);
    const before = await promotions.forMember(principal(claimer), 'vi');
    expect(before.list.find((p) => p.id === promo.id)).toMatchObject({ status: 'CLAIM', claimable: 40_000 });
    expect(before.availableCount).toBeGreaterThanOrEqual(1);
    expect((await w.balances(claimer.id)).bonus).toBe(0);

    // Two claims at once: one grant of the accrued amount.
    const results = await Promise.all([1, 2].map(() => errorCodeOf(promotions.claim(principal(claimer), promo.id, { ip: null }))));
    expect(results.sort()).toEqual(['ok', 'promotion_nothing_to_claim']);
    expect((await w.balances(claimer.id)).bonus).toBe(40_000);
    expect((await lines(claimer)).map((l) => [l.status, l.grant_id !== null])).toEqual([['granted', true]]);
    expect((await promotions.forMember(principal(claimer), 'en')).list.find((p) => p.id === promo.id)?.status).toBe('PROCESSING');

    // Self-exclusion cancels the accrued line in its own transaction; nothing is paid then or later.
    await t.app.services.responsibleGaming.selfExclude(excluded.id, { months: 1 }, { ip: null });
    expect((await lines(excluded)).map((l) => l.status)).toEqual(['cancelled']);
    expect(await errorCodeOf(promotions.claim(principal(excluded), promo.id, { ip: null }))).not.toBe('ok');
    expect(await promotions.settleLossPeriods()).toBe(0);
    expect((await w.balances(excluded.id)).bonus).toBe(0);
    expect((await w.balances(early.id)).bonus).toBe(0);
    await expectCleanBooks(t.database.db);
  });

  it('reads the audience once for all the period’s members, and a run that dies mid-way pays nothing twice', async () => {
    const input = lossInput({ audience: { labels: ['loss-club'] } });
    const { w, op, promo, today, round, rolledUp, lines } = await world(input);
    const label = await t.app.services.memberLabels.create(op, {
      code: uniqueName('lc'),
      name: 'loss-club',
      rankLevel: null,
      sort: 9,
      isEnabled: true,
    });
    const members = [await w.member(), await w.member(), await w.member(), await w.member()];
    const [outsider, ...club] = members as [PromoMember, ...PromoMember[]];
    for (const m of club) await t.app.services.memberLabels.setForMember(op, m.id, [label.id]);
    const day = today();
    for (const m of members) await round(m, 200_000, 0);
    await rolledUp(members[members.length - 1] as PromoMember, day, 200_000);
    clock.now = new Date(clock.now.getTime() + DAY);

    // The job as the app builds it, but its node dies at the second grant's ledger transfer.
    const app = t.app.services;
    let grants = 0;
    const perMemberReads = { labels: 0, levels: 0 };
    const dying = createPromotionsService({
      db: t.database.db,
      ledger: {
        ...app.ledger,
        transfer: async (...args: Parameters<typeof app.ledger.transfer>) => {
          if (args[0].note === `Promotion ${input.code}` && ++grants === 2) throw new Error('the node died');
          return app.ledger.transfer(...args);
        },
      },
      betRecords: app.betRecords,
      now: () => new Date(clock.now.getTime()),
      vipLevelOf: async () => {
        perMemberReads.levels += 1;
        return 0;
      },
      vipLadderOf: async () => [],
      netLossByMember: (filter) => app.dailyStats.netLossByMember(filter),
      timeZoneOf: (merchantId) => app.records.timeZoneOf(merchantId),
      labelsOf: async () => {
        perMemberReads.labels += 1;
        return [];
      },
      isInDownline: async () => false,
      paidDepositCount: async () => 0,
      audienceFacts: {
        vipLevelsOf: (merchantId) => app.vip.memberLevels(merchantId),
        labelNamesOf: (memberIds) => app.memberLabels.labelNamesOf(memberIds),
        paidDepositCounts: (memberIds) => app.deposits.paidCountsOf(memberIds),
        downlineAmong: async () => new Set(),
      },
      assertNotExcluded: (memberId) => app.responsibleGaming.assertCanLogin(memberId),
      assertNotExcludedIn: (trx, memberId) => app.responsibleGaming.assertCanLoginIn(trx, memberId),
      identityOf: async () => ({ phone: null, payeeName: null, bankAccounts: [] }),
    });
    await expect(dying.admin.rerunLossPeriod(op, promo.id, day)).rejects.toThrow('the node died');
    expect(perMemberReads).toEqual({ labels: 0, levels: 0 });
    const paidBefore = (await Promise.all(club.map(lines))).filter((l) => l.length > 0).length;
    expect(paidBefore).toBe(1);
    // The next run pays the rest, the first once; the member outside the audience gets nothing.
    expect(await app.promotions.settleLossPeriods()).toBe(club.length - 1);
    expect(await app.promotions.settleLossPeriods()).toBe(0);
    for (const m of club) {
      expect((await lines(m)).map((l) => [l.revision, l.amount, l.status])).toEqual([[0, 20_000, 'granted']]);
      expect((await w.balances(m.id)).bonus).toBe(20_000);
    }
    expect(await lines(outsider)).toEqual([]);
    expect((await w.balances(outsider.id)).bonus).toBe(0);
    await expectCleanBooks(t.database.db);
  });

  it('counts only whole periods inside the promotion’s life, and the operator cannot rerun a day not over', async () => {
    const { w, promotions, op, promo, today, round, rolledUp, lines } = await world();
    const m = await w.member();
    const day = today();
    await round(m, 500_000, 0);
    await rolledUp(m, day, 500_000);
    expect(await errorCodeOf(promotions.admin.rerunLossPeriod(op, promo.id, day))).toBe('conflict');
    // A promotion starting in the middle of the day leaves that day out.
    const late = await promotions.admin.create(op, lossInput({ startsAt: new Date(clock.now.getTime() - 60_000).toISOString() }));
    clock.now = new Date(clock.now.getTime() + DAY);
    expect(await errorCodeOf(promotions.admin.rerunLossPeriod(op, late.id, day))).toBe('conflict');
    await promotions.settleLossPeriods();
    const rows = await t.database.db.selectFrom('promotion_loss_lines').select('promotion_id').where('member_id', '=', m.id).execute();
    expect(rows.map((r) => r.promotion_id)).toEqual([promo.id]);
    expect((await lines(m))[0]).toMatchObject({ amount: 50_000, status: 'granted' });
  });

  it('operator calls: a rerun of a day not over is refused, support cannot rerun, a member’s lines are listed', async () => {
    const support = await loginAdmin(t.app, 'support');
    const finance = await loginAdmin(t.app, 'finance');
    const created = await t.app.inject({ method: 'POST', url: '/admin-api/promotions', headers: finance.headers, payload: lossInput() });
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as number;
    const today = localDateOf(clock.now, await t.app.services.records.timeZoneOf((await t.app.services.merchants.current()).id));
    const rerun = (headers: Record<string, string>, day: string) =>
      t.app.inject({ method: 'POST', url: `/admin-api/promotions/${id}/loss-periods`, headers, payload: { day } });
    expect((await rerun(support.headers, '2026-11-02')).statusCode).toBe(403);
    expect((await rerun(finance.headers, today)).statusCode).toBe(409);
    const done = await rerun(finance.headers, '2026-11-02');
    expect(done.json()).toMatchObject({ success: true, value: { written: 0, existing: 0 } });
    // A loss rule on another trigger, or a loss trigger without one, is refused.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin-api/promotions',
      headers: finance.headers,
      payload: { ...lossInput(), trigger: 'claim', amount: { kind: 'fixed', value: 1_000 } },
    });
    expect(wrong.statusCode).toBe(400);
    const merchant = await t.app.services.merchants.current();
    const m = await t.database.db
      .selectFrom('promotion_loss_lines')
      .select(['member_id', 'merchant_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin-api/promotions/members/${m.member_id}/loss-lines`,
      headers: support.headers,
    });
    // Only a member of the operator's merchant.
    if (Number(m.merchant_id) === merchant.id) expect(listed.json().value.list.length).toBeGreaterThan(0);
    else expect(listed.statusCode).toBe(404);
    const nobody = await t.app.inject({
      method: 'GET',
      url: '/admin-api/promotions/members/999999999/loss-lines',
      headers: support.headers,
    });
    expect(nobody.statusCode).toBe(404);
  });
});
