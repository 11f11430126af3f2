import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { contractAgents, contractPlays, uplineIndexOf } from '../../../test/contract-network.ts';
import { uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld } from '../../../test/wallet-fixture.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import type { PayoutRow } from './agent-contracts.payouts.repository.ts';
import { dividendPeriodOf, isSlotKind, SLOT_MINUTES, slotsBefore } from './agent-contracts.periods.ts';
import { contractPolicySetting } from './agent-contracts.settings.ts';

/**
 * Over random small trees of contracts and random plays over a random period: two settlement runs
 * at once and a third after them pay each (contract, period) once, each level keeps its payout, and
 * what the house pays is the top level's own amount plus the clamps.
 */

let t: TestApp;
let clock = new Date('2027-03-01T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
});

afterAll(async () => {
  await t.close();
});

/** One tier from a bet of 0; a real-time salary's loss rate is half its profit rate. */
const single = (kind: string, rateBasisPoints: number): ContractTierInput[] => [
  {
    minBet: 0,
    minActiveMembers: 0,
    minNetLoss: 0,
    rateBasisPoints,
    ...(kind === 'realtimeSalary' ? { lossRateBasisPoints: Math.max(1, Math.floor(rateBasisPoints / 2)) } : {}),
  },
];

const scenario = fc.record({
  kind: fc.constantFrom('dividend' as const, 'dailyWage' as const, 'hourlyWage' as const, 'realtimeSalary' as const),
  length: fc.constantFrom('week' as const, 'halfMonth' as const, 'month' as const),
  dayOffset: fc.integer({ min: 0, max: 27 }),
  topRate: fc.integer({ min: 100, max: 5_000 }),
  agents: contractAgents({ maxLength: 4, maxCut: 100 }),
  plays: contractPlays(5),
});

