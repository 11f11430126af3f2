import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastSmsCode } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { requestId } from '../../../test/wallet-fixture.ts';
import {
  createWithdrawingMember,
  JPEG_BYTES,
  LOGIN_PASSWORD,
  multipart,
  PAYMENT_PASSWORD,
  PNG_BYTES,
  type WithdrawingMember,
} from '../../../test/withdrawals-helpers.ts';
import { IMAGE_BYTES_MAX } from '../../lib/image-upload.ts';
import { autoApprovalSetting } from './withdrawals.auto-approval.ts';
import { withdrawalRulesSetting } from './withdrawals.settings.ts';

let t: TestApp;
let clock = new Date('2026-11-22T03:00:00Z');
let merchantId: number;
let finance: Awaited<ReturnType<typeof loginAdmin>>;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
  merchantId = (await createMerchant(t.database.db)).id;
  finance = await loginAdmin(t.app, 'finance');
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.app.services.settings.set(merchantId, withdrawalRulesSetting, withdrawalRulesSetting.defaultValue, 'test');
  await t.app.services.settings.set(merchantId, autoApprovalSetting, autoApprovalSetting.defaultValue, 'test');
});

const setAutoApproval = (overrides: Partial<typeof autoApprovalSetting.defaultValue>) =>
  t.app.services.settings.set(
    merchantId,
    autoApprovalSetting,
    { ...autoApprovalSetting.defaultValue, isEnabled: true, ...overrides },
    'test',
  );

const setRules = (overrides: Partial<typeof withdrawalRulesSetting.defaultValue>) =>
  t.app.services.settings.set(merchantId, withdrawalRulesSetting, { ...withdrawalRulesSetting.defaultValue, ...overrides }, 'test');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const admin = (action: 'approve' | 'payout', id: number, headers = finance.headers) =>
  t.app.inject({ method: 'POST', url: `/admin-api/withdrawals/${id}/${action}`, headers });
const reject = (id: number, reason = 'bank details do not match', headers = finance.headers) =>
  t.app.inject({ method: 'POST', url: `/admin-api/withdrawals/${id}/reject`, headers, payload: { reason } });

let numberSeed = 200_000_000;

/** A member with money, a payment password and one bound card. */
async function memberWithCard(balance = 5_000_000): Promise<WithdrawingMember & { cardId: number }> {
  const m = await createWithdrawingMember(t.app, t.database.db, { balance, withPaymentPassword: true });
  numberSeed += 13;
  const bound = await call('POST', '/wps/member/bank-cards', m.headers, {
    bankCode: 'VCB',
    accountName: 'NGUYEN VAN AN',
    accountNumber: String(numberSeed),
  });
  if (bound.statusCode !== 200) throw new Error(bound.body);
  return { ...m, cardId: bound.json().value.id };
}

const withdraw = (m: WithdrawingMember & { cardId: number }, amount: number, extra: Record<string, unknown> = {}) =>
  call('POST', '/wps/member/withdrawals', m.headers, {
    bankCardId: m.cardId,
    amount,
    paymentPassword: PAYMENT_PASSWORD,
    loginPassword: LOGIN_PASSWORD,
    requestId: requestId(),
    ...extra,
  });

async function balanceOf(m: WithdrawingMember) {
  return (await call('GET', '/wps/v2/wallets/balance', m.headers)).json().value as { mainBalance: number; lockedBalance: number };
}

async function paidWithdrawal(m: WithdrawingMember & { cardId: number }, amount = 200_000): Promise<number> {
  const id = (await withdraw(m, amount)).json().value.id as number;
  expect((await admin('approve', id)).statusCode).toBe(200);
  expect((await admin('payout', id)).statusCode).toBe(200);
  return id;
}

