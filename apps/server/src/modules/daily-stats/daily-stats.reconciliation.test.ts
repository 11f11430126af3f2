import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPlayWorld } from '../../../test/daily-stats-play.ts';

const START = new Date('2026-05-10T03:00:00Z'); // 10:00 in Ho Chi Minh City
const DAY = '2026-05-10';

class SimulatedCrash extends Error {}

describe('daily stats reconciliation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function playADay(
    options: { chunkMembers?: number; afterChunk?: (chunk: { afterMemberId: number }) => Promise<void>; parents?: (number | null)[] } = {},
  ) {
    const w = await createPlayWorld(t.database.db, { timeZone: 'Asia/Ho_Chi_Minh', members: 4, start: START, ...options });
    for (let i = 0; i < 4; i++) {
      const r = await w.bet(i, 'SLOT', 1_000 * (i + 1));
      await w.win(r, 500 * i);
      await w.deposit(i, 2_000);
    }
    await w.dailyStats.refresh();
    return w;
  }

  /** Breaks the rollup of one member, as a bug or a hand edit would. */
  async function tamper(memberId: number) {
    await sql`UPDATE member_daily_game_stats SET stake = stake + 7 WHERE member_id = ${memberId}`.execute(t.database.db);
  }

  it('reports a rollup that differs from the raw records, and a second run gives the same result', async () => {
    const w = await playADay();
    expect(await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY })).toMatchObject({
      status: 'clean',
      membersChecked: 4,
    });
    const victim = w.members[2]?.id as number;
    await tamper(victim);
    for (let i = 0; i < 2; i++) {
      const run = await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY });
      expect(run).toMatchObject({ status: 'differences', differenceCount: 1, membersChecked: 4 });
      const { rows } = await w.dailyStats.reconciliation.differences(w.merchant.id, DAY, { pageNo: 1, pageSize: 10 });
      expect(rows).toEqual([{ memberId: victim, kind: 'game', category: 'SLOT', field: 'stake', expected: 3_000, actual: 3_007 }]);
    }
  });

  it('reports a team row that differs from its team’s member rows, naming the ancestor', async () => {
    // 0 ← 1 ← 2, and 3 on its own: 0's team is 1 and 2, 1's team is 2.
    const w = await playADay({ parents: [null, 0, 1, null] });
    const [top, middle] = [w.members[0]?.id as number, w.members[1]?.id as number];
    expect(await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY })).toMatchObject({ status: 'clean' });
    const db = t.database.db;
    await sql`UPDATE team_daily_game_stats SET stake = stake + 5 WHERE ancestor_id = ${top}`.execute(db);
    await sql`UPDATE team_daily_activity SET active_members = active_members + 1 WHERE ancestor_id = ${top}`.execute(db);
    await sql`DELETE FROM team_daily_money_stats WHERE ancestor_id = ${middle}`.execute(db);
    const run = await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY });
    expect(run).toMatchObject({ status: 'differences', differenceCount: 4 });
    const { rows } = await w.dailyStats.reconciliation.differences(w.merchant.id, DAY, { pageNo: 1, pageSize: 10 });
    expect(rows).toEqual([
      { memberId: top, kind: 'team_activity', category: '', field: 'activeMembers', expected: 2, actual: 3 },
      { memberId: top, kind: 'team_game', category: 'SLOT', field: 'stake', expected: 5_000, actual: 5_005 },
      { memberId: middle, kind: 'team_money', category: '', field: 'depositAmount', expected: 2_000, actual: 0 },
      { memberId: middle, kind: 'team_money', category: '', field: 'depositCount', expected: 1, actual: 0 },
    ]);
  });

  it('survives being killed mid-run: the next run goes on from the last finished chunk and ends as a whole run would', async () => {
    let isKilled = true;
    const checked: number[] = [];
    const w = await playADay({
      chunkMembers: 1,
      afterChunk: async (chunk) => {
        checked.push(chunk.afterMemberId);
        // Dies after its second chunk committed: the process is gone before the third starts.
        if (isKilled && checked.length === 2) throw new SimulatedCrash('killed');
      },
    });
    const last = w.members[3]?.id as number;
    await tamper(last);
    await expect(w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY })).rejects.toThrow(SimulatedCrash);
    const left = await w.dailyStats.reconciliation.find(w.merchant.id, DAY);
    expect(left).toMatchObject({ status: 'running', membersChecked: 2, afterMemberId: w.members[1]?.id });

    isKilled = false;
    checked.length = 0;
    const run = await w.dailyStats.reconciliation.run({ merchantId: w.merchant.id, day: DAY });
    // Only the two members left were read again.
    expect(checked).toEqual([w.members[1]?.id, w.members[2]?.id]);
    expect(run).toMatchObject({ status: 'differences', differenceCount: 1, membersChecked: 4 });
    const { rows } = await w.dailyStats.reconciliation.differences(w.merchant.id, DAY, { pageNo: 1, pageSize: 10 });
    expect(rows).toEqual([{ memberId: last, kind: 'game', category: 'SLOT', field: 'stake', expected: 4_000, actual: 4_007 }]);
  });

  it('lets finance run and read a day’s reconciliation, and refuses support', async () => {
    const merchant = await t.app.services.merchants.current();
    const finance = await loginAdmin(t.app, 'finance');
    const support = await loginAdmin(t.app, 'support');
    const refused = await t.app.inject({ method: 'GET', url: '/admin-api/daily-stats/reconciliations', headers: support.headers });
    expect(refused.statusCode).toBe(403);

    const ran = await t.app.inject({
      method: 'POST',
      url: '/admin-api/daily-stats/reconciliations',
      headers: finance.headers,
      payload: { day: DAY },
    });
    expect(ran.statusCode).toBe(200);
    expect(ran.json().value).toMatchObject({ day: DAY, status: expect.stringMatching(/clean|differences/) });
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/daily-stats/reconciliations?pageSize=5', headers: finance.headers });
    expect(list.json().value.list.map((r: { day: string }) => r.day)).toContain(DAY);
    const differences = await t.app.inject({
      method: 'GET',
      url: `/admin-api/daily-stats/reconciliations/${DAY}/differences`,
      headers: finance.headers,
    });
    expect(differences.statusCode).toBe(200);
    const expected = await t.app.services.dailyStats.reconciliation.differences(merchant.id, DAY, { pageNo: 1, pageSize: 20 });
    expect(differences.json().value).toMatchObject({ totalCount: expected.totalCount, list: expected.rows });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin-api/daily-stats/reconciliations',
      headers: finance.headers,
      payload: { day: '2026-13-01' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
