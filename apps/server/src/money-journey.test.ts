import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedBody, freshCaptcha, nextIp } from '../test/accounts-helpers.ts';
import { loginAdmin } from '../test/admin-helpers.ts';
import {
  BANK_CHANNEL_BODY,
  buildDepositsTestApp,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
  payAtSandbox,
  TEST_SANDBOX_SECRET,
} from '../test/deposits-helpers.ts';
import { createMerchant, uniqueName } from '../test/factories.ts';
import { auditLedger } from '../test/ledger-fixture.ts';

/**
 * A new person's money from first to last step, through the calls the web client makes and over
 * real HTTP for the gateway: register, deposit through the sandbox gateway, deposit by bank transfer
 * confirmed by the operator, bind a card, withdraw, the operator approves and pays out, the member
 * confirms receipt. The account record then shows every step, and the books balance.
 */
let t: DepositsTestApp;
const ip = nextIp();

beforeAll(async () => {
  t = await buildDepositsTestApp({
    sandbox: { secret: TEST_SANDBOX_SECRET, callbackBackoffBaseMs: 20, duplicateCallbacks: 2 },
    overrides: { TRUST_PROXY: 'true' },
  });
  await createMerchant(t.database.db, { currency: 'VND' });
  await t.app.listen({ port: t.appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

type Envelope = { success: boolean; code?: string; value: Record<string, unknown> };

describe('a new member deposits twice, withdraws and confirms receipt', () => {
  it('moves the money exactly as each step says and the account record lists every step', async () => {
    const username = uniqueName('mj').slice(0, 12);
    const password = 'money123';
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': ip },
      payload: await encryptedBody(t.app, {
        username,
        password,
        confirmPassword: password,
        agreement: true,
        ...(await freshCaptcha(t.app, t.database.db, ip)),
      }),
    });
    expect(registered.statusCode).toBe(200);
    const token = registered.json().value.token as string;
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
    const call = async (method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; json: Envelope }> => {
      const res = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
      return { status: res.statusCode, json: res.json() as Envelope };
    };
    const balance = async () => (await call('GET', '/wps/v2/wallets/balance')).json.value;
    expect(await balance()).toMatchObject({ sumBalance: 0 });

    const finance = (await loginAdmin(t.app, 'finance')).headers;
    const admin = async (url: string, body: object = {}) => {
      const res = await t.app.inject({ method: 'POST', url, headers: finance, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    const gatewayChannel = await admin('/admin-api/deposit/channels', GATEWAY_CHANNEL_BODY);
    const bankChannel = await admin('/admin-api/deposit/channels', BANK_CHANNEL_BODY);

    // 1. Through the sandbox gateway: it calls back signed, more than once; credited once.
    const gatewayOrder = (await call('POST', '/wps/member/deposit/orders', { channelId: gatewayChannel.id, amount: 400_000 })).json.value;
    await payAtSandbox(String(gatewayOrder.redirectUrl), 'paid');
    await t.sandbox.idle();
    expect((await call('GET', `/wps/member/deposit/orders/${gatewayOrder.orderNo}`)).json.value).toMatchObject({ status: 'paid' });
    expect(await balance()).toMatchObject({ mainBalance: 400_000 });

    // 2. By bank transfer: pending until the operator confirms.
    const bankOrder = (await call('POST', '/wps/member/deposit/orders', { channelId: bankChannel.id, amount: 1_100_000 })).json.value;
    expect(bankOrder).toMatchObject({ status: 'pending' });
    expect(await balance()).toMatchObject({ mainBalance: 400_000 });
    const queued = await t.app.inject({
      method: 'GET',
      url: `/admin-api/deposit/orders?status=pending&referenceCode=${bankOrder.referenceCode}`,
      headers: finance,
    });
    const [queuedOrder] = queued.json().value.list as { id: number }[];
    await admin(`/admin-api/deposit/orders/${queuedOrder!.id}/confirm`);
    expect(await balance()).toMatchObject({ mainBalance: 1_500_000 });

    // 3. A card, a payment password, then a withdrawal with the login password asked again.
    const card = await call('POST', '/wps/member/bank-cards', { bankCode: 'VCB', accountName: 'Le Van Minh', accountNumber: '9704001234' });
    expect(card.status).toBe(200);
    const paymentPassword = await call('POST', '/wps/member/payment-password', {
      loginPassword: password,
      paymentPassword: '864209',
      confirmPaymentPassword: '864209',
    });
    expect(paymentPassword.status).toBe(200);
    const withdrawal = await call('POST', '/wps/member/withdrawals', {
      bankCardId: card.json.value.id,
      amount: 600_000,
      paymentPassword: '864209',
      loginPassword: password,
      requestId: 'journey-withdrawal-1',
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.json)).toBe(200);
    const withdrawalId = withdrawal.json.value.id as number;
    expect(Number(withdrawal.json.value.fee) + Number(withdrawal.json.value.netAmount)).toBe(600_000);
    expect(await balance()).toMatchObject({ mainBalance: 900_000, lockedBalance: 600_000 });

    // 4. The operator approves and pays out; a second click changes nothing.
    await admin(`/admin-api/withdrawals/${withdrawalId}/approve`);
    await admin(`/admin-api/withdrawals/${withdrawalId}/payout`);
    const again = await t.app.inject({ method: 'POST', url: `/admin-api/withdrawals/${withdrawalId}/payout`, headers: finance });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('withdrawal_state_invalid');
    const received = await call('POST', `/wps/member/withdrawals/${withdrawalId}/receipt`, { result: 'received' });
    expect(received.json.value).toMatchObject({ status: 'confirmed_received' });
    expect(await balance()).toMatchObject({ mainBalance: 900_000, lockedBalance: 0, sumBalance: 900_000 });

    // 5. The account record shows each money step, newest first, in the member's own words.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const records = await call('GET', `/wps/member/records/transactions?from=${yesterday}&to=${tomorrow}&pageSize=50`);
    expect(records.status, JSON.stringify(records.json)).toBe(200);
    const list = records.json.value.list as { type: string; amount: number; balanceAfter: number; referenceId: string }[];
    expect(list.map((r) => [r.type, r.amount, r.balanceAfter, r.referenceId])).toEqual([
      ['withdrawal', -600_000, 900_000, String(withdrawalId)],
      ['deposit', 1_100_000, 1_500_000, bankOrder.referenceCode],
      ['deposit', 400_000, 400_000, gatewayOrder.orderNo],
    ]);
    const books = await auditLedger(t.database.db);
    for (const total of books.holdingsByCurrency.values()) expect(total).toBe(0);
    expect(books.negativeMemberAccountIds).toEqual([]);
  });
});
