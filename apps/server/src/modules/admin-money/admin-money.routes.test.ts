import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { auth, createWalletWorld, requestId, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { adjustmentApprovalSetting } from './admin-money.settings.ts';

type Operator = Awaited<ReturnType<typeof loginAdmin>>;

let t: TestApp;
let w: WalletWorld;
let finance1: Operator;
let finance2: Operator;
let finance3: Operator;
let support: Operator;
let risk: Operator;
let chief: Operator;
const THRESHOLD = 100_000;

beforeAll(async () => {
  t = await buildTestApp();
  // The first merchant is the app's current one, which the operators belong to.
  w = await createWalletWorld(t);
  [finance1, finance2, finance3, support, risk, chief] = await Promise.all([
    loginAdmin(t.app, 'finance'),
    loginAdmin(t.app, 'finance'),
    loginAdmin(t.app, 'finance'),
    loginAdmin(t.app, 'support'),
    loginAdmin(t.app, 'risk'),
    loginAdmin(t.app, 'administrator'),
  ]);
  await t.app.services.settings.set(w.merchant.id, adjustmentApprovalSetting, { approvalThresholdMinor: THRESHOLD }, 'test');
});

afterAll(async () => {
  await t?.close();
});

function adjust(op: { headers: Record<string, string> } | undefined, memberId: number | string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/admin-api/members/${memberId}/adjustments`, headers: op?.headers ?? {}, payload });
}

function decide(
  op: { headers: Record<string, string> },
  id: number,
  decision: 'approve' | 'reject',
  payload: Record<string, unknown> = {},
) {
  return t.app.inject({ method: 'POST', url: `/admin-api/adjustments/${id}/${decision}`, headers: op.headers, payload });
}

const credit = (amount: number, extra: Record<string, unknown> = {}) => ({
  wallet: 'main',
  direction: 'credit',
  amount,
  reason: 'goodwill',
  requestId: requestId(),
  ...extra,
});

describe('POST /admin-api/members/:memberId/adjustments', () => {
  it('moves an amount at or under the threshold at once, with the reason, and audits it', async () => {
    const m = await w.member();
    const res = await adjust(finance1, m.id, credit(THRESHOLD, { reason: 'missing deposit 123' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      memberId: m.id,
      memberUsername: m.username,
      status: 'approved',
      needsApproval: false,
      amount: THRESHOLD,
      balanceAfter: THRESHOLD,
      requestedBy: finance1.adminId,
      decidedBy: null,
    });
    expect((await w.balances(m.id)).main).toBe(THRESHOLD);
    const history = await t.app.inject({
      method: 'GET',
      url: '/wps/member/records/transactions?types=admin_adjustment',
      headers: auth(await w.token(m.id)),
    });
    expect(history.json().value.list).toEqual([expect.objectContaining({ type: 'admin_adjustment', amount: THRESHOLD })]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'data'])
      .where('action', '=', 'admin_money.executed')
      .where('subject_id', '=', String(m.id))
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: String(finance1.adminId) })]);
    expect(audit[0]!.data).toMatchObject({ reason: 'missing deposit 123', amount: THRESHOLD });
  });

  it('debits the bonus and agent wallets too, and refuses a debit past the balance without leaving a request', async () => {
    const m = await w.member();
    await w.fund(m.accounts, 500, 'bonus');
    await w.fund(m.accounts, 700, 'agent');
    expect((await adjust(finance1, m.id, { ...credit(200), wallet: 'bonus', direction: 'debit' })).json().value.balanceAfter).toBe(300);
    expect((await adjust(finance1, m.id, { ...credit(700), wallet: 'agent', direction: 'debit' })).json().value.balanceAfter).toBe(0);
    const id = requestId();
    const over = await adjust(finance1, m.id, { ...credit(1), direction: 'debit', requestId: id });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('insufficient_funds');
    expect(await t.database.db.selectFrom('admin_adjustments').select('id').where('request_id', '=', id).execute()).toEqual([]);
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 300, agent: 0 });
  });

  it('holds an amount over the threshold until a different operator approves it, then moves it exactly once', async () => {
    const m = await w.member();
    const created = await adjust(finance1, m.id, credit(THRESHOLD + 1));
    expect(created.json().value).toMatchObject({ status: 'requested', needsApproval: true, ledgerTransferId: null });
    const id = created.json().value.id;
    expect((await w.balances(m.id)).main).toBe(0);
    const own = await decide(finance1, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('admin_self_approval');
    const approved = await decide(finance2, id, 'approve', { note: 'checked the bank statement' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({
      status: 'approved',
      decidedBy: finance2.adminId,
      decisionNote: 'checked the bank statement',
      balanceAfter: THRESHOLD + 1,
    });
    expect((await w.balances(m.id)).main).toBe(THRESHOLD + 1);
    for (const [op, decision] of [
      [finance3, 'approve'],
      [finance3, 'reject'],
      [finance2, 'approve'],
    ] as const) {
      const again = await decide(op, id, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('admin_request_not_pending');
    }
    expect((await w.balances(m.id)).main).toBe(THRESHOLD + 1);
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(m.id))
      .where('action', 'like', 'admin_money.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['admin_money.requested', 'admin_money.approved']);
  });

  it('moves the money once when two operators approve at the same moment', async () => {
    const m = await w.member();
    const id = (await adjust(finance1, m.id, credit(THRESHOLD * 3))).json().value.id;
    const results = await Promise.all([decide(finance2, id, 'approve'), decide(finance3, id, 'approve'), decide(chief, id, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await w.balances(m.id)).main).toBe(THRESHOLD * 3);
    const moves = await t.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reference_type', '=', 'admin_adjustment')
      .where('reference_id', '=', String(id))
      .execute();
    expect(moves).toHaveLength(1);
  });

  it('moves nothing when the request is rejected', async () => {
    const m = await w.member();
    const id = (await adjust(finance1, m.id, credit(THRESHOLD * 2))).json().value.id;
    const rejected = await decide(finance2, id, 'reject', { note: 'no evidence' });
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      decidedBy: finance2.adminId,
      decisionNote: 'no evidence',
      ledgerTransferId: null,
    });
    expect((await w.balances(m.id)).main).toBe(0);
    expect((await decide(finance3, id, 'approve')).statusCode).toBe(409);
  });

  it('keeps a large debit waiting when the balance no longer covers it at approval', async () => {
    const m = await w.member();
    await w.fund(m.accounts, THRESHOLD * 2);
    const id = (await adjust(finance1, m.id, { ...credit(THRESHOLD * 2), direction: 'debit' })).json().value.id;
    await t.app.services.ledger.reserve({ accountId: m.accounts.main, amount: 10, idempotencyKey: `hold-${m.id}` });
    const refused = await decide(finance2, id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('insufficient_funds');
    const stillWaiting = await t.app.inject({ method: 'GET', url: `/admin-api/adjustments/${id}`, headers: finance2.headers });
    expect(stillWaiting.json().value.status).toBe('requested');
    expect((await decide(finance2, id, 'reject')).statusCode).toBe(200);
  });

  it('replays a repeated request id and refuses it with other content', async () => {
    const m = await w.member();
    const body = credit(123);
    const first = await adjust(finance1, m.id, body);
    const again = await adjust(finance1, m.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().value.id).toBe(first.json().value.id);
    expect((await w.balances(m.id)).main).toBe(123);
    const other = await adjust(finance1, m.id, { ...body, amount: 124 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    const byOtherOperator = await adjust(finance2, m.id, body);
    expect(byOtherOperator.statusCode).toBe(409);
  });

  it('answers 404 for a member of another merchant and changes nothing', async () => {
    const elsewhere = await createMember(t.database.db, await createMerchant(t.database.db));
    const res = await adjust(finance1, elsewhere.id, credit(10));
    expect(res.statusCode).toBe(404);
    expect((await t.app.services.ledger.memberBalances({ memberId: elsewhere.id, currency: 'VND' })).main).toBe(0);
  });

  it('answers 401 without an operator token or with a member token, 403 to a role that does not handle money', async () => {
    const m = await w.member();
    expect((await adjust(undefined, m.id, credit(10))).statusCode).toBe(401);
    const withMember = await adjust({ headers: auth(await w.token(m.id)) }, m.id, credit(10));
    expect(withMember.statusCode).toBe(401);
    expect(withMember.json().code).toBe('admin_unauthorized');
    for (const op of [support, risk]) {
      const res = await adjust(op, m.id, credit(10));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('admin_forbidden');
    }
    const id = (await adjust(finance1, m.id, credit(THRESHOLD + 5))).json().value.id;
    expect((await decide(support, id, 'approve')).statusCode).toBe(403);
    expect((await w.balances(m.id)).main).toBe(0);
  });

  it.each([
    ['no reason', { reason: undefined }],
    ['an empty reason', { reason: '   ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
    ['amount 0', { amount: 0 }],
    ['a fractional amount', { amount: 10.5 }],
    ['an unknown wallet', { wallet: 'points' }],
    ['an unknown direction', { direction: 'refund' }],
    ['no request id', { requestId: undefined }],
    ['an unknown field', { approvedBy: 1 }],
  ])('answers 400 for %s', async (_, change) => {
    const m = await w.member();
    const res = await adjust(finance1, m.id, { ...credit(10), ...change });
    expect(res.statusCode).toBe(400);
    expect((await w.balances(m.id)).main).toBe(0);
  });

  it('answers 400 for a member id that is not a number', async () => {
    expect((await adjust(finance1, 'abc', credit(10))).statusCode).toBe(400);
  });
});

describe('GET /admin-api/adjustments', () => {
  it('lists the merchant adjustments filtered by status, to finance and support', async () => {
    const m = await w.member();
    await adjust(finance1, m.id, credit(THRESHOLD + 7));
    await adjust(finance1, m.id, credit(7));
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin-api/adjustments?status=requested&memberId=${m.id}`,
      headers: support.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      totalCount: 1,
      list: [expect.objectContaining({ amount: THRESHOLD + 7, status: 'requested' })],
    });
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/adjustments', headers: risk.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/adjustments?status=done', headers: support.headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/adjustments/999999999', headers: support.headers })).statusCode).toBe(404);
  });
});

