import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, ticketRequestId } from '../../../test/lottery-helpers.ts';
import { promotionInput } from '../../../test/promotions-helpers.ts';
import { bonusShareOfWin } from './bonus-wallet.ts';

/** A lottery ticket the cash cannot cover takes the rest from the bonus (ADR 0032), and its win is split the same way. */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const STAKE = 1_000;

describe('a lottery ticket paid partly with bonus money', () => {
  it('reserves the cash first, the rest on the bonus; the winning line pays the bonus share back to the grant', async () => {
    const app = t.app.services;
    const adminId = await app.admins.createAdmin({
      merchantId: t.merchant.id,
      username: uniqueName('op'),
      password: 'Operator@2026',
      role: 'finance',
    });
    const op = { adminId, merchantId: t.merchant.id, ip: null };
    const promo = await app.promotions.admin.create(op, promotionInput({ maxStake: null, startsAt: '2026-01-01T00:00:00.000Z' }));
    const player = await fundedPlayer(t, 3_000);
    const principal = { memberId: player.member.id, merchantId: t.merchant.id, currency: t.merchant.currency };
    await app.promotions.claim(principal, promo.id, { ip: null });
    await app.lottery.runJobRound();
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    const { numero, winningTime } = menu.find((g: { gameId: string }) => g.gameId === 'EL1');
    const play = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=EL1' })).json().value.list;
    const duoi = play.find((p: { betType: string }) => p.betType === 'duoi');
    // Every đuôi digit: exactly one line wins whatever is drawn.
    const cost = DIGITS.length * STAKE * duoi.stakeMultiplier;
    const win = Math.floor((STAKE * duoi.oddsMilli) / 1000);
    const bonusPart = cost - 3_000;
    const balances = () => app.ledger.memberBalances({ memberId: player.member.id, currency: t.merchant.currency });
    const res = await t.app.inject({
      method: 'POST',
      url: '/lgw/vn/tickets',
      headers: player.headers,
      payload: {
        gameId: 'EL1',
        numero,
        lines: DIGITS.map((digit) => ({ betType: 'duoi', numbers: [digit], stakePerUnit: STAKE })),
        requestId: ticketRequestId(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balances()).toMatchObject({ main: 0, bonus: 100_000 - bonusPart });
    t.clock.set(new Date(winningTime + 1_000));
    await app.lottery.runJobRound();
    const bonusWin = bonusShareOfWin(win, bonusPart, cost);
    expect(bonusWin).toBeGreaterThan(0);
    expect(await balances()).toMatchObject({ main: win - bonusWin, bonus: 100_000 - bonusPart + bonusWin });
    const grant = await t.database.db
      .selectFrom('promotion_grants')
      .selectAll()
      .where('member_id', '=', player.member.id)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ bonus_balance: 100_000 - bonusPart + bonusWin, bonus_staked: bonusPart, bonus_won: bonusWin });
    await expectCleanBooks(t.database.db);
  });
});
