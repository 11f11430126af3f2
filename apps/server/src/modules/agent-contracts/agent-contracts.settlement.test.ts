import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createContractSettlement } from './agent-contracts.settlement.ts';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let clock = new Date('2026-11-20T01:00:00Z');

const tier = (minBet: number, rateBasisPoints: number, minActiveMembers = 0): ContractTierInput => ({
  minBet,
  minActiveMembers,
  minNetLoss: 0,
  rateBasisPoints,
});

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.getTime()) });
});

afterAll(async () => {
  await t.close();
});

/** A settled real-money round of the member at the clock's time (the rollups follow it). */
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
 * top (top-level, 1 %) -> mid (0.5 %) -> p1; top -> p2. On one day p1 bets 1,000,000 and p2 3,000,000,
 * so mid's team bet is 1,000,000 and top's 4,000,000.
 */
async function world(options: { fundTop?: number } = {}) {
  clock = new Date(clock.getTime() + 3 * 86_400_000);
  const w = await createWalletWorld(t);
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
    { kind: 'dailyWage', holderUsername: top.username, tiers: [tier(0, 100)], confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: top.id, merchantId: w.merchant.id },
    { kind: 'dailyWage', holderUsername: mid.username, tiers: [tier(0, 50)], confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: mid.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  if (options.fundTop) await w.fund(top.accounts, options.fundTop, 'agent');
  clock = new Date(clock.getTime() + 3 * 3_600_000);
  await play(w, p1, 1_000_000, 0);
  await play(w, p2, 3_000_000, 2_500_000);
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
  const day = localDateOf(clock, timeZone);
  // On a shared PostgreSQL server, transactions of other databases may hold the consumer back a moment.
  await waitUntil(
    async () => {
      await t.app.services.dailyStats.refresh();
      const rows = await t.app.services.dailyStats.team.gameByDay(
        { merchantId: w.merchant.id, memberId: top.id, uplinePath: top.uplinePath },
        { from: day, to: day },
      );
      return rows.reduce((s, r) => s + r.stake, 0) === 4_000_000;
    },
    { what: "the rollups include the day's rounds" },
  );
  return { w, top, mid, contracts, day, midContractId: offered.contract.id };
}

describe('daily-wage settlement', () => {
  it('pays nothing before the day is over, then each level its documented amount, uplines first', async () => {
    const { w, top, mid, contracts, day, midContractId } = await world();
    expect(await contracts.settlement.settleDailyWages(w.merchant.id, day)).toEqual([]);
    clock = new Date(clock.getTime() + 86_400_000);

    const settled = await contracts.settlement.settleDailyWages(w.merchant.id, day);
    expect(settled.map((s) => s.isReplay)).toEqual([false, false]);
    const [topPayout, midPayout] = settled.map((s) => s.payout);
    // top: 1 % of 4,000,000 = 40,000 from the house, less mid's 0.5 % of 1,000,000 = 5,000.
    expect(topPayout).toMatchObject({
      holderId: top.id,
      periodStart: day,
      metrics: { bet: 4_000_000, validBet: 4_000_000, activeMembers: 2, netLoss: 1_500_000 },
      tier: 0,
      rateBasisPoints: 100,
      ownAmount: 40_000,
      downlineAmounts: [{ contractId: midContractId, holderId: mid.id, amount: 5_000 }],
      payout: 35_000,
      clampAmount: 0,
      paidBy: 'house',
    });
    // mid: 5,000 from top's agent wallet, where top's own amount has just arrived.
    expect(midPayout).toMatchObject({
      holderId: mid.id,
      metrics: { bet: 1_000_000, activeMembers: 1, netLoss: 1_000_000 },
      ownAmount: 5_000,
      downlineAmounts: [],
      payout: 5_000,
      paidBy: 'upline',
      payerMemberId: top.id,
    });
    expect((await w.balances(top.id)).agent).toBe(35_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    expect(await contracts.settlement.openDebtsOf(top.id)).toEqual([]);
    await expectCleanBooks(t.database.db);
  });

  it('pays nothing twice: a second run, and a run of one contract, answer the first payouts', async () => {
    const { w, top, mid, contracts, day, midContractId } = await world();
    clock = new Date(clock.getTime() + 86_400_000);
    const first = await contracts.settlement.settleDailyWages(w.merchant.id, day);
    const again = await contracts.settlement.settleDailyWages(w.merchant.id, day);
    expect(again.map((s) => s.isReplay)).toEqual([true, true]);
    expect(again.map((s) => s.payout)).toEqual(first.map((s) => s.payout));
    const one = await contracts.settlement.settleDailyWage(midContractId, day);
    expect(one?.isReplay).toBe(true);
    expect((await w.balances(top.id)).agent).toBe(35_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    const transfers = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['id'])
      .where('idempotency_key', 'like', `agent-contract:%:${day}:%`)
      .where(
        'reference_id',
        'in',
        first.map((s) => String(s.payout.contractId)),
      )
      .execute();
    expect(transfers).toHaveLength(2);
    await expectCleanBooks(t.database.db);
  });

  it('pays nothing twice when two runs of the same day race', async () => {
    const { w, top, mid, contracts, day } = await world();
    clock = new Date(clock.getTime() + 86_400_000);
    const [a, b] = await Promise.all([
      contracts.settlement.settleDailyWages(w.merchant.id, day),
      contracts.settlement.settleDailyWages(w.merchant.id, day),
    ]);
    expect(a.map((s) => s.payout)).toEqual(b.map((s) => s.payout));
    expect([...a, ...b].filter((s) => !s.isReplay)).toHaveLength(2);
    expect((await w.balances(top.id)).agent).toBe(35_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    await expectCleanBooks(t.database.db);
  });

  it('when the upline cannot pay, the platform pays the downline on time and records the upline debt', async () => {
    const { w, top, mid, contracts, day, midContractId } = await world();
    clock = new Date(clock.getTime() + 86_400_000);
    // mid is settled before top: top's agent wallet is empty.
    const midSettled = await contracts.settlement.settleDailyWage(midContractId, day);
    expect(midSettled?.payout).toMatchObject({ ownAmount: 5_000, paidBy: 'platform', payerMemberId: top.id });
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    expect(await contracts.settlement.openDebtsOf(top.id)).toEqual([
      { id: expect.any(Number), payoutId: midSettled?.payout.id, amount: 5_000 },
    ]);
    await contracts.settlement.settleDailyWages(w.merchant.id, day);
    expect((await w.balances(top.id)).agent).toBe(40_000);
    await expectCleanBooks(t.database.db);
  });

  it('the debtor check holds the debtor lock a settlement takes before it may record a debt, so no debt slips between check and move', async () => {
    const { top, contracts, day, midContractId } = await world();
    clock = new Date(clock.getTime() + 86_400_000);
    const debtorLocksHeld = (trx: Parameters<typeof contracts.assertNotDebtor>[1]) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
                          WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
                            AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(${`agent-contract-debtor:${top.id}`}, 0)`.execute(
        trx,
      );
    // A move out of top's agent wallet checks it is no debtor, under the lock, until it commits.
    await t.database.db.transaction().execute(async (trx) => {
      await contracts.assertNotDebtor(top.id, trx);
      expect((await debtorLocksHeld(trx)).rows[0]?.n).toBe(1);
    });
    // mid settled first: the platform pays for top (the settlement takes top's debtor lock first); the next check refuses.
    expect((await contracts.settlement.settleDailyWage(midContractId, day))?.payout.paidBy).toBe('platform');
    await expect(t.database.db.transaction().execute((trx) => contracts.assertNotDebtor(top.id, trx))).rejects.toMatchObject({
      code: 'agent_contract_debtor_restricted',
    });
  });
});

describe('daily-wage settlement killed mid-run', () => {
  it('a run that dies inside a transaction moves nothing of it; the rerun finishes, paying each (contract, day) once', async () => {
    const { w, top, mid, contracts, day, midContractId } = await world();
    clock = new Date(clock.getTime() + 86_400_000);
    const services = t.app.services;
    // A ledger whose second transfer (top paying mid) goes through and then the process dies,
    // before the payout row is written: the transaction is cut there.
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
    await expect(crashing.settleDailyWages(w.merchant.id, day)).rejects.toThrow('the process died here');
    // top's transaction committed before the crash; mid's was rolled back whole.
    expect((await w.balances(top.id)).agent).toBe(40_000);
    expect((await w.balances(mid.id)).agent).toBe(0);
    const recorded = async () =>
      (
        await t.database.db
          .selectFrom('agent_contract_payouts')
          .select(['holder_id'])
          .where('merchant_id', '=', w.merchant.id)
          .orderBy('id')
          .execute()
      ).map((r) => Number(r.holder_id));
    expect(await recorded()).toEqual([top.id]);
    await expectCleanBooks(t.database.db);

    // The next run (the hourly job's) answers top's payout and pays mid from top's agent wallet.
    const rerun = await contracts.settlement.settleDailyWages(w.merchant.id, day);
    expect(rerun.map((s) => [s.payout.holderId, s.isReplay])).toEqual([
      [top.id, true],
      [mid.id, false],
    ]);
    expect(rerun[1]?.payout).toMatchObject({ contractId: midContractId, ownAmount: 5_000, paidBy: 'upline', payerMemberId: top.id });
    expect((await contracts.settlement.settleDailyWages(w.merchant.id, day)).every((s) => s.isReplay)).toBe(true);
    expect(await recorded()).toEqual([top.id, mid.id]);
    expect((await w.balances(top.id)).agent).toBe(35_000);
    expect((await w.balances(mid.id)).agent).toBe(5_000);
    expect(await contracts.settlement.openDebtsOf(top.id)).toEqual([]);
    const moved = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key'])
      .where('idempotency_key', 'like', `agent-contract:%:${day}:%`)
      .where(
        'reference_id',
        'in',
        rerun.map((s) => String(s.payout.contractId)),
      )
      .execute();
    expect(moved.map((m) => m.idempotency_key).sort()).toEqual(rerun.map((s) => `agent-contract:${s.payout.contractId}:${day}:own`).sort());
    await expectCleanBooks(t.database.db);
  });
});
