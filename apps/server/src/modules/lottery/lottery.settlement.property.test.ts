import { type DrawResult, type LotteryBetType, selectionHits, selectionShape } from '@platform/games/lottery';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';

/**
 * Random tickets on random (seeded) draws, settled twice at once and again by the job: every
 * ticket is settled exactly once, each member's balance moves by exactly the payout the rules give
 * (computed line by line with selectionHits, not with the server's set-based path), and money is
 * conserved.
 */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp();
});

afterAll(async () => {
  await t?.close();
});

const NORTH_TYPES: LotteryBetType[] = ['lo2', 'lo3', 'lo4', 'de', 'de_dau', 'dau', 'duoi', 'ba_cang', 'xien2', 'xien3', 'xien4'];

const lineArb = fc.constantFrom(...NORTH_TYPES).chain((betType) => {
  const { count, digits } = selectionShape(betType);
  const number = fc.integer({ min: 0, max: 10 ** digits - 1 }).map((n) => String(n).padStart(digits, '0'));
  return fc.record({
    betType: fc.constant(betType),
    numbers: fc.uniqueArray(number, { minLength: count, maxLength: count }),
    stakePerUnit: fc.integer({ min: 1_000, max: 5_000 }),
  });
});
const ticketArb = fc.record({ player: fc.integer({ min: 0, max: 2 }), lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }) });

describe('lottery settlement', () => {
  it('settles random tickets exactly once and conserves money', async () => {
    const lottery = t.app.services.lottery;
    const players = [await fundedPlayer(t, 50_000_000), await fundedPlayer(t, 50_000_000), await fundedPlayer(t, 50_000_000)];
    const game = await lottery.gameByCode(t.merchant.id, 'EL1');
    await fc.assert(
      fc.asyncProperty(fc.array(ticketArb, { minLength: 1, maxLength: 6 }), async (tickets) => {
        t.clock.advance(60_000);
        await lottery.runJobRound();
        const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
        const { numero, winningTime } = menu.find((g: { gameId: string }) => g.gameId === 'EL1');
        const before = await Promise.all(players.map((p) => mainBalance(t.database.db, p.accountId)));
        const placed: {
          player: number;
          lines: { betType: LotteryBetType; numbers: string[]; stakePerUnit: number; oddsMilli: number }[];
          stake: number;
        }[] = [];
        for (const ticket of tickets) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/lgw/vn/tickets',
            headers: players[ticket.player]!.headers,
            payload: { gameId: 'EL1', numero, lines: ticket.lines, requestId: ticketRequestId() },
          });
          expect(res.statusCode, res.body).toBe(200);
          placed.push({ player: ticket.player, lines: res.json().value.lines, stake: res.json().value.totalStake });
        }
        t.clock.set(new Date(winningTime + 500));
        await lottery.drawDue();
        const period = await lottery.periodOf(game.id, numero);
        await Promise.all([lottery.settlePeriod(period.id), lottery.settlePeriod(period.id)]);
        await lottery.runJobRound();
        const result = (await lottery.periodOf(game.id, numero)).result as DrawResult;
        expect((await lottery.periodOf(game.id, numero)).status).toBe('settled');

        const expected = players.map(() => 0);
        for (const ticket of placed) {
          const payout = ticket.lines.reduce(
            (sum, l) =>
              sum +
              Math.floor((l.stakePerUnit * selectionHits('north', { type: l.betType, numbers: l.numbers }, result) * l.oddsMilli) / 1000),
            0,
          );
          expected[ticket.player] = (expected[ticket.player] ?? 0) - ticket.stake + payout;
        }
        const after = await Promise.all(players.map((p) => mainBalance(t.database.db, p.accountId)));
        expect(after.map((b, i) => b - (before[i] ?? 0))).toEqual(expected);
        const settles = await t.database.db
          .selectFrom('ledger_reservations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('idempotency_key', 'like', 'lottery:ticket:%')
          .where('status', '=', 'held')
          .executeTakeFirstOrThrow();
        expect(Number(settles.n)).toBe(0);
      }),
      { numRuns: 6 },
    );
    const audit = await auditLedger(t.database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
    expect(audit.holdingsByCurrency.get(t.merchant.currency)).toBe(0);
    const records = await t.database.db.selectFrom('bet_records').select(['status']).where('vendor_code', '=', 'TCG_LOTTO_VN').execute();
    expect(records.every((r) => r.status === 'settled')).toBe(true);
  });
});
