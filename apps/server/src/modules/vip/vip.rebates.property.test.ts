import type { RebatePeriod } from '@platform/contracts/vip';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createVipWorld } from '../../../test/vip-helpers.ts';
import { requestId } from '../../../test/wallet-fixture.ts';
import { rebatePeriodOf } from './vip.periods.ts';
import { rebateAmountOf } from './vip.rebates.ts';

let t: TestApp;
const clock = { now: new Date('2026-06-01T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const CATEGORIES = ['RNG', 'LIVE', 'SPORTS'] as const;

const scenario = fc.record({
  period: fc.constantFrom<RebatePeriod>('D', 'W', 'H', 'M'),
  rules: fc.array(
    fc.record({
      category: fc.constantFrom(...CATEGORIES),
      mode: fc.constantFrom('auto' as const, 'claim' as const),
      ratePpm: fc.integer({ min: 1, max: 20_000 }),
      capped: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  members: fc.integer({ min: 1, max: 4 }),
  plays: fc.array(
    fc.record({ member: fc.nat(), category: fc.constantFrom(...CATEGORIES), stake: fc.integer({ min: 1, max: 3_000_000 }) }),
    { minLength: 1, maxLength: 10 },
  ),
  claimers: fc.integer({ min: 0, max: 3 }),
});

describe('rebate settlement, property', () => {
  it('writes each (member, rule, period) once under repeated and concurrent runs and claims; every line is its base × rate; the books balance', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        clock.now = new Date(clock.now.getTime() + 40 * 86_400_000);
        const seen = new Set<string>();
        const rules = s.rules
          .filter((r) => {
            const fresh = !seen.has(r.category);
            seen.add(r.category);
            return fresh;
          })
          .map((r) => ({
            vipLevel: 0,
            category: r.category,
            period: s.period,
            mode: r.mode,
            ratePpm: r.ratePpm,
            maxAmount: r.capped ? 5_000 : null,
          }));
        const v = await createVipWorld(t, clock, rules);
        const members = [];
        for (let i = 0; i < s.members; i += 1) members.push(await v.w.member());
        const totals = new Map<number, number>();
        for (const p of s.plays) {
          const m = members[p.member % members.length];
          if (!m) continue;
          await v.play(m, p.category, p.stake);
          totals.set(m.id, (totals.get(m.id) ?? 0) + p.stake);
        }
        const day = v.today();
        for (const m of members) await v.rolledUp(m, day, totals.get(m.id) ?? 0);
        const period = rebatePeriodOf(s.period, day);
        clock.now = new Date(clock.now.getTime() + 40 * 86_400_000);

        const settle = () => v.vip.rebates.settlePeriod(v.w.merchant.id, s.period, day);
        const [a, b] = await Promise.all([settle(), settle()]);
        const c = await settle();
        expect(c?.written).toBe(0);
        const written = (a?.written ?? 0) + (b?.written ?? 0);

        // Claims of every member at once, some twice.
        await Promise.allSettled(
          members.flatMap((m) =>
            Array.from({ length: s.claimers }, () =>
              v.vip.rebates.claim({ memberId: m.id, merchantId: v.w.merchant.id, currency: v.w.currency }, requestId()),
            ),
          ),
        );

        const lines = (
          await t.database.db
            .selectFrom('rebate_lines')
            .select(['member_id', 'rule_id', 'category', 'bet_base', 'rate_ppm', 'amount', 'status'])
            .select(sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('start'))
            .where('merchant_id', '=', v.w.merchant.id)
            .execute()
        ).map((l) => ({ ...l, bet_base: Number(l.bet_base), rate_ppm: Number(l.rate_ppm), amount: Number(l.amount) }));
        expect(lines).toHaveLength(written);
        const keys = new Set(lines.map((l) => `${l.member_id}:${l.rule_id}:${l.start}`));
        expect(keys.size).toBe(lines.length);

        // Each line is reproducible from the rollups; each expected line exists.
        let expectedLines = 0;
        for (const m of members) {
          const days = await t.app.services.dailyStats.gameDays({ memberIds: [m.id], from: period.start, to: period.end });
          for (const rule of rules) {
            const base = days.filter((d) => d.category === rule.category).reduce((sum, d) => sum + d.validBet, 0);
            const amount = rebateAmountOf(base, rule.ratePpm, rule.maxAmount);
            const line = lines.find((l) => Number(l.member_id) === m.id && l.category === rule.category);
            if (amount === 0) {
              expect(line).toBeUndefined();
              continue;
            }
            expectedLines += 1;
            expect(line).toMatchObject({ bet_base: base, rate_ppm: rule.ratePpm, amount, start: period.start });
          }
          // What the member received is exactly its paid and claimed lines.
          const credited = lines
            .filter((l) => Number(l.member_id) === m.id && (l.status === 'paid' || l.status === 'claimed'))
            .reduce((sum, l) => sum + Number(l.amount), 0);
          expect((await v.w.balances(m.id)).main).toBe(credited);
          if (s.claimers > 0) expect(lines.filter((l) => Number(l.member_id) === m.id && l.status === 'accrued')).toEqual([]);
        }
        expect(lines).toHaveLength(expectedLines);
        // The books are checked once money has moved (an empty ledger has no sums to check).
        const moved = await t.database.db.selectFrom('ledger_transfers').select('id').limit(1).execute();
        if (moved.length > 0) await expectCleanBooks(t.database.db);
      }),
      { numRuns: 6 },
    );
  }, 180_000);
});
