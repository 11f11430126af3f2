import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedBody, freshCaptcha, nextIp } from '../test/accounts-helpers.ts';
import { loginAdmin } from '../test/admin-helpers.ts';
import {
  BANK_CHANNEL_BODY,
  buildDepositsTestApp,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
  payAtSandbox,
} from '../test/deposits-helpers.ts';
import { createMerchant, uniqueName } from '../test/factories.ts';
import { auditLedger } from '../test/ledger-fixture.ts';

/**
 * One new player's money from first deposit to confirmed withdrawal, through the calls the web
 * client and the operator make, over real HTTP where a third party is involved: register (sealed),
 * deposit through the sandbox gateway (which calls the app back), deposit by bank transfer that the
 * operator confirms, withdraw to a new card, the operator approves and pays out, the player confirms
 * receipt. The account record then lists every step, and the books balance.
 */
describe('a new player deposits two ways and withdraws', () => {
  let t: DepositsTestApp;
  const ip = nextIp();

  beforeAll(async () => {
    t = await buildDepositsTestApp({
      sandbox: { secret: 'test-sandbox-secret-0123456789', callbackBackoffBaseMs: 20 },
      overrides: { TRUST_PROXY: 'true' },
    });
    await createMerchant(t.database.db);
    await t.app.listen({ port: t.appPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows each step in the account record and keeps the books balanced', async () => {
    const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const res = await fetch(`${t.publicUrl}${path}`, {
        method,
        headers: { 'x-forwarded-for': ip, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { success: boolean; code?: string; value: Record<string, unknown> };
      if (!json.success) throw new Error(`${method} ${path}: ${res.status} ${json.code}`);
      return json.value;
    };

    // Register by username; the call is sealed like the web client's.
    const username = uniqueName('wj').slice(0, 12);
    const password = 'journey123';
    const registered = await send(
      'PUT',
      '/wps/member/register',
      {},
      await encryptedBody(t.app, {
        username,
        password,
        confirmPassword: password,
        payeeName: 'Le Van Minh',
        agreement: true,
        ...(await freshCaptcha(t.app, t.database.db, ip)),
      }),
    );
    const member = { headers: { authorization: `Bearer ${registered.token as string}` }, id: registered.customerId as number };

    // Deposit 1: the sandbox gateway takes the payment and calls the app back, signed.
    const finance = (await loginAdmin(t.app, 'finance')).headers;
    const gatewayChannel = await send('POST', '/admin-api/deposit/channels', finance, GATEWAY_CHANNEL_BODY);
    const bankChannel = await send('POST', '/admin-api/deposit/channels', finance, BANK_CHANNEL_BODY);
    const gatewayOrder = await send('POST', '/wps/member/deposit/orders', member.headers, {
      channelId: gatewayChannel.id,
      amount: 700_000,
    });
    await payAtSandbox(gatewayOrder.redirectUrl as string, 'paid');
    await t.sandbox.idle();

    // Deposit 2: a bank transfer quoting the reference code, confirmed by the operator.
    const bankOrder = await send('POST', '/wps/member/deposit/orders', member.headers, { channelId: bankChannel.id, amount: 500_000 });
    const queue = await send('GET', `/admin-api/deposit/orders?status=pending&referenceCode=${bankOrder.referenceCode as string}`, finance);
    const queued = queue.list as { id: number }[];
    await send('POST', `/admin-api/deposit/orders/${queued[0]!.id}/confirm`, finance, {});
    expect(await send('GET', '/wps/v2/wallets/balance', member.headers)).toMatchObject({ mainBalance: 1_200_000 });

    // Withdraw to a newly bound card: payment password, and the login password again for a new card.
    const card = await send('POST', '/wps/member/bank-cards', member.headers, {
      bankCode: 'VCB',
      accountName: 'Le Van Minh',
      accountNumber: '9704123412341234',
    });
    await send('POST', '/wps/member/payment-password', member.headers, {
      loginPassword: password,
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    const withdrawal = await send('POST', '/wps/member/withdrawals', member.headers, {
      bankCardId: card.id,
      amount: 400_000,
      paymentPassword: '246810',
      loginPassword: password,
      requestId: 'wallet-journey-withdrawal',
    });
    await send('POST', `/admin-api/withdrawals/${withdrawal.id as number}/approve`, finance);
    await send('POST', `/admin-api/withdrawals/${withdrawal.id as number}/payout`, finance);
    const confirmed = await send('POST', `/wps/member/withdrawals/${withdrawal.id as number}/receipt`, member.headers, {
      result: 'received',
    });
    expect(confirmed.status).toBe('confirmed_received');
    const balance = await send('GET', '/wps/v2/wallets/balance', member.headers);
    expect(balance).toMatchObject({ mainBalance: 800_000, lockedBalance: 0 });

    // The account record: two deposits, then the withdrawal held for review (net and fee), newest first.
    const record = await send('GET', '/wps/member/records/transactions', member.headers);
    const rows = (record.list as { type: string; amount: number }[]).map((r) => [r.type, r.amount]);
    const fee = withdrawal.fee as number;
    expect(rows).toEqual(
      expect.arrayContaining([
        ['deposit', 700_000],
        ['deposit', 500_000],
        ['withdrawal', -(400_000 - fee)],
        ...(fee > 0 ? [['withdrawal', -fee]] : []),
      ]),
    );
    expect(rows.filter(([type]) => type === 'bet' || type === 'cancelled')).toEqual([]);
    const onlyWithdrawals = await send('GET', '/wps/member/records/transactions?types=withdrawal', member.headers);
    expect((onlyWithdrawals.list as { type: string }[]).every((r) => r.type === 'withdrawal')).toBe(true);
    expect((onlyWithdrawals.list as unknown[]).length).toBe(fee > 0 ? 2 : 1);

    const books = await auditLedger(t.database.db);
    for (const total of books.holdingsByCurrency.values()) expect(total).toBe(0);
    expect(books.driftedAccountIds).toEqual([]);
    expect(books.negativeMemberAccountIds).toEqual([]);
  });
});
