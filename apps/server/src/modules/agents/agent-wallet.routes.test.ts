import { errorMessage } from '@platform/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDebtor } from '../../../test/agent-contract-debtor.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { auth, createWalletWorld, requestId } from '../../../test/wallet-fixture.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

function move(token: string, body: object, lang = 'en') {
  return t.app.inject({ method: 'POST', url: '/wps/agent/wallet/move', headers: { ...auth(token), lang }, payload: body });
}

describe('an agent moves its money between its main wallet and its agent wallet', () => {
  it('moves both ways through the ledger, once per request id, with an audit row', async () => {
    const w = await createWalletWorld(t);
    const agent = await w.member({ accountType: 1 });
    await w.fund(agent.accounts, 50_000, 'main');
    const token = await w.token(agent.id);

    const id = requestId();
    const first = await move(token, { direction: 'toAgent', amount: 30_000, requestId: id });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ direction: 'toAgent', amount: 30_000, mainBalance: 20_000, agentBalance: 30_000 });
    expect(first.json().value.message).toMatch(/to the agent wallet/);
    // The same request again answers the first result and moves nothing.
    const again = await move(token, { direction: 'toAgent', amount: 30_000, requestId: id });
    expect(again.json().value).toEqual(first.json().value);
    expect(await w.balances(agent.id)).toMatchObject({ main: 20_000, agent: 30_000 });
    // The same id with other content is a conflict.
    const conflict = await move(token, { direction: 'toMain', amount: 30_000, requestId: id });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('idempotency_conflict');

    const back = await move(token, { direction: 'toMain', amount: 5_000, requestId: requestId() }, 'vi');
    expect(back.json().value).toMatchObject({ mainBalance: 25_000, agentBalance: 25_000 });
    expect(back.json().value.message).toMatch(/từ ví đại lý sang ví chính/);

    const wallet = await t.app.inject({ method: 'GET', url: '/wps/agent/wallet', headers: auth(token) });
    expect(wallet.json().value).toEqual({ currency: w.currency, mainBalance: 25_000, agentBalance: 25_000 });

    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('actor_id', '=', String(agent.id))
      .where('action', 'like', 'agent_wallet.%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['agent_wallet.to_agent', 'agent_wallet.to_main']);
    await expectCleanBooks(t.database.db);
  });

  it('refuses more than the wallet holds, and moves nothing', async () => {
    const w = await createWalletWorld(t);
    const agent = await w.member({ accountType: 42 });
    await w.fund(agent.accounts, 1_000, 'agent');
    const token = await w.token(agent.id);
    const refused = await move(token, { direction: 'toMain', amount: 1_001, requestId: requestId() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('insufficient_funds');
    expect(await w.balances(agent.id)).toMatchObject({ main: 0, agent: 1_000 });
    // The refused id was not used up: the same id with a possible amount goes through.
    const id = requestId();
    await move(token, { direction: 'toMain', amount: 2_000, requestId: id });
    const ok = await move(token, { direction: 'toMain', amount: 1_000, requestId: id });
    expect(ok.statusCode).toBe(200);
    expect(await w.balances(agent.id)).toMatchObject({ main: 1_000, agent: 0 });
  });

  it('is for agents only: a player gets not_an_agent', async () => {
    const w = await createWalletWorld(t);
    const player = await w.member({ accountType: 0 });
    await w.fund(player.accounts, 1_000, 'main');
    const refused = await move(await w.token(player.id), { direction: 'toAgent', amount: 500, requestId: requestId() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_an_agent');
    expect(await w.balances(player.id)).toMatchObject({ main: 1_000, agent: 0 });
  });
});

describe("a member owing the platform for an agent-contract payout (the debtor's restriction)", () => {
  it('may not move money out of its agent wallet until the debt is settled; the refusal changes nothing', async () => {
    const w = await createWalletWorld(t);
    const { debtor, downline, debtAmount, settleDebt } = await createDebtor(t, w);
    await w.fund(debtor.accounts, 20_000, 'agent');
    await w.fund(debtor.accounts, 3_000, 'main');
    const token = await w.token(debtor.id);
    const before = await w.balances(debtor.id);
    const movesBefore = await t.database.db.selectFrom('agent_wallet_moves').select('id').where('member_id', '=', debtor.id).execute();

    for (const lang of ['en', 'vi']) {
      const refused = await move(token, { direction: 'toMain', amount: 1_000, requestId: requestId() }, lang);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'agent_contract_debtor_restricted',
        message: errorMessage('agent_contract_debtor_restricted', lang as 'en' | 'vi'),
      });
    }
    expect(await w.balances(debtor.id)).toEqual(before);
    expect(await t.database.db.selectFrom('agent_wallet_moves').select('id').where('member_id', '=', debtor.id).execute()).toEqual(
      movesBefore,
    );
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('actor_id', '=', String(debtor.id))
      .where('action', 'like', 'agent_wallet.%')
      .execute();
    expect(audits).toEqual([]);

    // Money coming in is not held back, and nobody else is: the downline (paid by the platform) moves freely.
    expect((await move(token, { direction: 'toAgent', amount: 1_000, requestId: requestId() })).statusCode).toBe(200);
    const downlineMove = await move(await w.token(downline.id), { direction: 'toMain', amount: 1_000, requestId: requestId() });
    expect(downlineMove.statusCode, downlineMove.body).toBe(200);

    // Once the debt is settled (its agent wallet pays the platform back), the debtor moves again.
    await settleDebt();
    expect((await w.balances(debtor.id)).agent).toBe(20_000 + 1_000 - debtAmount);
    const after = await move(token, { direction: 'toMain', amount: 1_000, requestId: requestId() });
    expect(after.statusCode, after.body).toBe(200);
    await expectCleanBooks(t.database.db);
  });
});
