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
import { auditLedger } from '../../../test/ledger-fixture.ts';

let t: DepositsTestApp;
let scene: Awaited<ReturnType<typeof createDepositScene>>;
let finance: Record<string, string>;
let support: Record<string, string>;
let administrator: Record<string, string>;
let bankChannelId: number;
let gatewayChannelId: number;

beforeAll(async () => {
  t = await buildDepositsTestApp();
  scene = await createDepositScene(t.app, t.database.db);
  finance = (await loginAdmin(t.app, 'finance')).headers;
  support = (await loginAdmin(t.app, 'support')).headers;
  administrator = (await loginAdmin(t.app, 'administrator')).headers;
  bankChannelId = await addChannel(t.app, finance, BANK_CHANNEL_BODY);
  gatewayChannelId = await addChannel(t.app, finance, GATEWAY_CHANNEL_BODY);
});

afterAll(async () => {
  await t?.close();
});

async function newPlayer() {
  const member = await createMember(t.database.db, scene.merchant);
  const { token } = await t.app.services.sessions.create(member.id);
  return { member, headers: { authorization: `Bearer ${token}` } };
}

async function bankOrder(amount = 300_000) {
  const p = await newPlayer();
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/deposit/orders',
    headers: p.headers,
    payload: { channelId: bankChannelId, amount },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const { orderNo } = res.json().value;
  const row = await t.database.db.selectFrom('deposit_orders').select('id').where('reference_code', '=', orderNo).executeTakeFirstOrThrow();
  return { ...p, orderNo: orderNo as string, id: row.id };
}

