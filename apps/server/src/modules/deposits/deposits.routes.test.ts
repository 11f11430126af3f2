import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import {
  addChannel,
  BANK_CHANNEL_BODY,
  buildDepositsTestApp,
  createDepositScene,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
} from '../../../test/deposits-helpers.ts';
import { createMember } from '../../../test/factories.ts';
import { walletModeSetting } from './deposits.settings.ts';

let t: DepositsTestApp;
let scene: Awaited<ReturnType<typeof createDepositScene>>;
let adminHeaders: Record<string, string>;
let bankChannelId: number;
let gatewayChannelId: number;
let disabledChannelId: number;
let usdChannelId: number;

beforeAll(async () => {
  t = await buildDepositsTestApp();
  scene = await createDepositScene(t.app, t.database.db);
  adminHeaders = (await loginAdmin(t.app, 'finance')).headers;
  bankChannelId = await addChannel(t.app, adminHeaders, BANK_CHANNEL_BODY);
  gatewayChannelId = await addChannel(t.app, adminHeaders, GATEWAY_CHANNEL_BODY);
  disabledChannelId = await addChannel(t.app, adminHeaders, { ...BANK_CHANNEL_BODY, name: 'Closed bank', isEnabled: false, sort: 3 });
  usdChannelId = await addChannel(t.app, adminHeaders, { ...BANK_CHANNEL_BODY, name: 'USD bank', currency: 'USD', sort: 4 });
});

afterAll(async () => {
  await t?.close();
});

async function newPlayer(accountType = 0) {
  const member = await createMember(t.database.db, scene.merchant, { accountType });
  const { token } = await t.app.services.sessions.create(member.id);
  return { member, headers: { authorization: `Bearer ${token}` } };
}

const ORDERS_URL = '/wps/member/deposit/orders';

describe('/wps/relay/GCS_merchantWallet', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  /** Runs `work` with the transfer-style vendors (the demo DEMOTX) switched off. */
  async function withoutTransferVendors(work: () => Promise<void>) {
    const db = t.database.db;
    await db.updateTable('vendor_integrations').set({ is_enabled: false }).where('wallet_style', '=', 'transfer').execute();
    try {
      await work();
    } finally {
      await db.updateTable('vendor_integrations').set({ is_enabled: true }).where('wallet_style', '=', 'transfer').execute();
    }
  }

  it('says isSingle true while every game uses the one wallet, by GET and by POST', async () => {
    await withoutTransferVendors(async () => {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: '/wps/relay/GCS_merchantWallet', headers: scene.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, value: { isSingle: true } });
      }
    });
  });

  it('says isSingle false while a transfer-style vendor is enabled, whatever the setting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet', headers: scene.headers });
    expect(res.json()).toEqual({ success: true, value: { isSingle: false } });
  });

  it('says isSingle false once the merchant runs vendor wallets (transfer mode)', async () => {
    await withoutTransferVendors(async () => {
      await t.app.services.settings.set(scene.merchant.id, walletModeSetting, 'transfer', 'test');
      try {
        const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet', headers: scene.headers });
        expect(res.json()).toEqual({ success: true, value: { isSingle: false } });
      } finally {
        await t.app.services.settings.set(scene.merchant.id, walletModeSetting, 'single', 'test');
      }
    });
  });
});

describe('GET /wps/member/info/funds/consolidated', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info/funds/consolidated' });
    expect(res.statusCode).toBe(401);
  });

  it("answers the member's own balances from the ledger", async () => {
    const p = await newPlayer();
    const ledger = t.app.services.ledger;
    const accounts = await ledger.ensureMemberAccounts({
      merchantId: scene.merchant.id,
      memberId: p.member.id,
      currency: 'VND',
      kinds: ['player_main', 'player_bonus', 'agent_main'],
    });
    const clearing = await ledger.ensureSystemAccount({ merchantId: scene.merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const pool = await ledger.ensureSystemAccount({ merchantId: scene.merchant.id, kind: 'bonus_pool', currency: 'VND' });
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: accounts.player_main!.id,
      amount: 9_000,
      code: 'deposit',
      idempotencyKey: `cf-${p.member.id}`,
    });
    await ledger.transfer({
      fromAccountId: pool.id,
      toAccountId: accounts.player_bonus!.id,
      amount: 300,
      code: 'promotion',
      idempotencyKey: `cfb-${p.member.id}`,
    });
    await ledger.transfer({
      fromAccountId: pool.id,
      toAccountId: accounts.agent_main!.id,
      amount: 70,
      code: 'promotion',
      idempotencyKey: `cfa-${p.member.id}`,
    });
    await ledger.reserve({ accountId: accounts.player_main!.id, amount: 1_000, idempotencyKey: `cfr-${p.member.id}` });

    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info/funds/consolidated', headers: p.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      value: {
        currency: 'VND',
        sumBalance: 8_300,
        mainBalance: 8_000,
        vendorBalance: 0,
        isVendorBalanceComplete: true,
        withdrawableBalance: 8_000,
        bonusBalance: 300,
        agentBalance: 70,
        lockedBalance: 1_000,
        dailysalreqtype: null,
        divtypereq: null,
        contracthoursalreq: null,
        realtimesalreqtype: null,
      },
    });
  });
});

