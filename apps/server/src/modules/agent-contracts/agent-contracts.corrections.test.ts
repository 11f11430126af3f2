import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createContractSettlement } from './agent-contracts.settlement.ts';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let w: WalletWorld;
let clock = new Date('2026-11-20T01:00:00Z');

const wage = (rateBasisPoints: number): ContractTierInput => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
  w = await createWalletWorld(t);
});

afterAll(async () => {
  await t.close();
});

/** A settled real-money round of the member at the clock's time; answers its id. */
async function play(m: Member, stake: number, payout: number): Promise<number> {
  const row = await t.database.db
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
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A round voided after the fact: it no longer counts. */
async function voidRound(id: number) {
  await t.database.db
    .updateTable('bet_records')
    .set({ status: 'cancelled', stake: 0, valid_bet: 0, payout: 0, win_loss: 0, updated_at: clock })
    .where('id', '=', id)
    .execute();
}

/** Waits until the day rollups give the team of `top` this bet amount on the day. */
async function rollupsAt(top: Member, day: string, stake: number) {
  await waitUntil(
    async () => {
      await t.app.services.dailyStats.refresh();
      const rows = await t.app.services.dailyStats.team.gameByDay(
        { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
        { from: day, to: day },
      );
      return rows.reduce((s, r) => s + r.stake, 0) === stake;
    },
    { what: `the rollups give ${stake}` },
  );
}

/** top (top-level, 1 %) -> mid (0.5 %) -> p1; top -> p2, daily wages; one day's play paid. */
async function paidDay() {
  clock = new Date(clock.getTime() + 5 * 86_400_000);
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
    { kind: 'dailyWage', holderUsername: top.username, tiers: [wage(100)], confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: top.id, merchantId: w.merchant.id },
    { kind: 'dailyWage', holderUsername: mid.username, tiers: [wage(50)], confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: mid.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  clock = new Date(clock.getTime() + 3 * 3_600_000);
  const dayTime = new Date(clock.getTime());
  const p1Round = await play(p1, 1_000_000, 0);
  await play(p2, 3_000_000, 2_500_000);
  const day = localDateOf(clock, await t.app.services.records.timeZoneOf(w.merchant.id));
  await rollupsAt(top, day, 4_000_000);
  clock = new Date(clock.getTime() + 86_400_000);
  const settled = await contracts.settlement.settleDailyWages(w.merchant.id, day);
  // (The contracts of the test before are settled for the day too, with nothing to pay.)
  const ours = settled.filter((s) => s.payout.holderId === top.id || s.payout.holderId === mid.id);
  expect(ours.map((s) => s.payout.payout)).toEqual([35_000, 5_000]);
  return { top, mid, p1, p2, contracts, day, dayTime, p1Round, midContractId: offered.contract.id };
}

const correctionsOf = async (holderIds: number[]) =>
  (
    await t.database.db
      .selectFrom('agent_contract_corrections')
      .select(['holder_id', 'seq', 'own_delta', 'paid_by', 'own_deduction_left', 'own_refund_member_id'])
      .where('holder_id', 'in', holderIds)
      .orderBy('id')
      .execute()
  ).map((r) => ({
    holderId: Number(r.holder_id),
    seq: r.seq,
    ownDelta: Number(r.own_delta),
    paidBy: r.paid_by,
    ownDeductionLeft: Number(r.own_deduction_left),
    ownRefundMemberId: r.own_refund_member_id === null ? null : Number(r.own_refund_member_id),
  }));

describe('corrections of paid periods', () => {
  it('pays a late round through the same chain once, and takes a voided one back from the next payouts, never from a wallet', async () => {
    const { top, mid, p1, contracts, day, dayTime, p1Round } = await paidDay();
    // A round of p1 settles for the paid day after it was paid (a late vendor result).
    const paidAt = new Date(clock.getTime());
    clock = dayTime;
    const lateRound = await play(p1, 1_000_000, 0);
    clock = paidAt;
    await rollupsAt(top, day, 5_000_000);

    // Two runs at once: each (contract, period) is corrected once, whichever run gets there first.
    const [a, b] = await Promise.all([
      contracts.settlement.correctPaidSince(w.merchant.id, day),
      contracts.settlement.correctPaidSince(w.merchant.id, day),
    ]);
    const corrected = [...a, ...b].sort((x, y) => x.id - y.id);
    // top: 1 % of 5,000,000 = 50,000 now, 10,000 more, from the house; mid: 0.5 % of 2,000,000 = 10,000, 5,000 more, from top.
    expect(corrected.map((c) => [c.holderId, c.seq, c.ownDelta, c.paidBy])).toEqual([
      [top.id, 1, 10_000, 'house'],
      [mid.id, 1, 5_000, 'upline'],
    ]);
    expect(corrected[0]).toMatchObject({ metrics: { bet: 5_000_000 }, ownAmount: 50_000, payout: 40_000 });
    expect((await w.balances(top.id)).agent).toBe(40_000);
    expect((await w.balances(mid.id)).agent).toBe(10_000);
    // Replays change nothing.
    expect(await contracts.settlement.correctPaidSince(w.merchant.id, day)).toEqual([]);
    expect((await w.balances(top.id)).agent).toBe(40_000);
    const keys = await t.database.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `agent-contract:%:${day}:correction:%`)
      .where(
        'reference_id',
        'in',
        corrected.map((c) => String(c.contractId)),
      )
      .execute();
    expect(keys.map((k) => k.idempotency_key).sort()).toEqual(
      corrected.map((c) => `agent-contract:${c.contractId}:${day}:correction:1:own`).sort(),
    );

    // Both of p1's rounds are voided: mid's team bet nothing that day, top's 3,000,000.
    await voidRound(lateRound);
    await voidRound(p1Round);
    await rollupsAt(top, day, 3_000_000);
    const voided = await contracts.settlement.correctPaidSince(w.merchant.id, day);
    expect(voided.map((c) => [c.holderId, c.seq, c.ownDelta])).toEqual([
      [top.id, 2, -20_000],
      [mid.id, 2, -10_000],
    ]);
    // Nothing is taken from a wallet: the overpaid amounts wait for the next payouts.
    expect((await w.balances(top.id)).agent).toBe(40_000);
    expect((await w.balances(mid.id)).agent).toBe(10_000);
    expect((await correctionsOf([top.id, mid.id])).filter((c) => c.seq === 2)).toEqual([
      { holderId: top.id, seq: 2, ownDelta: -20_000, paidBy: null, ownDeductionLeft: 20_000, ownRefundMemberId: null },
      { holderId: mid.id, seq: 2, ownDelta: -10_000, paidBy: null, ownDeductionLeft: 10_000, ownRefundMemberId: top.id },
    ]);

    // The next day p1 bets 4,000,000: top is credited 40,000 and pays mid 20,000; each gives back
    // what it was overpaid, at most what it keeps: top 20,000 to the house, mid 10,000 to top.
    await play(p1, 4_000_000, 0);
    const next = localDateOf(clock, await t.app.services.records.timeZoneOf(w.merchant.id));
    await rollupsAt(top, next, 4_000_000);
    clock = new Date(clock.getTime() + 86_400_000);
    const settled = (await contracts.settlement.settleDailyWages(w.merchant.id, next)).filter(
      (s) => s.payout.holderId === top.id || s.payout.holderId === mid.id,
    );
    expect(settled.map((s) => [s.payout.holderId, s.payout.ownAmount, s.payout.payout, s.payout.deductedAmount])).toEqual([
      [top.id, 40_000, 20_000, 20_000],
      [mid.id, 20_000, 20_000, 10_000],
    ]);
    // Over the two days top keeps 30,000 + 20,000 and mid 0 + 20,000: what the rounds that stand give.
    expect((await w.balances(top.id)).agent).toBe(50_000);
    expect((await w.balances(mid.id)).agent).toBe(20_000);
    expect((await correctionsOf([top.id, mid.id])).map((c) => c.ownDeductionLeft)).toEqual([0, 0, 0, 0]);
    expect((await contracts.settlement.settleDailyWages(w.merchant.id, next)).every((s) => s.isReplay)).toBe(true);
    expect((await w.balances(top.id)).agent).toBe(50_000);
    await expectCleanBooks(t.database.db);
  });

  it('writes off what a contract that ended still had to give back once the corrections window has passed its end, with an audit row', async () => {
    const { top, mid, contracts, day, p1Round, midContractId } = await paidDay();
    await voidRound(p1Round);
    await rollupsAt(top, day, 3_000_000);
    const voided = await contracts.settlement.correctPaidSince(w.merchant.id, day);
    expect(voided.map((c) => [c.holderId, c.ownDelta])).toEqual([
      [top.id, -10_000],
      [mid.id, -5_000],
    ]);
    // mid ends its contract: no payout of it will give the 5,000 back.
    await contracts.terminate({ memberId: mid.id, merchantId: w.merchant.id }, midContractId, { ip: null });
    // Within the window (a period of the contract could still be paid or corrected) it stays open.
    await contracts.settlement.correctPaidSince(w.merchant.id, day);
    expect((await correctionsOf([mid.id])).map((c) => c.ownDeductionLeft)).toEqual([5_000]);

    clock = new Date(clock.getTime() + 5 * 86_400_000);
    const today = localDateOf(clock, await t.app.services.records.timeZoneOf(w.merchant.id));
    await contracts.settlement.correctPaidSince(w.merchant.id, addDays(today, -3));
    // mid's is written off; top's contract goes on and its next payouts give its 10,000 back.
    expect((await correctionsOf([top.id, mid.id])).map((c) => [c.holderId, c.ownDeductionLeft])).toEqual([
      [top.id, 10_000],
      [mid.id, 0],
    ]);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['data'])
      .where('action', '=', 'agent_contract.deduction_written_off')
      .where('subject_id', '=', String(midContractId))
      .execute();
    expect(audits.map((a) => (typeof a.data === 'string' ? JSON.parse(a.data) : a.data))).toEqual([
      { correctionId: expect.any(Number), holderId: mid.id, ownAmount: 5_000, clampAmount: 0 },
    ]);
    // Nothing moved: mid keeps the 5,000 top paid it, and a second run writes nothing off again.
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    expect((await w.balances(top.id)).agent).toBe(35_000);
    await contracts.settlement.correctPaidSince(w.merchant.id, addDays(today, -3));
    expect(
      await t.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'agent_contract.deduction_written_off')
        .where('subject_id', '=', String(midContractId))
        .execute(),
    ).toHaveLength(1);
    await expectCleanBooks(t.database.db);
  });

  it('a correction run killed mid-way moves nothing of the cut transaction; the rerun pays the rest once', async () => {
    const { top, mid, p1, day, dayTime } = await paidDay();
    const paidAt = new Date(clock.getTime());
    clock = dayTime;
    await play(p1, 1_000_000, 0);
    clock = paidAt;
    await rollupsAt(top, day, 5_000_000);
    const services = t.app.services;
    let transfers = 0;
    const dying: LedgerService = {
      ...services.ledger,
      transfer: async (input, trx) => {
        const moved = await services.ledger.transfer(input, trx);
        transfers += 1;
        if (transfers === 2) throw new Error('the process died here');
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
    await expect(crashing.correctPaidSince(w.merchant.id, day)).rejects.toThrow('the process died here');
    expect((await correctionsOf([top.id, mid.id])).map((c) => c.holderId)).toEqual([top.id]);
    expect((await w.balances(top.id)).agent).toBe(45_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    await expectCleanBooks(t.database.db);

    const rerun = await services.agentContracts.settlement.correctPaidSince(w.merchant.id, day);
    expect(rerun.map((c) => [c.holderId, c.ownDelta])).toEqual([[mid.id, 5_000]]);
    expect(await services.agentContracts.settlement.correctPaidSince(w.merchant.id, day)).toEqual([]);
    expect((await w.balances(top.id)).agent).toBe(40_000);
    expect((await w.balances(mid.id)).agent).toBe(10_000);
    await expectCleanBooks(t.database.db);
  });
});
