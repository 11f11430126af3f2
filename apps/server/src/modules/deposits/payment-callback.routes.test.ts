import { sign } from '@platform/sandbox-gateway/signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import {
  addChannel,
  buildDepositsTestApp,
  createDepositScene,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
  TEST_SANDBOX_SECRET,
} from '../../../test/deposits-helpers.ts';
import { createMember } from '../../../test/factories.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';

let t: DepositsTestApp;
let scene: Awaited<ReturnType<typeof createDepositScene>>;
let gatewayChannelId: number;
const CALLBACK_URL = '/payment-api/sandbox/callback';

beforeAll(async () => {
  t = await buildDepositsTestApp();
  scene = await createDepositScene(t.app, t.database.db);
  gatewayChannelId = await addChannel(t.app, (await loginAdmin(t.app, 'finance')).headers, GATEWAY_CHANNEL_BODY);
});

afterAll(async () => {
  await t?.close();
});

async function gatewayOrder(amount = 250_000) {
  const member = await createMember(t.database.db, scene.merchant);
  const { token } = await t.app.services.sessions.create(member.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/deposit/orders',
    headers: { authorization: `Bearer ${token}` },
    payload: { channelId: gatewayChannelId, amount },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { member, ref: res.json().value.orderNo as string, amount };
}

let txCounter = 0;
function notification(ref: string, fields: Partial<{ status: string; amount: number; currency: string; txId: string }> = {}) {
  txCounter += 1;
  return JSON.stringify({
    notificationId: `n${txCounter}`,
    paymentId: 'P000000000000000000',
    merchantRef: ref,
    txId: fields.txId ?? `SBXTEST${txCounter}`,
    status: fields.status ?? 'paid',
    amount: fields.amount,
    currency: fields.currency ?? 'VND',
    decidedAt: new Date().toISOString(),
  });
}

function callback(body: string, signature: string | null = sign(TEST_SANDBOX_SECRET, body), url = CALLBACK_URL) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-sandbox-signature': signature }) },
    payload: body,
  });
}

const orderOf = (ref: string) =>
  t.database.db.selectFrom('deposit_orders').selectAll().where('reference_code', '=', ref).executeTakeFirstOrThrow();
const mainOf = async (memberId: number) => (await t.app.services.ledger.memberBalances({ memberId, currency: 'VND' })).main;
const depositCount = async (memberId: number) => (await t.app.services.ledger.history({ memberId, codes: ['deposit'] })).totalCount;