describe('GET /wps/member/deposit/channels', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/deposit/channels' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a trial account with the real-account warning', async () => {
    const trial = await newPlayer(4);
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/deposit/channels', headers: trial.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
  });

  it('lists the enabled channels of the member currency in sort order, with limits, bank details and the Vietnamese name and tutorial', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/deposit/channels', headers: scene.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list;
    expect(list.map((c: { id: number }) => c.id)).toEqual([bankChannelId, gatewayChannelId]);
    expect(list[0]).toEqual({
      id: bankChannelId,
      type: 'bank_transfer',
      name: 'Chuyển khoản Vietcombank',
      currency: 'VND',
      minAmount: 50_000,
      maxAmount: 50_000_000,
      bank: { bankName: 'Vietcombank', accountName: 'CONG TY LOTUS', accountNumber: '0071000123456', branch: 'Ho Chi Minh City' },
      tutorial: BANK_CHANNEL_BODY.tutorial.vi,
    });
    expect(list[1]).toMatchObject({ type: 'gateway', bank: null, minAmount: 10_000, maxAmount: 20_000_000 });
    expect(list[1]).not.toHaveProperty('gatewayCode');
  });

  it('gives the English name and tutorial to a client asking for English; a channel named in one language keeps that name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/deposit/channels', headers: { ...scene.headers, lang: 'EN' } });
    const [bank, gateway] = res.json().value.list;
    expect(bank).toMatchObject({ name: 'Vietcombank transfer', tutorial: BANK_CHANNEL_BODY.tutorial.en });
    expect(gateway.name).toBe('Online payment');
  });
});

