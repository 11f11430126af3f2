import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { errorCodeOf } from '../../../test/ledger-fixture.ts';
import { createPointsWorld, mallItemInput } from '../../../test/points-helpers.ts';
import { promotionInput } from '../../../test/promotions-helpers.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof createPointsWorld>>;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  w = await createPointsWorld(t);
});

afterAll(async () => {
  await t?.close();
});

const BASE = '/wps/member/points';

describe('the member points calls', () => {
  it('list the mall with the balance, redeem a gift and game points, and show the exchange records and movements', async () => {
    const gift = await w.points.admin.createItem(w.op, mallItemInput({ stock: 3, limitPerMember: 2 }));
    const convert = await w.points.admin.createItem(
      w.op,
      mallItemInput({
        kind: 'game_points',
        names: { vi: 'Điểm game', en: 'Game points' },
        stock: null,
        pointsCost: 50,
        cashAmount: 10_000,
      }),
    );
    const m = await w.member(500);

    const items = await t.app.inject({ method: 'GET', url: `${BASE}/MCSFE_getPointRewards`, headers: { ...m.headers, lang: 'vi' } });
    expect(items.statusCode).toBe(200);
    const listed = items.json().value;
    expect(listed.balance).toBe(500);
    expect(listed.list.find((i: { id: number }) => i.id === gift.id)).toMatchObject({
      name: 'Tai nghe',
      stock: 3,
      limitPerMember: 2,
      redeemedCount: 0,
    });

    const redeemed = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_redeemReward`,
      headers: { ...m.headers, lang: 'en' },
      payload: w.redeemInput(gift.id),
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().value).toMatchObject({
      balance: 400,
      record: { type: 'gift', productName: 'Headphones', quantity: 1, pointsNeeded: 100, amount: null, status: 'processing' },
    });

    const converted = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_convertPoints`,
      headers: m.headers,
      payload: w.redeemInput(convert.id, { quantity: 2 }),
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json().value).toMatchObject({
      balance: 300,
      record: { type: 'game_points', pointsNeeded: 100, amount: 20_000, status: 'completed' },
    });
    const cash = await t.app.services.ledger.memberBalances({ memberId: m.id, currency: w.merchant.currency });
    expect(cash.main).toBe(20_000);

    // A gift through the convert call (and the other way round) is refused, nothing taken.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_convertPoints`,
      headers: m.headers,
      payload: w.redeemInput(gift.id),
    });
    expect(wrong.json().code).toBe('mall_item_unavailable');

    const records = await t.app.inject({ method: 'GET', url: `${BASE}/MCSFE_getRedeemList?pageNo=1&pageSize=10`, headers: m.headers });
    expect(records.json().value.list.map((r: { type: string; status: string }) => [r.type, r.status])).toEqual([
      ['game_points', 'completed'],
      ['gift', 'processing'],
    ]);
    expect(records.json().value.list[0].transactionNo).toMatch(/^PM\d{8}[0-9A-F]{10}$/);

    const moves = await t.app.inject({ method: 'GET', url: `${BASE}/MCSFE_getPointTransactions`, headers: m.headers });
    expect(moves.json().value.list.map((r: { movement: string; points: number }) => [r.movement, r.points])).toEqual([
      ['spend', -100],
      ['spend', -100],
      ['earn', 500],
    ]);
    const balance = await t.app.inject({ method: 'GET', url: `${BASE}/MCSFE_getPointBalance`, headers: m.headers });
    expect(balance.json().value.balance).toBe(300);
  });

  it("refuses with a sentence in the member's language and changes nothing: no delivery details, too few points, a wrong password", async () => {
    const gift = await w.points.admin.createItem(w.op, mallItemInput({ stock: 3, pointsCost: 400 }));
    const m = await w.member(300);
    const noAddress = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_redeemReward`,
      headers: { ...m.headers, lang: 'vi' },
      payload: { ...w.redeemInput(gift.id), address: '' },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      code: 'mall_delivery_required',
      message: 'Vui lòng nhập địa chỉ nhận hàng và số điện thoại để chúng tôi giao quà.',
    });
    const poor = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_redeemReward`,
      headers: { ...m.headers, lang: 'en' },
      payload: w.redeemInput(gift.id),
    });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({
      code: 'points_insufficient',
      message: 'You do not have enough points for this. Choose a smaller quantity or earn more points.',
    });
    const badPassword = await t.app.inject({
      method: 'POST',
      url: `${BASE}/MCS2_redeemReward`,
      headers: m.headers,
      payload: { ...w.redeemInput(gift.id), paymentPassword: '000000' },
    });
    expect(badPassword.json().code).toBe('payment_password_incorrect');
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(300);
    const [after] = (await w.points.admin.items(w.merchant.id)).filter((i) => i.id === gift.id);
    expect(after?.input.stock).toBe(3);
  });
});

