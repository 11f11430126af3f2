import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
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

  it('a voided draw returns each part of a bonus-funded ticket where it came from; a grant closed meanwhile gets nothing back', async () => {
    const app = t.app.services;
    const asker = await loginAdmin(t.app, 'risk');
    const approver = await loginAdmin(t.app, 'risk');
    const op = { adminId: asker.adminId, merchantId: t.merchant.id, ip: null };
    await app.lottery.runJobRound();
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    const { numero } = menu.find((g: { gameId: string }) => g.gameId === 'EL1');
    const line = { betType: 'de', numbers: ['27'], stakePerUnit: 10_000 };
    const pool = async () => {
      const account = await app.ledger.ensureSystemAccount({
        merchantId: t.merchant.id,
        kind: 'bonus_pool',
        currency: t.merchant.currency,
      });
      // A system account's stored balance is as of its last roll-up: its entries are exact.
      const row = await t.database.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    };
    // Two members each stake 3,000 of cash and the rest of the ticket on bonus; the second's grant is forfeited before the void.
    const members = [];
    for (let i = 0; i < 2; i += 1) {
      const promo = await app.promotions.admin.create(op, promotionInput({ maxStake: null, startsAt: '2026-01-01T00:00:00.000Z' }));
      const player = await fundedPlayer(t, 3_000);
      const principal = { memberId: player.member.id, merchantId: t.merchant.id, currency: t.merchant.currency };
      await app.promotions.claim(principal, promo.id, { ip: null });
      const res = await t.app.inject({
        method: 'POST',
        url: '/lgw/vn/tickets',
        headers: player.headers,
        payload: { gameId: 'EL1', numero, lines: [line], requestId: ticketRequestId() },
      });
      expect(res.statusCode, res.body).toBe(200);
      members.push(player.member.id);
    }
    const [kept, closed] = members as [number, number];
    const balances = (memberId: number) => app.ledger.memberBalances({ memberId, currency: t.merchant.currency });
    // What the ticket took from the bonus once the 3,000 of cash was spent.
    const bonusPart = 100_000 - (await balances(kept)).bonus;
    expect(bonusPart).toBeGreaterThan(0);
    expect(await balances(kept)).toMatchObject({ main: 0, bonus: 100_000 - bonusPart });
    const [closedGrant] = await app.promotions.admin.grantsOfMember(t.merchant.id, closed);
    await app.promotions.admin.forfeitGrant(op, closedGrant?.id as number, 'Test: closed while its stake is out');
    expect(await balances(closed)).toMatchObject({ main: 0, bonus: 0 });
    const poolBefore = await pool();

    const asked = await t.app.inject({
      method: 'POST',
      url: '/admin-api/lottery/voids',
      headers: asker.headers,
      payload: { gameId: 'EL1', numero, reason: 'Draw machine fault' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/admin-api/lottery/change-requests/${asked.json().value.id}/approve`,
      headers: approver.headers,
      payload: {},
    });
    expect(approved.json().value, approved.body).toMatchObject({ status: 'approved', outcome: { refundedTickets: 2 } });
    await app.lottery.runJobRound();

    expect(await balances(kept)).toMatchObject({ main: 3_000, bonus: 100_000 });
    const [keptGrant] = await app.promotions.admin.grantsOfMember(t.merchant.id, kept);
    expect(keptGrant).toMatchObject({ status: 'active', bonusBalance: 100_000 });
    // The forfeited grant's part goes to the pool (counted as removed), never to cash.
    expect(await balances(closed)).toMatchObject({ main: 3_000, bonus: 0 });
    expect((await pool()) - poolBefore).toBe(bonusPart);
    await expectCleanBooks(t.database.db);
  });
});
