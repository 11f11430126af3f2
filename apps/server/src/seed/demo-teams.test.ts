import { childAccountTypes } from '@platform/contracts/account-types';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { addDays, localDateOf } from '../lib/time-zone.ts';
import { fundDemoMembers } from './demo-funding.ts';
import { type SeededDemoData, seedDemoData } from './demo-seed.ts';
import { DEMO_PLAY_DAYS, seedDemoTeams } from './demo-teams.ts';

/** The demo agents' teams and weeks of play, loaded by the start-up seed. */
describe('the demo teams', () => {
  let t: TestApp;
  let seeded: SeededDemoData;
  let play: { members: number; rounds: number; transfers: number };

  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO_DATA: 'true' });
    const result = await seedDemoData(t.database.db, {
      afterAccounts: async (trx, data) => {
        play = await seedDemoTeams({ ledger: t.app.services.ledger, betRecords: t.app.services.betRecords })(trx, data);
        await fundDemoMembers(t.app.services.ledger)(trx, data);
      },
    });
    if (!result.isCreated) throw new Error('the test database was not empty');
    seeded = result;
    await t.app.services.dailyStats.refresh();
  });
  afterAll(() => t.close());

  it('gives agent01 a team of a few hundred over three levels, each member a type its upline may open', async () => {
    const agent01 = seeded.members.find((m) => m.username === 'agent01');
    const team = await sql<{ id: number; account_type: number; parent_type: number; depth: number }>`
      SELECT m.id, m.account_type, p.account_type AS parent_type,
             array_length(string_to_array(trim(both '/' from m.upline_path), '/'), 1) - 1 AS depth
        FROM members m JOIN members p ON p.id = m.parent_id
       WHERE m.upline_path LIKE ${`${agent01?.uplinePath}%`} AND m.id <> ${agent01?.id}`.execute(t.database.db);
    expect(team.rows.length).toBeGreaterThanOrEqual(250);
    expect(new Set(team.rows.map((r) => r.depth))).toEqual(new Set([1, 2, 3]));
    for (const row of team.rows) expect(childAccountTypes(row.parent_type)).toContain(row.account_type);
    expect(play.rounds).toBeGreaterThan(1_000);
  });

  it('moves all the money through the ledger: the ledger reconciliation is clean', async () => {
    const run = await t.app.services.ledgerReconciliation.run();
    expect(run.status).toBe('clean');
  });

  it('rolls the weeks of play up exactly: the reconciliation of every day finds no difference', async () => {
    const merchantId = seeded.merchant.id;
    const today = localDateOf(new Date(), 'Asia/Ho_Chi_Minh');
    const days = await t.app.services.dailyStats.gameDays({
      memberIds: seeded.members.filter((m) => m.username !== 'player04').map((m) => m.id),
      from: addDays(today, -DEMO_PLAY_DAYS),
      to: today,
    });
    expect(days.length).toBeGreaterThan(0);
    for (let d = 0; d <= DEMO_PLAY_DAYS; d++) {
      const run = await t.app.services.dailyStats.reconciliation.run({ merchantId, day: addDays(today, -d) });
      expect(run, addDays(today, -d)).toMatchObject({ status: 'clean', differenceCount: 0 });
    }
  });
});
