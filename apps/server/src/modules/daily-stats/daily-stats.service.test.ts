import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

describe('daily stats reads', () => {
  let t: TestApp;
  let merchantId: number;
  let memberId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const merchant = await createMerchant(db, { currency: 'VND' });
    merchantId = merchant.id;
    memberId = (await createMember(db, merchant)).id;
    await db
      .insertInto('member_daily_game_stats')
      .values([
        {
          merchant_id: merchantId,
          member_id: memberId,
          day: '2026-11-01',
          category: 'SLOT',
          bet_count: 3,
          stake: 300,
          valid_bet: 200,
          payout: 150,
          win_loss: -150,
        },
        {
          merchant_id: merchantId,
          member_id: memberId,
          day: '2026-11-03',
          category: 'LIVE',
          bet_count: 1,
          stake: 50,
          valid_bet: 50,
          payout: 100,
          win_loss: 50,
        },
      ])
      .execute();
    await db
      .insertInto('member_daily_money_stats')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        day: '2026-11-02',
        deposit_amount: 1000,
        deposit_count: 1,
        withdrawal_amount: 0,
        withdrawal_count: 0,
        bonus_amount: 10,
        transfer_in_amount: 0,
        transfer_out_amount: 5,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('reads a member’s game days in the range, days as YYYY-MM-DD', async () => {
    const rows = await t.app.services.dailyStats.gameDays({ memberIds: [memberId], from: '2026-11-01', to: '2026-11-02' });
    expect(rows).toEqual([
      { merchantId, memberId, day: '2026-11-01', category: 'SLOT', betCount: 3, stake: 300, validBet: 200, payout: 150, winLoss: -150 },
    ]);
  });

  it('reads money days and refuses a reversed range', async () => {
    const rows = await t.app.services.dailyStats.moneyDays({ memberIds: [memberId], from: '2026-11-01', to: '2026-11-30' });
    expect(rows.map((r) => [r.day, r.depositAmount, r.transferOutAmount])).toEqual([['2026-11-02', 1000, 5]]);
    await expect(t.app.services.dailyStats.moneyDays({ memberIds: [memberId], from: '2026-11-30', to: '2026-11-01' })).rejects.toThrow();
  });
});
