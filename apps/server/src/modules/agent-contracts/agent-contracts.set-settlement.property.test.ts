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
import { createContractSettlement } from './agent-contracts.settlement.ts';

/**
 * The set-based run of a merchant's day (`settleDailyWages`: one read of every team's metrics, the
 * differentials in memory, the payouts written by chunks) pays exactly what settling the contracts one
 * by one (`settleDailyWage` per contract, uplines first, each with its own reads and transaction, as
 * the merchant's run did before) pays, on random networks: the same network plays the same on two
 * days, one settled each way, with random chunk sizes so chunk boundaries fall anywhere.
 */

let t: TestApp;
let clock = new Date('2027-05-01T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
});

afterAll(async () => {
  await t.close();
});

/** From a bet of 0 at the rate; from a bet of 1 000 000 and one active member, 0.5 % more. */
const terms = (rateBasisPoints: number): ContractTierInput[] => [
  { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints },
  { minBet: 1_000_000, minActiveMembers: 1, minNetLoss: 0, rateBasisPoints: rateBasisPoints + 50 },
];

const network = fc.record({
  topRate: fc.integer({ min: 100, max: 3_000 }),
  agents: contractAgents({ maxLength: 6, maxCut: 90 }),
  plays: contractPlays(7),
  chunkSize: fc.integer({ min: 1, max: 4 }),
});

/** What a payout says, without what differs by day (ids, period, transfers). */
const figuresOf = (r: PayoutRow) => ({
  contractId: r.contractId,
  holderId: r.holderId,
  metrics: r.metrics,
  tier: r.tier,
  rateBasisPoints: r.rateBasisPoints,
  ownAmount: r.ownAmount,
  downlineAmounts: r.downlineAmounts,
  payout: r.payout,
  clampAmount: r.clampAmount,
  paidBy: r.paidBy,
  payerMemberId: r.payerMemberId,
  deductedAmount: r.deductedAmount,
});

describe('set-based settlement against contract by contract', () => {
  it('pays every contract of a generated network exactly what the per-contract run pays', async () => {
    await fc.assert(
      fc.asyncProperty(network, async (s) => {
        clock = new Date(clock.getTime() + 7 * 86_400_000);
        const w = await createWalletWorld(t);
        const services = t.app.services;
        const contracts = services.agentContracts;
        const adminId = await services.admins.createAdmin({
          merchantId: w.merchant.id,
          username: uniqueName('op'),
          password: 'Operator@2026',
          role: 'finance',
        });
        const top = await w.member({ accountType: 1 });
        const topContract = await contracts.admin.setTopLevel(
          { adminId, merchantId: w.merchant.id, ip: null },
          { kind: 'dailyWage', holderUsername: top.username, tiers: terms(s.topRate), confirm: false },
        );
        const agents = [{ member: top, rate: s.topRate, contractId: topContract.contract.id }];
        for (const [i, a] of s.agents.entries()) {
          const upline = agents[uplineIndexOf(a, i)];
          if (!upline) throw new Error('no upline');
          const member = await w.member({ accountType: 2, parentId: upline.member.id });
          const rate = Math.max(1, upline.rate - a.cut);
          const offered = await contracts.offer(
            { memberId: upline.member.id, merchantId: w.merchant.id },
            { kind: 'dailyWage', holderUsername: member.username, tiers: terms(rate), confirm: false },
            { ip: null },
          );
          await contracts.sign(
            { memberId: member.id, merchantId: w.merchant.id },
            { requestId: offered.request?.id ?? 0, confirm: false },
            { ip: null },
          );
          agents.push({ member, rate, contractId: offered.contract.id });
        }
        const players = [];
        for (const agent of agents) players.push(await w.member({ parentId: agent.member.id }));
        const timeZone = await services.records.timeZoneOf(w.merchant.id);

        // The same plays on two days.
        const days: string[] = [];
        for (let d = 0; d < 2; d++) {
          clock = new Date(clock.getTime() + 86_400_000);
          days.push(localDateOf(clock, timeZone));
          for (const [i, player] of players.entries()) {
            const play = s.plays[i];
            if (!play || play.stake === 0) continue;
            const payout = Math.floor((play.stake * play.payoutPercent) / 100);
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
        }
        const [oneByOneDay, setDay] = days as [string, string];
        const totalStake = players.reduce((sum, _p, i) => sum + (s.plays[i]?.stake ?? 0), 0);
        await waitUntil(
          async () => {
            await services.dailyStats.refresh();
            const rows = await services.dailyStats.team.gameByDay(
              { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
              { from: oneByOneDay, to: setDay },
            );
            return rows.reduce((sum, r) => sum + r.stake, 0) === 2 * totalStake;
          },
          { what: "the rollups include both days' rounds" },
        );
        clock = startOfLocalDate(addDays(setDay, 1), timeZone);
        const agentBalances = async () => Promise.all(agents.map(async (a) => (await w.balances(a.member.id)).agent));

        // Contract by contract, uplines first (agents are listed after their uplines).
        const before = await agentBalances();
        const oneByOne: PayoutRow[] = [];
        for (const agent of agents) {
          const settled = await contracts.settlement.settleDailyWage(agent.contractId, oneByOneDay);
          if (settled) oneByOne.push(settled.payout);
        }
        const middle = await agentBalances();

        const setBased = createContractSettlement({
          db: t.database.db,
          ledger: services.ledger,
          teamStats: services.dailyStats.team,
          betRecords: services.betRecords,
          settings: services.settings,
          timeZoneOf: (merchantId) => services.records.timeZoneOf(merchantId),
          now: () => new Date(clock.getTime()),
          chunkSize: s.chunkSize,
        });
        const settled = await setBased.settleDailyWages(w.merchant.id, setDay);
        const after = await agentBalances();

        expect(settled.every((r) => !r.isReplay)).toBe(true);
        const byContract = (rows: PayoutRow[]) => [...rows].sort((a, b) => a.contractId - b.contractId).map(figuresOf);
        expect(byContract(settled.map((r) => r.payout))).toEqual(byContract(oneByOne));
        expect(settled.every((r) => r.payout.periodStart === setDay)).toBe(true);
        // Each agent's wallet moved by the same amount on both days.
        expect(after.map((b, i) => b - (middle[i] ?? 0))).toEqual(middle.map((b, i) => b - (before[i] ?? 0)));
        // A second run pays nothing.
        expect((await setBased.settleDailyWages(w.merchant.id, setDay)).every((r) => r.isReplay)).toBe(true);
        await expectCleanBooks(t.database.db);
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});
