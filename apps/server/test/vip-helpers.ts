import type { RebateRuleInput, VipLevelInput } from '@platform/contracts/vip';
import { localDateOf } from '../src/lib/time-zone.ts';
import type { TestApp } from './build-test-app.ts';
import { uniqueName } from './factories.ts';
import { waitUntil } from './wait-for.ts';
import { createWalletWorld, type WalletWorld } from './wallet-fixture.ts';

export type VipMember = Awaited<ReturnType<WalletWorld['member']>>;

/** A three-level ladder: VIP1 at 1,000,000 deposits and 5,000,000 valid bet, VIP2 at 5,000,000 and 20,000,000. */
export const TEST_LEVELS: VipLevelInput[] = [
  {
    level: 0,
    code: 'VIP0',
    names: { vi: 'Thành viên', en: 'Member' },
    minDeposit: 0,
    minValidBet: 0,
    keepDeposit: 0,
    keepValidBet: 0,
    upgradeBonus: 0,
    periodicBonus: 0,
    periodicPeriod: null,
  },
  {
    level: 1,
    code: 'VIP1',
    names: { vi: 'Đồng', en: 'Bronze' },
    minDeposit: 1_000_000,
    minValidBet: 5_000_000,
    keepDeposit: 0,
    keepValidBet: 2_000_000,
    upgradeBonus: 50_000,
    periodicBonus: 0,
    periodicPeriod: null,
  },
  {
    level: 2,
    code: 'VIP2',
    names: { vi: 'Bạc', en: 'Silver' },
    minDeposit: 5_000_000,
    minValidBet: 20_000_000,
    keepDeposit: 0,
    keepValidBet: 10_000_000,
    upgradeBonus: 200_000,
    periodicBonus: 0,
    periodicPeriod: null,
  },
];

/** A merchant with the test ladder and rules, an operator, and helpers to play and deposit on a test clock. */
export async function createVipWorld(t: TestApp, clock: { now: Date }, rules: RebateRuleInput[]) {
  const w = await createWalletWorld(t);
  const vip = t.app.services.vip;
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  const op = { adminId, merchantId: w.merchant.id, ip: null };
  await vip.levels.setLevels(op, { levels: TEST_LEVELS });
  await vip.rebates.setRules(op, { rules });
  const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);

  /** A settled real-money round of the member at the clock's time. */
  async function play(m: VipMember, category: string, stake: number, payout = 0) {
    await t.database.db
      .insertInto('bet_records')
      .values({
        merchant_id: w.merchant.id,
        member_id: m.id,
        username: m.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: category,
        round_id: uniqueName('round-'),
        currency: w.currency,
        status: 'settled',
        stake,
        payout,
        valid_bet: stake,
        win_loss: payout - stake,
        bet_count: 1,
        opened_at: clock.now,
        settled_at: clock.now,
        updated_at: clock.now,
      })
      .execute();
  }

  /** Waits until the rollups hold this member's valid bet total for the day. */
  async function rolledUp(m: VipMember, day: string, validBet: number) {
    await waitUntil(
      async () => {
        await t.app.services.dailyStats.refresh();
        const rows = await t.app.services.dailyStats.gameDays({ memberIds: [m.id], from: day, to: day });
        return rows.reduce((s, r) => s + r.validBet, 0) === validBet;
      },
      { what: "the rollups include the day's rounds" },
    );
  }

  const today = () => localDateOf(clock.now, timeZone);

  return { w, vip, op, play, rolledUp, today, timeZone };
}
