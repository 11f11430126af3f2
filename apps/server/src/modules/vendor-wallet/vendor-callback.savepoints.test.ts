import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';
import { DEMO_VENDOR_CODE } from './vendor-wallet.integrations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const game = { gameCode: 'lucky-sevens' };

/**
 * A money call's ledger writes run without savepoints (ADR 0037): its keys come from the vendor
 * transaction id it has just claimed. Should a key be taken all the same, the call runs again with
 * the savepoints and answers as the ledger's locking path decides, with nothing moved.
 */
describe('seamless money calls without ledger savepoints', () => {
  it('answers a debit whose ledger key is already taken as the locking path does, and moves nothing', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    const { ledger } = t.app.services;
    const transactionId = nextTxId();
    const house = await ledger.ensureSystemAccount({ merchantId: p.merchantId, kind: 'house_revenue', currency: p.currency });
    // Another movement already holds the key the debit's stake would take.
    await ledger.transfer({
      fromAccountId: house.id,
      toAccountId: p.mainAccountId,
      amount: 1,
      code: 'admin_adjustment',
      note: 'a key a vendor call will use',
      idempotencyKey: `vendor:${DEMO_VENDOR_CODE}:${transactionId}`,
    });
    const before = (await ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
    const { answer } = await vendorCall(t.app, 'debit', { token: p.token, transactionId, roundId: nextTxId('r'), ...game, amount: 100 });
    expect(answer.status).toBe('DUPLICATE_CONFLICT');
    expect(answer.balance).toBe(before);
    expect((await ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(before);
    const rounds = await t.database.db.selectFrom('bet_records').select('id').where('member_id', '=', p.memberId).execute();
    expect(rounds).toEqual([]);
    const books = await auditLedger(t.database.db);
    expect([books.unbalancedTransferIds, books.brokenChainEntryIds]).toEqual([[], []]);
  });

  it('settles a round in one callback each way with the balance the ledger wrote', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    const roundId = nextTxId('r');
    const bet = await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 300 });
    expect([bet.answer.status, bet.answer.balance]).toEqual(['OK', 9_700]);
    const win = await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 500 });
    expect([win.answer.status, win.answer.balance]).toEqual(['OK', 10_200]);
    const held = await t.database.db
      .selectFrom('vendor_transactions')
      .select('state')
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();
    expect(held.map((row) => row.state)).toEqual(['settled', 'done']);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('actor_id', '=', DEMO_VENDOR_CODE)
      .orderBy('id')
      .execute();
    const mine = audits.filter((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data).memberId === p.memberId);
    expect(mine.map((row) => row.action)).toEqual(['game.bet', 'game.win']);
    const books = await auditLedger(t.database.db);
    expect([books.unbalancedTransferIds, books.brokenChainEntryIds]).toEqual([[], []]);
  });
});
