import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import { contractPolicySetting } from './agent-contracts.settings.ts';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let clock = new Date('2026-12-01T01:00:00Z');

const dividendTier = (rateBasisPoints: number): ContractTierInput => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
});

afterAll(async () => {
  await t.close();
});

async function play(w: WalletWorld, m: Member, stake: number, payout: number) {
  await t.database.db
    .insertInto('bet_records')
    .values({
      merchant_id: w.merchant.id,
      member_id: m.id,
      username: m.username,
      vendor_code: 'DEMO',
      game_code: 'dice',
      game_category: 'RNG',
      round_id: uniqueName('round-'),
      currency: w.currency,
      status: 'settled',
      stake,
      payout,
      valid_bet: stake,
      win_loss: payout - stake,
      bet_count: 1,
      opened_at: clock,
      settled_at: clock,
      updated_at: clock,
    })
    .execute();
}

/**
 * The documented example 2: A (40 %) -> B (30 %) -> p1; A -> p2. Over the period p1 loses
 * 1,000,000 and p2 wins 600,000: B's team's net loss is 1,000,000, A's 400,000.
 */
async function world(at: Date, dividendPeriod?: 'week' | 'halfMonth' | 'month') {
  clock = at;
  const w = await createWalletWorld(t);
  if (dividendPeriod) {
    const policy = await t.app.services.settings.get(w.merchant.id, contractPolicySetting);
    await t.app.services.settings.set(w.merchant.id, contractPolicySetting, { ...policy, dividendPeriod }, null);
  }
  const contracts = t.app.services.agentContracts;
  const a = await w.member({ accountType: 1 });
  const b = await w.member({ accountType: 2, parentId: a.id });
  const p1 = await w.member({ parentId: b.id });
  const p2 = await w.member({ parentId: a.id });
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  await contracts.admin.setTopLevel(
    { adminId, merchantId: w.merchant.id, ip: null },
    { kind: 'dividend', holderUsername: a.username, tiers: [dividendTier(4_000)], confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: a.id, merchantId: w.merchant.id },
    { kind: 'dividend', holderUsername: b.username, tiers: [dividendTier(3_000)], confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: b.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  clock = new Date(clock.getTime() + 3 * 3_600_000);
  await play(w, p1, 1_000_000, 0);
  await play(w, p2, 1_000_000, 1_600_000);
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
  const day = localDateOf(clock, timeZone);
  await waitUntil(
    async () => {
      await t.app.services.dailyStats.refresh();
      const rows = await t.app.services.dailyStats.team.gameByDay(
        { merchantId: w.merchant.id, memberId: a.id, uplinePath: a.uplinePath },
        { from: day, to: day },
      );
      return rows.reduce((s, r) => s + r.stake, 0) === 2_000_000;
    },
    { what: "the rollups include the period's rounds" },
  );
  return { w, a, b, contracts, day, bContractId: offered.contract.id };
}

describe('dividend settlement', () => {
  it('pays the documented example 2 over the half-month: B its 30 %, A nothing after the clamp, the house 300,000 in all', async () => {
    const { w, a, b, contracts, bContractId } = await world(new Date('2026-12-02T01:00:00Z'));
    // What the house paid for the merchant's contracts, from the ledger's transfers.
    const housePaid = async () => {
      const rows = await t.database.db
        .selectFrom('ledger_transfers')
        .select(['amount'])
        .where('reference_type', '=', 'agent_contract')
        .where((eb) => eb.or([eb('debit_account_id', '=', w.system.houseRevenue), eb('credit_account_id', '=', w.system.houseRevenue)]))
        .execute();
      return rows.reduce((sum, r) => sum + Number(r.amount), 0);
    };
    // Before the half-month (1st to 15th) is over, nothing is due.
    clock = new Date('2026-12-15T12:00:00Z');
    expect(await contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2026-12-03')).toEqual([]);

    clock = new Date('2026-12-16T12:00:00Z');
    const settled = await contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2026-12-03');
    expect(settled.map((s) => s.isReplay)).toEqual([false, false]);
    const [aPayout, bPayout] = settled.map((s) => s.payout);
    expect(aPayout).toMatchObject({
      holderId: a.id,
      periodStart: '2026-12-01',
      periodEnd: '2026-12-15',
      metrics: { bet: 2_000_000, netLoss: 400_000 },
      rateBasisPoints: 4_000,
      ownAmount: 160_000,
      downlineAmounts: [{ contractId: bContractId, holderId: b.id, amount: 300_000 }],
      payout: 0,
      clampAmount: 140_000,
      paidBy: 'house',
    });
    expect(bPayout).toMatchObject({
      holderId: b.id,
      periodStart: '2026-12-01',
      periodEnd: '2026-12-15',
      metrics: { bet: 1_000_000, netLoss: 1_000_000 },
      rateBasisPoints: 3_000,
      ownAmount: 300_000,
      payout: 300_000,
      clampAmount: 0,
      paidBy: 'upline',
      payerMemberId: a.id,
    });
    expect((await w.balances(a.id)).agent).toBe(0);
    expect((await w.balances(b.id)).agent).toBe(300_000);
    // What the house pays: A's own amount and the clamp.
    expect(await housePaid()).toBe(300_000);

    // A second run, by any day of the period or of one contract, pays nothing.
    const again = await contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2026-12-15');
    expect(again.map((s) => s.isReplay)).toEqual([true, true]);
    expect(again.map((s) => s.payout)).toEqual(settled.map((s) => s.payout));
    expect((await contracts.settlement.settleDividend(bContractId, '2026-12-01'))?.isReplay).toBe(true);
    // A contract's period is the one it was offered with: a weekly run finds nothing of it.
    expect(await contracts.settlement.settleDividends(w.merchant.id, 'week', '2026-12-03')).toEqual([]);
    expect(await housePaid()).toBe(300_000);
    expect(await contracts.settlement.openDebtsOf(a.id)).toEqual([]);
    await expectCleanBooks(t.database.db);
  });

  it('follows the merchant setting: a weekly dividend is paid for the week from Monday', async () => {
    // 2027-01-06 is a Wednesday.
    const { w, a, b, contracts } = await world(new Date('2027-01-06T01:00:00Z'), 'week');
    clock = new Date('2027-01-11T12:00:00Z');
    const settled = await contracts.settlement.settleDividends(w.merchant.id, 'week', '2027-01-07');
    expect(settled.map((s) => [s.payout.holderId, s.payout.periodStart, s.payout.periodEnd, s.payout.payout])).toEqual([
      [a.id, '2027-01-04', '2027-01-10', 0],
      [b.id, '2027-01-04', '2027-01-10', 300_000],
    ]);
    expect(await contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2027-01-07')).toEqual([]);
    await expectCleanBooks(t.database.db);
  });

  it('pays once when two runs race and the first leaves the upline wallet empty (A keeps nothing of example 2)', async () => {
    const { w, a, b, contracts } = await world(new Date('2027-02-02T01:00:00Z'));
    clock = new Date('2027-02-16T12:00:00Z');
    const [first, second] = await Promise.all([
      contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2027-02-03'),
      contracts.settlement.settleDividends(w.merchant.id, 'halfMonth', '2027-02-03'),
    ]);
    expect(first.map((s) => s.payout)).toEqual(second.map((s) => s.payout));
    expect([...first, ...second].filter((s) => !s.isReplay)).toHaveLength(2);
    expect(first.map((s) => s.payout.paidBy)).toEqual(['house', 'upline']);
    expect((await w.balances(a.id)).agent).toBe(0);
    expect((await w.balances(b.id)).agent).toBe(300_000);
    expect(await contracts.settlement.openDebtsOf(a.id)).toEqual([]);
    await expectCleanBooks(t.database.db);
  });
});
