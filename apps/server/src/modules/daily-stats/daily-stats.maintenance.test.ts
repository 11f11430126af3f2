import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayWorld, expectedTeamRows, withoutZeroDays, withoutZeroFigures } from '../../../test/daily-stats-play.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-for.ts';

/** 2026-03-07 23:50 in Ho Chi Minh City (UTC+7) is 16:50 UTC. */
const LATE_EVENING = new Date('2026-03-07T16:50:00Z');

describe('daily stats maintenance', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts a round on the day it settles in the merchant’s zone, leaves trial and open rounds out, and follows later wins', async () => {
    const w = await createPlayWorld(database.db, { timeZone: 'Asia/Ho_Chi_Minh', members: 2, start: LATE_EVENING });
    const a = await w.bet(0, 'SLOT', 1_000);
    const trial = await w.bet(1, 'SLOT', 500, true);
    const open = await w.bet(1, 'LIVE', 700);
    w.advance(20); // 00:10 on the 8th
    await w.win(a, 2_500);
    await w.win(trial, 900);
    await w.dailyStats.refresh();
    let rolled = await w.rolledUp();
    expect(rolled.games).toEqual([
      {
        memberId: w.members[0]?.id,
        day: '2026-03-08',
        category: 'SLOT',
        betCount: 1,
        stake: 1_000,
        validBet: 1_000,
        payout: 2_500,
        winLoss: 1_500,
      },
    ]);

    // A later win of a settled round, and the open round settling as a push (no valid bet).
    w.advance(60 * 24);
    await w.win(a, 500);
    await w.win(open, 700);
    await w.dailyStats.refresh();
    rolled = await w.rolledUp();
    expect(rolled.games).toEqual(await w.expectedGameDays());
    expect(rolled.games.find((g) => g.category === 'LIVE')).toMatchObject({ day: '2026-03-09', stake: 700, validBet: 0, winLoss: 0 });
    expect(rolled.games.find((g) => g.category === 'SLOT')).toMatchObject({ day: '2026-03-08', payout: 3_000, winLoss: 2_000 });
  });

  it('follows a lottery-style settlement of many rounds, and a cancelled round counts nothing', async () => {
    const w = await createPlayWorld(database.db, { timeZone: 'Asia/Kathmandu', members: 3, start: new Date('2026-04-01T18:10:00Z') });
    const rounds = [await w.bet(0, 'LOTTERY', 100), await w.bet(1, 'LOTTERY', 200), await w.bet(2, 'LOTTERY', 300)];
    const cancelled = await w.bet(0, 'SLOT', 50);
    await w.rollback(cancelled);
    w.advance(10); // 00:05 in Kathmandu (UTC+5:45): the next day
    await w.winMany(rounds, 150);
    await w.dailyStats.refresh();
    const rolled = await w.rolledUp();
    expect(rolled.games).toEqual(await w.expectedGameDays());
    expect(rolled.games.map((g) => [g.day, g.category, g.winLoss])).toEqual([
      ['2026-04-02', 'LOTTERY', 50],
      ['2026-04-02', 'LOTTERY', -50],
      ['2026-04-02', 'LOTTERY', -150],
    ]);
  });

  it('rolls up deposits, paid withdrawals, bonuses, transfers and reversals, once, whatever the batch size', async () => {
    const w = await createPlayWorld(database.db, {
      timeZone: 'America/New_York',
      members: 3,
      start: new Date('2026-03-08T04:30:00Z'),
      batchRows: 2,
    });
    await w.deposit(0, 10_000);
    await w.withdraw(0, 3_000, true);
    await w.withdraw(0, 1_000, false); // rejected: counts nothing
    w.advance(45); // past midnight in New York
    await w.bonus(1, 500);
    await w.transfer(0, 1, 2_000);
    await w.transfer(2, 2, 100); // between the member's own wallets: counts nothing
    await w.dailyStats.refresh();
    await w.reverse(0); // the deposit, reversed on the next day
    await w.withdrawalReturned(0, 3_000);
    await w.dailyStats.refresh();
    await w.dailyStats.refresh();
    const rolled = await w.rolledUp();
    expect(withoutZeroDays(rolled.money)).toEqual(withoutZeroDays(w.expectedMoneyDays()));
    const first = rolled.money.find((m) => m.memberId === w.members[0]?.id && m.day === '2026-03-07');
    expect(first).toMatchObject({ depositAmount: 10_000, depositCount: 1, withdrawalAmount: 3_000, withdrawalCount: 1 });
  });

  // Two transactions at once: PostgreSQL only (PGlite runs one at a time).
  it.skipIf(testDatabaseKind() !== 'postgres')(
    'a round rolled up while a subtree move is in flight goes to the ancestors the move gives it',
    async () => {
      const db = database.db;
      // 0 ← 1, and 2 on its own; 1 moves under 2.
      const w = await createPlayWorld(db, { timeZone: 'Asia/Ho_Chi_Minh', members: 3, parents: [null, 0, null], start: LATE_EVENING });
      await w.win(await w.bet(1, 'SLOT', 1_000), 400);
      await w.dailyStats.refresh();
      // Settled before the move starts, rolled up only while it runs (into the member row that exists).
      await w.win(await w.bet(1, 'SLOT', 300), 0);
      const cursorOf = sql<{ position: string }>`SELECT position::text AS position FROM daily_stats_cursors WHERE source = 'bet_records'`;
      const cursorBefore = (await cursorOf.execute(db)).rows[0]?.position;
      let refreshing: Promise<void> | undefined;
      await db.transaction().execute(async (trx) => {
        expect(await w.moveIn(trx, 1, 2)).toBe(true);
        refreshing = w.dailyStats.refresh();
        // The consumer's step waits for the move (on its lock) before it reads the member's path; were it
        // not to wait, it would roll the round up under the old path and move its cursor.
        await waitUntil(
          async () =>
            (
              await sql<{ waiting: number; position: string }>`
                SELECT (SELECT count(*)::int FROM pg_locks
                         WHERE NOT granted AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())) AS waiting,
                       (SELECT position::text FROM daily_stats_cursors WHERE source = 'bet_records') AS position`.execute(db)
            ).rows.some((r) => r.waiting > 0 || r.position !== cursorBefore),
          { what: 'the consumer waits for the move' },
        );
      });
      await refreshing;
      const rolled = await w.rolledUp();
      expect(rolled.games).toEqual(await w.expectedGameDays());
      const team = await w.teamRolledUp();
      const expected = expectedTeamRows(rolled, await w.paths());
      expect(withoutZeroFigures(team.games)).toEqual(withoutZeroFigures(expected.games));
      expect(team.activity).toEqual(expected.activity);
      // Both rounds count for the new upline only.
      expect([...team.games.keys()].every((k) => k.startsWith(`${w.members[2]?.id}|`))).toBe(true);
      expect(team.games.size).toBe(1);
    },
  );
});
