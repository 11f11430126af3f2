import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import {
  createWithdrawingMember,
  JPEG_BYTES,
  LOGIN_PASSWORD,
  multipart,
  PAYMENT_PASSWORD,
  PNG_BYTES,
  type WithdrawingMember,
} from '../../../test/withdrawals-helpers.ts';
import { withdrawalRulesSetting } from '../withdrawals/withdrawals.settings.ts';

let t: TestApp;
let merchantId: number;
let risk: Awaited<ReturnType<typeof loginAdmin>>;
let finance: Awaited<ReturnType<typeof loginAdmin>>;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  merchantId = (await createMerchant(t.database.db)).id;
  risk = await loginAdmin(t.app, 'risk');
  finance = await loginAdmin(t.app, 'finance');
});

afterAll(async () => {
  await t?.close();
});

const newMember = (options: Parameters<typeof createWithdrawingMember>[2] = {}) =>
  createWithdrawingMember(t.app, t.database.db, { withPaymentPassword: true, ...options });
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const documents = () =>
  multipart([
    { field: 'front', name: 'front.png', bytes: PNG_BYTES },
    { field: 'back', name: 'back.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' },
  ]);

const upload = (m: WithdrawingMember, body = documents()) =>
  t.app.inject({ method: 'POST', url: '/wps/member/kyc', payload: body.payload, headers: { ...m.headers, ...body.headers } });

describe('POST /wps/member/kyc and GET /wps/member/kyc', () => {
  it('answers 401 without a session and in_need_true_account for a trial account', async () => {
    const body = documents();
    expect((await t.app.inject({ method: 'POST', url: '/wps/member/kyc', payload: body.payload, headers: body.headers })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/wps/member/kyc')).statusCode).toBe(401);
    const trial = await newMember({ accountType: 4 });
    expect((await upload(trial)).json().code).toBe('in_need_true_account');
  });

  it('needs both sides, as png or jpg', async () => {
    const m = await newMember();
    expect((await upload(m, multipart([{ field: 'front', name: 'f.png', bytes: PNG_BYTES }]))).json().code).toBe('image_required');
    const pdf = multipart([
      { field: 'front', name: 'f.png', bytes: Buffer.from('%PDF-1.7 not an image') },
      { field: 'back', name: 'b.png', bytes: PNG_BYTES },
    ]);
    expect((await upload(m, pdf)).json().code).toBe('image_invalid');
    expect((await call('POST', '/wps/member/kyc', m.headers, { front: 'x' })).json().code).toBe('image_required');
    expect((await call('GET', '/wps/member/kyc', m.headers)).json().value).toMatchObject({ status: 'none', latest: null });
  });

  it('takes one submission at a time and shows its status', async () => {
    const m = await newMember();
    const first = await upload(m);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ status: 'pending', rejectReason: null });
    const again = await upload(m);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('kyc_already_submitted');
    expect((await call('GET', '/wps/member/kyc', m.headers)).json().value).toMatchObject({ status: 'pending' });
  });
});

