import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type SlotKind, slotsBefore } from './agent-contracts.periods.ts';
import { createContractSettlement } from './agent-contracts.settlement.ts';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

const ADMIN_BASE = '/admin-api/agent-contracts';

let t: TestApp;
let w: WalletWorld;
let clock = new Date('2026-11-20T01:00:00Z');

const wage = (rateBasisPoints: number): ContractTierInput => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });
/** A real-time salary tier from a bet of 1,000,000: the profit rate, and the loss rate of a slot the house lost. */
const salary = (rateBasisPoints: number, lossRateBasisPoints: number): ContractTierInput => ({
  minBet: 1_000_000,
  minActiveMembers: 0,
  minNetLoss: 0,
  rateBasisPoints,
  lossRateBasisPoints,
});

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
  // The first merchant is the deployment's, the one the operators sign in to.
  w = await createWalletWorld(t);
});

afterAll(async () => {
  await t.close();
});

/** A settled real-money round of the member at the clock's time. */
async function play(m: Member, stake: number, payout: number) {
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

/** The slot of the kind holding the clock's instant. */
async function slotOfClock(kind: SlotKind) {
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
  const minutes = kind === 'hourlyWage' ? 60 : 5;
  const [slot] = slotsBefore(kind, new Date(clock.getTime() + minutes * 60_000), timeZone, 1);
  if (!slot) throw new Error('no slot');
  return { ...slot, day: localDateOf(slot.from, timeZone) };
}

/**
 * top (top-level) -> mid -> p1; top -> p2, with contracts of the kind (top's terms set by an
 * operator, mid's offered by top and signed). The clock is then 20 minutes into an hour, a minute
 * into a 5-minute slot.
 */
async function world(kind: SlotKind, terms: { top: ContractTierInput[]; mid: ContractTierInput[] }, options: { fundTop?: number } = {}) {
  clock = new Date(clock.getTime() + 3 * 86_400_000);
  const contracts = t.app.services.agentContracts;
  const top = await w.member({ accountType: 1 });
  const mid = await w.member({ accountType: 2, parentId: top.id });
  const p1 = await w.member({ parentId: mid.id });
  const p2 = await w.member({ parentId: top.id });
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  await contracts.admin.setTopLevel(
    { adminId, merchantId: w.merchant.id, ip: null },
    { kind, holderUsername: top.username, tiers: terms.top, confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: top.id, merchantId: w.merchant.id },
    { kind, holderUsername: mid.username, tiers: terms.mid, confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: mid.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  if (options.fundTop) await w.fund(top.accounts, options.fundTop, 'agent');
  // 20 minutes and 1 second into an hour of the clock (the zone's offset is whole hours).
  clock = new Date(Math.floor(clock.getTime() / 3_600_000) * 3_600_000 + 3 * 3_600_000 + 20 * 60_000 + 1_000);
  return { top, mid, p1, p2, contracts, midContractId: offered.contract.id };
}

const payoutRows = async (holderIds: number[]) =>
  (
    await t.database.db
      .selectFrom('agent_contract_payouts')
      .select(['holder_id', 'slot_start', 'payout'])
      .where('holder_id', 'in', holderIds)
      .orderBy('id')
      .execute()
  ).map((r) => ({ holderId: Number(r.holder_id), slotStart: r.slot_start?.toISOString() ?? null, payout: Number(r.payout) }));

describe('hourly-wage settlement', () => {
  it('pays nothing before the hour is over, then each level its amount, uplines first; a replay pays nothing', async () => {
    const { top, mid, p1, p2, contracts, midContractId } = await world('hourlyWage', { top: [wage(100)], mid: [wage(50)] });
    const hour = await slotOfClock('hourlyWage');
    await play(p1, 1_000_000, 0);
    await play(p2, 3_000_000, 2_500_000);
    expect(await contracts.settlement.settleHourlyWages(w.merchant.id, hour.from)).toEqual([]);
    // A round of the next hour is not this hour's.
    clock = new Date(hour.to.getTime() + 60_000);
    await play(p2, 7_000_000, 0);

    const settled = await contracts.settlement.settleHourlyWages(w.merchant.id, hour.from);
    expect(settled.map((s) => s.isReplay)).toEqual([false, false]);
    const [topPayout, midPayout] = settled.map((s) => s.payout);
    // top: 1 % of 4,000,000 = 40,000 from the house, less mid's 0.5 % of 1,000,000 = 5,000.
    expect(topPayout).toMatchObject({
      holderId: top.id,
      periodStart: hour.day,
      periodEnd: hour.day,
      slotStart: hour.from,
      slotEnd: hour.to,
      metrics: { bet: 4_000_000, validBet: 4_000_000, activeMembers: 2, netLoss: 1_500_000 },
      rateBasisPoints: 100,
      ownAmount: 40_000,
      downlineAmounts: [{ contractId: midContractId, holderId: mid.id, amount: 5_000 }],
      payout: 35_000,
      paidBy: 'house',
    });
    // mid: 5,000 from top's agent wallet, where top's own amount has just arrived.
    expect(midPayout).toMatchObject({ holderId: mid.id, ownAmount: 5_000, payout: 5_000, paidBy: 'upline', payerMemberId: top.id });
    expect((await w.balances(top.id)).agent).toBe(35_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);

    // Replays: the merchant's hour again, one contract's hour.
    const again = await contracts.settlement.settleHourlyWages(w.merchant.id, hour.from);
    expect(again.map((s) => [s.isReplay, s.payout.id])).toEqual(settled.map((s) => [true, s.payout.id]));
    expect((await contracts.settlement.settleHourlyWage(midContractId, hour.from))?.isReplay).toBe(true);
    const keys = await t.database.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `agent-contract:%:${hour.from.toISOString()}:%`)
      .where('reference_id', 'in', [String(topPayout?.contractId), String(midContractId)])
      .execute();
    expect(keys.map((k) => k.idempotency_key).sort()).toEqual(
      [
        `agent-contract:${topPayout?.contractId}:${hour.from.toISOString()}:own`,
        `agent-contract:${midContractId}:${hour.from.toISOString()}:own`,
      ].sort(),
    );
    expect((await w.balances(top.id)).agent).toBe(35_000);

    // The hours of a day add up to its rollups: this hour and the next against the day's team rows.
    clock = new Date(hour.to.getTime() + 3_600_000 + 60_000);
    const next = await contracts.settlement.settleHourlyWages(w.merchant.id, hour.to);
    expect(next.map((s) => [s.payout.holderId, s.payout.metrics.bet])).toEqual([[top.id, 7_000_000]]);
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        const rows = await t.app.services.dailyStats.team.gameByDay(
          { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
          { from: hour.day, to: hour.day },
        );
        return rows.reduce((s, r) => s + r.stake, 0) === 4_000_000 + 7_000_000;
      },
      { what: 'the day rollups hold the two hours' },
    );
    await expectCleanBooks(t.database.db);
  });

  it('records nothing for an hour without play, refuses a start that is not an hour, and pays nothing while the kind is paused', async () => {
    const { top, mid, p1, contracts, midContractId } = await world('hourlyWage', { top: [wage(100)], mid: [wage(50)] });
    const hour = await slotOfClock('hourlyWage');
    clock = new Date(hour.to.getTime() + 60_000);
    expect(await contracts.settlement.settleHourlyWages(w.merchant.id, hour.from)).toEqual([]);
    expect(await contracts.settlement.settleHourlyWage(midContractId, hour.from)).toBeNull();
    expect(await payoutRows([top.id, mid.id])).toEqual([]);
    expect(await errorCodeOf(contracts.settlement.settleHourlyWage(midContractId, new Date(hour.from.getTime() + 5 * 60_000)))).toBe(
      'agent_contract_period_invalid',
    );

    const op = { adminId: (await loginAdmin(t.app, 'finance')).adminId, merchantId: w.merchant.id, ip: null };
    clock = new Date(hour.to.getTime() + 10 * 60_000);
    await play(p1, 1_000_000, 0);
    const paused = await slotOfClock('hourlyWage');
    await contracts.admin.pauseKind(op, 'hourlyWage', true);
    clock = new Date(paused.to.getTime() + 60_000);
    expect(await contracts.settlement.settleHourlyWages(w.merchant.id, paused.from)).toEqual([]);
    expect(await contracts.settlement.settleHourlyWage(midContractId, paused.from)).toBeNull();
    await contracts.admin.pauseKind(op, 'hourlyWage', false);
    const settled = await contracts.settlement.settleHourlyWages(w.merchant.id, paused.from);
    expect(settled.map((s) => [s.payout.holderId, s.payout.ownAmount])).toEqual([
      [top.id, 10_000],
      [mid.id, 5_000],
    ]);
    await expectCleanBooks(t.database.db);
  });
});

describe('real-time salary settlement', () => {
  it('pays the profit rate on a slot the house won and the loss rate on one it lost (example 3), nothing below the first tier', async () => {
    // top: from a bet of 1,000,000, 0.6 % (profit) or 0.2 % (loss); mid 0.3 % or 0.1 %.
    const { top, mid, p1, p2, contracts, midContractId } = await world('realtimeSalary', {
      top: [salary(60, 20)],
      mid: [salary(30, 10)],
    });
    const slot = await slotOfClock('realtimeSalary');
    // mid's team loses 1,000,000 (the house won: the profit rate); top's team as a whole wins 200,000
    // on a bet of 5,000,000 (the house lost: the loss rate).
    await play(p1, 1_000_000, 0);
    await play(p2, 4_000_000, 5_200_000);
    clock = new Date(slot.to.getTime() + 1_000);
    const settled = await contracts.settlement.settleRealtimeSalaries(w.merchant.id, slot.from);
    expect(settled.map((s) => s.payout)).toMatchObject([
      {
        holderId: top.id,
        slotStart: slot.from,
        metrics: { bet: 5_000_000, netLoss: -200_000 },
        rateBasisPoints: 20,
        ownAmount: 10_000,
        downlineAmounts: [{ contractId: midContractId, amount: 3_000 }],
        payout: 7_000,
        paidBy: 'house',
      },
      { holderId: mid.id, metrics: { bet: 1_000_000, netLoss: 1_000_000 }, rateBasisPoints: 30, ownAmount: 3_000, paidBy: 'upline' },
    ]);
    expect((await w.balances(top.id)).agent).toBe(7_000);
    expect((await w.balances(mid.id)).agent).toBe(3_000);

    // A slot with a bet of 900,000: no tier is reached, nothing is paid (the slot is recorded, it had play).
    await play(p2, 900_000, 0);
    const small = await slotOfClock('realtimeSalary');
    clock = new Date(small.to.getTime() + 1_000);
    const none = await contracts.settlement.settleRealtimeSalaries(w.merchant.id, small.from);
    expect(none.map((s) => [s.payout.holderId, s.payout.tier, s.payout.ownAmount])).toEqual([[top.id, null, 0]]);
    expect((await contracts.settlement.settleRealtimeSalaries(w.merchant.id, slot.from)).every((s) => s.isReplay)).toBe(true);
    expect((await w.balances(top.id)).agent).toBe(7_000);
    expect(await errorCodeOf(contracts.settlement.settleRealtimeSalary(midContractId, new Date(slot.from.getTime() + 60_000)))).toBe(
      'agent_contract_period_invalid',
    );
    await expectCleanBooks(t.database.db);
  });

  it('counts a member active by the merchant rule over the slot: its valid bet, or its deposits in the slot', async () => {
    const { top, p1, p2, contracts } = await world('realtimeSalary', { top: [salary(60, 20)], mid: [salary(30, 10)] });
    const slot = await slotOfClock('realtimeSalary');
    const depositor = await w.member({ parentId: top.id });
    await play(p1, 1_000_000, 0);
    await play(p2, 50_000, 0);
    // A deposit of 100,000 in the slot (the default rule: a valid bet or a deposit of 100,000).
    await w.fund(depositor.accounts, 100_000);
    clock = new Date(slot.to.getTime() + 1_000);
    const [topPayout] = await contracts.settlement.settleRealtimeSalaries(w.merchant.id, slot.from);
    expect(topPayout?.payout.metrics).toEqual({ bet: 1_050_000, validBet: 1_050_000, activeMembers: 2, netLoss: 1_050_000 });
    await expectCleanBooks(t.database.db);
  });
});

describe('slot settlement killed mid-run', () => {
  for (const kind of ['hourlyWage', 'realtimeSalary'] as const satisfies readonly ContractKind[]) {
    it(`${kind}: a run that dies inside a transaction moves nothing of it; the rerun pays the rest once`, async () => {
      const terms = kind === 'hourlyWage' ? { top: [wage(100)], mid: [wage(50)] } : { top: [salary(100, 100)], mid: [salary(50, 50)] };
      const { top, mid, p1, p2, contracts, midContractId } = await world(kind, terms);
      const slot = await slotOfClock(kind);
      await play(p1, 1_000_000, 0);
      await play(p2, 3_000_000, 2_500_000);
      clock = new Date(slot.to.getTime() + 1_000);
      const services = t.app.services;
      // The second transfer (top paying mid) goes through, then the process dies before the payout row.
      let transfers = 0;
      // A run writes its transfers in chunks (`importTransfers`, uplines' chunk first).
      const dying: LedgerService = {
        ...services.ledger,
        transfer: async (input, trx) => {
          const moved = await services.ledger.transfer(input, trx);
          transfers += 1;
          if (transfers === 2) throw new Error('the process died here');
          return moved;
        },
        importTransfers: async (items, trx) => {
          const moved = await services.ledger.importTransfers(items, trx);
          transfers += items.length;
          if (transfers >= 2) throw new Error('the process died here');
          return moved;
        },
      };
      const crashing = createContractSettlement({
        db: t.database.db,
        ledger: dying,
        teamStats: services.dailyStats.team,
        betRecords: services.betRecords,
        settings: services.settings,
        timeZoneOf: (merchantId) => services.records.timeZoneOf(merchantId),
        now: () => new Date(clock.getTime()),
      });
      const run = (s: typeof crashing) =>
        kind === 'hourlyWage' ? s.settleHourlyWages(w.merchant.id, slot.from) : s.settleRealtimeSalaries(w.merchant.id, slot.from);
      await expect(run(crashing)).rejects.toThrow('the process died here');
      expect((await w.balances(top.id)).agent).toBe(40_000);
      expect((await w.balances(mid.id)).agent).toBe(0);
      expect((await payoutRows([top.id, mid.id])).map((r) => r.holderId)).toEqual([top.id]);
      await expectCleanBooks(t.database.db);

      const rerun = await run(contracts.settlement);
      expect(rerun.map((s) => [s.payout.holderId, s.isReplay])).toEqual([
        [top.id, true],
        [mid.id, false],
      ]);
      expect(rerun[1]?.payout).toMatchObject({ contractId: midContractId, ownAmount: 5_000, paidBy: 'upline' });
      expect((await run(contracts.settlement)).every((s) => s.isReplay)).toBe(true);
      expect(await payoutRows([top.id, mid.id])).toEqual([
        { holderId: top.id, slotStart: slot.from.toISOString(), payout: 35_000 },
        { holderId: mid.id, slotStart: slot.from.toISOString(), payout: 5_000 },
      ]);
      expect((await w.balances(top.id)).agent).toBe(35_000);
      expect((await w.balances(mid.id)).agent).toBe(5_000);
      expect(await contracts.settlement.openDebtsOf(top.id)).toEqual([]);
      await expectCleanBooks(t.database.db);
    });
  }
});

describe('operator re-runs of the slot kinds', () => {
  it('settles a (contract, hour) and a (kind, slot) by their start, answers replays, and refuses a day or a start off the clock', async () => {
    const { mid, p1, midContractId } = await world('hourlyWage', { top: [wage(100)], mid: [wage(50)] });
    const hour = await slotOfClock('hourlyWage');
    await play(p1, 1_000_000, 0);
    clock = new Date(hour.to.getTime() + 60_000);
    // Signed in after the clock's jump (a back-office session ends when idle).
    const relogged = await loginAdmin(t.app, 'finance');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { ...relogged.headers, lang: 'en' } });

    // The mid contract alone: top has not been paid, so the platform pays mid and top owes it.
    const first = await post(`${ADMIN_BASE}/${midContractId}/settlements`, { periodStart: hour.from.toISOString() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      value: {
        settled: {
          isReplay: false,
          payout: {
            holderUsername: mid.username,
            kind: 'hourlyWage',
            periodStart: hour.day,
            slotStart: hour.from.toISOString(),
            slotEnd: hour.to.toISOString(),
            ownAmount: 5_000,
            paidBy: 'platform',
          },
        },
      },
    });
    const kindRun = await post(`${ADMIN_BASE}/settlements`, { kind: 'hourlyWage', periodStart: hour.from.toISOString() });
    expect(kindRun.statusCode, kindRun.body).toBe(200);
    expect(
      (kindRun.json() as { value: { settled: { isReplay: boolean; payout: { ownAmount: number } }[] } }).value.settled.map((s) => [
        s.isReplay,
        s.payout.ownAmount,
      ]),
    ).toEqual([
      [false, 10_000],
      [true, 5_000],
    ]);
    // A day for an hourly kind, a start off the hour, and both shapes at once are refused.
    const byDay = await post(`${ADMIN_BASE}/settlements`, { kind: 'hourlyWage', day: hour.day });
    expect(byDay.statusCode).toBe(400);
    expect(byDay.json()).toMatchObject({ code: 'agent_contract_period_invalid' });
    const offClock = await post(`${ADMIN_BASE}/${midContractId}/settlements`, {
      periodStart: new Date(hour.from.getTime() + 60_000).toISOString(),
    });
    expect(offClock.json()).toMatchObject({ code: 'agent_contract_period_invalid' });
    const both = await post(`${ADMIN_BASE}/settlements`, { kind: 'hourlyWage', day: hour.day, periodStart: hour.from.toISOString() });
    expect(both.statusCode).toBe(400);
    // A start for a day kind is refused too.
    const dailyByStart = await post(`${ADMIN_BASE}/settlements`, { kind: 'dailyWage', periodStart: hour.from.toISOString() });
    expect(dailyByStart.json()).toMatchObject({ code: 'agent_contract_period_invalid' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['data'])
      .where('action', '=', 'agent_contract.settlement_rerun')
      .where('subject_id', '=', String(midContractId))
      .execute();
    expect(audit.map((a) => a.data)).toContainEqual(expect.objectContaining({ periodStart: hour.from.toISOString(), paid: true }));
    await expectCleanBooks(t.database.db);
  });
});