describe('POST /wps/member/deposit/orders', () => {
  const post = (headers: Record<string, string>, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: ORDERS_URL, headers: { ...headers, ...extra }, payload: payload as object });

  it('answers 401 without a session', async () => {
    const res = await post({}, { channelId: bankChannelId, amount: 100_000 });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a trial account with in_need_true_account in Vietnamese and English', async () => {
    const trial = await newPlayer(4);
    const vi = await post(trial.headers, { channelId: bankChannelId, amount: 100_000 });
    expect(vi.statusCode).toBe(403);
    expect(vi.json()).toEqual({
      success: false,
      code: 'in_need_true_account',
      message: 'Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức.',
    });
    const en = await post(trial.headers, { channelId: bankChannelId, amount: 100_000 }, { lang: 'EN' });
    expect(en.json().message).toBe('Please register or log in to an official account.');
  });

  it.each([
    ['no amount', { channelId: 1 }],
    ['no channel', { amount: 100_000 }],
    ['a zero amount', { channelId: 1, amount: 0 }],
    ['a negative amount', { channelId: 1, amount: -5 }],
    ['a fractional amount', { channelId: 1, amount: 100_000.5 }],
    ['an amount as a string', { channelId: 1, amount: '100000' }],
    ['an unsafe amount', { channelId: 1, amount: 2 ** 60 }],
    ['an unknown field', { channelId: 1, amount: 100_000, bonus: true }],
  ])('answers 400 for %s and creates nothing', async (_label, payload) => {
    const p = await newPlayer();
    const res = await post(p.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    const count = await t.database.db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('member_id', '=', p.member.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 404 for a channel that does not exist or is in another currency', async () => {
    for (const channelId of [999_999, usdChannelId]) {
      const res = await post(scene.headers, { channelId, amount: 100_000 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('deposit_channel_not_found');
    }
  });

  it('answers 409 deposit_channel_disabled for a switched-off channel', async () => {
    const res = await post(scene.headers, { channelId: disabledChannelId, amount: 100_000 }, { lang: 'EN' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'deposit_channel_disabled', message: 'This deposit channel is switched off.' });
  });

  it('enforces the channel minimum and maximum, naming the limit', async () => {
    const below = await post(scene.headers, { channelId: bankChannelId, amount: 49_999 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      success: false,
      code: 'deposit_amount_below_min',
      message: expect.stringMatching(/^Số tiền nạp tối thiểu là 50\.000\s₫\. Vui lòng nhập số tiền lớn hơn\.$/),
    });
    const above = await post(scene.headers, { channelId: bankChannelId, amount: 50_000_001 }, { lang: 'EN' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      success: false,
      code: 'deposit_amount_above_max',
      message: expect.stringMatching(/^The largest deposit is ₫50,000,000\. Enter a smaller amount\.$/),
    });
    const atMin = await post(scene.headers, { channelId: bankChannelId, amount: 50_000 });
    expect(atMin.statusCode).toBe(200);
  });

  it('opens a pending bank-transfer order with a short reference code and the operator bank account', async () => {
    const p = await newPlayer();
    const res = await post(p.headers, { channelId: bankChannelId, amount: 200_000 });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      channelId: bankChannelId,
      type: 'bank_transfer',
      currency: 'VND',
      amount: 200_000,
      creditedAmount: null,
      status: 'pending',
      redirectUrl: null,
      bank: { bankName: 'Vietcombank', accountNumber: '0071000123456' },
      rejectReason: null,
      completedAt: null,
    });
    expect(value.referenceCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(value.orderNo).toBe(value.referenceCode);
    expect(new Date(value.expiresAt).getTime() - new Date(value.createdAt).getTime()).toBe(24 * 60 * 60_000);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('action', '=', 'deposit.requested')
      .where('actor_id', '=', String(p.member.id))
      .execute();
    expect(audit).toEqual([{ action: 'deposit.requested', actor_type: 'member' }]);
    // Nothing is credited until the operator confirms.
    const balances = await t.app.services.ledger.memberBalances({ memberId: p.member.id, currency: 'VND' });
    expect(balances.main).toBe(0);
  });

  it('keeps the bank account of the order when the operator later edits the channel', async () => {
    const p = await newPlayer();
    const channelId = await addChannel(t.app, adminHeaders, { ...BANK_CHANNEL_BODY, name: 'Editable', sort: 9 });
    const order = (await post(p.headers, { channelId, amount: 100_000 })).json().value;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/deposit/channels/${channelId}`,
      headers: adminHeaders,
      payload: { ...BANK_CHANNEL_BODY, name: 'Editable', bankAccountNumber: '9999999999' },
    });
    expect(edit.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}/${order.orderNo}`, headers: p.headers });
    expect(again.json().value.bank.accountNumber).toBe('0071000123456');
  });

  it('opens a gateway order and answers the sandbox payment page to send the player to', async () => {
    const p = await newPlayer();
    const res = await post(p.headers, { channelId: gatewayChannelId, amount: 150_000 });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ type: 'gateway', status: 'pending', amount: 150_000, bank: null });
    expect(value.redirectUrl).toMatch(new RegExp(`^${t.sandboxUrl}/pay/P[0-9a-f]{18}$`));
    const page = await fetch(value.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(value.referenceCode);
    expect(html).toContain('150,000 VND');
  });

  it('refuses a sixth open deposit with deposit_pending_limit', async () => {
    const p = await newPlayer();
    for (let i = 0; i < 5; i++) expect((await post(p.headers, { channelId: bankChannelId, amount: 60_000 })).statusCode).toBe(200);
    const res = await post(p.headers, { channelId: bankChannelId, amount: 60_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('deposit_pending_limit');
  });
});

describe('deposit request rate limit', () => {
  it('answers 429 rate_limited after ten requests of one member in a minute, counting refused ones', async () => {
    const p = await newPlayer();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ORDERS_URL,
        headers: p.headers,
        payload: { channelId: bankChannelId, amount: 1 },
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: ORDERS_URL,
      headers: p.headers,
      payload: { channelId: bankChannelId, amount: 60_000 },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    // Another member is not held back by it.
    const other = await newPlayer();
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_URL,
      headers: other.headers,
      payload: { channelId: bankChannelId, amount: 60_000 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /wps/member/deposit/orders', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: ORDERS_URL })).statusCode).toBe(401);
  });

  it("lists only the member's own orders, newest first, filtered by status", async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const first = (
      await t.app.inject({ method: 'POST', url: ORDERS_URL, headers: p.headers, payload: { channelId: bankChannelId, amount: 70_000 } })
    ).json().value;
    const second = (
      await t.app.inject({ method: 'POST', url: ORDERS_URL, headers: p.headers, payload: { channelId: bankChannelId, amount: 80_000 } })
    ).json().value;
    await t.app.inject({ method: 'POST', url: ORDERS_URL, headers: other.headers, payload: { channelId: bankChannelId, amount: 90_000 } });
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}?pageSize=10`, headers: p.headers });
    expect(res.statusCode).toBe(200);
    const page = res.json().value;
    expect(page.totalCount).toBe(2);
    expect(page.list.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual([first.orderNo, second.orderNo].sort());
    const paid = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}?status=paid`, headers: p.headers });
    expect(paid.json().value.totalCount).toBe(0);
  });

  it('answers 400 for a bad page size or an unknown filter', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${ORDERS_URL}?pageSize=1000`, headers: scene.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${ORDERS_URL}?memberId=1`, headers: scene.headers })).statusCode).toBe(400);
  });

  it("answers 404 for another member's order and 400 for a malformed order number", async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const order = (
      await t.app.inject({ method: 'POST', url: ORDERS_URL, headers: p.headers, payload: { channelId: bankChannelId, amount: 70_000 } })
    ).json().value;
    const mine = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}/${order.orderNo}`, headers: p.headers });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}/${order.orderNo}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('deposit_order_not_found');
    const bad = await t.app.inject({ method: 'GET', url: `${ORDERS_URL}/not-a-code`, headers: p.headers });
    expect(bad.statusCode).toBe(400);
  });
});
