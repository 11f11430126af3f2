import type { VendorAnswer } from '@platform/contracts/vendor-protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// A scenario is a few rounds, each with bets, perhaps rollbacks of some bets, and perhaps a win.
// Every call may be sent more than once; all calls are shuffled and sent in concurrent batches.
type Call = { call: 'debit' | 'credit' | 'rollback' | 'bet-win'; body: Record<string, unknown> };

const roundArb = fc.record({
  bets: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 600 }), isRolledBack: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  win: fc.option(fc.integer({ min: 0, max: 1_500 }), { nil: undefined }),
  isBetWin: fc.boolean(),
});

const scenarioArb = fc.record({
  balance: fc.integer({ min: 0, max: 2_000 }),
  rounds: fc.array(roundArb, { minLength: 1, maxLength: 3 }),
  copies: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 16, maxLength: 16 }),
  order: fc.array(fc.nat(), { minLength: 48, maxLength: 48 }),
  batchSize: fc.integer({ min: 1, max: 6 }),
});

describe('seamless wallet under any interleaving', () => {
  it('keeps the ledger invariants and the bet records consistent with the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const p = await createGamePlayer(t.app, t.database.db, { balance: scenario.balance });
        const game = { token: p.token, gameCode: 'lucky-sevens' };
        const calls: Call[] = [];
        for (const round of scenario.rounds) {
          const roundId = nextTxId('round');
          if (round.isBetWin) {
            const first = round.bets[0];
            if (first)
              calls.push({
                call: 'bet-win',
                body: { ...game, roundId, transactionId: nextTxId('bw'), betAmount: first.amount, winAmount: round.win ?? 0 },
              });
            continue;
          }
          for (const bet of round.bets) {
            const transactionId = nextTxId('bet');
            calls.push({ call: 'debit', body: { ...game, roundId, transactionId, amount: bet.amount } });
            if (bet.isRolledBack)
              calls.push({
                call: 'rollback',
                body: { ...game, roundId, transactionId: nextTxId('rb'), referenceTransactionId: transactionId },
              });
          }
          if (round.win !== undefined)
            calls.push({ call: 'credit', body: { ...game, roundId, transactionId: nextTxId('win'), amount: round.win } });
        }
        const sent: Call[] = calls.flatMap((c, i) => Array.from({ length: scenario.copies[i % scenario.copies.length] ?? 1 }, () => c));
        // A permutation from the random keys.
        const keyed = sent.map((c, i) => ({ c, key: scenario.order[i % scenario.order.length] ?? 0, i }));
        keyed.sort((a, b) => a.key - b.key || a.i - b.i);
        const answers = new Map<string, VendorAnswer[]>();
        for (let start = 0; start < keyed.length; start += scenario.batchSize) {
          const batch = keyed.slice(start, start + scenario.batchSize);
          const results = await Promise.all(batch.map(({ c }) => vendorCall(t.app, c.call, c.body)));
          results.forEach((r, j) => {
            const id = String(batch[j]?.c.body.transactionId);
            expect(r.statusCode).toBe(200);
            answers.set(id, [...(answers.get(id) ?? []), r.answer]);
          });
        }

        // Every copy of a call that got a final answer got the same one. (A credit before its bet and a
        // rollback of a settled bet are answered afresh each time; a late bet and a conflicting copy
        // get their status every time, with the balance of the moment.)
        for (const list of answers.values()) {
          const final = list.filter((a) => a.status !== 'BET_NOT_FOUND' && a.status !== 'ROUND_CLOSED');
          for (const a of final) {
            if (a.status === 'BET_CANCELLED' || a.status === 'DUPLICATE_CONFLICT') expect(a.status).toBe(final[0]?.status);
            else expect(a).toEqual(final[0]);
          }
        }

        // The ledger's own invariants.
        const audit = await auditLedger(t.database.db);
        expect(audit.driftedAccountIds).toEqual([]);
        expect(audit.negativeMemberAccountIds).toEqual([]);
        expect(audit.unbalancedTransferIds).toEqual([]);
        expect(audit.brokenChainEntryIds).toEqual([]);
        expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);

        // Bet records agree with the money: main = start - stakes + payouts; locked = stakes of open rounds.
        const rows = await t.database.db.selectFrom('bet_records').selectAll().where('member_id', '=', p.memberId).execute();
        const balances = await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency });
        const stakes = rows.reduce((s, r) => s + Number(r.stake), 0);
        const payouts = rows.reduce((s, r) => s + Number(r.payout), 0);
        expect(balances.main).toBe(scenario.balance - stakes + payouts);
        expect(balances.locked).toBe(rows.filter((r) => r.status === 'open').reduce((s, r) => s + Number(r.stake), 0));
        for (const r of rows) {
          expect(Number(r.stake)).toBeGreaterThanOrEqual(0);
          if (r.status === 'cancelled') expect([Number(r.stake), Number(r.payout)]).toEqual([0, 0]);
          if (r.status !== 'settled') expect(Number(r.valid_bet)).toBe(0);
        }

        // Each bet applied at most once, and a rolled-back or cancelled bet holds no money.
        const txs = await t.database.db.selectFrom('vendor_transactions').selectAll().where('member_id', '=', p.memberId).execute();
        const applied = txs.filter(
          (x) => (x.kind === 'debit' || x.kind === 'bet_win') && ['held', 'settled', 'rolled_back', 'done'].includes(x.state),
        );
        const rolledBack = txs.filter((x) => x.state === 'rolled_back').reduce((s, x) => s + Number(x.amount), 0);
        expect(stakes + rows.reduce((s, r) => s + Number(r.rolled_back_stake), 0)).toBe(applied.reduce((s, x) => s + Number(x.amount), 0));
        expect(rows.reduce((s, r) => s + Number(r.rolled_back_stake), 0)).toBe(rolledBack);
        const held = await t.database.db
          .selectFrom('ledger_reservations')
          .select(['status'])
          .where('account_id', '=', p.mainAccountId)
          .where('status', '=', 'held')
          .execute();
        expect(held.length).toBe(txs.filter((x) => x.state === 'held').length);
      }),
      { numRuns: 10, endOnFailure: true },
    );
  }, 240_000);
});
