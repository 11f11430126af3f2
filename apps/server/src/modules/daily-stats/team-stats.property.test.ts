import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAgents, uplineIndexOf } from '../../../test/contract-network.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { countQualified, countQualifiedOfTeams, type TeamRoot } from './team-stats.repository.ts';

/**
 * The agent contracts' active members of many teams at once (`countQualifiedOfTeams`: each member's
 * sums read once, counted per parent, the parents' counts added up their paths) equal the
 * straightforward count of each team alone (`countQualified`: every team member's own rows summed),
 * on random agent networks (the contract tests' generator) with random players, plays over several
 * days, deposits, a random rule (either threshold, both, or 0) and a random range of days.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const DAYS = ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04'];

const threshold = fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600_000 })), { nil: null });

const scenario = fc.record({
  agents: contractAgents({ maxLength: 6, maxCut: 0 }),
  // Players hang from an agent (`agent % agents`), or from another player when `underPlayer` names one placed before.
  players: fc.array(fc.record({ agent: fc.nat(), underPlayer: fc.option(fc.nat(), { nil: null }) }), { maxLength: 10 }),
  // What a member (agents first, then players, by `member % members`) did on a day: valid bet in two categories and a deposit.
  rows: fc.array(
    fc.record({
      member: fc.nat(),
      day: fc.nat({ max: DAYS.length - 1 }),
      rng: fc.integer({ min: 0, max: 300_000 }),
      live: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
      deposit: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
    }),
    { maxLength: 30 },
  ),
  rule: fc.record({ minValidBet: threshold, minDeposit: threshold }).filter((r) => r.minValidBet !== null || r.minDeposit !== null),
  from: fc.nat({ max: DAYS.length - 1 }),
  length: fc.nat({ max: DAYS.length - 1 }),
});

describe('active members of many teams', () => {
  it('counts each team as the per-team count does', async () => {
    const db = database.db;
    let counted = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const merchant = await createMerchant(db);
        const top = await createMember(db, merchant, { accountType: 1 });
        const agents = [top];
        for (const [i, a] of s.agents.entries()) {
          const upline = agents[uplineIndexOf(a, i)];
          agents.push(await createMember(db, merchant, { accountType: 2, parentId: upline?.id ?? null }));
        }
        const players: typeof agents = [];
        for (const p of s.players) {
          const underPlayer = p.underPlayer === null || players.length === 0 ? undefined : players[p.underPlayer % players.length];
          const parent = underPlayer ?? agents[p.agent % agents.length];
          players.push(await createMember(db, merchant, { parentId: parent?.id ?? null }));
        }
        const members = [...agents, ...players];
        const game = new Map<string, { member_id: number; day: string; category: string; valid_bet: number }>();
        const money = new Map<string, { member_id: number; day: string; deposit_amount: number }>();
        for (const r of s.rows) {
          const member = members[r.member % members.length];
          const day = DAYS[r.day];
          if (!member || !day) throw new Error('no member or day');
          game.set(`${member.id}:${day}:RNG`, { member_id: member.id, day, category: 'RNG', valid_bet: r.rng });
          if (r.live !== null) game.set(`${member.id}:${day}:LIVE`, { member_id: member.id, day, category: 'LIVE', valid_bet: r.live });
          if (r.deposit !== null) money.set(`${member.id}:${day}`, { member_id: member.id, day, deposit_amount: r.deposit });
        }
        if (game.size > 0) {
          await db
            .insertInto('member_daily_game_stats')
            .values(
              [...game.values()].map((g) => ({
                ...g,
                merchant_id: merchant.id,
                bet_count: 1,
                stake: g.valid_bet,
                payout: 0,
                win_loss: -g.valid_bet,
              })),
            )
            .execute();
        }
        if (money.size > 0) {
          await db
            .insertInto('member_daily_money_stats')
            .values(
              [...money.values()].map((m) => ({
                ...m,
                merchant_id: merchant.id,
                deposit_count: 1,
                withdrawal_amount: 0,
                withdrawal_count: 0,
                bonus_amount: 0,
                transfer_in_amount: 0,
                transfer_out_amount: 0,
              })),
            )
            .execute();
        }
        const days = { from: DAYS[s.from] as string, to: DAYS[Math.min(DAYS.length - 1, s.from + s.length)] as string };

        const fast = await countQualifiedOfTeams(
          db,
          merchant.id,
          members.map((m) => m.id),
          days,
          s.rule,
        );
        for (const m of members) {
          const root: TeamRoot = { merchantId: merchant.id, memberId: m.id, uplinePath: m.uplinePath };
          const straight = await countQualified(db, root, days, s.rule);
          expect(fast.get(m.id) ?? 0).toBe(straight);
          counted += straight;
        }
      }),
      { numRuns: 40 },
    );
    // The networks were not all empty: some teams had active members to count.
    expect(counted).toBeGreaterThan(0);
  }, 300_000);
});
