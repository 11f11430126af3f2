import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';
import { DEMO_TRANSFER_VENDOR_CODE } from './vendor-wallet.integrations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const game = { gameCode: 'lucky-sevens' };

async function roundOf(memberId: number, roundId: string) {
  return t.database.db
    .selectFrom('bet_records')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

describe('vendor callback security', () => {
  it('refuses a bad signature, a stale or future timestamp, missing headers and an unknown vendor', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    const body = { token: p.token };
    expect((await vendorCall(t.app, 'balance', body, { signature: 'ab'.repeat(32) })).answer.status).toBe('INVALID_SIGNATURE');
    expect((await vendorCall(t.app, 'balance', body, { secret: 'another-secret-of-sixteen' })).statusCode).toBe(401);
    expect((await vendorCall(t.app, 'balance', body, { timestampMs: Date.now() - 60_000 })).answer.status).toBe('STALE_REQUEST');
    expect((await vendorCall(t.app, 'balance', body, { timestampMs: Date.now() + 60_000 })).answer.status).toBe('STALE_REQUEST');
    expect((await vendorCall(t.app, 'balance', body, { signature: '' })).answer.status).toBe('INVALID_SIGNATURE');
    const unknown = await vendorCall(t.app, 'balance', body, { vendorCode: 'NOPE' });
    expect([unknown.statusCode, unknown.answer.status]).toEqual([404, 'UNKNOWN_VENDOR']);
    // A transfer-style vendor has no seamless callbacks.
    expect((await vendorCall(t.app, 'balance', body, { vendorCode: DEMO_TRANSFER_VENDOR_CODE })).answer.status).toBe('UNKNOWN_VENDOR');
  });

  it('refuses a body changed after signing', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    const signedFor = JSON.stringify({ token: p.token, transactionId: 'x1', roundId: 'r1', gameCode: 'lucky-sevens', amount: 1 });
    const { signVendorBody } = await import('@platform/contracts/vendor-protocol');
    const timestamp = Date.now();
    const signature = signVendorBody('dev-only-demo-vendor-secret', String(timestamp), signedFor);
    const tampered = signedFor.replace('"amount":1', '"amount":9');
    const res = await vendorCall(t.app, 'debit', {}, { rawBody: tampered, signature, timestampMs: timestamp });
    expect(res.answer.status).toBe('INVALID_SIGNATURE');
    expect((await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(10_000);
  });

  it('answers INVALID_REQUEST naming the field for malformed bodies, and unknown fields', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    const base = { token: p.token, transactionId: nextTxId(), roundId: 'r', ...game, amount: 100 };
    for (const bad of [
      { ...base, amount: -1 },
      { ...base, amount: 1.5 },
      { ...base, amount: 0 },
      { ...base, transactionId: '' },
      { ...base, transactionId: 'has space' },
      { ...base, extra: 1 },
      { token: p.token },
    ]) {
      const res = await vendorCall(t.app, 'debit', bad);
      expect([res.statusCode, res.answer.status]).toEqual([400, 'INVALID_REQUEST']);
    }
    const notJson = await vendorCall(t.app, 'debit', {}, { rawBody: '{not json' });
    expect(notJson.answer.status).toBe('INVALID_REQUEST');
  });
});

