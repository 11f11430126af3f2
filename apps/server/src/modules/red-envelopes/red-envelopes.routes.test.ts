import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { auth, createWalletWorld, requestId, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { hashPassword } from '../../lib/password.ts';

const SEND_URL = '/wps/agent/red-envelopes';
const CLAIMABLE_URL = '/wps/member/red-envelopes/claimable';
const RECEIVED_URL = '/wps/member/red-envelopes/received';
const claimUrl = (id: number) => `/wps/member/red-envelopes/${id}/claim`;
const HOUR_MS = 60 * 60_000;

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let w: WalletWorld;
let at = new Date('2026-11-26T08:00:00Z');
/** agent -> subAgent -> deep; agent -> direct, direct2, trial; otherAgent -> stranger. */
let agent: Member;
let subAgent: Member;
let direct: Member;
let direct2: Member;
let deep: Member;
let trial: Member;
let otherAgent: Member;
let stranger: Member;
const tokens = new Map<number, string>();

function tokenOf(member: Member): string {
  const token = tokens.get(member.id);
  if (!token) throw new Error(`no token for ${member.username}`);
  return token;
}

function call(method: 'GET' | 'POST', url: string, who: Member | undefined, payload?: Record<string, unknown>) {
  // Each call from its own address, so the per-client rate limit does not shape these tests.
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(who ? auth(tokenOf(who)) : {}), 'x-forwarded-for': nextIp(), lang: 'en' },
  });
}

function envelopeBody(overrides: Record<string, unknown> = {}) {
  return {
    totalAmount: 100_000,
    shareCount: 2,
    split: 'equal',
    audience: 'direct',
    expiresInMinutes: 60,
    message: 'Chúc mừng năm mới',
    requestId: requestId(),
    ...overrides,
  };
}

async function send(overrides: Record<string, unknown> = {}, who: Member = agent) {
  const res = await call('POST', SEND_URL, who, envelopeBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; balanceAfter: number; isReplay: boolean; status: string };
}

async function expectBooksBalance() {
  const audit = await auditLedger(t.database.db);
  expect(audit.entrySumByCurrency.get('VND')).toBe(0);
  expect(audit.holdingsByCurrency.get('VND')).toBe(0);
  expect(audit.driftedAccountIds).toEqual([]);
  expect(audit.negativeMemberAccountIds).toEqual([]);
  expect(audit.unbalancedTransferIds).toEqual([]);
  expect(audit.brokenChainEntryIds).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => new Date(at.getTime()) });
  w = await createWalletWorld(t);
  agent = await w.member({ accountType: 1 });
  subAgent = await w.member({ accountType: 2, parentId: agent.id });
  direct = await w.member({ parentId: agent.id });
  direct2 = await w.member({ parentId: agent.id });
  deep = await w.member({ parentId: subAgent.id });
  trial = await w.member({ accountType: 4, parentId: agent.id });
  otherAgent = await w.member({ accountType: 1 });
  stranger = await w.member({ parentId: otherAgent.id });
  for (const m of [agent, subAgent, direct, direct2, deep, trial, otherAgent, stranger]) tokens.set(m.id, await w.token(m.id));
  await w.fund(agent.accounts, 10_000_000, 'agent');
  await w.fund(otherAgent.accounts, 1_000_000, 'agent');
});

afterAll(async () => {
  await t?.close();
});

