import { errorMessage } from '@platform/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { createDebtor } from '../../../test/agent-contract-debtor.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { auth, createWalletWorld, requestId, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { hashPassword } from '../../lib/password.ts';

const DOWN_URL = '/wps/agent/transfer/downline';
const UP_URL = '/wps/member/transfer/upline';
const PERMISSIONS_URL = '/wps/member/transfer/permissions';

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let w: WalletWorld;
/** agent -> subAgent -> deep; agent -> direct; otherAgent -> stranger. */
let agent: Member;
let subAgent: Member;
let direct: Member;
let deep: Member;
let otherAgent: Member;
let stranger: Member;
let agentToken: string;

function post(url: string, token: string | undefined, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  // Each call from its own address, so the per-client rate limit does not shape these tests.
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token ? auth(token) : {}), 'x-forwarded-for': nextIp(), ...headers },
  });
}

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  w = await createWalletWorld(t);
  agent = await w.member({ accountType: 1 });
  subAgent = await w.member({ accountType: 2, parentId: agent.id });
  direct = await w.member({ parentId: agent.id });
  deep = await w.member({ parentId: subAgent.id });
  otherAgent = await w.member({ accountType: 1 });
  stranger = await w.member({ parentId: otherAgent.id });
  await w.fund(agent.accounts, 1_000_000, 'agent');
  agentToken = await w.token(agent.id);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /wps/agent/transfer/downline', () => {
  it('moves money from the agent wallet to a direct downline member and answers with name, amount and note', async () => {
    const res = await post(
      DOWN_URL,
      agentToken,
      { username: direct.username, amount: 50_000, note: 'tiền thưởng', requestId: requestId() },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      direction: 'downline',
      receiverUsername: direct.username,
      amount: 50_000,
      currency: 'VND',
      note: 'tiền thưởng',
      balanceAfter: 950_000,
    });
    expect(value.message).toContain(direct.username);
    expect(value.message).toContain('tiền thưởng');
    expect(value.message).toMatch(/^Transfer to downline successful/);
    expect((await w.balances(direct.id)).main).toBe(50_000);
    expect((await w.balances(agent.id)).agent).toBe(950_000);
  });

  it('reaches an indirect downline member, and an agent of the downline gets it in its agent wallet', async () => {
    const toDeep = await post(DOWN_URL, agentToken, { username: deep.username, amount: 1_000, requestId: requestId() });
    expect(toDeep.statusCode).toBe(200);
    expect((await w.balances(deep.id)).main).toBe(1_000);
    const toSub = await post(DOWN_URL, agentToken, { username: subAgent.username.toUpperCase(), amount: 2_000, requestId: requestId() });
    expect(toSub.statusCode).toBe(200);
    expect(await w.balances(subAgent.id)).toMatchObject({ agent: 2_000, main: 0 });
  });

  it('words the success message in Vietnamese by default', async () => {
    const res = await post(DOWN_URL, agentToken, { username: direct.username, amount: 10, note: 'ok', requestId: requestId() });
    expect(res.json().value.message).toMatch(/^Chuyển tiền cho cấp dưới thành công/);
  });

  it('never reaches a member outside the agent downline: another agent’s member, its own upline, itself or an unknown name', async () => {
    const subToken = await w.token(subAgent.id);
    await w.fund(subAgent.accounts, 10_000, 'agent');
    const before = await w.balances(stranger.id);
    for (const [token, username] of [
      [agentToken, stranger.username],
      [agentToken, otherAgent.username],
      [subToken, agent.username],
      [subToken, direct.username],
      [agentToken, agent.username],
      [agentToken, 'nobody_here'],
    ] as const) {
      const res = await post(DOWN_URL, token, { username, amount: 100, requestId: requestId() });
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'not_in_team',
        message: 'Thành viên này không thuộc đội của bạn; vui lòng kiểm tra lại tên tài khoản.',
      });
    }
    expect(await w.balances(stranger.id)).toEqual(before);
  });

  it('does not reach a member of another merchant even under a path that looks like a downline', async () => {
    const merchant2 = await createMerchant(t.database.db);
    const elsewhere = await createMember(t.database.db, merchant2, { username: 'elsewhere01' });
    await t.database.db
      .updateTable('members')
      .set({ upline_path: `${agent.uplinePath}${elsewhere.id}/` })
      .where('id', '=', elsewhere.id)
      .execute();
    const res = await post(DOWN_URL, agentToken, { username: 'elsewhere01', amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(404);
  });

  it('moves money once per request id: a repeat replays, a repeat with other content is 409', async () => {
    const id = requestId();
    const first = await post(DOWN_URL, agentToken, { username: direct.username, amount: 777, note: 'once', requestId: id });
    const again = await post(DOWN_URL, agentToken, { username: direct.username, amount: 777, note: 'once', requestId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().value.transferId).toBe(first.json().value.transferId);
    expect(again.json().value.balanceAfter).toBe(first.json().value.balanceAfter);
    const changed = await post(DOWN_URL, agentToken, { username: direct.username, amount: 778, note: 'once', requestId: id });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('idempotency_conflict');
    const rows = await t.database.db.selectFrom('member_transfers').select('id').where('request_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const moves = await t.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reference_id', '=', String(rows[0]!.id))
      .where('reference_type', '=', 'member_transfer')
      .execute();
    expect(moves).toHaveLength(1);
  });

  it('handles concurrent duplicates of one request id as one transfer', async () => {
    const id = requestId();
    const before = (await w.balances(direct.id)).main;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(DOWN_URL, agentToken, { username: direct.username, amount: 5, requestId: id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().value.transferId)).size).toBe(1);
    expect((await w.balances(direct.id)).main).toBe(before + 5);
  });

  it('writes an audit row per transfer', async () => {
    const res = await post(DOWN_URL, agentToken, { username: direct.username, amount: 9, requestId: requestId() });
    const transferId = res.json().value.transferId;
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'transfer.downline')
      .where('actor_id', '=', String(agent.id))
      .execute();
    expect(rows.some((r) => r.data.memberTransferId === transferId && r.subject_id === String(direct.id) && r.data.amount === 9)).toBe(
      true,
    );
  });

  it('answers 409 insufficient_funds and moves nothing when the agent wallet is short', async () => {
    const before = await w.balances(agent.id);
    const id = requestId();
    const res = await post(DOWN_URL, agentToken, { username: direct.username, amount: 999_999_999, requestId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('insufficient_funds');
    expect(await w.balances(agent.id)).toEqual(before);
    // The refused request left no record, so the id can be used again.
    const retry = await post(DOWN_URL, agentToken, { username: direct.username, amount: 1, requestId: id });
    expect(retry.statusCode).toBe(200);
  });

  it('asks for the payment password when the agent has one, and refuses a wrong one', async () => {
    const payer = await w.member({ accountType: 1 });
    const child = await w.member({ parentId: payer.id });
    await w.fund(payer.accounts, 1_000, 'agent');
    await t.database.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword('246810') })
      .where('id', '=', payer.id)
      .execute();
    const token = await w.token(payer.id);
    const missing = await post(DOWN_URL, token, { username: child.username, amount: 100, requestId: requestId() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('payment_password_required');
    const wrong = await post(DOWN_URL, token, { username: child.username, amount: 100, paymentPassword: '111111', requestId: requestId() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('payment_password_incorrect');
    expect((await w.balances(child.id)).main).toBe(0);
    const right = await post(DOWN_URL, token, { username: child.username, amount: 100, paymentPassword: '246810', requestId: requestId() });
    expect(right.statusCode).toBe(200);
    expect((await w.balances(child.id)).main).toBe(100);
  });

  it('locks the payment password after repeated wrong answers, as withdrawals do', async () => {
    const payer = await w.member({ accountType: 1 });
    const child = await w.member({ parentId: payer.id });
    await w.fund(payer.accounts, 1_000, 'agent');
    await t.database.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword('246810') })
      .where('id', '=', payer.id)
      .execute();
    const token = await w.token(payer.id);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await post(DOWN_URL, token, {
        username: child.username,
        amount: 100,
        paymentPassword: '111111',
        requestId: requestId(),
      });
      codes.push(wrong.json().code);
    }
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('payment_password_incorrect'));
    expect(codes[4]).toBe('payment_password_locked');
    const right = await post(DOWN_URL, token, { username: child.username, amount: 100, paymentPassword: '246810', requestId: requestId() });
    expect(right.json().code).toBe('payment_password_locked');
    expect((await w.balances(child.id)).main).toBe(0);
  });

  it('answers 403 transfer_not_allowed when the operator turned the agent’s downline transfers off', async () => {
    const blocked = await w.member({ accountType: 1 });
    const child = await w.member({ parentId: blocked.id });
    await w.fund(blocked.accounts, 1_000, 'agent');
    await t.app.services.transfers.setPermissions(
      blocked.id,
      { canTransferToDownline: false },
      { adminId: 1, merchantId: w.merchant.id, ip: null },
    );
    const res = await post(DOWN_URL, await w.token(blocked.id), { username: child.username, amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('transfer_not_allowed');
  });

  it('answers 409 transfer_receiver_unavailable for a locked downline member', async () => {
    const locked = await w.member({ parentId: agent.id });
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', locked.id).execute();
    const res = await post(DOWN_URL, agentToken, { username: locked.username, amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('transfer_receiver_unavailable');
  });

  it('answers 401 without a session and 403 to a member who is not an agent', async () => {
    expect((await post(DOWN_URL, undefined, { username: direct.username, amount: 1, requestId: requestId() })).statusCode).toBe(401);
    const res = await post(DOWN_URL, await w.token(direct.id), { username: deep.username, amount: 1, requestId: requestId() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it.each([
    ['amount 0', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['a fractional amount', { amount: 1.5 }],
    ['an amount past the exact range', { amount: 2 ** 53 }],
    ['an amount as text', { amount: '100' }],
    ['a note over 140 characters', { note: 'x'.repeat(141) }],
    ['a note with a control character', { note: 'a\u0007b' }],
    ['an empty username', { username: '' }],
    ['a short request id', { requestId: 'abc' }],
    ['a request id with spaces', { requestId: 'abc def ghi' }],
    ['no request id', { requestId: undefined }],
    ['an unknown field', { extra: 1 }],
  ])('answers 400 for %s and moves nothing', async (_, change) => {
    const before = await w.balances(agent.id);
    const res = await post(DOWN_URL, agentToken, { username: direct.username, amount: 10, requestId: requestId(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect(await w.balances(agent.id)).toEqual(before);
  });
});

describe('POST /wps/member/transfer/upline', () => {
  it('answers 403 transfer_not_allowed while toUpline is off (the default)', async () => {
    await w.fund(direct.accounts, 1_000);
    const res = await post(UP_URL, await w.token(direct.id), { amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('transfer_not_allowed');
  });

  it('moves money from the member main wallet to the direct upline agent wallet once toUpline is on', async () => {
    const member = await w.member({ parentId: subAgent.id });
    await w.fund(member.accounts, 5_000);
    await t.app.services.transfers.setPermissions(member.id, { toUpline: true }, { adminId: 1, merchantId: w.merchant.id, ip: null });
    const before = (await w.balances(subAgent.id)).agent;
    const token = await w.token(member.id);
    const perms = await t.app.inject({ method: 'GET', url: PERMISSIONS_URL, headers: auth(token) });
    expect(perms.json().value).toEqual({
      toUpline: true,
      canTransferToDownline: false,
      canReceiveFromDownline: true,
      hasPaymentPassword: false,
      uplineUsername: subAgent.username,
      // A player's transfers leave from its main wallet.
      wallet: 'main',
      walletBalance: 5_000,
      currency: w.currency,
    });
    const res = await post(UP_URL, token, { amount: 1_500, note: 'trả lại', requestId: requestId() }, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      direction: 'upline',
      receiverUsername: subAgent.username,
      amount: 1_500,
      note: 'trả lại',
      balanceAfter: 3_500,
    });
    expect(res.json().value.message).toMatch(/^Transfer to upline successful/);
    expect((await w.balances(subAgent.id)).agent).toBe(before + 1_500);
    const history = await t.app.inject({
      method: 'GET',
      url: '/wps/member/records/transactions?types=upline_transfer',
      headers: auth(token),
    });
    expect(history.json().value.list).toEqual([
      expect.objectContaining({ type: 'upline_transfer', amount: -1_500, note: 'trả lại', wallet: 'main' }),
    ]);
  });

  it('answers 403 when the upline may not receive from its downline', async () => {
    const upline = await w.member({ accountType: 1 });
    const member = await w.member({ parentId: upline.id });
    await w.fund(member.accounts, 1_000);
    const actor = { adminId: 1, merchantId: w.merchant.id, ip: null };
    await t.app.services.transfers.setPermissions(member.id, { toUpline: true }, actor);
    await t.app.services.transfers.setPermissions(upline.id, { canReceiveFromDownline: false }, actor);
    const res = await post(UP_URL, await w.token(member.id), { amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('transfer_not_allowed');
  });

  it('answers 404 upline_not_found for a member without an upline agent', async () => {
    const loner = await w.member();
    await t.app.services.transfers.setPermissions(loner.id, { toUpline: true }, { adminId: 1, merchantId: w.merchant.id, ip: null });
    const res = await post(UP_URL, await w.token(loner.id), { amount: 100, requestId: requestId() });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('upline_not_found');
  });

  it('answers 401 without a session, 403 to a trial account and 400 for bad fields', async () => {
    expect((await post(UP_URL, undefined, { amount: 1, requestId: requestId() })).statusCode).toBe(401);
    const trial = await w.member({ accountType: 4, parentId: agent.id });
    const trialRes = await post(UP_URL, await w.token(trial.id), { amount: 1, requestId: requestId() });
    expect(trialRes.statusCode).toBe(403);
    expect(trialRes.json().code).toBe('in_need_true_account');
    const token = await w.token(direct.id);
    for (const body of [{ amount: 0, requestId: requestId() }, { amount: 1 }, { amount: 1, requestId: requestId(), username: 'x' }]) {
      expect((await post(UP_URL, token, body)).statusCode).toBe(400);
    }
  });
});

describe('GET /wps/member/transfer/permissions', () => {
  it('limits transfer calls per client address', async () => {
    const ip = nextIp();
    const codes = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        DOWN_URL,
        agentToken,
        { username: direct.username, amount: 0, requestId: requestId() },
        { 'x-forwarded-for': ip },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('answers 401 without a session and the defaults for an agent', async () => {
    expect((await t.app.inject({ method: 'GET', url: PERMISSIONS_URL })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: PERMISSIONS_URL, headers: auth(agentToken) });
    expect(res.json().value).toEqual({
      toUpline: false,
      canTransferToDownline: true,
      canReceiveFromDownline: true,
      hasPaymentPassword: false,
      uplineUsername: null,
      wallet: 'agent',
      walletBalance: (await w.balances(agent.id)).agent,
      currency: w.currency,
    });
  });
});

describe('an agent transfers to its upline agent', () => {
  it('from its agent wallet, which the permissions call names with its balance; the session toUpline is the flag the server checks', async () => {
    const top = await w.member({ accountType: 1 });
    const sub = await w.member({ accountType: 41, parentId: top.id });
    await w.fund(sub.accounts, 7_000, 'main');
    await w.fund(sub.accounts, 2_000, 'agent');
    const token = await w.token(sub.id);
    const memberInfo = async () => (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: auth(token) })).json().value;
    const permissions = async () => (await t.app.inject({ method: 'GET', url: PERMISSIONS_URL, headers: auth(token) })).json().value;

    // Off by default: the member info (the session values' source) and the server agree.
    expect((await memberInfo()).toUpline).toBe(false);
    expect(await permissions()).toMatchObject({ toUpline: false, wallet: 'agent', walletBalance: 2_000 });
    expect((await post(UP_URL, token, { amount: 100, requestId: requestId() })).json().code).toBe('transfer_not_allowed');

    await t.app.services.transfers.setPermissions(sub.id, { toUpline: true }, { adminId: 1, merchantId: w.merchant.id, ip: null });
    expect((await memberInfo()).toUpline).toBe(true);
    expect(await permissions()).toMatchObject({ toUpline: true, uplineUsername: top.username, wallet: 'agent', walletBalance: 2_000 });
    // More than the agent wallet holds is refused even though the main wallet could pay it.
    const tooMuch = await post(UP_URL, token, { amount: 2_001, requestId: requestId() });
    expect(tooMuch.json().code).toBe('insufficient_funds');
    const ok = await post(UP_URL, token, { amount: 1_500, requestId: requestId() });
    expect(ok.json().value.balanceAfter).toBe(500);
    expect(await w.balances(sub.id)).toMatchObject({ main: 7_000, agent: 500 });
    expect((await w.balances(top.id)).agent).toBe(1_500);
  });
});

describe("the debtor's restriction on downline transfers", () => {
  it('refuses a transfer from the agent wallet of a member owing the platform, changes nothing, and allows it once the debt is settled', async () => {
    const world = await createWalletWorld(t);
    const { debtor, downline, player, debtAmount, settleDebt } = await createDebtor(t, world);
    await world.fund(debtor.accounts, 100_000, 'agent');
    const token = await world.token(debtor.id);
    const before = { debtor: await world.balances(debtor.id), downline: await world.balances(downline.id) };
    const transfersBefore = await t.database.db.selectFrom('member_transfers').select('id').where('sender_id', '=', debtor.id).execute();

    for (const lang of ['en', 'vi'] as const) {
      const refused = await post(DOWN_URL, token, { username: downline.username, amount: 10_000, requestId: requestId() }, { lang });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'agent_contract_debtor_restricted',
        message: errorMessage('agent_contract_debtor_restricted', lang),
      });
    }
    expect(await world.balances(debtor.id)).toEqual(before.debtor);
    expect(await world.balances(downline.id)).toEqual(before.downline);
    expect(await t.database.db.selectFrom('member_transfers').select('id').where('sender_id', '=', debtor.id).execute()).toEqual(
      transfersBefore,
    );

    // Nobody else is held back: the downline agent (paid by the platform) transfers to its own player.
    const fromDownline = await post(DOWN_URL, await world.token(downline.id), {
      username: player.username,
      amount: 1_000,
      requestId: requestId(),
    });
    expect(fromDownline.statusCode, fromDownline.body).toBe(200);

    await settleDebt();
    const after = await post(DOWN_URL, token, { username: downline.username, amount: 10_000, requestId: requestId() });
    expect(after.statusCode, after.body).toBe(200);
    expect((await world.balances(debtor.id)).agent).toBe(100_000 - debtAmount - 10_000);
  });
});
