import { localDateOf } from '../src/lib/time-zone.ts';
import { loginAdmin } from './admin-helpers.ts';
import type { TestApp } from './build-test-app.ts';
import { uniqueName } from './factories.ts';
import { waitUntil } from './wait-for.ts';
import type { WalletWorld } from './wallet-fixture.ts';

const DAY_MS = 86_400_000;
const tier = (rateBasisPoints: number) => ({ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints });

/**
 * An agent that owes the platform for a downline payout, the way it happens: `debtor` (top level,
 * daily wage 1 %) offered `downline` 0.5 %, a player under `downline` bet 1 000 000 yesterday, and
 * `downline` was settled before `debtor` had anything in its agent wallet, so the platform paid
 * `downline` 5 000 and `debtor` owes it. The contracts are dated three days back so that they were
 * in force over yesterday.
 */
export async function createDebtor(t: TestApp, w: WalletWorld) {
  const contracts = t.app.services.agentContracts;
  const op = await loginAdmin(t.app, 'finance');
  const debtor = await w.member({ accountType: 1 });
  const downline = await w.member({ accountType: 2, parentId: debtor.id });
  const player = await w.member({ parentId: downline.id });
  await contracts.admin.setTopLevel(
    { adminId: op.adminId, merchantId: w.merchant.id, ip: null },
    { kind: 'dailyWage', holderUsername: debtor.username, tiers: [tier(100)], confirm: false },
  );
  const offered = await contracts.offer(
    { memberId: debtor.id, merchantId: w.merchant.id },
    { kind: 'dailyWage', holderUsername: downline.username, tiers: [tier(50)], confirm: false },
    { ip: null },
  );
  await contracts.sign(
    { memberId: downline.id, merchantId: w.merchant.id },
    { requestId: offered.request?.id ?? 0, confirm: false },
    { ip: null },
  );
  const db = t.database.db;
  const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
  await db
    .updateTable('agent_contracts')
    .set({ created_at: threeDaysAgo, signed_at: threeDaysAgo })
    .where('holder_id', 'in', [debtor.id, downline.id])
    .where('status', '=', 'active')
    .execute();
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
  const betAt = new Date(Date.now() - DAY_MS);
  const day = localDateOf(betAt, timeZone);
  await db
    .insertInto('bet_records')
    .values({
      merchant_id: w.merchant.id,
      member_id: player.id,
      username: player.username,
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
      opened_at: betAt,
      settled_at: betAt,
      updated_at: betAt,
    })
    .execute();
  await waitUntil(
    async () => {
      await t.app.services.dailyStats.refresh();
      const rows = await t.app.services.dailyStats.team.gameByDay(
        { merchantId: w.merchant.id, memberId: debtor.id, uplinePath: debtor.uplinePath },
        { from: day, to: day },
      );
      return rows.reduce((s, r) => s + r.stake, 0) === 1_000_000;
    },
    { what: "the rollups include yesterday's round" },
  );
  const settled = await contracts.settlement.settleDailyWage(offered.contract.id, day);
  if (settled?.payout.paidBy !== 'platform') throw new Error(`expected the platform to pay the downline: ${JSON.stringify(settled)}`);
  const debts = await contracts.admin.listDebts(w.merchant.id, {
    status: 'open',
    debtorUsername: debtor.username,
    pageNo: 1,
    pageSize: 10,
  });
  const debt = debts.list[0];
  if (!debt) throw new Error('expected an open debt');
  /** The operator settles the debt: the debtor's agent wallet pays the platform back (it must hold the amount). */
  const settleDebt = () => contracts.admin.settleDebt({ adminId: op.adminId, merchantId: w.merchant.id, ip: null }, debt.id);
  return { debtor, downline, player, debtAmount: debt.amount, settleDebt };
}