describe('authenticate and balance', () => {
  it('authenticates a live token with the member, currency and balance', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 5_000 });
    const { answer } = await vendorCall(t.app, 'authenticate', { token: p.token });
    expect(answer).toMatchObject({
      status: 'OK',
      playerId: String(p.memberId),
      username: p.username,
      currency: p.currency,
      balance: 5_000,
      isTrial: false,
    });
    expect((await vendorCall(t.app, 'balance', { token: p.token })).answer).toMatchObject({ status: 'OK', balance: 5_000 });
  });

  it('refuses an unknown token, a token of another vendor, an ended session and a locked member', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    expect((await vendorCall(t.app, 'authenticate', { token: 'nope' })).answer.status).toBe('INVALID_TOKEN');
    const other = await createGamePlayer(t.app, t.database.db, { vendorCode: 'OTHER' });
    expect((await vendorCall(t.app, 'authenticate', { token: other.token })).answer.status).toBe('INVALID_TOKEN');
    await t.app.services.gameSessions.end(p.sessionId);
    expect((await vendorCall(t.app, 'authenticate', { token: p.token })).answer.status).toBe('SESSION_EXPIRED');
    // Balance is still answered for an ended session (the vendor settles open rounds after it).
    expect((await vendorCall(t.app, 'balance', { token: p.token })).answer.status).toBe('OK');
    const locked = await createGamePlayer(t.app, t.database.db);
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', locked.memberId).execute();
    expect((await vendorCall(t.app, 'authenticate', { token: locked.token })).answer.status).toBe('PLAYER_BLOCKED');
  });
});

describe('debit and credit', () => {
  it('takes a bet, pays a win, settles the round and records it', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    const bet = await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 300 });
    expect(bet.answer).toMatchObject({ status: 'OK', balance: 700, currency: p.currency });
    expect(await roundOf(p.memberId, roundId)).toMatchObject({ status: 'open', stake: expect.anything() });
    const win = await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 900 });
    expect(win.answer).toMatchObject({ status: 'OK', balance: 1_600 });
    const round = await roundOf(p.memberId, roundId);
    expect(round).toMatchObject({ status: 'settled', game_category: 'RNG', game_code: 'lucky-sevens' });
    expect([Number(round?.stake), Number(round?.payout), Number(round?.valid_bet), Number(round?.win_loss)]).toEqual([300, 900, 300, 600]);
    const audit = await auditLedger(t.database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.negativeMemberAccountIds).toEqual([]);
  });

  it('settles a round of several bets with one zero win', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    for (const amount of [100, 200]) {
      expect(
        (await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount })).answer.status,
      ).toBe('OK');
    }
    const lost = await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 0 });
    expect(lost.answer).toMatchObject({ status: 'OK', balance: 700 });
    const round = await roundOf(p.memberId, roundId);
    expect([round?.status, Number(round?.stake), Number(round?.bet_count), Number(round?.win_loss)]).toEqual(['settled', 300, 2, -300]);
    const held = await t.database.db
      .selectFrom('ledger_reservations')
      .select('status')
      .where('reference_id', '=', String(round?.id))
      .execute();
    expect(held.map((r) => r.status)).toEqual(['posted', 'posted']);
  });

  it('answers INSUFFICIENT_FUNDS, moves nothing and gives the same answer to a retry', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 100 });
    const body = { token: p.token, transactionId: nextTxId(), roundId: nextTxId('round'), ...game, amount: 101 };
    const first = await vendorCall(t.app, 'debit', body);
    expect(first.answer).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 100 });
    // Money arrives, the vendor retries the same transaction: the first answer stands.
    const { fundMember } = await import('../../../test/vendor-helpers.ts');
    await fundMember(t.app, p, 1_000);
    expect((await vendorCall(t.app, 'debit', body)).answer).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 100 });
    expect(await roundOf(p.memberId, body.roundId)).toBeUndefined();
  });

  it('replays the first answer to a duplicate and refuses the same id with other content', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const body = { token: p.token, transactionId: nextTxId(), roundId: nextTxId('round'), ...game, amount: 250 };
    const first = await vendorCall(t.app, 'debit', body);
    const again = await vendorCall(t.app, 'debit', body);
    expect(again.answer).toEqual(first.answer);
    expect((await vendorCall(t.app, 'debit', { ...body, amount: 251 })).answer).toMatchObject({
      status: 'DUPLICATE_CONFLICT',
      balance: 750,
    });
    expect((await vendorCall(t.app, 'credit', { ...body, amount: 0 })).answer.status).toBe('DUPLICATE_CONFLICT');
    const winId = nextTxId();
    const win = await vendorCall(t.app, 'credit', { token: p.token, transactionId: winId, roundId: body.roundId, ...game, amount: 500 });
    expect(
      (await vendorCall(t.app, 'credit', { token: p.token, transactionId: winId, roundId: body.roundId, ...game, amount: 500 })).answer,
    ).toEqual(win.answer);
    expect((await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(1_250);
  });

  it('refuses a credit for an unknown round, and a debit into a settled round', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    expect(
      (await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId: 'never', ...game, amount: 5 })).answer
        .status,
    ).toBe('BET_NOT_FOUND');
    const roundId = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 10 });
    await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 0 });
    expect(
      (await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 10 })).answer.status,
    ).toBe('ROUND_CLOSED');
    // Another member's round is not this member's to settle.
    const other = await createGamePlayer(t.app, t.database.db);
    expect(
      (await vendorCall(t.app, 'credit', { token: other.token, transactionId: nextTxId(), roundId, ...game, amount: 5 })).answer.status,
    ).toBe('BET_NOT_FOUND');
  });

  it('pays a further win of a settled round once', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 100 });
    await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 50 });
    const bonus = await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 70 });
    expect(bonus.answer).toMatchObject({ status: 'OK', balance: 1_020 });
    const round = await roundOf(p.memberId, roundId);
    expect([Number(round?.payout), Number(round?.win_loss)]).toEqual([120, 20]);
  });

  it('accepts wins after the session ended but refuses new bets then', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 100 });
    await t.app.services.gameSessions.end(p.sessionId);
    expect(
      (await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId: 'r2', ...game, amount: 100 })).answer.status,
    ).toBe('SESSION_EXPIRED');
    expect(
      (await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 300 })).answer,
    ).toMatchObject({ status: 'OK', balance: 1_200 });
  });

  it('refuses bets of a locked member with PLAYER_BLOCKED', async () => {
    const p = await createGamePlayer(t.app, t.database.db);
    await t.database.db.updateTable('members').set({ status: 'closed' }).where('id', '=', p.memberId).execute();
    expect(
      (await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId: 'r', ...game, amount: 1 })).answer.status,
    ).toBe('PLAYER_BLOCKED');
  });
});

