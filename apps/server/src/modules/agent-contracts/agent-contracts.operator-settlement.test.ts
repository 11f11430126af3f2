import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { localDateOf } from '../../lib/time-zone.ts';

const ADMIN_BASE = '/admin-api/agent-contracts';

let t: TestApp;
let w: WalletWorld;
let clock = new Date('2026-11-20T01:00:00Z');

const tier = (rateBasisPoints: number): ContractTierInput => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
  // The first merchant is the deployment's, the one the operators sign in to.
  w = await createWalletWorld(t);
});

afterAll(async () => {
  await t.close();
});

async function expectOk(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: never }).value;
}

describe('operator settlement calls', () => {
  it('re-runs a (contract, day) and a (kind, day) idempotently, lists payouts and debts, and settles a debt from the agent wallet', async () => {
    let op = await loginAdmin(t.app, 'finance');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...op.headers, lang: 'en' } });
    // A back-office session ends when idle; the clock jumps hours here, so the operator signs in again.
    const signInAgain = async () => {
      op = await loginAdmin(t.app, 'finance');
    };
    const contracts = t.app.services.agentContracts;
    const top = await w.member({ accountType: 1 });
    const mid = await w.member({ accountType: 2, parentId: top.id });
    const low = await w.member({ accountType: 2, parentId: mid.id });
    const p1 = await w.member({ parentId: mid.id });
    await contracts.admin.setTopLevel(
      { adminId: op.adminId, merchantId: w.merchant.id, ip: null },
      { kind: 'dailyWage', holderUsername: top.username, tiers: [tier(100)], confirm: false },
    );
    const offered = await contracts.offer(
      { memberId: top.id, merchantId: w.merchant.id },
      { kind: 'dailyWage', holderUsername: mid.username, tiers: [tier(50)], confirm: false },
      { ip: null },
    );
    await contracts.sign(
      { memberId: mid.id, merchantId: w.merchant.id },
      { requestId: offered.request?.id ?? 0, confirm: false },
      { ip: null },
    );
    const midContractId = offered.contract.id;
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    await t.database.db
      .insertInto('bet_records')
      .values({
        merchant_id: w.merchant.id,
        member_id: p1.id,
        username: p1.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: 'RNG',
        round_id: uniqueName('round-'),
        currency: w.currency,
        status: 'settled',
        stake: 1_000_000,
        payout: 0,
        valid_bet: 1_000_000,
        win_loss: -1_000_000,
        bet_count: 1,
        opened_at: clock,
        settled_at: clock,
        updated_at: clock,
      })
      .execute();
    const day = localDateOf(clock, await t.app.services.records.timeZoneOf(w.merchant.id));
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        const rows = await t.app.services.dailyStats.team.gameByDay(
          { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
          { from: day, to: day },
        );
        return rows.reduce((s, r) => s + r.stake, 0) === 1_000_000;
      },
      { what: "the rollups include the day's rounds" },
    );
    await signInAgain();

    // The day is not over: nothing is due.
    expect(await expectOk(await call('POST', `${ADMIN_BASE}/${midContractId}/settlements`, { day }))).toEqual({ settled: null });
    clock = new Date(clock.getTime() + 86_400_000);
    await signInAgain();

    // mid alone first: top's agent wallet is empty, so the platform pays mid and top owes it.
    const first = await expectOk(await call('POST', `${ADMIN_BASE}/${midContractId}/settlements`, { day }));
    expect(first).toMatchObject({
      settled: {
        isReplay: false,
        payout: { contractId: midContractId, holderUsername: mid.username, periodStart: day, ownAmount: 5_000, paidBy: 'platform' },
      },
    });
    const again = (await expectOk(await call('POST', `${ADMIN_BASE}/${midContractId}/settlements`, { day }))) as typeof first;
    expect(again).toEqual({ settled: { ...(first as { settled: object }).settled, isReplay: true } });
    expect((await w.balances(mid.id)).agent).toBe(5_000);

    const debts = (await expectOk(await call('GET', `${ADMIN_BASE}/debts?status=open&debtorUsername=${top.username}`))) as {
      list: { id: number; amount: number; status: string; debtorUsername: string }[];
      totalCount: number;
    };
    expect(debts.totalCount).toBe(1);
    expect(debts.list[0]).toMatchObject({ amount: 5_000, status: 'open', debtorUsername: top.username });
    const debtId = debts.list[0]?.id ?? 0;

    // The debtor may not offer a contract until the debt is settled.
    const offerToLow = () =>
      contracts.offer(
        { memberId: mid.id, merchantId: w.merchant.id },
        { kind: 'dailyWage', holderUsername: low.username, tiers: [tier(20)], confirm: false },
        { ip: null },
      );
    expect(await contracts.hasOpenDebt(top.id)).toBe(true);
    expect(
      await errorCodeOf(
        contracts.offer(
          { memberId: top.id, merchantId: w.merchant.id },
          { kind: 'dailyWage', holderUsername: mid.username, tiers: [tier(40)], confirm: true },
          { ip: null },
        ),
      ),
    ).toBe('agent_contract_debtor_restricted');
    // Nobody else is held back.
    expect(await errorCodeOf(offerToLow())).toBe('ok');

    // top's agent wallet cannot pay yet: refused, nothing moves.
    const short = await call('POST', `${ADMIN_BASE}/debts/${debtId}/settle`);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'agent_contract_debt_unpaid_balance' });

    // The whole kind for the day: top is paid its own amount by the house, mid's payout is answered.
    const kindRun = (await expectOk(await call('POST', `${ADMIN_BASE}/settlements`, { kind: 'dailyWage', day }))) as {
      settled: { isReplay: boolean; payout: { holderId: number; ownAmount: number; payout: number } }[];
    };
    expect(kindRun.settled.map((s) => [s.payout.holderId, s.isReplay, s.payout.ownAmount, s.payout.payout])).toEqual([
      [top.id, false, 10_000, 5_000],
      [mid.id, true, 5_000, 5_000],
    ]);
    const kindAgain = (await expectOk(await call('POST', `${ADMIN_BASE}/settlements`, { kind: 'dailyWage', day }))) as typeof kindRun;
    expect(kindAgain.settled.every((s) => s.isReplay)).toBe(true);
    expect((await w.balances(top.id)).agent).toBe(10_000);

    // Now the debt is settled from top's agent wallet, once.
    const settled = await expectOk(await call('POST', `${ADMIN_BASE}/debts/${debtId}/settle`));
    expect(settled).toMatchObject({ isReplay: false, debt: { id: debtId, status: 'settled', amount: 5_000 } });
    const settledAgain = await expectOk(await call('POST', `${ADMIN_BASE}/debts/${debtId}/settle`));
    expect(settledAgain).toMatchObject({ isReplay: true, debt: { id: debtId, status: 'settled' } });
    expect((await w.balances(top.id)).agent).toBe(5_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    expect(await contracts.hasOpenDebt(top.id)).toBe(false);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'agent_contract_debt')
      .where('subject_id', '=', String(debtId))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['agent_contract.debt_settled']);

    const payouts = (await expectOk(await call('GET', `${ADMIN_BASE}/payouts?kind=dailyWage&from=${day}&to=${day}`))) as {
      list: { holderUsername: string; payout: number }[];
      totalCount: number;
    };
    expect(payouts.totalCount).toBe(2);
    expect(payouts.list.map((p) => p.holderUsername).sort()).toEqual([mid.username, top.username].sort());
    const none = (await expectOk(await call('GET', `${ADMIN_BASE}/payouts?holderUsername=nobody-here`))) as { totalCount: number };
    expect(none.totalCount).toBe(0);
    await expectCleanBooks(t.database.db);
  });

  it('refuses a re-run of an hourly kind by day, and of a contract the merchant does not have', async () => {
    const op = await loginAdmin(t.app, 'finance');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/settlements`,
      payload: { kind: 'hourlyWage', day: '2026-11-20' },
      headers: { ...op.headers, lang: 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'agent_contract_period_invalid' });
    const missing = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/999999/settlements`,
      payload: { day: '2026-11-20' },
      headers: { ...op.headers, lang: 'vi' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'agent_contract_not_found' });
  });
});
