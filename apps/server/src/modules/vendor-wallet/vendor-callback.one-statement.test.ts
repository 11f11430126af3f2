import type { AmountMinor } from '@platform/contracts/money';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { DEMO_VENDOR_CODE } from './vendor-wallet.integrations.ts';
import { createSeamlessWallet } from './vendor-wallet.seamless.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const game = { gameCode: 'lucky-sevens' };

/**
 * The common debit and credit as one statement each (ADR 0041): a wallet built on a database handle
 * that counts what it sends (BEGIN and COMMIT aside), with the app's ledger, sessions and records.
 */
function countingWallet() {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  const { services } = t.app;
  const wallet = createSeamlessWallet({
    db: t.database.db.withPlugin(counter),
    ledger: services.ledger,
    gameSessions: services.gameSessions,
    betRecords: services.betRecords,
    stakeGuard: async (memberId, amount, trx) => {
      await services.responsibleGaming.assertCanStake(memberId, amount, trx);
      await services.promotions.assertStakeAllowed(memberId, amount, trx);
    },
    isStakeGuardInSql: true,
    now: () => new Date(),
  });
  return {
    wallet,
    /** Statements sent by `work`. */
    async count(work: () => Promise<unknown>): Promise<{ statements: number; result: unknown }> {
      const before = statements;
      const result = await work();
      return { statements: statements - before, result };
    },
  };
}

async function warmUp(w: ReturnType<typeof countingWallet>, p: GamePlayer) {
  // The first round of a merchant makes its escrow and house accounts (the service's path).
  const roundId = nextTxId('warm');
  await w.wallet.debit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 1 });
  await w.wallet.credit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 1 });
}