describe('game points with wagering', () => {
  it("pays the cash as a grant of the item's promotion: the bonus wallet, with the promotion's wagering", async () => {
    const promotion = await t.app.services.promotions.admin.create(
      w.op,
      promotionInput({ wagering: { multiple: 3, weights: { RNG: 100 } } }),
    );
    const item = await w.points.admin.createItem(
      w.op,
      mallItemInput({ kind: 'game_points', stock: null, pointsCost: 100, cashAmount: 30_000, promotionId: promotion.id }),
    );
    const m = await w.member(250);
    const listed = (await w.points.mall.items(m.principal, 'en')).list.find((i) => i.id === item.id);
    expect(listed).toMatchObject({ hasWagering: true, wageringMultiple: 3 });
    const done = await w.points.mall.redeem(m.principal, w.redeemInput(item.id, { quantity: 2 }), 'game_points', 'en');
    expect(done).toMatchObject({ balance: 50, record: { amount: 60_000, status: 'completed' } });
    const money = await t.app.services.ledger.memberBalances({ memberId: m.id, currency: w.merchant.currency });
    expect(money).toMatchObject({ main: 0, bonus: 60_000 });
    const wagering = await t.app.services.promotions.wageringOf(m.principal);
    expect(wagering.grants).toHaveLength(1);
    expect(wagering.remainingTurnover).toBe(180_000);
    // An item pointing at another merchant's (or no) promotion is refused.
    expect(
      await errorCodeOf(
        w.points.admin.createItem(w.op, mallItemInput({ kind: 'game_points', stock: null, cashAmount: 1, promotionId: 999_999 })),
      ),
    ).toBe('not_found');
  });
});