describe('rollback', () => {
  it('returns a held bet and cancels the round', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    const betId = nextTxId();
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: betId, roundId, ...game, amount: 400 });
    const back = await vendorCall(t.app, 'rollback', {
      token: p.token,
      transactionId: nextTxId(),
      referenceTransactionId: betId,
      roundId,
      ...game,
    });
    expect(back.answer).toMatchObject({ status: 'OK', balance: 1_000 });
    const round = await roundOf(p.memberId, roundId);
    expect([round?.status, Number(round?.stake), Number(round?.rolled_back_stake), Number(round?.valid_bet)]).toEqual([
      'cancelled',
      0,
      400,
      0,
    ]);
    // A second rollback of the same bet under a new id moves nothing.
    expect(
      (await vendorCall(t.app, 'rollback', { token: p.token, transactionId: nextTxId(), referenceTransactionId: betId, roundId, ...game }))
        .answer,
    ).toMatchObject({ status: 'OK', balance: 1_000 });
    expect(
      (await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 10 })).answer.status,
    ).toBe('BET_NOT_FOUND');
  });

  it('records a rollback that comes before its bet and refuses the late bet', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    const betId = nextTxId();
    const early = await vendorCall(t.app, 'rollback', {
      token: p.token,
      transactionId: nextTxId(),
      referenceTransactionId: betId,
      roundId,
      ...game,
    });
    expect(early.answer).toMatchObject({ status: 'OK', balance: 1_000 });
    const late = await vendorCall(t.app, 'debit', { token: p.token, transactionId: betId, roundId, ...game, amount: 400 });
    expect(late.answer).toMatchObject({ status: 'BET_CANCELLED', balance: 1_000 });
    expect(await roundOf(p.memberId, roundId)).toBeUndefined();
  });

  it('refuses to roll back a bet of a settled round, and works after the session ended', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const roundId = nextTxId('round');
    const betId = nextTxId();
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: betId, roundId, ...game, amount: 100 });
    await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, ...game, amount: 0 });
    expect(
      (await vendorCall(t.app, 'rollback', { token: p.token, transactionId: nextTxId(), referenceTransactionId: betId, roundId, ...game }))
        .answer.status,
    ).toBe('ROUND_CLOSED');
    const r2 = nextTxId('round');
    const bet2 = nextTxId();
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: bet2, roundId: r2, ...game, amount: 100 });
    await t.app.services.gameSessions.end(p.sessionId);
    expect(
      (
        await vendorCall(t.app, 'rollback', {
          token: p.token,
          transactionId: nextTxId(),
          referenceTransactionId: bet2,
          roundId: r2,
          ...game,
        })
      ).answer,
    ).toMatchObject({ status: 'OK', balance: 900 });
  });

  it("does not roll back another member's bet", async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const other = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const betId = nextTxId();
    const roundId = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: betId, roundId, ...game, amount: 100 });
    expect(
      (
        await vendorCall(t.app, 'rollback', {
          token: other.token,
          transactionId: nextTxId(),
          referenceTransactionId: betId,
          roundId,
          ...game,
        })
      ).answer.status,
    ).toBe('BET_NOT_FOUND');
    expect((await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(900);
  });
});

