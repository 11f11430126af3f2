import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createWithdrawingMember, LOGIN_PASSWORD } from '../../../test/withdrawals-helpers.ts';
import { withdrawalRulesSetting } from './withdrawals.settings.ts';

/**
 * One member's whole way through a withdrawal, through the real calls: bind a card, set the payment
 * password, withdraw, the operator approves and pays out, the member confirms receipt; the ledger
 * shows the reservation and its post, with the fee to the house.
 */
describe('a withdrawal from card binding to confirmed receipt', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    await createMerchant(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('binds, sets the password, withdraws, is approved and paid, and the member confirms', async () => {
    const merchant = await t.app.services.merchants.current();
    await t.app.services.settings.set(
      merchant.id,
      withdrawalRulesSetting,
      { ...withdrawalRulesSetting.defaultValue, freePerDay: 0, feeFixedMinor: 1_000, feePercentBasisPoints: 100 },
      'test',
    );
    const member = await createWithdrawingMember(t.app, t.database.db, { balance: 1_000_000, payeeName: null });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });

    const banks = await call('GET', '/wps/member/banks');
    expect(banks.json().value.map((b: { name: string }) => b.name)).toContain('Vietcombank');

    // No real name yet: the card's account name becomes it.
    const bound = await call('POST', '/wps/member/bank-cards', {
      bankCode: 'VCB',
      accountName: 'Trần Thị Bích',
      accountNumber: '0123456789',
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().value).toMatchObject({ bankName: 'Vietcombank', accountName: 'TRAN THI BICH', maskedAccountNumber: '******6789' });
    const cards = await call('GET', '/wps/member/bank-cards');
    expect(cards.json().value).toMatchObject({ payeeName: 'Tran Thi Bich', cardsMax: 3 });
    const cardId = bound.json().value.id as number;

    const setPassword = await call('POST', '/wps/member/payment-password', {
      loginPassword: LOGIN_PASSWORD,
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(setPassword.statusCode).toBe(200);

    // The first withdrawal to the card asks for the login password again.
    const withoutReauth = await call('POST', '/wps/member/withdrawals', {
      bankCardId: cardId,
      amount: 300_000,
      paymentPassword: '135790',
      requestId: 'journey-withdrawal-1',
    });
    expect(withoutReauth.json().code).toBe('reauth_required');
    const requested = await call('POST', '/wps/member/withdrawals', {
      bankCardId: cardId,
      amount: 300_000,
      paymentPassword: '135790',
      loginPassword: LOGIN_PASSWORD,
      requestId: 'journey-withdrawal-1',
    });
    expect(requested.statusCode).toBe(200);
    const withdrawal = requested.json().value;
    expect(withdrawal).toMatchObject({ status: 'pending', amount: 300_000, fee: 4_000, netAmount: 296_000 });
    const balance = await call('GET', '/wps/v2/wallets/balance');
    expect(balance.json().value).toMatchObject({ mainBalance: 700_000, lockedBalance: 300_000 });

    const finance = await loginAdmin(t.app, 'finance');
    const admin = (action: string) =>
      t.app.inject({ method: 'POST', url: `/admin-api/withdrawals/${withdrawal.id}/${action}`, headers: finance.headers });
    const queue = await t.app.inject({ method: 'GET', url: '/admin-api/withdrawals?status=pending', headers: finance.headers });
    expect(queue.json().value.list.map((w: { id: number }) => w.id)).toContain(withdrawal.id);
    expect((await admin('approve')).json().value.status).toBe('approved');
    const paid = await admin('payout');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'paid', bankCard: { accountNumber: '0123456789', accountName: 'TRAN THI BICH' } });

    const confirmed = await call('POST', `/wps/member/withdrawals/${withdrawal.id}/receipt`, { result: 'received' });
    expect(confirmed.json().value).toMatchObject({ status: 'confirmed_received', confirmation: 'received' });
    expect((await call('GET', '/wps/v2/wallets/balance')).json().value).toMatchObject({ mainBalance: 700_000, lockedBalance: 0 });

    // The ledger: the member's reservation, then the posts to payment_clearing and house_revenue.
    const ledger = t.app.services.ledger;
    const memberHistory = await ledger.history({ memberId: member.id });
    const reserves = memberHistory.list.filter((e) => e.code === 'withdrawal_hold' && e.referenceId === String(withdrawal.id));
    expect(reserves.map((e) => e.amount).sort()).toEqual([-296_000, -4_000].sort());
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const house = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    const posts = await ledger.history({ accountIds: [clearing.id, house.id], codes: ['withdrawal', 'withdrawal_fee'] });
    expect(posts.list.map((e) => [e.code, e.amount, e.referenceId])).toEqual(
      expect.arrayContaining([
        ['withdrawal', 296_000, String(withdrawal.id)],
        ['withdrawal_fee', 4_000, String(withdrawal.id)],
      ]),
    );
    const audit = await auditLedger(t.database.db);
    expect(audit.holdingsByCurrency.get('VND')).toBe(0);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(withdrawal.id))
      .where('subject_type', '=', 'withdrawal')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'withdrawal.requested',
      'withdrawal.approved',
      'withdrawal.paid',
      'withdrawal.confirmed_received',
    ]);
  });
});