describe('the operator calls', () => {
  it('fulfil and reject gift orders (a rejection refunds the points and the stock) under the point-mall permissions', async () => {
    const finance = await loginAdmin(t.app, 'finance');
    const content = await loginAdmin(t.app, 'content');
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin-api/point-mall/items',
      headers: finance.headers,
      payload: mallItemInput({ stock: 2 }),
    });
    expect(created.statusCode).toBe(200);
    const itemId = created.json().value.id as number;
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/point-mall/orders', headers: content.headers })).statusCode).toBe(403);

    const m = await w.member(300);
    await w.points.mall.redeem(m.principal, w.redeemInput(itemId), 'gift', 'en');
    await w.points.mall.redeem(m.principal, w.redeemInput(itemId), 'gift', 'en');
    const orders = await t.app.inject({ method: 'GET', url: '/admin-api/point-mall/orders?status=processing', headers: finance.headers });
    const mine = orders.json().value.list.filter((o: { memberId: number }) => o.memberId === m.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ username: m.username, address: '12 Lê Lợi, Quận 1, TP.HCM', mobile: '0901234567' });

    const fulfilled = await t.app.inject({
      method: 'POST',
      url: `/admin-api/point-mall/orders/${mine[0].id}/fulfil`,
      headers: finance.headers,
      payload: { remark: 'Sent by courier' },
    });
    expect(fulfilled.json().value).toMatchObject({ status: 'completed', remark: 'Sent by courier' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/admin-api/point-mall/orders/${mine[1].id}/reject`,
      headers: finance.headers,
      payload: { remark: 'Out of this colour' },
    });
    expect(rejected.json().value.status).toBe('rejected');
    const again = await t.app.inject({
      method: 'POST',
      url: `/admin-api/point-mall/orders/${mine[1].id}/fulfil`,
      headers: finance.headers,
      payload: {},
    });
    expect(again.json().code).toBe('mall_order_closed');
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(200);
    const items = await t.app.inject({ method: 'GET', url: '/admin-api/point-mall/items', headers: finance.headers });
    expect(items.json().value.list.find((i: { id: number }) => i.id === itemId)).toMatchObject({ input: { stock: 1 }, redeemedCount: 1 });

    const stock = await t.app.inject({
      method: 'POST',
      url: `/admin-api/point-mall/items/${itemId}/stock`,
      headers: finance.headers,
      payload: { delta: -5 },
    });
    expect(stock.statusCode).toBe(400);
    const added = await t.app.inject({
      method: 'POST',
      url: `/admin-api/point-mall/items/${itemId}/stock`,
      headers: finance.headers,
      payload: { delta: 4 },
    });
    expect(added.json().value.input.stock).toBe(5);

    // An edit sent from a copy read before a redeem keeps the units left: it cannot put one back.
    const read = (await t.app.inject({ method: 'GET', url: '/admin-api/point-mall/items', headers: finance.headers }))
      .json()
      .value.list.find((i: { id: number }) => i.id === itemId).input;
    await w.points.mall.redeem(m.principal, w.redeemInput(itemId), 'gift', 'en');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/point-mall/items/${itemId}`,
      headers: finance.headers,
      payload: { ...read, sortOrder: read.sortOrder + 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value.input).toMatchObject({ stock: 4, sortOrder: read.sortOrder + 1 });
    // Switching to no stock count, and back to a counted stock, takes the edit's value.
    const unlimited = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/point-mall/items/${itemId}`,
      headers: finance.headers,
      payload: { ...read, kind: 'game_points', stock: null, cashAmount: 1_000 },
    });
    expect(unlimited.json().value.input.stock).toBeNull();
  });
});

describe('earning rules', () => {
  it('pay sign-in, streak, deposit, referral and valid-bet rules once per occurrence, within the daily cap', async () => {
    const finance = await loginAdmin(t.app, 'finance');
    const rule = (payload: object) => t.app.inject({ method: 'POST', url: '/admin-api/points/rules', headers: finance.headers, payload });
    const base = { dailyCap: null, streakDays: null, minDeposit: null, category: null, validBetMin: null, isEnabled: true };
    expect((await rule({ ...base, ruleKey: uniqueName('signin'), event: 'sign_in', amount: 10, dailyCap: 10 })).statusCode).toBe(200);
    expect((await rule({ ...base, ruleKey: uniqueName('streak'), event: 'sign_in_streak', amount: 50, streakDays: 3 })).statusCode).toBe(
      200,
    );
    expect((await rule({ ...base, ruleKey: uniqueName('dep'), event: 'deposit', amount: 20, minDeposit: 100_000 })).statusCode).toBe(200);
    expect((await rule({ ...base, ruleKey: uniqueName('ref'), event: 'referral_qualified', amount: 200 })).statusCode).toBe(200);
    expect(
      (await rule({ ...base, ruleKey: uniqueName('bet'), event: 'valid_bet', amount: 30, category: 'RNG', validBetMin: 500_000 }))
        .statusCode,
    ).toBe(200);
    // A valid-bet rule without its threshold is refused.
    expect((await rule({ ...base, ruleKey: uniqueName('bad'), event: 'valid_bet', amount: 30 })).statusCode).toBe(400);

    const m = await w.member();
    const member = { merchantId: w.merchant.id, memberId: m.id };
    const signIn = (localDate: string, streakDays: number) => w.points.onEvent({ type: 'sign_in', ...member, localDate, streakDays });
    expect((await signIn('2026-11-01', 1))[0]).toMatchObject({ awarded: 10, isReplay: false });
    await signIn('2026-11-01', 1);
    await signIn('2026-11-02', 2);
    await signIn('2026-11-03', 3);
    // The three sign-ins are paid on one real day here, so the sign-in rule's cap of 10 a day holds them to 10.
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(10 + 50);

    await t.database.db.transaction().execute(async (trx) => {
      await w.points.onDepositCredited(trx, { memberId: m.id, amount: 50_000, reference: 'D1' });
      await w.points.onDepositCredited(trx, { memberId: m.id, amount: 200_000, reference: 'D2' });
      await w.points.onDepositCredited(trx, { memberId: m.id, amount: 200_000, reference: 'D2' });
    });
    await w.points.onEvent({ type: 'referral_qualified', ...member, inviteeId: 77 });
    await w.points.onEvent({ type: 'referral_qualified', ...member, inviteeId: 77 });
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(60 + 20 + 200);

    // Valid bet from the daily rollups: 600,000 on RNG today passes the 500,000 threshold, once.
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
        currency: w.merchant.currency,
        status: 'settled',
        stake: 600_000,
        payout: 0,
        valid_bet: 600_000,
        win_loss: -600_000,
        bet_count: 1,
        opened_at: new Date(),
        settled_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await t.app.services.dailyStats.refresh();
    expect((await w.points.payValidBetRules()).awarded).toBeGreaterThanOrEqual(1);
    await w.points.payValidBetRules();
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(280 + 30);
    const config = await t.app.inject({ method: 'GET', url: `${BASE}/MCSFE_getPointConfig`, headers: m.headers });
    expect(config.json().value).toMatchObject({ balance: 310, neverExpire: true });
    expect(config.json().value.earningRules.map((r: { event: string }) => r.event)).toEqual(
      expect.arrayContaining(['sign_in', 'sign_in_streak', 'deposit', 'referral_qualified', 'valid_bet']),
    );
  });
});