describe('seamless debit and credit in one statement', () => {
  it('takes a bet and pays its win in one statement each, writing what the service writes', async () => {
    const w = countingWallet();
    const p = await createGamePlayer(t.app, t.database.db);
    await warmUp(w, p);
    const roundId = nextTxId('r');
    const betId = nextTxId();
    const bet = await w.count(() =>
      w.wallet.debit(DEMO_VENDOR_CODE, { token: p.token, transactionId: betId, roundId, ...game, amount: 300 }),
    );
    expect(bet.statements).toBe(1);
    expect(bet.result).toMatchObject({ status: 'OK', balance: 9_700, currency: p.currency });
    const winId = nextTxId();
    const win = await w.count(() =>
      w.wallet.credit(DEMO_VENDOR_CODE, { token: p.token, transactionId: winId, roundId, ...game, amount: 500 }),
    );
    expect(win.statements).toBe(1);
    expect(win.result).toMatchObject({ status: 'OK', balance: 10_200, currency: p.currency });

    const db = t.database.db;
    const rows = await db
      .selectFrom('vendor_transactions')
      .select(['id', 'transaction_id', 'state', 'request_hash', 'answer', 'reservation_id', 'bet_record_id'])
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();
    // The request hashes are the service's, so a repeat through either path replays.
    expect(rows.map((r) => [r.transaction_id, r.state, r.request_hash])).toEqual([
      [betId, 'settled', hashRequest(['debit', p.memberId, roundId, game.gameCode, 300])],
      [winId, 'done', hashRequest(['credit', p.memberId, roundId, game.gameCode, 500])],
    ]);
    expect(rows.map((r) => r.answer)).toEqual([bet.result, win.result]);
    const round = await db.selectFrom('bet_records').selectAll().where('round_id', '=', roundId).executeTakeFirstOrThrow();
    expect([round.status, round.stake, round.payout, round.valid_bet, round.win_loss, round.bet_count].map(String)).toEqual([
      'settled',
      '300',
      '500',
      '300',
      '200',
      '1',
    ]);
    expect(rows.every((r) => r.bet_record_id === round.id)).toBe(true);

    // The ledger's rows are its one-statement path's: the service's reserve and settle replay them.
    const { ledger } = t.app.services;
    const reservationId = Number(rows[0]?.reservation_id);
    const reserved = await ledger.reserve({
      accountId: p.mainAccountId,
      amount: 300,
      code: 'bet',
      idempotencyKey: `vendor:${DEMO_VENDOR_CODE}:${betId}`,
      reference: { type: `round:${round.game_category.toUpperCase()}`, id: String(round.id) },
    });
    expect([reserved.isReplay, reserved.reservationId]).toEqual([true, reservationId]);
    const house = await ledger.ensureSystemAccount({ merchantId: p.merchantId, kind: 'house_revenue', currency: p.currency });
    const settled = await ledger.settle({
      reservationId,
      toAccountId: house.id,
      payout: 500,
      idempotencyKey: `vendor:${DEMO_VENDOR_CODE}:${winId}#r${reservationId}`,
    });
    expect([settled.transfer.isReplay, settled.payout?.isReplay]).toEqual([true, true]);
    expect((await ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(10_200);

    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_type', '=', 'bet_record')
      .where('subject_id', '=', String(round.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.action, a.data])).toEqual([
      ['game.bet', { memberId: p.memberId, transactionId: betId, amount: 300 }],
      ['game.win', { memberId: p.memberId, transactionId: winId, amount: 500 }],
    ]);
    const books = await auditLedger(db);
    expect([books.unbalancedTransferIds, books.brokenChainEntryIds]).toEqual([[], []]);
  });

  it('settles every held stake of a round with the win paid once, with the last', async () => {
    const w = countingWallet();
    const p = await createGamePlayer(t.app, t.database.db);
    await warmUp(w, p);
    const roundId = nextTxId('r');
    for (const amount of [100, 200, 300]) {
      const bet = await w.count(() =>
        w.wallet.debit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount }),
      );
      expect(bet.statements).toBe(1);
    }
    const win = await w.count(() =>
      w.wallet.credit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 1_000 }),
    );
    expect([win.statements, win.result]).toMatchObject([1, { status: 'OK', balance: 10_400 }]);
    const states = await t.database.db
      .selectFrom('vendor_transactions')
      .select('state')
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['settled', 'settled', 'settled', 'done']);
    const round = await t.database.db.selectFrom('bet_records').selectAll().where('round_id', '=', roundId).executeTakeFirstOrThrow();
    expect([round.stake, round.payout, round.bet_count].map(String)).toEqual(['600', '1000', '3']);
  });

  it('leaves to the service a repeat, a bet the cash cannot cover and a win of a closed round, which answer as before', async () => {
    const w = countingWallet();
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    await warmUp(w, p);
    const roundId = nextTxId('r');
    const body = { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 400 };
    const first = await w.wallet.debit(DEMO_VENDOR_CODE, body);
    const repeat = await w.count(() => w.wallet.debit(DEMO_VENDOR_CODE, body));
    expect(repeat.statements).toBeGreaterThan(1);
    expect(repeat.result).toEqual(first);
    const uncovered = await w.count(() =>
      w.wallet.debit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId: nextTxId('r'), ...game, amount: 601 }),
    );
    expect([uncovered.statements > 1, uncovered.result]).toMatchObject([true, { status: 'INSUFFICIENT_FUNDS', balance: 600 }]);
    await w.wallet.credit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 0 });
    const lateBet = await w.wallet.debit(DEMO_VENDOR_CODE, { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 1 });
    expect(lateBet).toMatchObject({ status: 'ROUND_CLOSED', balance: 600 });
    const rounds = await t.database.db.selectFrom('bet_records').select('stake').where('round_id', '=', roundId).execute();
    expect(rounds.map((r) => String(r.stake))).toEqual(['400']);
    const books = await auditLedger(t.database.db);
    expect([books.unbalancedTransferIds, books.brokenChainEntryIds]).toEqual([[], []]);
  });

  it('checks a member with a wager limit in the service, which refuses the stake over it', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    await t.app.services.responsibleGaming.setLimits(
      p.memberId,
      { limits: [{ kind: 'wager', period: 'daily', amount: 500 as AmountMinor }] },
      { ip: null },
    );
    const call = (amount: number) =>
      vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId: nextTxId('r'), ...game, amount });
    expect((await call(300)).answer).toMatchObject({ status: 'OK', balance: 9_700 });
    expect((await call(300)).answer).toMatchObject({ status: 'PLAYER_BLOCKED', balance: 9_700 });
    expect((await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(9_700);
  });
});
