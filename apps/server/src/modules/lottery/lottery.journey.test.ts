import { type DrawResult, type LotteryBetType, selectionHits } from '@platform/games/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';

/**
 * A member bets lô and đề on a fast e-lottery period, the draw happens, the draw settles and the
 * balance moves by exactly the payout; settling again changes nothing; a voided draw refunds once.
 */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp();
});

afterAll(async () => {
  await t?.close();
});

const twoDigits = (count: number) => Array.from({ length: count }, (_, i) => String(i).padStart(2, '0'));

async function openPeriod() {
  const menu = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=Elott&device=WEB' });
  expect(menu.statusCode).toBe(200);
  const entry = menu.json().value.list.find((g: { gameId: string }) => g.gameId === 'EL1');
  expect(entry).toMatchObject({ accountTypeName: 'TCG_LOTTO_VN', gameType: 'ELOTT', lockTime: 10 });
  expect(entry.numero).toMatch(/^\d{8}-\d{4}$/);
  expect(entry.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
  return entry as { numero: string; remainTime: number; winningTime: number; seedCommitment: string };
}

function expectedPayout(
  result: DrawResult,
  lines: { betType: LotteryBetType; numbers: string[]; stakePerUnit: number; oddsMilli: number }[],
) {
  return lines.reduce(
    (sum, l) =>
      sum + Math.floor((l.stakePerUnit * selectionHits('north', { type: l.betType, numbers: l.numbers }, result) * l.oddsMilli) / 1000),
    0,
  );
}

describe('a fast e-lottery draw from bet to settlement', () => {
  it('pays exactly the wins once, and a voided draw refunds once', async () => {
    const lottery = t.app.services.lottery;
    await lottery.runJobRound();
    const period = await openPeriod();
    expect(period.remainTime).toBe(period.winningTime - t.clock.now().getTime());

    const player = await fundedPlayer(t, 100_000_000);
    const place = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/lgw/vn/tickets',
        headers: player.headers,
        payload: { requestId: ticketRequestId(), ...payload },
      });
    const lo = await place({
      gameId: 'EL1',
      numero: period.numero,
      lines: twoDigits(50).map((n) => ({ betType: 'lo2', numbers: [n], stakePerUnit: 1_000 })),
    });
    expect(lo.statusCode, lo.body).toBe(200);
    const de = await place({
      gameId: 'EL1',
      numero: period.numero,
      lines: [
        ...twoDigits(40).map((n) => ({ betType: 'de', numbers: [n], stakePerUnit: 2_000 })),
        { betType: 'xien2', numbers: ['27', '03'], stakePerUnit: 5_000 },
      ],
    });
    expect(de.statusCode, de.body).toBe(200);
    const stakes = lo.json().value.totalStake + de.json().value.totalStake;
    expect(lo.json().value.totalStake).toBe(50 * 27 * 1_000);
    expect(await mainBalance(t.database.db, player.accountId)).toBe(100_000_000 - stakes);

    // The server's clock closes betting at lockTime, whatever the page shows.
    t.clock.set(new Date(period.winningTime - 10_000));
    const late = await place({ gameId: 'EL1', numero: period.numero, lines: [{ betType: 'de', numbers: ['11'], stakePerUnit: 1_000 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lottery_betting_closed');

    t.clock.set(new Date(period.winningTime + 1_000));
    const round = await lottery.runJobRound();
    expect(round.drawn).toBeGreaterThanOrEqual(1);
    expect(round.settled).toBe(2);

    const history = await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameId=EL1&count=100' });
    const draw = history.json().value.list.find((d: { numero: string }) => d.numero === period.numero);
    expect(draw.status).toBe('settled');
    expect(draw.seedCommitment).toBe(period.seedCommitment);
    const result = draw.result as DrawResult;

    const tickets = (await t.app.inject({ method: 'GET', url: '/lgw/vn/tickets?gameId=EL1', headers: player.headers })).json().value.list;
    const lines = tickets.flatMap(
      (tk: { lines: { betType: LotteryBetType; numbers: string[]; stakePerUnit: number; oddsMilli: number }[] }) => tk.lines,
    );
    const payout = expectedPayout(result, lines);
    expect(payout).toBeGreaterThan(0);
    expect(tickets.every((tk: { status: string }) => tk.status === 'settled')).toBe(true);
    expect(tickets.reduce((s: number, tk: { payout: number }) => s + tk.payout, 0)).toBe(payout);
    const afterSettle = await mainBalance(t.database.db, player.accountId);
    expect(afterSettle).toBe(100_000_000 - stakes + payout);

    // The betting record shows both tickets settled with their payouts.
    const records = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_personalHistory?vendorCode=TCG_LOTTO_VN',
      headers: player.headers,
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().value.totals).toMatchObject({ count: 2, stake: stakes, payout });

    // The commitment published at open matches the revealed seed, which draws the published result.
    const verify = await t.app.inject({ method: 'GET', url: `/lgw/vn/numeros/verify?gameId=EL1&numero=${period.numero}` });
    expect(verify.json().value).toMatchObject({ isCommitmentValid: true, isResultValid: true });

    // Settling again moves nothing.
    const transfersBefore = await t.database.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const drawnId = (await lottery.periodOf((await lottery.gameByCode(t.merchant.id, 'EL1')).id, period.numero)).id;
    expect((await lottery.settlePeriod(drawnId)).settled).toBe(0);
    await lottery.runJobRound();
    const transfersAfter = await t.database.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(transfersAfter.n)).toBe(Number(transfersBefore.n));
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterSettle);

    // A voided draw: the stake comes back once, however often the void is asked for.
    const next = await openPeriod();
    const ticket = await place({ gameId: 'EL1', numero: next.numero, lines: [{ betType: 'de', numbers: ['42'], stakePerUnit: 50_000 }] });
    expect(ticket.statusCode).toBe(200);
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterSettle - 50_000);
    const risk = await loginAdmin(t.app, 'risk');
    const second = await loginAdmin(t.app, 'risk');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/admin-api/lottery/voids',
      headers: risk.headers,
      payload: { gameId: 'EL1', numero: next.numero, reason: 'Draw machine fault' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().value.before).toMatchObject({ status: 'open', openTickets: 1, openStake: 50_000 });
    // Nothing moves before the second operator approves.
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterSettle - 50_000);
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api/lottery/change-requests/${asked.json().value.id}/approve`,
        headers: second.headers,
        payload: {},
      });
    const voided = await approve();
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().value).toMatchObject({ status: 'approved', outcome: { refundedTickets: 1 } });
    expect((await approve()).json().code).toBe('admin_request_not_pending');
    t.clock.set(new Date(next.winningTime + 1_000));
    await lottery.runJobRound();
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterSettle);
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_personalHistory?vendorCode=TCG_LOTTO_VN&status=CANCELLED',
      headers: player.headers,
    });
    expect(cancelled.json().value.totals.count).toBe(1);

    const audit = await auditLedger(t.database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.holdingsByCurrency.get(t.merchant.currency)).toBe(0);
  });
});
