import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { DEMO_AGENT_FUNDS_MINOR, DEMO_PLAYER_FUNDS_MINOR, fundDemoMembers } from './demo-funding.ts';
import { seedDemoData } from './demo-seed.ts';

describe('demo play money', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('credits every demo member once through the ledger, with books that balance', async () => {
    const ledger = t.app.services.ledger;
    const first = await seedDemoData(t.database.db, { afterAccounts: fundDemoMembers(ledger) });
    expect(first.isCreated).toBe(true);
    const second = await seedDemoData(t.database.db, { afterAccounts: fundDemoMembers(ledger) });
    expect(second.isCreated).toBe(false);
    if (!first.isCreated) return;

    for (const member of first.members) {
      const balances = await ledger.memberBalances({ memberId: member.id, currency: first.merchant.currency });
      const expected = member.role === 'agent' ? DEMO_AGENT_FUNDS_MINOR : DEMO_PLAYER_FUNDS_MINOR;
      expect(balances.sum, member.username).toBe(expected);
    }

    const run = await t.app.services.ledgerReconciliation.run();
    expect(run.status).toBe('clean');
    expect(run.differences).toEqual([]);
  });

  it('shows a funded demo player the balance through the wallet call', async () => {
    const player = await t.database.db.selectFrom('members').select('id').where('username', '=', 'player01').executeTakeFirstOrThrow();
    const { token } = await t.app.services.sessions.create(player.id);
    const res = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      value: { currency: 'VND', sumBalance: DEMO_PLAYER_FUNDS_MINOR, mainBalance: DEMO_PLAYER_FUNDS_MINOR },
    });
  });
});