describe('the approval threshold setting', () => {
  it('is read by finance and changed only by an administrator, and applies to the next request', async () => {
    const url = '/admin-api/settings/adjustment-approval';
    expect((await t.app.inject({ method: 'GET', url, headers: finance1.headers })).json().value).toEqual({
      approvalThresholdMinor: THRESHOLD,
    });
    const byFinance = await t.app.inject({ method: 'PUT', url, headers: finance1.headers, payload: { approvalThresholdMinor: 0 } });
    expect(byFinance.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, headers: chief.headers, payload: { approvalThresholdMinor: -1 } })).statusCode).toBe(
      400,
    );
    const set = await t.app.inject({ method: 'PUT', url, headers: chief.headers, payload: { approvalThresholdMinor: 0 } });
    expect(set.json().value).toEqual({ approvalThresholdMinor: 0 });
    const m = await w.member();
    expect((await adjust(finance1, m.id, credit(1))).json().value.status).toBe('requested');
    await t.app.inject({ method: 'PUT', url, headers: chief.headers, payload: { approvalThresholdMinor: THRESHOLD } });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'admin_money.threshold_changed')
      .execute();
    expect(audit.length).toBe(2);
  });
});

describe('PUT /admin-api/members/:memberId/transfer-permissions', () => {
  it('lets a risk operator turn toUpline on, which the member then sees', async () => {
    const m = await w.member();
    const url = `/admin-api/members/${m.id}/transfer-permissions`;
    const res = await t.app.inject({ method: 'PUT', url, headers: risk.headers, payload: { toUpline: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ toUpline: true, canTransferToDownline: true, canReceiveFromDownline: true });
    expect((await t.app.inject({ method: 'GET', url, headers: support.headers })).json().value.toUpline).toBe(true);
    const seen = await t.app.inject({ method: 'GET', url: '/wps/member/transfer/permissions', headers: auth(await w.token(m.id)) });
    expect(seen.json().value.toUpline).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'transfer.permissions_changed')
      .where('subject_id', '=', String(m.id))
      .execute();
    expect(audit).toEqual([{ actor_id: String(risk.adminId) }]);
  });

  it('answers 403 to finance, 401 without a token, 400 for no flag or an unknown one, 404 for another merchant', async () => {
    const m = await w.member();
    const url = `/admin-api/members/${m.id}/transfer-permissions`;
    expect((await t.app.inject({ method: 'PUT', url, headers: finance1.headers, payload: { toUpline: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, payload: { toUpline: true } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: risk.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url, headers: risk.headers, payload: { canFly: true } })).statusCode).toBe(400);
    const elsewhere = await createMember(t.database.db, await createMerchant(t.database.db));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/admin-api/members/${elsewhere.id}/transfer-permissions`,
          headers: risk.headers,
          payload: { toUpline: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the ledger after all of the above', () => {
  it('still conserves money and has no overdraft', async () => {
    const audit = await auditLedger(t.database.db);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    expect(audit.driftedAccountIds).toEqual([]);
    for (const total of audit.holdingsByCurrency.values()) expect(total).toBe(0);
  });
});