describe('POST /wps/member/withdrawals', () => {
  it('answers 401 without a session and in_need_true_account for a trial account', async () => {
    expect(
      (await call('POST', '/wps/member/withdrawals', {}, { bankCardId: 1, amount: 200_000, paymentPassword: '1', requestId: requestId() }))
        .statusCode,
    ).toBe(401);
    const trial = await createWithdrawingMember(t.app, t.database.db, { accountType: 4, balance: 1_000_000 });
    const res = await call('POST', '/wps/member/withdrawals', trial.headers, {
      bankCardId: 1,
      amount: 200_000,
      paymentPassword: '1',
      requestId: requestId(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
  });

  it('refuses bad fields with 400 and reserves nothing', async () => {
    const m = await memberWithCard(1_000_000);
    for (const bad of [{ amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '200000' }, { bankCardId: 'x' }, { memberId: 3 }]) {
      const res = await withdraw(m, 200_000, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call('POST', '/wps/member/withdrawals', m.headers, { amount: 200_000, paymentPassword: PAYMENT_PASSWORD })).statusCode,
    ).toBe(400);
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 1_000_000, lockedBalance: 0 });
  });

  it("refuses another member's card and a removed card", async () => {
    const a = await memberWithCard();
    const b = await memberWithCard();
    const foreign = await withdraw(a, 200_000, { bankCardId: b.cardId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('bank_card_not_found');
    await call('DELETE', `/wps/member/bank-cards/${a.cardId}`, a.headers);
    expect((await withdraw(a, 200_000)).json().code).toBe('bank_card_not_found');
    expect(await balanceOf(b)).toMatchObject({ lockedBalance: 0 });
  });

  it('applies the minimum and maximum', async () => {
    const m = await memberWithCard();
    await setRules({ minAmountMinor: 100_000, maxAmountMinor: 1_000_000 });
    expect((await withdraw(m, 99_999)).json().code).toBe('withdrawal_amount_too_small');
    expect((await withdraw(m, 1_000_001)).json().code).toBe('withdrawal_amount_too_large');
    expect((await withdraw(m, 1_000_000)).statusCode).toBe(200);
  });

  it('needs the right payment password, and one set at all', async () => {
    const m = await memberWithCard();
    expect((await withdraw(m, 200_000, { paymentPassword: '000000' })).json().code).toBe('payment_password_incorrect');
    const without = await createWithdrawingMember(t.app, t.database.db, { balance: 1_000_000 });
    const res = await call('POST', '/wps/member/withdrawals', without.headers, {
      bankCardId: 1,
      amount: 200_000,
      paymentPassword: '123456',
      requestId: requestId(),
    });
    expect(res.json().code).toBe('payment_password_not_set');
  });

  it('asks for the login password on the first withdrawal to a card only', async () => {
    const m = await memberWithCard();
    const { loginPassword: _omit, ...noLogin } = { loginPassword: undefined };
    const missing = await call('POST', '/wps/member/withdrawals', m.headers, {
      bankCardId: m.cardId,
      amount: 200_000,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: requestId(),
      ...noLogin,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('reauth_required');
    expect((await withdraw(m, 200_000, { loginPassword: 'wrong-one' })).json().code).toBe('reauth_failed');
    expect((await withdraw(m, 200_000)).statusCode).toBe(200);
    const second = await call('POST', '/wps/member/withdrawals', m.headers, {
      bankCardId: m.cardId,
      amount: 200_000,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: requestId(),
    });
    expect(second.statusCode).toBe(200);
    const cards = await call('GET', '/wps/member/bank-cards', m.headers);
    expect(cards.json().value.list[0].isVerified).toBe(true);
  });

  it("takes an SMS code to the member's own mobile in place of the login password", async () => {
    const m = await memberWithCard();
    expect((await call('POST', '/wps/verification/sms/withdrawal', m.headers)).json().code).toBe('mobile_invalid');
    const mobile = `09${String(m.id).padStart(8, '0')}`;
    await t.database.db.updateTable('members').set({ mobile_num: mobile, password_hash: null }).where('id', '=', m.id).execute();
    expect((await call('POST', '/wps/verification/sms/withdrawal')).statusCode).toBe(401);
    const sent = await call('POST', '/wps/verification/sms/withdrawal', m.headers);
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const body = { bankCardId: m.cardId, amount: 200_000, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() };
    // Without a login password, the login password cannot prove anything.
    expect((await call('POST', '/wps/member/withdrawals', m.headers, { ...body, loginPassword: LOGIN_PASSWORD })).json().code).toBe(
      'reauth_failed',
    );
    expect((await call('POST', '/wps/member/withdrawals', m.headers, { ...body, verificationCode: '000000' })).json().code).toBe(
      'verification_code_invalid',
    );
    const code = await lastSmsCode(t.database.db, mobile);
    expect((await call('POST', '/wps/member/withdrawals', m.headers, { ...body, verificationCode: code })).statusCode).toBe(200);
    expect((await call('GET', '/wps/member/bank-cards', m.headers)).json().value.list[0].isVerified).toBe(true);
  });

  it('makes one withdrawal per request id: a retry answers the first result, other content is a conflict', async () => {
    const m = await memberWithCard(2_000_000);
    const id = requestId();
    const body = { bankCardId: m.cardId, amount: 300_000, paymentPassword: PAYMENT_PASSWORD, loginPassword: LOGIN_PASSWORD, requestId: id };
    // A double tap and a flaky network: the same request several times at once.
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/wps/member/withdrawals', m.headers, body)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((answer) => answer.json().value.id));
    expect(ids.size).toBe(1);
    const again = await call('POST', '/wps/member/withdrawals', m.headers, body);
    expect(again.json().value.id).toBe([...ids][0]);
    const other = await call('POST', '/wps/member/withdrawals', m.headers, { ...body, amount: 300_001 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    expect((await call('GET', '/wps/member/withdrawals', m.headers)).json().value.totalCount).toBe(1);
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 1_700_000, lockedBalance: 300_000 });
    // A new intent gets a new id and makes a second withdrawal.
    expect((await withdraw(m, 300_000)).json().value.id).not.toBe([...ids][0]);
  });

  it('needs a well-formed request id', async () => {
    const m = await memberWithCard();
    for (const bad of [undefined, 'short', 'has spaces in it', 'x'.repeat(65)]) {
      const res = await call('POST', '/wps/member/withdrawals', m.headers, {
        bankCardId: m.cardId,
        amount: 200_000,
        paymentPassword: PAYMENT_PASSWORD,
        loginPassword: LOGIN_PASSWORD,
        ...(bad === undefined ? {} : { requestId: bad }),
      });
      expect(res.statusCode, String(bad)).toBe(400);
    }
  });

  it('refuses more than the balance and leaves no request behind', async () => {
    const m = await memberWithCard(300_000);
    const res = await withdraw(m, 300_001);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('insufficient_funds');
    expect((await call('GET', '/wps/member/withdrawals', m.headers)).json().value.totalCount).toBe(0);
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 300_000, lockedBalance: 0 });
  });

  it('limits requests per day, not counting rejected ones, and starts again the next day', async () => {
    await setRules({ dailyCountMax: 2 });
    const m = await memberWithCard();
    const first = (await withdraw(m, 200_000)).json().value.id;
    expect((await withdraw(m, 200_000)).statusCode).toBe(200);
    const third = await withdraw(m, 200_000);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('withdrawal_daily_limit');
    await reject(first);
    expect((await withdraw(m, 200_000)).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    try {
      // A day later the old session has expired; a new one is as the member would log in again.
      const { token } = await t.app.services.sessions.create(m.id);
      const nextDay = { ...m, headers: { ...m.headers, authorization: `Bearer ${token}` } };
      expect((await withdraw(nextDay, 200_000)).statusCode).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it('charges the fee after the free ones of the day: fixed plus percent, rounded up', async () => {
    await setRules({ freePerDay: 1, feeFixedMinor: 1_000, feePercentBasisPoints: 50 });
    const m = await memberWithCard();
    expect((await withdraw(m, 200_001)).json().value).toMatchObject({ fee: 0, netAmount: 200_001 });
    // 1,000 + ceil(200,001 × 0.5%) = 1,000 + 1,001
    expect((await withdraw(m, 200_001)).json().value).toMatchObject({ fee: 2_001, netAmount: 198_000 });
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 5_000_000 - 400_002, lockedBalance: 400_002 });
    await setRules({ freePerDay: 0, feeFixedMinor: 300_000, minAmountMinor: 100_000 });
    expect((await withdraw(m, 200_000)).json().code).toBe('withdrawal_fee_exceeds_amount');
  });

  it('refuses while bonus wagering is left, naming the amount, and allows once it is turned over', async () => {
    const m = await memberWithCard(2_000_000);
    const ledger = t.app.services.ledger;
    const house = await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency: 'VND' });
    // A stake before the bonus does not count towards it.
    await ledger.transfer({
      fromAccountId: m.mainAccountId,
      toAccountId: house.id,
      amount: 50_000,
      code: 'bet',
      idempotencyKey: `w-bet0:${m.id}`,
    });
    clock = new Date(clock.getTime() + 1_000);
    await t.app.services.wagering.addRequirement(m.id, 100_000, 3, 'test-bonus');
    const refused = await withdraw(m, 200_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'wagering_incomplete' });
    expect(refused.json().message).toMatch(/^Bạn cần cược thêm 300\.000\s₫ trước khi rút tiền\.$/);
    clock = new Date(clock.getTime() + 1_000);
    await ledger.transfer({
      fromAccountId: m.mainAccountId,
      toAccountId: house.id,
      amount: 120_000,
      code: 'bet',
      idempotencyKey: `w-bet1:${m.id}`,
    });
    // A voided stake does not count; a posted one does.
    const voided = await ledger.reserve({ accountId: m.mainAccountId, amount: 500_000, idempotencyKey: `w-res0:${m.id}` });
    await ledger.voidReservation({ reservationId: voided.reservationId, idempotencyKey: `w-void0:${m.id}` });
    const rules = await call('GET', '/wps/member/withdrawals/rules', m.headers);
    expect(rules.json().value.wageringRemaining).toBe(180_000);
    const posted = await ledger.reserve({ accountId: m.mainAccountId, amount: 180_000, idempotencyKey: `w-res1:${m.id}` });
    await ledger.post({ reservationId: posted.reservationId, toAccountId: house.id, idempotencyKey: `w-post1:${m.id}` });
    expect((await withdraw(m, 200_000)).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('wagering_requirements')
      .select(['status', 'required_turnover'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'met', required_turnover: 300_000 });
  });
});

describe('GET /wps/member/withdrawals and /:withdrawalId', () => {
  it("shows the member's own withdrawals only", async () => {
    const a = await memberWithCard();
    const b = await memberWithCard();
    const id = (await withdraw(a, 250_000)).json().value.id;
    expect((await call('GET', '/wps/member/withdrawals')).statusCode).toBe(401);
    const list = await call('GET', '/wps/member/withdrawals?status=pending', a.headers);
    expect(list.json().value).toMatchObject({ totalCount: 1, list: [{ id, amount: 250_000, status: 'pending' }] });
    expect(list.json().value.list[0].bankCard.maskedAccountNumber).toMatch(/^\*+\d{4}$/);
    expect((await call('GET', '/wps/member/withdrawals', b.headers)).json().value.totalCount).toBe(0);
    expect((await call('GET', `/wps/member/withdrawals/${id}`, a.headers)).json().value.id).toBe(id);
    const foreign = await call('GET', `/wps/member/withdrawals/${id}`, b.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('withdrawal_not_found');
    expect((await call('GET', '/wps/member/withdrawals?status=bogus', a.headers)).statusCode).toBe(400);
    expect((await call('GET', '/wps/member/withdrawals?memberId=3', a.headers)).statusCode).toBe(400);
  });

  it('tells the form the rules, the balance and what is used today', async () => {
    const m = await memberWithCard(900_000);
    await withdraw(m, 200_000);
    const rules = await call('GET', '/wps/member/withdrawals/rules', m.headers);
    expect(rules.json().value).toMatchObject({
      currency: 'VND',
      minAmount: withdrawalRulesSetting.defaultValue.minAmountMinor,
      usedToday: 1,
      availableBalance: 700_000,
      hasPaymentPassword: true,
      wageringRemaining: 0,
      kycStatus: 'none',
    });
  });
});

describe('back-office review: /admin-api/withdrawals', () => {
  it('answers admin_unauthorized without a token or with a member token, admin_forbidden for the wrong role', async () => {
    const m = await memberWithCard();
    const id = (await withdraw(m, 200_000)).json().value.id;
    const support = await loginAdmin(t.app, 'support');
    for (const [method, url] of [
      ['GET', '/admin-api/withdrawals'],
      ['GET', `/admin-api/withdrawals/${id}`],
      ['POST', `/admin-api/withdrawals/${id}/approve`],
      ['POST', `/admin-api/withdrawals/${id}/payout`],
    ] as const) {
      expect((await call(method, url)).json().code, url).toBe('admin_unauthorized');
      expect((await call(method, url, m.headers)).json().code, url).toBe('admin_unauthorized');
      const forbidden = await call(method, url, support.headers);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().code).toBe('admin_forbidden');
    }
    expect((await reject(id, 'x', support.headers)).json().code).toBe('admin_forbidden');
    expect((await call('GET', `/admin-api/withdrawals/${id}`, m.headers)).statusCode).toBe(401);
    const administrator = await loginAdmin(t.app, 'administrator');
    expect((await call('GET', `/admin-api/withdrawals/${id}`, administrator.headers)).json().value.status).toBe('pending');
  });

  it('filters the queue by status, member, username and time', async () => {
    const m = await memberWithCard();
    const id = (await withdraw(m, 210_000)).json().value.id;
    const q = (query: string) => call('GET', `/admin-api/withdrawals?${query}`, finance.headers);
    expect((await q(`memberId=${m.id}`)).json().value).toMatchObject({
      totalCount: 1,
      list: [{ id, username: m.username, memberId: m.id }],
    });
    expect((await q(`username=${m.username.toUpperCase()}`)).json().value.totalCount).toBe(1);
    expect((await q(`memberId=${m.id}&status=paid`)).json().value.totalCount).toBe(0);
    const from = new Date(clock.getTime() - 1_000).toISOString();
    const to = new Date(clock.getTime() + 1_000).toISOString();
    expect((await q(`memberId=${m.id}&from=${from}&to=${to}`)).json().value.totalCount).toBe(1);
    expect((await q(`memberId=${m.id}&from=${to}`)).json().value.totalCount).toBe(0);
    expect((await q('status=nope')).statusCode).toBe(400);
    expect((await q('from=yesterday')).statusCode).toBe(400);
    expect((await q('sort=id')).statusCode).toBe(400);
    expect((await call('GET', '/admin-api/withdrawals/999999', finance.headers)).json().code).toBe('withdrawal_not_found');
  });

  it('approves once: a second approval is withdrawal_state_invalid, and two at once act once', async () => {
    const m = await memberWithCard();
    const id = (await withdraw(m, 200_000)).json().value.id;
    const both = await Promise.all([admin('approve', id), admin('approve', id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('withdrawal_state_invalid');
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .where('action', '=', 'withdrawal.approved')
      .execute();
    expect(audits).toHaveLength(1);
    expect((await admin('approve', 999_999)).json().code).toBe('withdrawal_not_found');
  });

  it('rejects with a reason and returns the money once; a rejected withdrawal cannot be paid', async () => {
    const m = await memberWithCard(1_000_000);
    const id = (await withdraw(m, 400_000)).json().value.id;
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 600_000, lockedBalance: 400_000 });
    expect(
      (await t.app.inject({ method: 'POST', url: `/admin-api/withdrawals/${id}/reject`, headers: finance.headers, payload: {} }))
        .statusCode,
    ).toBe(400);
    expect((await reject(id, '   ')).statusCode).toBe(400);
    const both = await Promise.all([reject(id), reject(id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json().value).toMatchObject({
      status: 'rejected',
      rejectReason: 'bank details do not match',
    });
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 1_000_000, lockedBalance: 0 });
    expect((await admin('payout', id)).json().code).toBe('withdrawal_state_invalid');
    expect((await call('GET', `/wps/member/withdrawals/${id}`, m.headers)).json().value.rejectReason).toBe('bank details do not match');
  });

  it('pays out only an approved withdrawal, once, even when two operators click together', async () => {
    const m = await memberWithCard(1_000_000);
    const id = (await withdraw(m, 300_000)).json().value.id;
    expect((await admin('payout', id)).json().code).toBe('withdrawal_state_invalid');
    await admin('approve', id);
    const both = await Promise.all([admin('payout', id), admin('payout', id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await reject(id)).json().code).toBe('withdrawal_state_invalid');
    const posts = await t.database.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount'])
      .where('reference_type', '=', 'withdrawal')
      .where('reference_id', '=', String(id))
      .where('code', '=', 'withdrawal')
      .execute();
    expect(posts).toEqual([{ code: 'withdrawal', amount: 300_000 }]);
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 700_000, lockedBalance: 0 });
  });

  it('above the threshold, the operator who approved may not pay out; another operator may, and at or below it anyone', async () => {
    await setRules({ separatePayoutAboveMinor: 250_000 });
    const second = await loginAdmin(t.app, 'finance');
    const m = await memberWithCard(1_000_000);
    const large = (await withdraw(m, 300_000)).json().value.id as number;
    expect((await admin('approve', large)).statusCode).toBe(200);
    const refused = await admin('payout', large);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'withdrawal_same_operator' });
    // Nothing moved: it still waits for payout, the money still reserved.
    expect(await balanceOf(m)).toMatchObject({ mainBalance: 700_000, lockedBalance: 300_000 });
    expect((await admin('payout', large, second.headers)).statusCode).toBe(200);
    const small = (await withdraw(m, 250_000)).json().value.id as number;
    expect((await admin('approve', small)).statusCode).toBe(200);
    expect((await admin('payout', small)).statusCode).toBe(200);
  });

  it('auto-approves a request when every rule switched on holds, and audits which rule held it back otherwise', async () => {
    const statusOf = async (id: number) =>
      (await t.database.db.selectFrom('withdrawals').select(['status', 'approved_by']).where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    const auditOf = async (id: number) =>
      t.database.db
        .selectFrom('audit_log')
        .select(['action', 'data', 'merchant_id'])
        .where('subject_type', '=', 'withdrawal')
        .where('subject_id', '=', String(id))
        .where('action', 'like', 'withdrawal.auto%')
        .executeTakeFirstOrThrow();
    const m = await memberWithCard(3_000_000);
    // Off (the default): it waits for an operator.
    const waiting = (await withdraw(m, 200_000)).json().value.id as number;
    expect(await statusOf(waiting)).toBe('pending');

    await setAutoApproval({ requireNoLinkedAccounts: false, maxAmountMinor: 500_000 });
    const small = (await withdraw(m, 200_000)).json().value.id as number;
    expect(await statusOf(small)).toBe('approved');
    const approved = await auditOf(small);
    expect(approved).toMatchObject({ action: 'withdrawal.auto_approved' });
    expect(Number(approved.merchant_id)).toBe(m.merchant.id);
    // Approved by no operator, so any operator may pay it whatever its amount.
    expect((await admin('payout', small)).statusCode).toBe(200);

    const large = (await withdraw(m, 600_000)).json().value.id as number;
    expect(await statusOf(large)).toBe('pending');
    expect((await auditOf(large)).data).toMatchObject({ checks: expect.arrayContaining([{ rule: 'amount', passed: false }]) });

    // A bonus after the last paid withdrawal holds the next one back.
    const ledger = t.app.services.ledger;
    const pool = await ledger.ensureSystemAccount({ merchantId: m.merchant.id, kind: 'bonus_pool', currency: m.merchant.currency });
    await ledger.transfer({
      fromAccountId: pool.id,
      toAccountId: m.mainAccountId,
      amount: 1000,
      code: 'promotion',
      idempotencyKey: `auto-approval-bonus:${m.id}`,
    });
    const afterBonus = (await withdraw(m, 100_000)).json().value.id as number;
    expect(await statusOf(afterBonus)).toBe('pending');
    expect((await auditOf(afterBonus)).data).toMatchObject({ checks: expect.arrayContaining([{ rule: 'bonus', passed: false }]) });

    // The level allow-list, and members linked by a shared payee name (every test member has the same one).
    await setAutoApproval({ requireNoBonusSinceLastWithdrawal: false, allowedVipLevels: [3] });
    await memberWithCard(0);
    const held = (await withdraw(m, 100_000)).json().value.id as number;
    expect(await statusOf(held)).toBe('pending');
    expect((await auditOf(held)).data).toMatchObject({
      checks: expect.arrayContaining([
        { rule: 'vipLevel', passed: false },
        { rule: 'linked', passed: false },
      ]),
    });
  });

  it('keeps a card with a withdrawal in review from being removed', async () => {
    const m = await memberWithCard();
    const id = (await withdraw(m, 200_000)).json().value.id;
    const res = await call('DELETE', `/wps/member/bank-cards/${m.cardId}`, m.headers);
    expect(res.json().code).toBe('bank_card_in_use');
    await reject(id);
    expect((await call('DELETE', `/wps/member/bank-cards/${m.cardId}`, m.headers)).statusCode).toBe(200);
  });
});

describe('receipt confirmation', () => {
  it('confirms received once, only for the owner, only after payout', async () => {
    const a = await memberWithCard();
    const b = await memberWithCard();
    const pending = (await withdraw(a, 200_000)).json().value.id;
    const receipt = (id: number, m: WithdrawingMember, body: object = { result: 'received' }) =>
      call('POST', `/wps/member/withdrawals/${id}/receipt`, m.headers, body);
    expect((await receipt(pending, a)).json().code).toBe('withdrawal_state_invalid');
    const id = await paidWithdrawal(a);
    expect((await call('POST', `/wps/member/withdrawals/${id}/receipt`, {}, { result: 'received' })).statusCode).toBe(401);
    expect((await receipt(id, b)).json().code).toBe('withdrawal_not_found');
    expect((await receipt(id, a, { result: 'maybe' })).statusCode).toBe(400);
    expect((await receipt(id, a, { result: 'received', extra: 1 })).statusCode).toBe(400);
    expect((await receipt(id, a)).json().value).toMatchObject({ status: 'confirmed_received', confirmation: 'received' });
    expect((await receipt(id, a)).json().code).toBe('withdrawal_state_invalid');
  });

  it('disputes with proof images the operator can see; checks type, count and size', async () => {
    const m = await memberWithCard();
    const id = await paidWithdrawal(m);
    const dispute = (body: ReturnType<typeof multipart>, headers = m.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/member/withdrawals/${id}/dispute`,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
    const gif = Buffer.from('GIF89a-not-allowed-here');
    expect((await dispute(multipart([{ field: 'images', name: 'a.png', bytes: gif }]))).json().code).toBe('image_invalid');
    expect((await dispute(multipart([], { note: 'nothing arrived' }))).json().code).toBe('image_required');
    const four = Array.from({ length: 4 }, (_, i) => ({ field: 'images', name: `p${i}.png`, bytes: PNG_BYTES }));
    expect((await dispute(multipart(four))).json().code).toBe('image_too_many');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_BYTES_MAX)]);
    const tooLarge = await dispute(multipart([{ field: 'images', name: 'big.png', bytes: big }]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('image_too_large');
    expect((await dispute(multipart([{ field: 'other', name: 'a.png', bytes: PNG_BYTES }]))).statusCode).toBe(400);
    const json = await call('POST', `/wps/member/withdrawals/${id}/dispute`, m.headers, { note: 'x' });
    expect(json.json().code).toBe('image_required');
    const stranger = await memberWithCard();
    expect((await dispute(multipart([{ field: 'images', name: 'a.png', bytes: PNG_BYTES }]), stranger.headers)).json().code).toBe(
      'withdrawal_not_found',
    );

    const ok = await dispute(
      multipart(
        [
          { field: 'images', name: 'a.png', bytes: PNG_BYTES },
          { field: 'images', name: 'b.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' },
        ],
        { note: 'nothing arrived' },
      ),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'disputed', confirmation: 'not_received' });

    const queue = await call('GET', '/admin-api/withdrawals?status=disputed', finance.headers);
    const seen = queue.json().value.list.find((w: { id: number }) => w.id === id);
    expect(seen).toMatchObject({ disputeNote: 'nothing arrived' });
    expect(seen.proofIds).toHaveLength(2);
    const image = await call('GET', `/admin-api/withdrawals/${id}/proofs/${seen.proofIds[1]}`, finance.headers);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG_BYTES)).toBe(true);
    expect((await call('GET', `/admin-api/withdrawals/${id}/proofs/${seen.proofIds[1]}`, m.headers)).statusCode).toBe(401);
    expect((await call('GET', `/admin-api/withdrawals/${id}/proofs/999999`, finance.headers)).statusCode).toBe(404);
  });

  it('confirms all waiting payouts at once', async () => {
    const m = await memberWithCard();
    const first = await paidWithdrawal(m);
    const second = await paidWithdrawal(m);
    const pending = (await withdraw(m, 200_000)).json().value.id;
    const res = await call('POST', '/wps/member/withdrawals/receipts/all', m.headers);
    expect(res.json().value).toEqual({ confirmedCount: 2 });
    for (const id of [first, second]) {
      expect((await call('GET', `/wps/member/withdrawals/${id}`, m.headers)).json().value.confirmation).toBe('all_received');
    }
    expect((await call('GET', `/wps/member/withdrawals/${pending}`, m.headers)).json().value.status).toBe('pending');
    expect((await call('POST', '/wps/member/withdrawals/receipts/all', m.headers)).json().value).toEqual({ confirmedCount: 0 });
    expect((await call('POST', '/wps/member/withdrawals/receipts/all')).statusCode).toBe(401);
  });

  it('counts an unconfirmed payout as received after the configured minutes, once', async () => {
    await setRules({ autoConfirmMinutes: 30 });
    const m = await memberWithCard();
    const id = await paidWithdrawal(m);
    clock = new Date(clock.getTime() + 29 * 60_000);
    await t.app.services.withdrawals.autoConfirmDue();
    expect((await call('GET', `/wps/member/withdrawals/${id}`, m.headers)).json().value.status).toBe('paid');
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await t.app.services.withdrawals.autoConfirmDue()).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/wps/member/withdrawals/${id}`, m.headers)).json().value).toMatchObject({
      status: 'confirmed_received',
      confirmation: 'auto',
    });
    expect(await t.app.services.withdrawals.autoConfirmDue()).toBe(0);
    expect((await call('POST', `/wps/member/withdrawals/${id}/receipt`, m.headers, { result: 'received' })).json().code).toBe(
      'withdrawal_state_invalid',
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes the withdrawal calls', async () => {
    const paths = (await call('GET', '/docs/json')).json().paths;
    expect(paths).toHaveProperty(['/wps/member/withdrawals']);
    expect(paths).toHaveProperty(['/admin-api/withdrawals/{withdrawalId}/payout']);
  });
});
