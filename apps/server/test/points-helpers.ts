import type { MallItemInput } from '@platform/contracts/points';
import type { TestApp } from './build-test-app.ts';
import { createMerchant, uniqueName } from './factories.ts';
import { createWithdrawingMember, PAYMENT_PASSWORD } from './withdrawals-helpers.ts';

/** A gift (stock 10 unless told) or game points item of the app's merchant, made by an operator of the test. */
export function mallItemInput(overrides: Partial<MallItemInput> = {}): MallItemInput {
  return {
    kind: 'gift',
    names: { vi: 'Tai nghe', en: 'Headphones' },
    descriptions: { vi: 'Tai nghe không dây.', en: 'Wireless headphones.' },
    imageUrl: null,
    pointsCost: 100,
    cashAmount: null,
    promotionId: null,
    stock: 10,
    limitPerMember: null,
    isEnabled: true,
    sortOrder: 0,
    ...overrides,
  };
}

/** The points world: the app's merchant, an operator, members with a payment password and points. */
export async function createPointsWorld(t: TestApp) {
  // The app's merchant: the first one made, when the test has made none yet.
  const merchant = await t.app.services.merchants.current().catch(async () => {
    await createMerchant(t.database.db);
    return t.app.services.merchants.current();
  });
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  const op = { adminId, merchantId: merchant.id, ip: '127.0.0.1' };
  const points = t.app.services.points;

  async function member(startingPoints = 0) {
    const m = await createWithdrawingMember(t.app, t.database.db, { withPaymentPassword: true });
    if (startingPoints > 0) {
      await points.award({
        merchantId: merchant.id,
        memberId: m.id,
        amount: startingPoints,
        ruleKey: 'test',
        occurrenceKey: uniqueName('start'),
      });
    }
    return { ...m, principal: { memberId: m.id, merchantId: merchant.id, currency: merchant.currency } };
  }

  function redeemInput(itemId: number, overrides: { quantity?: number; requestId?: string; address?: string; mobile?: string } = {}) {
    return {
      itemId,
      quantity: overrides.quantity ?? 1,
      paymentPassword: PAYMENT_PASSWORD,
      address: overrides.address ?? '12 Lê Lợi, Quận 1, TP.HCM',
      mobile: overrides.mobile ?? '0901234567',
      requestId: overrides.requestId ?? uniqueName('req_'),
    };
  }

  return { merchant, op, points, member, redeemInput };
}