describe('back-office review: /admin-api/kyc', () => {
  it('answers admin_unauthorized without a token and admin_forbidden for finance or support', async () => {
    const m = await newMember();
    const id = (await upload(m)).json().value.id;
    const support = await loginAdmin(t.app, 'support');
    for (const [method, url] of [
      ['GET', '/admin-api/kyc'],
      ['GET', `/admin-api/kyc/${id}`],
      ['GET', `/admin-api/kyc/${id}/images/front`],
      ['POST', `/admin-api/kyc/${id}/approve`],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, m.headers)).statusCode, url).toBe(401);
      expect((await call(method, url, support.headers)).json().code, url).toBe('admin_forbidden');
      expect((await call(method, url, finance.headers)).json().code, url).toBe('admin_forbidden');
    }
  });

  it('shows the images, rejects with a reason once, and lets the member upload again', async () => {
    const m = await newMember();
    const id = (await upload(m)).json().value.id;
    const queue = await call('GET', '/admin-api/kyc?status=pending', risk.headers);
    expect(queue.json().value.list.map((k: { id: number }) => k.id)).toContain(id);
    const front = await call('GET', `/admin-api/kyc/${id}/images/front`, risk.headers);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await call('GET', `/admin-api/kyc/${id}/images/side`, risk.headers)).statusCode).toBe(400);
    expect((await call('POST', `/admin-api/kyc/${id}/reject`, risk.headers, {})).statusCode).toBe(400);
    const both = await Promise.all([
      call('POST', `/admin-api/kyc/${id}/reject`, risk.headers, { reason: 'photo is blurred' }),
      call('POST', `/admin-api/kyc/${id}/reject`, risk.headers, { reason: 'photo is blurred' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call('POST', `/admin-api/kyc/${id}/approve`, risk.headers)).json().code).toBe('kyc_state_invalid');
    expect((await call('GET', '/wps/member/kyc', m.headers)).json().value).toMatchObject({
      status: 'rejected',
      latest: { rejectReason: 'photo is blurred' },
    });
    expect((await upload(m)).statusCode).toBe(200);
    expect((await call('POST', '/admin-api/kyc/999999/approve', risk.headers)).json().code).toBe('kyc_not_found');
  });
});

describe('identity checks before large payouts', () => {
  it('refuses payout with kyc_required until the identity check is approved', async () => {
    await t.app.services.settings.set(
      merchantId,
      withdrawalRulesSetting,
      { ...withdrawalRulesSetting.defaultValue, kycThresholdMinor: 1_000_000 },
      'test',
    );
    const m = await newMember({ balance: 5_000_000 });
    const card = await call('POST', '/wps/member/bank-cards', m.headers, {
      bankCode: 'ACB',
      accountName: 'NGUYEN VAN AN',
      accountNumber: '55550001111',
    });
    let withdrawalCount = 0;
    const nextRequestId = () => {
      withdrawalCount += 1;
      return `kyc-withdrawal-${withdrawalCount}`;
    };
    const withdraw = (amount: number) =>
      call('POST', '/wps/member/withdrawals', m.headers, {
        bankCardId: card.json().value.id,
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        loginPassword: LOGIN_PASSWORD,
        requestId: nextRequestId(),
      });
    const small = (await withdraw(600_000)).json().value.id;
    await call('POST', `/admin-api/withdrawals/${small}/approve`, finance.headers);
    expect((await call('POST', `/admin-api/withdrawals/${small}/payout`, finance.headers)).statusCode).toBe(200);

    // 600,000 paid + 500,000 now is over 1,000,000.
    const large = (await withdraw(500_000)).json().value.id;
    expect((await call('GET', '/wps/member/kyc', m.headers)).json().value.isRequiredForPayout).toBe(true);
    await call('POST', `/admin-api/withdrawals/${large}/approve`, finance.headers);
    const refused = await call('POST', `/admin-api/withdrawals/${large}/payout`, finance.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('kyc_required');
    const view = (await call('GET', `/admin-api/withdrawals/${large}`, finance.headers)).json().value;
    expect(view).toMatchObject({ status: 'approved', isKycRequired: true, kycStatus: 'none' });

    const kycId = (await upload(m)).json().value.id;
    expect((await call('POST', `/admin-api/withdrawals/${large}/payout`, finance.headers)).json().code).toBe('kyc_required');
    expect((await call('POST', `/admin-api/kyc/${kycId}/approve`, risk.headers)).json().value.status).toBe('approved');
    const paid = await call('POST', `/admin-api/withdrawals/${large}/payout`, finance.headers);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().value).toMatchObject({ status: 'paid', kycStatus: 'approved' });
    const balance = (await call('GET', '/wps/v2/wallets/balance', m.headers)).json().value;
    expect(balance).toMatchObject({ mainBalance: 3_900_000, lockedBalance: 0 });
  });
});