describe('POST /payment-api/:gateway/callback', () => {
  it('answers 404 for a gateway nobody registered', async () => {
    const o = await gatewayOrder();
    const res = await callback(notification(o.ref, { amount: o.amount }), undefined, '/payment-api/paypal/callback');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('payment_gateway_unknown');
  });

  it.each([
    ['no signature', null],
    ['a signature made with another secret', sign('another-secret-0123456789', 'x')],
    ['a malformed signature', 'zz'],
  ])('answers 401 for %s and changes nothing', async (_label, signature) => {
    const o = await gatewayOrder();
    const body = notification(o.ref, { amount: o.amount });
    const res = await callback(body, signature === null ? null : signature);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('payment_signature_invalid');
    expect((await orderOf(o.ref)).status).toBe('pending');
    expect(await mainOf(o.member.id)).toBe(0);
  });

  it('answers 401 when a signed body is altered in transit (the signature covers the raw bytes)', async () => {
    const o = await gatewayOrder();
    const body = notification(o.ref, { amount: o.amount });
    const res = await callback(body.replace(`"amount":${o.amount}`, `"amount":${o.amount} `), sign(TEST_SANDBOX_SECRET, body));
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for a signed body that is not a notification', async () => {
    for (const body of [
      'not json',
      '{"merchantRef":"X"}',
      JSON.stringify({ merchantRef: 'X', txId: 't', status: 'maybe', amount: 1, currency: 'VND' }),
    ]) {
      const res = await callback(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('payment_notification_invalid');
    }
  });

  it('answers 404 for an order it does not know', async () => {
    const res = await callback(notification('ZZZZZZZZ', { amount: 1000 }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('deposit_order_not_found');
  });

  it('refuses a notification whose amount or currency differs from the order, records it, credits nothing', async () => {
    const o = await gatewayOrder(250_000);
    const wrongAmount = await callback(notification(o.ref, { amount: 2_500_000 }));
    expect(wrongAmount.statusCode).toBe(409);
    expect(wrongAmount.json().code).toBe('payment_amount_mismatch');
    const wrongCurrency = await callback(notification(o.ref, { amount: 250_000, currency: 'USD' }));
    expect(wrongCurrency.statusCode).toBe(409);
    const order = await orderOf(o.ref);
    expect(order.status).toBe('pending');
    expect(await mainOf(o.member.id)).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('actor_type')
      .where('action', '=', 'deposit.gateway_mismatch')
      .where('subject_id', '=', String(order.id))
      .execute();
    expect(audit).toEqual([{ actor_type: 'vendor' }, { actor_type: 'vendor' }]);
  });

  it('credits a paid order once; duplicates and a later "failed" answer 200 and change nothing', async () => {
    const o = await gatewayOrder(250_000);
    const body = notification(o.ref, { amount: 250_000, txId: 'SBXPAIDONCE' });
    const first = await callback(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, value: { referenceCode: o.ref, status: 'paid' } });
    for (let i = 0; i < 3; i++) expect((await callback(body)).statusCode).toBe(200);
    const failedLater = await callback(notification(o.ref, { amount: 250_000, status: 'failed', txId: 'SBXPAIDONCE' }));
    expect(failedLater.statusCode).toBe(200);
    expect(failedLater.json().value.status).toBe('paid');
    expect(await mainOf(o.member.id)).toBe(250_000);
    expect(await depositCount(o.member.id)).toBe(1);
    const order = await orderOf(o.ref);
    expect(order).toMatchObject({ status: 'paid', credited_amount: 250_000, gateway_tx_id: 'SBXPAIDONCE' });
  });

  it('credits once when duplicates arrive at the same moment', async () => {
    const o = await gatewayOrder(180_000);
    const body = notification(o.ref, { amount: 180_000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => callback(body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await mainOf(o.member.id)).toBe(180_000);
    expect(await depositCount(o.member.id)).toBe(1);
  });

  it('closes a pending order on "failed", and still credits a "paid" that follows (the gateway took the money)', async () => {
    const o = await gatewayOrder(90_000);
    const failed = await callback(notification(o.ref, { amount: 90_000, status: 'failed' }));
    expect(failed.json().value.status).toBe('failed');
    expect(await mainOf(o.member.id)).toBe(0);
    const paid = await callback(notification(o.ref, { amount: 90_000 }));
    expect(paid.json().value.status).toBe('paid');
    expect(await mainOf(o.member.id)).toBe(90_000);
  });

  it('refuses a second, different payment for a paid order and records it for the operator', async () => {
    const o = await gatewayOrder(70_000);
    await callback(notification(o.ref, { amount: 70_000, txId: 'SBXFIRST' }));
    const second = await callback(notification(o.ref, { amount: 70_000, txId: 'SBXSECOND' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('deposit_order_closed');
    expect(await mainOf(o.member.id)).toBe(70_000);
    const order = await orderOf(o.ref);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'deposit.gateway_second_payment')
      .where('subject_id', '=', String(order.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a transaction id that already paid another order', async () => {
    const a = await gatewayOrder(60_000);
    const b = await gatewayOrder(60_000);
    await callback(notification(a.ref, { amount: 60_000, txId: 'SBXSHARED' }));
    const res = await callback(notification(b.ref, { amount: 60_000, txId: 'SBXSHARED' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('payment_transaction_reused');
    expect(await mainOf(b.member.id)).toBe(0);
  });

  it('answers 413 for a body larger than a notification can be', async () => {
    const res = await callback(JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
  });

  it('keeps the books balanced', async () => {
    const audit = await auditLedger(t.database.db);
    expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);
    expect(audit.driftedAccountIds).toEqual([]);
  });
});
