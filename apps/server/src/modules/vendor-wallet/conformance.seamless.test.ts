import type { VendorAnswer } from '@platform/contracts/vendor-protocol';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createGamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';
import { type ConformanceOutcome, describeRoundOutcomeConformance, describeWalletConformance } from '../../../test/wallet-conformance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function outcomeOf(statusCode: number, answer: VendorAnswer): ConformanceOutcome {
  if (statusCode === 401) return { status: 'REJECTED' };
  switch (answer.status) {
    case 'OK':
      return { status: 'OK' };
    case 'INSUFFICIENT_FUNDS':
      return { status: 'INSUFFICIENT_FUNDS' };
    case 'DUPLICATE_CONFLICT':
      return { status: 'CONFLICT' };
    default:
      return { status: 'REFUSED' };
  }
}

// Our callback API, as a vendor sees it: a debit is a bet in its own round, a credit a win in a
// round of its own, a cancel a rollback of the bet's transaction id.
describeWalletConformance('seamless callback API', () => ({
  newId: () => nextTxId('conf'),
  async newPlayer(balance) {
    const p = await createGamePlayer(t.app, t.database.db, { balance });
    const game = { token: p.token, gameCode: 'lucky-sevens' };
    const debitBody = (id: string, amount: number) => ({ ...game, transactionId: id, roundId: `round-${id}`, amount });
    return {
      async debit(id, amount) {
        const { statusCode, answer } = await vendorCall(t.app, 'debit', debitBody(id, amount));
        return outcomeOf(statusCode, answer);
      },
      async credit(id, amount) {
        // A win needs a round: the credit opens one with a bet of 1 and wins amount + 1, so the wallet
        // ends up `amount` richer (a retry replays both calls, so it moves nothing more).
        await vendorCall(t.app, 'debit', debitBody(`${id}-stake`, 1));
        const { statusCode, answer } = await vendorCall(t.app, 'credit', {
          ...game,
          transactionId: id,
          roundId: `round-${id}-stake`,
          amount: amount + 1,
        });
        return outcomeOf(statusCode, answer);
      },
      async cancel(id) {
        await vendorCall(t.app, 'rollback', { ...game, transactionId: `${id}-rb`, referenceTransactionId: id, roundId: `round-${id}` });
      },
      async balance() {
        return (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
      },
      async callWithBadSignature(id, amount) {
        const { statusCode, answer } = await vendorCall(t.app, 'debit', debitBody(id, amount), { secret: 'not-the-vendor-secret' });
        return outcomeOf(statusCode, answer);
      },
      async callWithStaleTimestamp(id, amount) {
        const { statusCode, answer } = await vendorCall(t.app, 'debit', debitBody(id, amount), { timestampMs: Date.now() - 10 * 60_000 });
        return outcomeOf(statusCode, answer);
      },
      async debitLosingAnswer(id, amount) {
        // The call reaches us and is applied; the vendor never reads the answer.
        await vendorCall(t.app, 'debit', debitBody(id, amount));
      },
      async debitLostOnTheWay() {
        // Never arrives: nothing to do on our side until the vendor's rollback.
      },
    };
  },
}));

// A bet that carries what it is (an open sportsbook bet's legs) and the win that replaces it.
describeRoundOutcomeConformance('seamless callback API', () => ({
  newId: () => nextTxId('conf-outcome'),
  async newPlayer(balance) {
    const p = await createGamePlayer(t.app, t.database.db, { balance });
    const game = { token: p.token, gameCode: 'sports-parlay' };
    const withOutcome = (outcome: unknown) => (outcome === undefined ? {} : { outcome });
    return {
      async debit(id, amount, outcome) {
        const body = { ...game, transactionId: id, roundId: `round-${id}`, amount, ...withOutcome(outcome) };
        const { statusCode, answer } = await vendorCall(t.app, 'debit', body);
        return outcomeOf(statusCode, answer);
      },
      async credit(id, amount, outcome) {
        const body = { ...game, transactionId: `${id}-win`, roundId: `round-${id}`, amount, ...withOutcome(outcome) };
        const { statusCode, answer } = await vendorCall(t.app, 'credit', body);
        return outcomeOf(statusCode, answer);
      },
      async round(id) {
        const row = await t.database.db
          .selectFrom('bet_records')
          .select(['status', 'outcome'])
          .where('round_id', '=', `round-${id}`)
          .where('member_id', '=', p.memberId)
          .executeTakeFirstOrThrow();
        return { status: row.status, outcome: row.outcome };
      },
      async balance() {
        return (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
      },
    };
  },
}));
