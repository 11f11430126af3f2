import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import {
  BANK_CHANNEL_BODY,
  buildDepositsTestApp,
  createDepositScene,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
  payAtSandbox,
} from '../../../test/deposits-helpers.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { waitUntil } from '../../../test/wait-for.ts';

/**
 * A player deposits twice, end to end over real HTTP: once through the sandbox gateway (a separate
 * HTTP service that calls the app back on its port), once by bank transfer confirmed by an
 * operator; the ledger history then shows both.
 */

let t: DepositsTestApp;
let base: string;

beforeAll(async () => {
  t = await buildDepositsTestApp({
    sandbox: { secret: 'test-sandbox-secret-0123456789', callbackBackoffBaseMs: 25, duplicateCallbacks: 2 },
  });
  base = t.publicUrl;
});

afterAll(async () => {
  await t?.close();
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as { success: boolean; value: Record<string, unknown> & { list?: unknown[] } } };
}

describe('a player deposits through the sandbox gateway and by bank transfer', () => {
  it('credits both deposits once each and the ledger history shows them', async () => {
    const { member, headers } = await createDepositScene(t.app, t.database.db);
    const finance = (await loginAdmin(t.app, 'finance')).headers;

    // The gateway payment starts while the app is not yet listening: the sandbox's callbacks fail
    // and are retried with backoff until the app answers.
    const gatewayChannel = await t.app.inject({
      method: 'POST',
      url: '/admin-api/deposit/channels',
      headers: finance,
      payload: GATEWAY_CHANNEL_BODY,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/wps/member/deposit/orders',
      headers,
      payload: { channelId: gatewayChannel.json().value.id, amount: 500_000 },
    });
    expect(created.statusCode).toBe(200);
    const gatewayOrder = created.json().value;
    expect(gatewayOrder.redirectUrl.startsWith(t.sandboxUrl)).toBe(true);

    const returnTo = await payAtSandbox(gatewayOrder.redirectUrl, 'paid');
    // Back on the member centre's deposit page (the root's redirect would drop the query).
    expect(returnTo).toBe(`${base}/index?mc=depositv2&ref=${gatewayOrder.orderNo}&status=paid`);
    const paymentId = gatewayOrder.redirectUrl.split('/').pop();
    await waitUntil(() => (t.sandbox.payment(paymentId)?.callbackAttempts ?? 0) >= 2, { what: 'a retried callback' });
    expect(t.sandbox.payment(paymentId)!.callbackAttempts).toBeGreaterThanOrEqual(2);
    expect(t.sandbox.payment(paymentId)!.callbackDeliveredAt).toBeNull();

    await t.app.listen({ port: t.appPort, host: '127.0.0.1' });
    await t.sandbox.idle();
    expect(t.sandbox.payment(paymentId)!.callbackDeliveredAt).not.toBeNull();

    const afterGateway = await call('GET', `/wps/member/deposit/orders/${gatewayOrder.orderNo}`, headers);
    expect(afterGateway.json.value).toMatchObject({ status: 'paid', creditedAmount: 500_000 });

    // Bank transfer: the player asks, transfers with the reference code, the operator confirms.
    const channels = await call('GET', '/wps/member/deposit/channels', headers);
    expect(channels.status).toBe(200);
    const bankChannel = await call('POST', '/admin-api/deposit/channels', finance, BANK_CHANNEL_BODY);
    const bankOrder = await call('POST', '/wps/member/deposit/orders', headers, {
      channelId: bankChannel.json.value.id,
      amount: 1_000_000,
    });
    expect(bankOrder.json.value).toMatchObject({ status: 'pending', bank: { accountNumber: BANK_CHANNEL_BODY.bankAccountNumber } });
    const queue = await call(
      'GET',
      `/admin-api/deposit/orders?status=pending&referenceCode=${bankOrder.json.value.referenceCode}`,
      finance,
    );
    const queued = queue.json.value.list as { id: number }[];
    expect(queued).toHaveLength(1);
    const confirmed = await call('POST', `/admin-api/deposit/orders/${queued[0]!.id}/confirm`, finance, {});
    expect(confirmed.status).toBe(200);

    const balance = await call('GET', '/wps/v2/wallets/balance', headers);
    expect(balance.json.value).toMatchObject({ mainBalance: 1_500_000, sumBalance: 1_500_000 });
    const history = await t.app.services.ledger.history({ memberId: member.id, codes: ['deposit'] });
    expect(history.list.map((e) => ({ amount: e.amount, ref: e.referenceId })).sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: 500_000, ref: gatewayOrder.orderNo },
      { amount: 1_000_000, ref: bankOrder.json.value.referenceCode },
    ]);
    expect(history.list.every((e) => e.code === 'deposit' && e.accountKind === 'player_main')).toBe(true);

    const books = await auditLedger(t.database.db);
    for (const total of books.holdingsByCurrency.values()) expect(total).toBe(0);
  });

  it('a failed payment sends the player back with status failed and credits nothing', async () => {
    const { member, headers } = await createDepositScene(t.app, t.database.db);
    const channels = await call('GET', '/wps/member/deposit/channels', headers);
    const gateway = (channels.json.value.list as { id: number; type: string }[]).find((c) => c.type === 'gateway')!;
    const order = await call('POST', '/wps/member/deposit/orders', headers, { channelId: gateway.id, amount: 300_000 });
    const returnTo = await payAtSandbox(order.json.value.redirectUrl as string, 'failed');
    expect(returnTo).toContain('status=failed');
    await t.sandbox.idle();
    const after = await call('GET', `/wps/member/deposit/orders/${order.json.value.orderNo}`, headers);
    expect(after.json.value.status).toBe('failed');
    expect((await t.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main).toBe(0);
  });
});