describe('POST /wps/agent/red-envelopes (send)', () => {
  it('moves the total from the agent wallet into escrow and answers the envelope', async () => {
    const before = (await w.balances(agent.id)).agent;
    const res = await call('POST', SEND_URL, agent, envelopeBody({ totalAmount: 30_001, shareCount: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      totalAmount: 30_001,
      currency: 'VND',
      shareCount: 3,
      split: 'equal',
      audience: 'direct',
      status: 'active',
      claimedCount: 0,
      claimedAmount: 0,
      returnedAmount: null,
      balanceAfter: before - 30_001,
      isReplay: false,
    });
    expect((await w.balances(agent.id)).agent).toBe(before - 30_001);
    await expectBooksBalance();
  });

  it('replays the first answer for the same request id and moves nothing; other content under it is a conflict', async () => {
    const body = envelopeBody({ split: 'random', shareCount: 5 });
    const first = await call('POST', SEND_URL, agent, body);
    const balance = (await w.balances(agent.id)).agent;
    const again = await call('POST', SEND_URL, agent, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ id: first.json().value.id, isReplay: true, balanceAfter: first.json().value.balanceAfter });
    expect((await w.balances(agent.id)).agent).toBe(balance);
    const other = await call('POST', SEND_URL, agent, { ...body, totalAmount: body.totalAmount + 1 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
  });

  it('refuses a visitor, a player and a trial account', async () => {
    expect((await call('POST', SEND_URL, undefined, envelopeBody())).statusCode).toBe(401);
    const player = await call('POST', SEND_URL, direct, envelopeBody());
    expect(player.statusCode).toBe(403);
    const trialSend = await call('POST', SEND_URL, trial, envelopeBody());
    expect(trialSend.statusCode).toBe(403);
  });

  it('refuses bad fields with a sentence that names no field', async () => {
    for (const bad of [
      { totalAmount: 0 },
      { totalAmount: 2, shareCount: 3 },
      { shareCount: 0 },
      { shareCount: 501 },
      { split: 'lucky' },
      { audience: 'everyone' },
      { audience: 'members' },
      { audience: 'direct', memberUsernames: [direct.username] },
      { expiresInMinutes: 5 },
      { message: 'x'.repeat(61) },
      { requestId: 'short' },
    ]) {
      const res = await call('POST', SEND_URL, agent, envelopeBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('refuses more than the agent wallet holds and records nothing', async () => {
    const balance = (await w.balances(otherAgent.id)).agent;
    const res = await call('POST', SEND_URL, otherAgent, envelopeBody({ totalAmount: balance + 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('insufficient_funds');
    expect((await w.balances(otherAgent.id)).agent).toBe(balance);
    const sent = await call('GET', SEND_URL, otherAgent);
    expect(sent.json().value.totalCount).toBe(0);
  });

  it('takes chosen members only from the agent team, never outside it, and not more shares than members', async () => {
    const outside = await call(
      'POST',
      SEND_URL,
      agent,
      envelopeBody({ audience: 'members', memberUsernames: [direct.username, stranger.username] }),
    );
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('not_in_team');
    expect(outside.json().message).toBe('This member is not in your team; please check the username.');
    const self = await call('POST', SEND_URL, agent, envelopeBody({ audience: 'members', memberUsernames: [agent.username] }));
    expect(self.json().code).toBe('not_in_team');
    const withTrial = await call(
      'POST',
      SEND_URL,
      agent,
      envelopeBody({ audience: 'members', shareCount: 1, memberUsernames: [trial.username] }),
    );
    expect(withTrial.json().code).toBe('not_in_team');
    const tooMany = await call(
      'POST',
      SEND_URL,
      agent,
      envelopeBody({ audience: 'members', shareCount: 3, memberUsernames: [direct.username, deep.username.toUpperCase()] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('red_envelope_shares_exceed_members');
  });

  describe('with a payment password', () => {
    /** An agent with a payment password, money in its agent wallet and one direct downline member. */
    async function agentWithPassword() {
      const payer = await w.member({ accountType: 1 });
      const child = await w.member({ parentId: payer.id });
      await w.fund(payer.accounts, 1_000_000, 'agent');
      await t.database.db
        .updateTable('members')
        .set({ payment_password_hash: await hashPassword('246810') })
        .where('id', '=', payer.id)
        .execute();
      tokens.set(payer.id, await w.token(payer.id));
      return { payer, child };
    }

    it('asks for it, refuses a wrong one with a sentence and moves nothing, and sends with the right one', async () => {
      const { payer, child } = await agentWithPassword();
      const missing = await call('POST', SEND_URL, payer, envelopeBody());
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'payment_password_required', message: 'Please enter your payment password.' });
      const wrong = await call('POST', SEND_URL, payer, envelopeBody({ paymentPassword: '111111' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'payment_password_incorrect',
        message: 'The withdrawal password is incorrect. Enter it again.',
      });
      expect((await w.balances(payer.id)).agent).toBe(1_000_000);
      expect((await call('GET', SEND_URL, payer)).json().value.totalCount).toBe(0);
      const right = await call('POST', SEND_URL, payer, envelopeBody({ shareCount: 1, paymentPassword: '246810' }));
      expect(right.statusCode, right.body).toBe(200);
      expect((await w.balances(payer.id)).agent).toBe(1_000_000 - 100_000);
      // Claimed at once, so nothing of it is left for the expiry below.
      tokens.set(child.id, await w.token(child.id));
      expect((await call('POST', claimUrl(right.json().value.id), child)).json().value.amount).toBe(100_000);
      await expectBooksBalance();
    });

    it('counts wrong answers towards the one lock the downline transfer uses', async () => {
      const { payer, child } = await agentWithPassword();
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await call('POST', SEND_URL, payer, envelopeBody({ paymentPassword: '111111' }))).json().code);
      }
      expect(codes).toEqual(Array(4).fill('payment_password_incorrect'));
      // The fifth wrong answer, on a transfer, locks the password for both calls.
      const transfer = (paymentPassword: string) =>
        call('POST', '/wps/agent/transfer/downline', payer, {
          username: child.username,
          amount: 100,
          paymentPassword,
          requestId: requestId(),
        });
      expect((await transfer('111111')).json().code).toBe('payment_password_locked');
      const locked = await call('POST', SEND_URL, payer, envelopeBody({ paymentPassword: '246810' }));
      expect(locked.statusCode).toBe(423);
      expect(locked.json().code).toBe('payment_password_locked');
      expect((await transfer('246810')).json().code).toBe('payment_password_locked');
      expect((await w.balances(payer.id)).agent).toBe(1_000_000);
    });
  });
});

describe('claims', () => {
  it('pays a direct downline member one share into its main wallet once, and lists it as received', async () => {
    const envelope = await send({ totalAmount: 50_000, shareCount: 2 });
    const listed = await call('GET', CLAIMABLE_URL, direct);
    expect(listed.json().value.list).toContainEqual(
      expect.objectContaining({
        id: envelope.id,
        senderUsername: agent.username,
        shareCount: 2,
        remainingCount: 2,
        message: 'Chúc mừng năm mới',
      }),
    );
    const mainBefore = (await w.balances(direct.id)).main;
    const claimed = await call('POST', claimUrl(envelope.id), direct);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({
      envelopeId: envelope.id,
      amount: 25_000,
      currency: 'VND',
      senderUsername: agent.username,
      isReplay: false,
    });
    expect((await w.balances(direct.id)).main).toBe(mainBefore + 25_000);

    const again = await call('POST', claimUrl(envelope.id), direct);
    expect(again.json().value).toMatchObject({ amount: 25_000, isReplay: true, claimedAt: claimed.json().value.claimedAt });
    expect((await w.balances(direct.id)).main).toBe(mainBefore + 25_000);
    expect((await call('GET', CLAIMABLE_URL, direct)).json().value.list.map((e: { id: number }) => e.id)).not.toContain(envelope.id);

    const received = (await call('GET', RECEIVED_URL, direct)).json().value;
    expect(received.list[0]).toMatchObject({ envelopeId: envelope.id, amount: 25_000, senderUsername: agent.username });
    expect(received.totalAmount).toBeGreaterThanOrEqual(25_000);

    const detail = (await call('GET', `${SEND_URL}/${envelope.id}`, agent)).json().value;
    expect(detail).toMatchObject({ status: 'active', claimedCount: 1, claimedAmount: 25_000 });
    expect(detail.claims).toEqual([{ username: direct.username, amount: 25_000, claimedAt: claimed.json().value.claimedAt }]);
  });

  it('says every share is claimed once they are gone', async () => {
    const envelope = await send({ totalAmount: 10_000, shareCount: 1 });
    expect((await call('POST', claimUrl(envelope.id), direct)).statusCode).toBe(200);
    const late = await call('POST', claimUrl(envelope.id), direct2);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('red_envelope_all_claimed');
    const detail = (await call('GET', `${SEND_URL}/${envelope.id}`, agent)).json().value;
    expect(detail.status).toBe('claimed');
  });

  it('keeps a direct-downline envelope from deeper members, the sender, other teams and trial accounts', async () => {
    const envelope = await send({ shareCount: 3 });
    for (const who of [deep, agent, stranger, otherAgent]) {
      const res = await call('POST', claimUrl(envelope.id), who);
      expect(res.statusCode, who.username).toBe(404);
      expect(res.json().code).toBe('red_envelope_not_found');
      expect((await call('GET', CLAIMABLE_URL, who)).json().value.list.map((e: { id: number }) => e.id)).not.toContain(envelope.id);
    }
    const trialClaim = await call('POST', claimUrl(envelope.id), trial);
    expect(trialClaim.statusCode).toBe(403);
    expect(trialClaim.json().code).toBe('in_need_true_account');
    expect((await call('GET', CLAIMABLE_URL, trial)).statusCode).toBe(403);
    expect((await call('POST', claimUrl(envelope.id), undefined)).statusCode).toBe(401);
  });

  it('lets every level of the team claim a team envelope, and only the chosen members claim theirs', async () => {
    const team = await send({ audience: 'team', shareCount: 3 });
    expect((await call('POST', claimUrl(team.id), deep)).statusCode).toBe(200);
    expect((await call('POST', claimUrl(team.id), subAgent)).statusCode).toBe(200);
    expect((await call('POST', claimUrl(team.id), stranger)).statusCode).toBe(404);

    const chosen = await send({ audience: 'members', shareCount: 1, memberUsernames: [deep.username] });
    expect((await call('POST', claimUrl(chosen.id), direct)).statusCode).toBe(404);
    expect((await call('POST', claimUrl(chosen.id), deep)).statusCode).toBe(200);
    const detail = (await call('GET', `${SEND_URL}/${chosen.id}`, agent)).json().value;
    expect(detail.memberUsernames).toEqual([deep.username]);
  });

  it("keeps an agent's sent records to itself", async () => {
    const envelope = await send();
    const peek = await call('GET', `${SEND_URL}/${envelope.id}`, otherAgent);
    expect(peek.statusCode).toBe(404);
    const list = (await call('GET', SEND_URL, otherAgent)).json().value.list.map((e: { id: number }) => e.id);
    expect(list).not.toContain(envelope.id);
    expect((await call('GET', `${SEND_URL}/${envelope.id}`, direct)).statusCode).toBe(403);
  });
});

describe('expiry', () => {
  it('refuses claims after expiry and returns the unclaimed rest to the agent once', async () => {
    const expiry = await send({ totalAmount: 90_000, shareCount: 3, expiresInMinutes: 60 });
    expect((await call('POST', claimUrl(expiry.id), direct)).json().value.amount).toBe(30_000);
    const agentBefore = (await w.balances(agent.id)).agent;
    at = new Date(at.getTime() + HOUR_MS);
    // Sessions idle for the hour have ended; log everyone in again.
    for (const m of [agent, direct, direct2]) tokens.set(m.id, await w.token(m.id));
    const late = await call('POST', claimUrl(expiry.id), direct2);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('red_envelope_expired');
    expect(late.json().message).toBe('This red envelope has expired; watch for the next one.');
    expect((await call('GET', CLAIMABLE_URL, direct2)).json().value.list.map((e: { id: number }) => e.id)).not.toContain(expiry.id);

    const first = await t.app.services.redEnvelopes.expireDue();
    expect(first.closed).toBeGreaterThanOrEqual(1);
    const detail = (await call('GET', `${SEND_URL}/${expiry.id}`, agent)).json().value;
    expect(detail).toMatchObject({ status: 'expired', claimedCount: 1, claimedAmount: 30_000, returnedAmount: 60_000 });
    const agentAfter = (await w.balances(agent.id)).agent;
    // Every open envelope of this file expired with it; this one gave back 60,000.
    expect(agentAfter - agentBefore).toBe(first.returnedAmount);
    expect(first.returnedAmount).toBeGreaterThanOrEqual(60_000);

    expect(await t.app.services.redEnvelopes.expireDue()).toEqual({ closed: 0, returnedAmount: 0 });
    expect(await t.app.services.redEnvelopes.closeExpired(expiry.id)).toBeNull();
    expect((await w.balances(agent.id)).agent).toBe(agentAfter);
    await expectBooksBalance();
  });
});
