import type { VendorAnswer } from '@platform/contracts/vendor-protocol';
import { createPlatformClient, type PlatformClient, PlatformUnreachable } from '@platform/house-games/platform-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createGamePlayer, nextTxId } from '../../../test/vendor-helpers.ts';
import { type ConformanceOutcome, describeWalletConformance } from '../../../test/wallet-conformance.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The house game server's wallet calls, through its own client (apps/house-games, platform-client.ts:
// its signing, its timestamps, its retries) over real HTTP to our callback API, mapped onto the kit:
// a debit is a bet in a round of its own, a credit a win, a cancel a rollback of the bet's id.
let t: TestApp;
let platformUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
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

function client(fetchImpl?: typeof fetch): PlatformClient {
  return createPlatformClient({
    platformUrl,
    vendorCode: HOUSE_VENDOR_CODE,
    secret: DEV_HOUSE_GAMES_SECRET,
    attempts: 1,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
}

describeWalletConformance('house game server → seamless callback API', () => ({
  newId: () => nextTxId('house'),
  async newPlayer(balance) {
    const p = await createGamePlayer(t.app, t.database.db, {
      balance,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      gameCategory: 'CRASH',
    });
    const game = { token: p.token, gameCode: 'crash' };
    const debitBody = (id: string, amount: number) => ({ ...game, transactionId: id, roundId: `round-${id}`, amount });
    const plain = client();
    const call = async (c: PlatformClient, name: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) =>
      outcomeOf(200, await c.call(name, body));
    return {
      debit: (id, amount) => call(plain, 'debit', debitBody(id, amount)),
      async credit(id, amount) {
        // A win needs a round: the credit opens one with a bet of 1 and wins amount + 1.
        await plain.call('debit', debitBody(`${id}-stake`, 1));
        return call(plain, 'credit', { ...game, transactionId: id, roundId: `round-${id}-stake`, amount: amount + 1 });
      },
      async cancel(id) {
        await plain.call('rollback', { ...game, transactionId: `${id}-rb`, referenceTransactionId: id, roundId: `round-${id}` });
      },
      async balance() {
        return (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
      },
      async callWithBadSignature(id, amount) {
        const { statusCode, answer } = await plain.callRaw('debit', debitBody(id, amount), { secret: 'not-the-house-games-secret' });
        return outcomeOf(statusCode, answer);
      },
      async callWithStaleTimestamp(id, amount) {
        const { statusCode, answer } = await plain.callRaw('debit', debitBody(id, amount), { timestampMs: Date.now() - 10 * 60_000 });
        return outcomeOf(statusCode, answer);
      },
      async debitLosingAnswer(id, amount) {
        // The call reaches the platform and is applied; the answer is dropped on the way back.
        const losing = client(async (input, init) => {
          await fetch(input, init);
          throw new Error('the answer was lost');
        });
        await losing.call('debit', debitBody(id, amount)).then(
          () => {
            throw new Error('the answer should have been lost');
          },
          (err: unknown) => {
            if (!(err instanceof PlatformUnreachable)) throw err;
          },
        );
      },
      async debitLostOnTheWay(id, amount) {
        const lost = client(() => Promise.reject(new Error('the call never left')));
        await lost.call('debit', debitBody(id, amount)).catch((err: unknown) => {
          if (!(err instanceof PlatformUnreachable)) throw err;
        });
      },
    };
  },
}));

describe("the game server's client", () => {
  it('sends a call whose answer was lost again, with the same body, and the platform applies it once', async () => {
    const p = await createGamePlayer(t.app, t.database.db, {
      balance: 1_000,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      gameCategory: 'CRASH',
    });
    const bodies: string[] = [];
    let attempts = 0;
    const flaky = createPlatformClient({
      platformUrl,
      vendorCode: HOUSE_VENDOR_CODE,
      secret: DEV_HOUSE_GAMES_SECRET,
      fetchImpl: async (input, init) => {
        attempts += 1;
        bodies.push(String(init?.body));
        const res = await fetch(input, init);
        if (attempts === 1) throw new Error('the answer was lost');
        return res;
      },
    });
    const id = nextTxId('house-retry');
    const answer = await flaky.call('debit', { token: p.token, gameCode: 'crash', transactionId: id, roundId: `round-${id}`, amount: 300 });
    expect(answer).toMatchObject({ status: 'OK', balance: 700 });
    expect(attempts).toBe(2);
    expect(new Set(bodies).size).toBe(1);
    expect((await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main).toBe(700);
  });
});