describe('bet-and-win', () => {
  it('takes the bet and pays the win in one call, once', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000 });
    const body = { token: p.token, transactionId: nextTxId(), roundId: nextTxId('round'), ...game, betAmount: 200, winAmount: 200 };
    const first = await vendorCall(t.app, 'bet-win', body);
    expect(first.answer).toMatchObject({ status: 'OK', balance: 1_000 });
    expect((await vendorCall(t.app, 'bet-win', body)).answer).toEqual(first.answer);
    const round = await roundOf(p.memberId, body.roundId);
    // A win equal to the stake is a push: no risk, so no valid bet.
    expect([round?.status, Number(round?.stake), Number(round?.payout), Number(round?.valid_bet)]).toEqual(['settled', 200, 200, 0]);
    expect(
      (await vendorCall(t.app, 'bet-win', { ...body, transactionId: nextTxId(), roundId: nextTxId('round'), betAmount: 5_000 })).answer
        .status,
    ).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('play money and real money', () => {
  it('lets a trial account play its play money in a trial launch, with no valid bet', async () => {
    const p = await createGamePlayer(t.app, t.database.db, { balance: 1_000, accountType: ACCOUNT_TYPE.trial, isTrial: true });
    const roundId = nextTxId('round');
    expect(
      (await vendorCall(t.app, 'bet-win', { token: p.token, transactionId: nextTxId(), roundId, ...game, betAmount: 100, winAmount: 0 }))
        .answer,
    ).toMatchObject({ status: 'OK', balance: 900 });
    const round = await roundOf(p.memberId, roundId);
    expect([round?.is_trial, Number(round?.valid_bet)]).toEqual([true, 0]);
    const playMoney = await t.database.db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
      .select('a.kind')
      .where('t.reference_id', '=', String(round?.id))
      .where('t.code', '=', 'bet')
      .executeTakeFirst();
    expect(playMoney?.kind).toBe('play_money');
  });

  it('refuses a real-money launch for a trial account and a trial launch staking real money', async () => {
    const trialAccount = await createGamePlayer(t.app, t.database.db, { accountType: ACCOUNT_TYPE.trial, isTrial: false });
    expect(
      (await vendorCall(t.app, 'debit', { token: trialAccount.token, transactionId: nextTxId(), roundId: 'r', ...game, amount: 1 })).answer
        .status,
    ).toBe('PLAYER_BLOCKED');
    const realInTrial = await createGamePlayer(t.app, t.database.db, { isTrial: true });
    expect(
      (await vendorCall(t.app, 'debit', { token: realInTrial.token, transactionId: nextTxId(), roundId: 'r', ...game, amount: 1 })).answer
        .status,
    ).toBe('PLAYER_BLOCKED');
  });
});
