import type { AmountMinor } from '@platform/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addVendorWithGames } from '../../../test/games-helpers.ts';
import { auth, createWalletWorld } from '../../../test/wallet-fixture.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const PATHS = [
  '/wps/agent/reports/overview',
  '/wps/agent/reports/team-bets',
  '/wps/agent/reports/subordinate-pl',
  '/wps/agent/reports/income',
  '/wps/agent/reports/team-transactions',
];

/**
 * An agent (type 1) with a player and a sub-agent (type 2) below it, and a player below the
 * sub-agent; each player deposited and played a round today, and the direct player sent 7,000 up.
 * The daily rollups follow from the rounds and the ledger (the daily-stats module keeps them).
 */
async function agentWithTeam() {
  const w = await createWalletWorld(t);
  const db = t.database.db;
  const agent = await w.member({ accountType: 1 });
  const player = await w.member({ parentId: agent.id });
  const subAgent = await w.member({ accountType: 2, parentId: agent.id });
  const grandchild = await w.member({ parentId: subAgent.id });
  const { from: today } = await t.app.services.agentReports.periodOf(w.merchant.id, { period: 'today' });
  for (const [m, stake, payout] of [
    [player, 10_000, 25_000],
    [grandchild, 40_000, 0],
  ] as const) {
    await w.fund(m.accounts, 100_000);
    await db
      .insertInto('bet_records')
      .values({
        merchant_id: w.merchant.id,
        member_id: m.id,
        username: m.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: 'RNG',
        round_id: `round-${m.id}`,
        currency: w.currency,
        status: 'settled',
        stake,
        payout,
        valid_bet: stake,
        win_loss: payout - stake,
        bet_count: 1,
        opened_at: new Date(),
        settled_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  }
  await db
    .insertInto('transfer_permissions')
    .values({
      member_id: player.id,
      to_upline: true,
      can_transfer_to_downline: true,
      can_receive_from_downline: true,
      updated_at: new Date(),
      updated_by: null,
    })
    .execute();
  await t.app.services.transfers.transferToUpline(
    { sessionId: 0, memberId: player.id, merchantId: w.merchant.id, username: player.username, accountType: 0, currency: w.currency },
    { amount: 7_000 as AmountMinor, note: 'tuần này', requestId: 'up-request-1' },
    { ip: null },
  );
  return { w, agent, player, subAgent, grandchild, today };
}

describe('agent report calls', () => {
  it('need a session, and an agent: a player is told only agents may use them', async () => {
    const { w, player } = await agentWithTeam();
    const token = await w.token(player.id);
    for (const url of PATHS) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const asPlayer = await t.app.inject({ method: 'GET', url, headers: { ...auth(token), lang: 'en' } });
      expect(asPlayer.statusCode).toBe(403);
      expect(asPlayer.json()).toMatchObject({ success: false, code: 'not_an_agent' });
      expect(asPlayer.json().message).toMatch(/^Only agent accounts/);
    }
  });

  it('refuse a range without its ends, reversed or too long, and a period that does not exist', async () => {
    const { w, agent } = await agentWithTeam();
    const token = await w.token(agent.id);
    for (const query of [
      'period=range',
      'period=range&from=2026-11-20&to=2026-11-10',
      'period=range&from=2026-01-01&to=2026-11-10',
      'period=lastYear',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/wps/agent/reports/overview?${query}`, headers: auth(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it("answer the agent's team figures: overview, team betting, subordinate P&L, income and transactions", async () => {
    const { w, agent, player, subAgent, grandchild, today } = await agentWithTeam();
    const headers = { ...auth(await w.token(agent.id)), lang: 'en' };
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.json().value;
    };

    const overview = await get('/wps/agent/reports/overview?period=today');
    expect(overview).toMatchObject({
      period: { period: 'today', from: today, to: today },
      currency: w.currency,
      teamSize: {
        total: 3,
        byLevel: [
          { level: 1, count: 2 },
          { level: 2, count: 1 },
        ],
      },
      newMembers: 3,
      activeMembers: 2,
      deposits: { amount: 200_000, count: 2 },
      validBet: 50_000,
      stake: 50_000,
      payout: 25_000,
      winLoss: -25_000,
    });
    expect(overview.days).toEqual([
      { day: today, newMembers: 3, activeMembers: 2, depositAmount: 200_000, withdrawalAmount: 0, validBet: 50_000, winLoss: -25_000 },
    ]);

    // The rounds' game and vendor are named in the caller's language (English here), as in the member's own record.
    await addVendorWithGames(t.database.db, w.merchant.id, { code: 'DEMO', displayName: 'Lotus Studio' }, [
      { code: 'dice', name: { vi: 'Xúc Xắc', en: 'Dice' } },
    ]);
    const bets = await get('/wps/agent/reports/team-bets?period=today');
    expect(bets.list.map((b: { gameName: string; vendorName: string }) => [b.vendorName, b.gameName])).toEqual([
      ['Lotus Studio', 'Dice'],
      ['Lotus Studio', 'Dice'],
    ]);
    expect(bets.list.map((b: { member: { username: string; level: number } }) => b.member)).toEqual(
      expect.arrayContaining([
        { memberId: player.id, username: player.username, level: 1 },
        { memberId: grandchild.id, username: grandchild.username, level: 2 },
      ]),
    );
    expect(bets.totals).toEqual({ count: 2, stake: 50_000, validBet: 50_000, payout: 25_000, winLoss: -25_000 });
    const level2 = await get('/wps/agent/reports/team-bets?period=today&level=2');
    expect(level2.list.map((b: { roundId: string }) => b.roundId)).toEqual([`round-${grandchild.id}`]);
    const byName = await get(`/wps/agent/reports/team-bets?period=today&username=${player.username.toUpperCase()}`);
    expect(byName.totalCount).toBe(1);

    const pl = await get('/wps/agent/reports/subordinate-pl?period=today');
    expect(pl.breadcrumb).toEqual([{ memberId: agent.id, username: agent.username }]);
    const rows = Object.fromEntries(pl.list.map((r: { username: string }) => [r.username, r]));
    expect(rows[player.username]).toMatchObject({ teamSize: 1, validBet: 10_000, winLoss: 15_000, depositAmount: 100_000 });
    expect(rows[subAgent.username]).toMatchObject({ teamSize: 2, validBet: 40_000, winLoss: -40_000, depositAmount: 100_000 });
    expect(pl.totals).toMatchObject({ validBet: 50_000, winLoss: -25_000, depositAmount: 200_000 });
    const drilled = await get(`/wps/agent/reports/subordinate-pl?period=today&parent=${subAgent.username}`);
    expect(drilled.breadcrumb.map((b: { username: string }) => b.username)).toEqual([agent.username, subAgent.username]);
    expect(drilled.list.map((r: { username: string }) => r.username)).toEqual([grandchild.username]);

    const income = await get('/wps/agent/reports/income?period=today');
    expect(income.total).toBe(7_000);
    expect(income.byKind).toEqual([
      { kind: 'downline_transfer', amount: 7_000, count: 1 },
      { kind: 'red_envelope_return', amount: 0, count: 0 },
    ]);
    expect(income.list).toEqual([
      expect.objectContaining({
        kind: 'downline_transfer',
        amount: 7_000,
        wallet: 'agent',
        fromUsername: player.username,
        note: 'tuần này',
      }),
    ]);
    expect(income.days).toEqual([{ day: today, amounts: { downline_transfer: 7_000 }, total: 7_000 }]);

    const transactions = await get('/wps/agent/reports/team-transactions?period=today');
    const kinds = transactions.list.map((l: { member: { username: string }; kind: string; amount: number }) => [
      l.member.username,
      l.kind,
      l.amount,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        [player.username, 'deposit', 100_000],
        [grandchild.username, 'deposit', 100_000],
        [player.username, 'transfer_out', -7_000],
      ]),
    );
    expect(transactions.totals).toMatchObject({ depositAmount: 200_000, depositCount: 2 });
    const outOnly = await get('/wps/agent/reports/team-transactions?period=today&kind=transfer_out');
    expect(outOnly.list).toHaveLength(1);
  });

  it('never show the upline to a sub-agent, and refuse a name outside the team in the caller’s language', async () => {
    const { w, agent, player, subAgent, grandchild } = await agentWithTeam();
    const headers = { ...auth(await w.token(subAgent.id)), lang: 'vi' };
    const overview = await t.app.inject({ method: 'GET', url: '/wps/agent/reports/overview', headers });
    expect(overview.json().value.teamSize.total).toBe(1);
    const bets = await t.app.inject({ method: 'GET', url: '/wps/agent/reports/team-bets', headers });
    expect(bets.json().value.list.map((b: { member: { memberId: number } }) => b.member.memberId)).toEqual([grandchild.id]);
    for (const name of [agent.username, player.username, subAgent.username]) {
      const res = await t.app.inject({ method: 'GET', url: `/wps/agent/reports/subordinate-pl?parent=${name}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_in_team', message: expect.stringMatching(/^Thành viên này không thuộc đội của bạn/) });
    }
  });
});
