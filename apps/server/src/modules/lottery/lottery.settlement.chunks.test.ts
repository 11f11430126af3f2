import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createLotteryService } from './lottery.service.ts';

/**
 * Settlement in chunks of one transaction each: a draw with more tickets than a chunk settles
 * across chunk boundaries, and a settlement that dies after its first chunk finishes on the next
 * run without paying anyone twice.
 */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const STAKE = 1_000;

describe('lottery settlement in chunks', () => {
  it('settles across chunks, resumes after a crash in the middle, and pays each ticket once', async () => {
    const app = t.app.services;
    const players = [await fundedPlayer(t, 1_000_000), await fundedPlayer(t, 1_000_000), await fundedPlayer(t, 1_000_000)];
    await app.lottery.runJobRound();
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    const { numero, winningTime } = menu.find((g: { gameId: string }) => g.gameId === 'EL1');
    const play = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=EL1' })).json().value.list;
    const duoi = play.find((p: { betType: string }) => p.betType === 'duoi');
    // Every đuôi digit on each ticket: exactly one line of each ticket wins, whatever is drawn.
    const cost = DIGITS.length * STAKE * duoi.stakeMultiplier;
    const win = Math.floor((STAKE * duoi.oddsMilli) / 1000);
    const ticketsPerPlayer = [4, 3, 4];
    const before = await Promise.all(players.map((p) => mainBalance(t.database.db, p.accountId)));
    for (const [index, count] of ticketsPerPlayer.entries()) {
      for (let n = 0; n < count; n += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/lgw/vn/tickets',
          headers: players[index]!.headers,
          payload: {
            gameId: 'EL1',
            numero,
            lines: DIGITS.map((digit) => ({ betType: 'duoi', numbers: [digit], stakePerUnit: STAKE })),
            requestId: ticketRequestId(),
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }

    // A runner with chunks of 3 tickets whose ledger fails on the second chunk, as a crash would.
    let calls = 0;
    const failingLedger: LedgerService = {
      ...app.ledger,
      settleMany: async (input, trx) => {
        calls += 1;
        if (calls === 2) throw new Error('the process died here');
        return app.ledger.settleMany(input, trx);
      },
    };
    const crashing = createLotteryService({
      db: t.database.db,
      ledger: failingLedger,
      betRecords: app.betRecords,
      now: t.clock.now,
      settleChunkSize: 3,
    });
    t.clock.set(new Date(winningTime + 1_000));
    await expect(crashing.runJobRound()).rejects.toThrow('the process died here');
    const afterCrash = await t.database.db
      .selectFrom('lottery_tickets')
      .select(({ fn }) => ['status', fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(afterCrash.map((r) => [r.status, Number(r.n)]))).toEqual({ settled: 3, open: 8 });

    // The next run, in chunks of 3 again, finishes the rest; one more run changes nothing.
    const resumed = createLotteryService({
      db: t.database.db,
      ledger: app.ledger,
      betRecords: app.betRecords,
      now: t.clock.now,
      settleChunkSize: 3,
    });
    expect((await resumed.runJobRound()).settled).toBe(8);
    expect((await resumed.runJobRound()).settled).toBe(0);
    expect((await app.lottery.runJobRound()).settled).toBe(0);

    for (const [index, count] of ticketsPerPlayer.entries()) {
      expect(await mainBalance(t.database.db, players[index]!.accountId)).toBe(before[index]! - count * cost + count * win);
    }
    const records = await t.database.db
      .selectFrom('bet_records')
      .select(['status', 'stake', 'payout', 'win_loss'])
      .where('vendor_code', '=', 'TCG_LOTTO_VN')
      .execute();
    expect(records).toHaveLength(11);
    for (const record of records) expect(record).toMatchObject({ status: 'settled', stake: cost, payout: win, win_loss: win - cost });
    const audit = await auditLedger(t.database.db);
    expect(audit.entrySumByCurrency.get('VND')).toBe(0);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
  });
});