describe('agent contract settlement, property', () => {
  it('pays each (contract, period) once under repeated and concurrent runs; the house pays the top level and the clamps', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        clock = new Date(Date.UTC(2027, 2, 1 + s.dayOffset, 1));
        const w = await createWalletWorld(t);
        const contracts = t.app.services.agentContracts;
        if (s.kind === 'dividend') {
          const policy = await t.app.services.settings.get(w.merchant.id, contractPolicySetting);
          await t.app.services.settings.set(w.merchant.id, contractPolicySetting, { ...policy, dividendPeriod: s.length }, null);
        }
        const adminId = await t.app.services.admins.createAdmin({
          merchantId: w.merchant.id,
          username: uniqueName('op'),
          password: 'Operator@2026',
          role: 'finance',
        });
        const top = await w.member({ accountType: 1 });
        await contracts.admin.setTopLevel(
          { adminId, merchantId: w.merchant.id, ip: null },
          { kind: s.kind, holderUsername: top.username, tiers: single(s.kind, s.topRate), confirm: false },
        );
        const agents = [{ member: top, rate: s.topRate, parent: -1 }];
        for (const [i, a] of s.agents.entries()) {
          const upline = agents[uplineIndexOf(a, i)];
          if (!upline) throw new Error('no upline');
          const member = await w.member({ accountType: 2, parentId: upline.member.id });
          const rate = Math.max(1, upline.rate - a.cut);
          const offered = await contracts.offer(
            { memberId: upline.member.id, merchantId: w.merchant.id },
            { kind: s.kind, holderUsername: member.username, tiers: single(s.kind, rate), confirm: false },
            { ip: null },
          );
          await contracts.sign(
            { memberId: member.id, merchantId: w.merchant.id },
            { requestId: offered.request?.id ?? 0, confirm: false },
            { ip: null },
          );
          agents.push({ member, rate, parent: uplineIndexOf(a, i) });
        }
        clock = new Date(clock.getTime() + 3 * 3_600_000);
        let totalStake = 0;
        for (const [i, agent] of agents.entries()) {
          const play = s.plays[i];
          if (!play || play.stake === 0) continue;
          const player = await w.member({ parentId: agent.member.id });
          const payout = Math.floor((play.stake * play.payoutPercent) / 100);
          totalStake += play.stake;
          await t.database.db
            .insertInto('bet_records')
            .values({
              merchant_id: w.merchant.id,
              member_id: player.id,
              username: player.username,
              vendor_code: 'DEMO',
              game_code: 'dice',
              game_category: 'RNG',
              round_id: uniqueName('round-'),
              currency: w.currency,
              status: 'settled',
              stake: play.stake,
              payout,
              valid_bet: play.stake,
              win_loss: payout - play.stake,
              bet_count: 1,
              opened_at: clock,
              settled_at: clock,
              updated_at: clock,
            })
            .execute();
        }
        const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
        const day = localDateOf(clock, timeZone);
        // A slot kind records only the contracts whose team played in the slot.
        const teamStakeOf = (j: number): number =>
          (s.plays[j]?.stake ?? 0) + agents.reduce((sum, a, k) => sum + (a.parent === j ? teamStakeOf(k) : 0), 0);
        const recordedCount = isSlotKind(s.kind) ? agents.filter((_a, j) => teamStakeOf(j) > 0).length : agents.length;
        if (isSlotKind(s.kind)) {
          const [slot] = slotsBefore(s.kind, new Date(clock.getTime() + SLOT_MINUTES[s.kind] * 60_000), timeZone, 1);
          if (!slot) throw new Error('no slot');
          clock = slot.to;
          const run = () =>
            s.kind === 'hourlyWage'
              ? contracts.settlement.settleHourlyWages(w.merchant.id, slot.from)
              : contracts.settlement.settleRealtimeSalaries(w.merchant.id, slot.from);
          const [a, b] = await Promise.all([run(), run()]);
          const c = await run();
          expect([...a, ...b, ...c].filter((r) => !r.isReplay)).toHaveLength(recordedCount);
          expect(c.every((r) => r.isReplay)).toBe(true);
          await checkPaid(
            c.map((r) => r.payout),
            (r) => r.slotStart?.getTime() === slot.from.getTime() && r.periodStart === localDateOf(slot.from, timeZone),
          );
          return;
        }
        await waitUntil(
          async () => {
            await t.app.services.dailyStats.refresh();
            const rows = await t.app.services.dailyStats.team.gameByDay(
              { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
              { from: day, to: day },
            );
            return rows.reduce((sum, r) => sum + r.stake, 0) === totalStake;
          },
          { what: "the rollups include the period's rounds" },
        );
        const period = s.kind === 'dividend' ? dividendPeriodOf(s.length, day) : { start: day, end: day };
        clock = startOfLocalDate(addDays(period.end, 1), timeZone);
        const run = () =>
          s.kind === 'dividend'
            ? contracts.settlement.settleDividends(w.merchant.id, s.length, day)
            : contracts.settlement.settleDailyWages(w.merchant.id, day);

        const [a, b] = await Promise.all([run(), run()]);
        const c = await run();
        expect([...a, ...b, ...c].filter((r) => !r.isReplay)).toHaveLength(agents.length);
        expect(c.every((r) => r.isReplay)).toBe(true);
        await checkPaid(
          c.map((r) => r.payout),
          (r) => r.periodStart === period.start && r.periodEnd === period.end,
        );

        async function checkPaid(rows: PayoutRow[], isOfPeriod: (r: PayoutRow) => boolean) {
          expect(new Set(rows.map((r) => r.contractId)).size).toBe(recordedCount);
          expect(rows.every(isOfPeriod)).toBe(true);
          // Settled uplines first, nobody's wallet came up short: the platform paid nothing on anyone's behalf.
          expect(rows.filter((r) => r.paidBy === 'platform')).toEqual([]);
          for (const agent of agents) {
            const row = rows.find((r) => r.holderId === agent.member.id);
            expect((await w.balances(agent.member.id)).agent).toBe(row?.payout ?? 0);
          }
          const moved = await t.database.db
            .selectFrom('ledger_transfers')
            .select(['amount', 'debit_account_id', 'credit_account_id', 'idempotency_key'])
            .where('reference_type', '=', 'agent_contract')
            .where(
              'reference_id',
              'in',
              rows.map((r) => String(r.contractId)),
            )
            .execute();
          expect(moved).toHaveLength(rows.filter((r) => r.ownAmount > 0).length + rows.filter((r) => r.clampAmount > 0).length);
          const house = w.system.houseRevenue;
          const housePaid = moved
            .filter((m) => Number(m.debit_account_id) === house || Number(m.credit_account_id) === house)
            .reduce((sum, m) => sum + Number(m.amount), 0);
          const topRow = rows.find((r) => r.holderId === top.id);
          expect(housePaid).toBe((topRow?.ownAmount ?? 0) + rows.reduce((sum, r) => sum + r.clampAmount, 0));
          await expectCleanBooks(t.database.db);
        }
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});
