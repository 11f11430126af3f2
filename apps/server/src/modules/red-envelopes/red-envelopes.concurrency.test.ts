import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { auth, createWalletWorld, requestId, type WalletWorld } from '../../../test/wallet-fixture.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createRedEnvelopesService } from './red-envelopes.service.ts';

/**
 * Claims racing each other, and the expiry job killed half-way. Runs on PGlite and, in the
 * PostgreSQL pass (TEST_DATABASE_URL), on PostgreSQL, where the 50 claims really run at once.
 */

type Member = Awaited<ReturnType<WalletWorld['member']>>;

let t: TestApp;
let w: WalletWorld;
let at = new Date('2026-11-26T08:00:00Z');
let agent: Member;
let members: Member[];
const tokens = new Map<number, string>();

function post(url: string, who: Member, payload?: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: { ...auth(tokens.get(who.id) as string), 'x-forwarded-for': nextIp() },
  });
}

async function send(body: Record<string, unknown>): Promise<number> {
  const res = await post('/wps/agent/red-envelopes', agent, {
    split: 'random',
    audience: 'direct',
    expiresInMinutes: 60,
    requestId: requestId(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id;
}

/** What the envelope's rows and its ledger transfers say. */
async function moneyOf(envelopeId: number) {
  const shares = await t.database.db
    .selectFrom('red_envelope_shares')
    .select(['amount', 'claimed_by', 'claim_transfer_id'])
    .where('envelope_id', '=', envelopeId)
    .execute();
  const byCode = await sql<{ code: string; n: string; total: string }>`
    SELECT code, count(*)::text AS n, sum(amount)::text AS total FROM ledger_transfers
     WHERE reference_type = 'red_envelope' AND reference_id = ${String(envelopeId)} GROUP BY code`.execute(t.database.db);
  const codes = Object.fromEntries(byCode.rows.map((r) => [r.code, { count: Number(r.n), total: Number(r.total) }]));
  return { shares, codes };
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
  members = [];
  for (let i = 0; i < 50; i++) members.push(await w.member({ parentId: agent.id }));
  for (const m of [agent, ...members]) tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
  await w.fund(agent.accounts, 100_000_000, 'agent');
});

afterAll(async () => {
  await t?.close();
});

describe(`red envelope races (${testDatabaseKind()})`, () => {
  it('50 members claiming one envelope of 30 shares at once are paid exactly 30 shares and the total', async () => {
    const total = 1_234_567;
    const id = await send({ totalAmount: total, shareCount: 30 });
    const answers = await Promise.all(members.map((m) => post(`/wps/member/red-envelopes/${id}/claim`, m)));
    const paid = answers.filter((r) => r.statusCode === 200).map((r) => r.json().value.amount as number);
    const refused = answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code);
    expect(paid).toHaveLength(30);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(total);
    expect(refused).toEqual(Array(20).fill('red_envelope_all_claimed'));

    const { shares, codes } = await moneyOf(id);
    expect(shares.every((s) => s.claimed_by !== null && s.claim_transfer_id !== null)).toBe(true);
    expect(new Set(shares.map((s) => s.claimed_by)).size).toBe(30);
    expect(codes).toEqual({ red_envelope_fund: { count: 1, total }, red_envelope_claim: { count: 30, total } });
    // Each winner's main wallet holds exactly what it was told it got.
    for (const [index, answer] of answers.entries()) {
      const main = (await w.balances((members[index] as Member).id)).main;
      expect(main).toBe(answer.statusCode === 200 ? answer.json().value.amount : 0);
    }
    await expectBooksBalance();
  });

  it('50 members claiming an envelope of 50 shares at once each get one share, and the expiry returns nothing', async () => {
    const total = 5_000_000;
    const id = await send({ totalAmount: total, shareCount: 50, split: 'equal' });
    const answers = await Promise.all(members.map((m) => post(`/wps/member/red-envelopes/${id}/claim`, m)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.reduce((sum, r) => sum + (r.json().value.amount as number), 0)).toBe(total);
    at = new Date(at.getTime() + 61 * 60_000);
    await t.app.services.redEnvelopes.closeExpired(id);
    const { codes } = await moneyOf(id);
    expect(codes).toEqual({ red_envelope_fund: { count: 1, total }, red_envelope_claim: { count: 50, total } });
    await expectBooksBalance();
  });

  it('one member claiming ten times at once is paid once, and every answer names the same share', async () => {
    for (const m of [agent, ...members]) tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
    const id = await send({ totalAmount: 900, shareCount: 3 });
    const claimer = members[0] as Member;
    const before = (await w.balances(claimer.id)).main;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/wps/member/red-envelopes/${id}/claim`, claimer)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const amounts = new Set(answers.map((r) => r.json().value.amount));
    expect(amounts.size).toBe(1);
    expect(answers.filter((r) => r.json().value.isReplay === false)).toHaveLength(1);
    expect((await w.balances(claimer.id)).main).toBe(before + ([...amounts][0] as number));
    expect((await moneyOf(id)).codes.red_envelope_claim).toEqual({ count: 1, total: [...amounts][0] });
    await expectBooksBalance();
  });

  it('claims racing the expiry job: each share is either paid to a member or returned to the agent, never both', async () => {
    const id = await send({ totalAmount: 100_000, shareCount: 40 });
    // The claims run a minute before the expiry, the job (its own clock) a minute after it.
    at = new Date(at.getTime() + 59 * 60_000);
    for (const m of [agent, ...members]) tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
    const jobClock = new Date(at.getTime() + 2 * 60_000);
    const job = createRedEnvelopesService({
      db: t.database.db,
      ledger: t.app.services.ledger,
      agents: t.app.services.agents,
      checkPaymentPassword: t.app.services.paymentPasswords.checkIfSet,
      now: () => jobClock,
    });
    const [answers, returned] = await Promise.all([
      Promise.all(members.slice(0, 25).map((m) => post(`/wps/member/red-envelopes/${id}/claim`, m))),
      job.closeExpired(id),
    ]);
    const paid = answers.filter((r) => r.statusCode === 200).reduce((sum, r) => sum + (r.json().value.amount as number), 0);
    for (const r of answers) if (r.statusCode !== 200) expect(r.json().code).toBe('red_envelope_expired');
    const { codes } = await moneyOf(id);
    expect((codes.red_envelope_claim?.total ?? 0) + (codes.red_envelope_return?.total ?? 0)).toBe(100_000);
    expect(codes.red_envelope_claim?.total ?? 0).toBe(paid);
    expect(codes.red_envelope_return?.count ?? 0).toBeLessThanOrEqual(1);
    expect(codes.red_envelope_return?.total ?? 0).toBe(returned);
    at = jobClock;
    await expectBooksBalance();
  });

  it('an expiry run killed half-way returns the rest of every envelope exactly once when the job runs again', async () => {
    // Every envelope of the tests above closes first, so only this test's three are due below.
    at = new Date(at.getTime() + 2 * 60 * 60_000);
    await t.app.services.redEnvelopes.expireDue();
    for (const m of [agent, ...members]) tokens.set(m.id, (await t.app.services.sessions.create(m.id)).token);
    const ids = [
      await send({ totalAmount: 10_000, shareCount: 2 }),
      await send({ totalAmount: 20_000, shareCount: 2 }),
      await send({ totalAmount: 30_000, shareCount: 2 }),
    ];
    for (const id of ids) expect((await post(`/wps/member/red-envelopes/${id}/claim`, members[1] as Member)).statusCode).toBe(200);
    const claimedOf = async (id: number) => (await moneyOf(id)).codes.red_envelope_claim?.total ?? 0;
    const expected = new Map<number, number>();
    for (const [i, id] of ids.entries()) expected.set(id, (i + 1) * 10_000 - (await claimedOf(id)));
    const agentBefore = (await w.balances(agent.id)).agent;
    at = new Date(at.getTime() + 61 * 60_000);
    expect(
      await t.database.db.selectFrom('red_envelopes').select('id').where('status', '=', 'open').where('expires_at', '<=', at).execute(),
    ).toHaveLength(3);

    // A job whose ledger dies on the second return, as a killed process would.
    let returns = 0;
    const dying: LedgerService = {
      ...t.app.services.ledger,
      transfer: async (input, trx) => {
        if (input.code === 'red_envelope_return') {
          returns += 1;
          if (returns === 2) throw new Error('the process died here');
        }
        return t.app.services.ledger.transfer(input, trx);
      },
    };
    const crashing = createRedEnvelopesService({
      db: t.database.db,
      ledger: dying,
      agents: t.app.services.agents,
      checkPaymentPassword: t.app.services.paymentPasswords.checkIfSet,
      now: () => new Date(at.getTime()),
    });
    await expect(crashing.expireDue()).rejects.toThrow('the process died here');
    const statuses = await t.database.db
      .selectFrom('red_envelopes')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['closed', 'open', 'open']);

    const resumed = await t.app.services.redEnvelopes.expireDue();
    expect(resumed.closed).toBe(2);
    expect(await t.app.services.redEnvelopes.expireDue()).toEqual({ closed: 0, returnedAmount: 0 });
    for (const id of ids) {
      const { codes } = await moneyOf(id);
      expect(codes.red_envelope_return).toEqual({ count: 1, total: expected.get(id) });
    }
    const totalReturned = [...expected.values()].reduce((a, b) => a + b, 0);
    expect((await w.balances(agent.id)).agent).toBe(agentBefore + totalReturned);
    await expectBooksBalance();
  });
});
