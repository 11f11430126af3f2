import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayWorld, expectedTeamRows, withoutZeroDays, withoutZeroFigures } from '../../../test/daily-stats-play.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/**
 * Random play: bets, extra stakes, wins (one round or many at once), later wins of settled rounds,
 * rollbacks, trial rounds, deposits, paid and rejected withdrawals, returned withdrawals, bonuses,
 * transfers (also between a member's own wallets), reversals, with the clock moving across day
 * boundaries of the merchant's zone and the consumer running at random moments with random batch
 * sizes. Afterwards the rollups equal the raw records (game days read straight from bet_records
 * with PostgreSQL's time zones, money days from the test's own log), and the reconciliation of
 * every day it touched finds nothing. The members form a random tree, and members move (with their
 * teams) under other uplines at random moments: every ancestor's team rows equal the sums of its
 * team's member rows under the final tree.
 */

const ZONES = ['Asia/Ho_Chi_Minh', 'America/New_York', 'Asia/Kathmandu', 'Australia/Adelaide'] as const;
const CATEGORIES = ['SLOT', 'LIVE', 'LOTTERY'] as const;

const MEMBERS = 6;
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
/** Each member's upline: an earlier member or none. */
const parents = fc.tuple(
  ...Array.from({ length: MEMBERS }, (_, i) => (i === 0 ? fc.constant(null) : fc.option(fc.nat({ max: i - 1 }), { freq: 4 }))),
);
const amount = fc.integer({ min: 1, max: 5_000 });
const round = fc.nat();

const action = fc.oneof(
  fc.record({ kind: fc.constant('bet' as const), member, category: fc.constantFrom(...CATEGORIES), amount, isTrial: fc.boolean() }),
  fc.record({ kind: fc.constant('stake' as const), round, amount }),
  fc.record({ kind: fc.constant('win' as const), round, amount: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant('winMany' as const), rounds: fc.array(round, { minLength: 1, maxLength: 4 }), amount }),
  fc.record({ kind: fc.constant('rollback' as const), round }),
  fc.record({ kind: fc.constant('deposit' as const), member, amount }),
  fc.record({ kind: fc.constant('withdraw' as const), member, amount, isPaid: fc.boolean() }),
  fc.record({ kind: fc.constant('returned' as const), member, amount }),
  fc.record({ kind: fc.constant('bonus' as const), member, amount }),
  fc.record({ kind: fc.constant('transfer' as const), from: member, to: member, amount }),
  fc.record({ kind: fc.constant('reverse' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 60 * 30 }) }),
  fc.record({ kind: fc.constant('catchUp' as const) }),
  // A move, often right after the consumer caught up (so rolled-up totals have to move with it).
  fc.record({ kind: fc.constant('move' as const), member, parent: member, catchUpFirst: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), member, parent: member, catchUpFirst: fc.constant(true) }),
);

describe('daily stats over random play', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('rollups equal the raw records, and reconciliation finds no difference', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 6 }),
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-01T00:00:00Z'), noInvalidDate: true }),
        fc.array(action, { minLength: 5, maxLength: 30 }),
        parents,
        async (timeZone, batchRows, start, actions, tree) => {
          const w = await createPlayWorld(database.db, { timeZone, members: MEMBERS, parents: tree, start, batchRows });
          for (const a of actions) {
            switch (a.kind) {
              case 'bet':
                await w.bet(a.member, a.category, a.amount, a.isTrial);
                break;
              case 'stake':
                if (w.rounds.length > 0) await w.addStake(a.round, a.amount);
                break;
              case 'win':
                if (w.rounds.length > 0) await w.win(a.round, a.amount);
                break;
              case 'winMany':
                if (w.rounds.length > 0) await w.winMany(a.rounds, a.amount);
                break;
              case 'rollback':
                if (w.rounds.length > 0) await w.rollback(a.round);
                break;
              case 'deposit':
                await w.deposit(a.member, a.amount);
                break;
              case 'withdraw':
                await w.withdraw(a.member, a.amount, a.isPaid);
                break;
              case 'returned':
                await w.withdrawalReturned(a.member, a.amount);
                break;
              case 'bonus':
                await w.bonus(a.member, a.amount);
                break;
              case 'transfer':
                await w.transfer(a.from, a.to, a.amount);
                break;
              case 'reverse':
                await w.reverse(a.index);
                break;
              case 'advance':
                w.advance(a.minutes);
                break;
              case 'catchUp':
                await w.dailyStats.refresh();
                break;
              case 'move':
                if (a.catchUpFirst) await w.dailyStats.refresh();
                await w.move(a.member, a.parent);
                break;
            }
          }
          await w.dailyStats.refresh();
          const rolled = await w.rolledUp();
          const expectedGames = (await w.expectedGameDays()).filter((g) => g.betCount > 0);
          expect(rolled.games).toEqual(expectedGames);
          expect(withoutZeroDays(rolled.money)).toEqual(withoutZeroDays(w.expectedMoneyDays()));

          const team = await w.teamRolledUp();
          const expectedTeam = expectedTeamRows(rolled, await w.paths());
          expect(withoutZeroFigures(team.games)).toEqual(withoutZeroFigures(expectedTeam.games));
          expect(team.games.size).toBe(withoutZeroFigures(team.games).size);
          expect(withoutZeroFigures(team.money)).toEqual(withoutZeroFigures(expectedTeam.money));
          expect(team.activity).toEqual(expectedTeam.activity);

          const days = new Set([...rolled.games.map((g) => g.day), ...rolled.money.map((m) => m.day)]);
          for (const day of days) {
            const run = await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day });
            expect(run).toMatchObject({ status: 'clean', differenceCount: 0 });
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