const mainOf = async (memberId: number) => (await t.app.services.ledger.memberBalances({ memberId, currency: 'VND' })).main;
const depositsOf = async (memberId: number) => (await t.app.services.ledger.history({ memberId, codes: ['deposit'] })).list;
const auditOf = (action: string, subjectId: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_type', 'actor_id', 'data'])
    .where('action', '=', action)
    .where('subject_id', '=', String(subjectId))
    .execute();

describe('/admin-api/deposit/channels', () => {
  it('answers 401 without an operator token and for a member token', async () => {
    for (const headers of [{}, scene.headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/admin-api/deposit/channels', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('admin_unauthorized');
    }
  });

  it('answers 403 for an operator without the finance role', async () => {
    for (const [method, url] of [
      ['GET', '/admin-api/deposit/channels'],
      ['POST', '/admin-api/deposit/channels'],
      ['PUT', `/admin-api/deposit/channels/${bankChannelId}`],
      ['DELETE', `/admin-api/deposit/channels/${bankChannelId}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: support,
        payload: method === 'POST' || method === 'PUT' ? BANK_CHANNEL_BODY : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('admin_forbidden');
    }
  });

  it('creates a channel (finance or administrator) in the merchant currency and audits it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin-api/deposit/channels',
      headers: administrator,
      payload: { ...BANK_CHANNEL_BODY, bankBranch: null },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      type: 'bank_transfer',
      currency: 'VND',
      bankName: 'Vietcombank',
      bankBranch: null,
      gatewayCode: null,
      minAmount: 50_000,
      maxAmount: 50_000_000,
      isEnabled: true,
      tutorial: BANK_CHANNEL_BODY.tutorial,
    });
    const audit = await auditOf('deposit.channel_created', value.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_type).toBe('admin');
  });

  it.each([
    ['a minimum above the maximum', { ...BANK_CHANNEL_BODY, minAmount: 10, maxAmount: 5 }, 'deposit_channel_invalid'],
    ['a missing account number', { ...BANK_CHANNEL_BODY, bankAccountNumber: undefined }, 'bad_request'],
    ['a bad account number', { ...BANK_CHANNEL_BODY, bankAccountNumber: '12<script>' }, 'bad_request'],
    ['an unknown type', { ...BANK_CHANNEL_BODY, type: 'crypto' }, 'bad_request'],
    ['gateway fields on a bank channel', { ...BANK_CHANNEL_BODY, gatewayCode: 'sandbox' }, 'bad_request'],
    ['a zero minimum', { ...BANK_CHANNEL_BODY, minAmount: 0 }, 'bad_request'],
    ['a fractional maximum', { ...BANK_CHANNEL_BODY, maxAmount: 10.5 }, 'bad_request'],
    ['a missing English tutorial', { ...BANK_CHANNEL_BODY, tutorial: { vi: 'x' } }, 'bad_request'],
    ['a gateway nobody registered', { ...GATEWAY_CHANNEL_BODY, gatewayCode: 'paypal' }, 'deposit_channel_invalid'],
    ['an unknown field', { ...BANK_CHANNEL_BODY, fee: 1 }, 'bad_request'],
  ])('answers 400 for %s and stores nothing', async (_label, payload, code) => {
    const before = await t.database.db
      .selectFrom('deposit_channels')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/admin-api/deposit/channels', headers: finance, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    const after = await t.database.db
      .selectFrom('deposit_channels')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists every channel, disabled ones too, in sort order', async () => {
    const id = await addChannel(t.app, finance, { ...BANK_CHANNEL_BODY, name: 'Off', isEnabled: false, sort: -5 });
    const res = await t.app.inject({ method: 'GET', url: '/admin-api/deposit/channels', headers: finance });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list;
    expect(list[0].id).toBe(id);
    expect(list.some((c: { id: number }) => c.id === gatewayChannelId)).toBe(true);
  });

  it('updates a channel, audits before and after, refuses a type change and an unknown id', async () => {
    const id = await addChannel(t.app, finance, { ...BANK_CHANNEL_BODY, name: 'To edit' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/deposit/channels/${id}`,
      headers: finance,
      payload: { ...BANK_CHANNEL_BODY, name: 'Edited', maxAmount: 60_000_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ id, name: 'Edited', maxAmount: 60_000_000 });
    const audit = await auditOf('deposit.channel_updated', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ before: { name: 'To edit' }, after: { name: 'Edited' } });

    const typeChange = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/deposit/channels/${id}`,
      headers: finance,
      payload: GATEWAY_CHANNEL_BODY,
    });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().code).toBe('deposit_channel_invalid');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/deposit/channels/999999',
      headers: finance,
      payload: BANK_CHANNEL_BODY,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('deposit_channel_not_found');
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/deposit/channels/abc',
      headers: finance,
      payload: BANK_CHANNEL_BODY,
    });
    expect(badId.statusCode).toBe(400);
  });

  it('deletes a channel without orders, and refuses one with orders (switch it off instead)', async () => {
    const unused = await addChannel(t.app, finance, { ...BANK_CHANNEL_BODY, name: 'Unused' });
    const del = await t.app.inject({ method: 'DELETE', url: `/admin-api/deposit/channels/${unused}`, headers: finance });
    expect(del.statusCode).toBe(200);
    expect(await auditOf('deposit.channel_deleted', unused)).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/admin-api/deposit/channels/${unused}`, headers: finance });
    expect(again.statusCode).toBe(404);

    await bankOrder();
    const used = await t.app.inject({ method: 'DELETE', url: `/admin-api/deposit/channels/${bankChannelId}`, headers: finance });
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('deposit_channel_in_use');
  });
});

describe('GET /admin-api/deposit/orders', () => {
  it('answers 401 without a token and 403 for the support role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/deposit/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/deposit/orders', headers: support })).statusCode).toBe(403);
  });

  it('filters by status, username, reference code and type', async () => {
    const a = await bankOrder(120_000);
    const b = await bankOrder(130_000);
    await t.app.inject({
      method: 'POST',
      url: `/admin-api/deposit/orders/${b.id}/reject`,
      headers: finance,
      payload: { reason: 'No money arrived' },
    });

    const byUser = await t.app.inject({
      method: 'GET',
      url: `/admin-api/deposit/orders?username=${a.member.username.toUpperCase()}`,
      headers: finance,
    });
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json().value.list.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect(byUser.json().value.list[0]).toMatchObject({
      username: a.member.username,
      memberId: a.member.id,
      status: 'pending',
      amount: 120_000,
    });

    const pending = (
      await t.app.inject({
        method: 'GET',
        url: '/admin-api/deposit/orders?status=pending&type=bank_transfer&pageSize=100',
        headers: finance,
      })
    ).json().value;
    const ids = pending.list.map((o: { id: number }) => o.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(pending.list.every((o: { status: string; type: string }) => o.status === 'pending' && o.type === 'bank_transfer')).toBe(true);

    const byRef = await t.app.inject({ method: 'GET', url: `/admin-api/deposit/orders?referenceCode=${b.orderNo}`, headers: finance });
    expect(byRef.json().value.list).toHaveLength(1);
    expect(byRef.json().value.list[0]).toMatchObject({ id: b.id, status: 'rejected', rejectReason: 'No money arrived' });

    const future = await t.app.inject({
      method: 'GET',
      url: `/admin-api/deposit/orders?from=${encodeURIComponent('2099-01-01T00:00:00Z')}`,
      headers: finance,
    });
    expect(future.json().value.totalCount).toBe(0);
  });

  it('answers 400 for a bad filter', async () => {
    for (const query of ['status=done', 'referenceCode=abc', 'from=yesterday', 'pageSize=0', 'sort=id']) {
      const res = await t.app.inject({ method: 'GET', url: `/admin-api/deposit/orders?${query}`, headers: finance });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('POST /admin-api/deposit/orders/:id/confirm', () => {
  it('answers 401 without a token, 403 for support, 404 for an unknown order', async () => {
    const o = await bankOrder();
    expect((await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, payload: {} })).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/admin-api/deposit/orders/${o.id}/confirm`,
      headers: support,
      payload: {},
    });
    expect(forbidden.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/admin-api/deposit/orders/999999/confirm', headers: finance, payload: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('deposit_order_not_found');
    expect(await mainOf(o.member.id)).toBe(0);
  });

  it('answers 400 for a bad actual amount or an unknown field, crediting nothing', async () => {
    const o = await bankOrder();
    for (const payload of [{ actualAmount: 0 }, { actualAmount: 1.5 }, { actualAmount: '100' }, { note: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await mainOf(o.member.id)).toBe(0);
  });

  it('credits the requested amount to the main wallet through the ledger, once, and audits the operator', async () => {
    const o = await bankOrder(300_000);
    const res = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ id: o.id, status: 'paid', amount: 300_000, creditedAmount: 300_000 });
    expect(res.json().value.ledgerTransferId).toEqual(expect.any(Number));
    expect(await mainOf(o.member.id)).toBe(300_000);
    const entries = await depositsOf(o.member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 300_000, code: 'deposit', referenceType: 'deposit_order', referenceId: o.orderNo });
    const audit = await auditOf('deposit.confirmed', o.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'admin', data: { creditedAmount: 300_000, requestedAmount: 300_000 } });

    const again = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('deposit_order_closed');
    const reject = await t.app.inject({
      method: 'POST',
      url: `/admin-api/deposit/orders/${o.id}/reject`,
      headers: finance,
      payload: { reason: 'late' },
    });
    expect(reject.statusCode).toBe(409);
    expect(await mainOf(o.member.id)).toBe(300_000);
  });

  it('credits the amount that actually arrived when the operator gives it', async () => {
    const o = await bankOrder(300_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin-api/deposit/orders/${o.id}/confirm`,
      headers: finance,
      payload: { actualAmount: 299_000 },
    });
    expect(res.json().value).toMatchObject({ status: 'paid', amount: 300_000, creditedAmount: 299_000 });
    expect(await mainOf(o.member.id)).toBe(299_000);
  });

  it('credits once when two operators confirm at the same moment', async () => {
    const o = await bankOrder(400_000);
    const other = (await loginAdmin(t.app, 'finance')).headers;
    const results = await Promise.all([
      t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance, payload: {} }),
      t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: other, payload: {} }),
      t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/reject`, headers: other, payload: { reason: 'race' } }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    const final = (await t.app.inject({ method: 'GET', url: `/admin-api/deposit/orders/${o.id}`, headers: finance })).json().value;
    expect(await mainOf(o.member.id)).toBe(final.status === 'paid' ? 400_000 : 0);
    expect((await depositsOf(o.member.id)).length).toBe(final.status === 'paid' ? 1 : 0);
  });

  it('refuses to confirm a gateway order by hand', async () => {
    const p = await newPlayer();
    const created = await t.app.inject({
      method: 'POST',
      url: '/wps/member/deposit/orders',
      headers: p.headers,
      payload: { channelId: gatewayChannelId, amount: 100_000 },
    });
    const ref = created.json().value.orderNo;
    const row = await t.database.db.selectFrom('deposit_orders').select('id').where('reference_code', '=', ref).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${row.id}/confirm`, headers: finance, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('deposit_order_not_manual');
  });

  it('keeps the ledger balanced', async () => {
    const audit = await auditLedger(t.database.db);
    expect([...audit.entrySumByCurrency.values()].every((v) => v === 0)).toBe(true);
    expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);
    expect(audit.driftedAccountIds).toEqual([]);
  });
});

describe('POST /admin-api/deposit/orders/:id/reject', () => {
  it('answers 400 without a reason and 403 for support', async () => {
    const o = await bankOrder();
    expect(
      (await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/reject`, headers: finance, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin-api/deposit/orders/${o.id}/reject`,
          headers: finance,
          payload: { reason: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/reject`, headers: support, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(403);
  });

  it('rejects with the reason shown to the member, credits nothing, audits, and a later confirm is refused', async () => {
    const o = await bankOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin-api/deposit/orders/${o.id}/reject`,
      headers: finance,
      payload: { reason: 'Transfer note had no reference code' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'rejected',
      rejectReason: 'Transfer note had no reference code',
      creditedAmount: null,
    });
    const mine = await t.app.inject({ method: 'GET', url: `/wps/member/deposit/orders/${o.orderNo}`, headers: o.headers });
    expect(mine.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Transfer note had no reference code' });
    expect(await auditOf('deposit.rejected', o.id)).toHaveLength(1);
    const confirm = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance, payload: {} });
    expect(confirm.statusCode).toBe(409);
    expect(await mainOf(o.member.id)).toBe(0);
  });
});
