import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { addVendorWithGames } from '../../../test/games-helpers.ts';
import { createGamePlayer, fundMember, type GamePlayer, nextTxId, vendorCall } from '../../../test/vendor-helpers.ts';
import { maskName } from './bet-records.presenter.ts';
import { periodStart } from './bet-records.routes.ts';
import { reportDayOf, validBetOf } from './bet-records.service.ts';

let t: TestApp;
let merchant: { id: number; currency: string };
beforeAll(async () => {
  t = await buildTestApp();
  merchant = await createMerchant(t.database.db);
});
afterAll(async () => {
  await t.close();
});

type Player = GamePlayer & { sessionToken: string; ip: string };

async function player(
  options: { balance?: number; gameCode?: string; gameCategory?: string; accountType?: number; isTrial?: boolean } = {},
): Promise<Player> {
  const p = await createGamePlayer(t.app, t.database.db, { merchant, balance: 100_000, ...options });
  const session = await t.app.services.sessions.create(p.memberId);
  return { ...p, sessionToken: session.token, ip: nextIp() };
}

async function round(p: GamePlayer, stake: number, win: number | null, gameCode = 'lucky-sevens') {
  const roundId = nextTxId('round');
  await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, gameCode, amount: stake });
  if (win !== null) await vendorCall(t.app, 'credit', { token: p.token, transactionId: nextTxId(), roundId, gameCode, amount: win });
  return roundId;
}

function get(p: Player | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: p ? bearer(p.sessionToken, p.ip) : {} });
}

describe('valid bet', () => {
  it('counts the stake of settled real-money rounds that carried risk, and nothing else', () => {
    expect(validBetOf({ status: 'settled', stake: 100, payout: 0, isTrial: false })).toBe(100);
    expect(validBetOf({ status: 'settled', stake: 100, payout: 250, isTrial: false })).toBe(100);
    expect(validBetOf({ status: 'settled', stake: 100, payout: 100, isTrial: false })).toBe(0);
    expect(validBetOf({ status: 'open', stake: 100, payout: 0, isTrial: false })).toBe(0);
    expect(validBetOf({ status: 'cancelled', stake: 0, payout: 0, isTrial: false })).toBe(0);
    expect(validBetOf({ status: 'settled', stake: 100, payout: 0, isTrial: true })).toBe(0);
  });

  it('masks names on public boards', () => {
    expect(maskName('player1234')).toBe('pl***34');
    expect(maskName('abcde')).toBe('a***e');
    expect(maskName('ab')).toBe('a***');
  });
});

describe('GET /wps/relay/GCS_personalHistory', () => {
  it("lists only the member's own rounds, newest first, with totals, filters and pages", async () => {
    const p = await player();
    const other = await player();
    await round(other, 999, 0);
    await round(p, 100, 0);
    await round(p, 200, 500, 'dragon-dice');
    const open = await round(p, 300, null);
    const res = await get(p, '/wps/relay/GCS_personalHistory');
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.list.map((r: { roundId: string }) => r.roundId)[0]).toBe(open);
    expect(value.totalCount).toBe(3);
    expect(value.totals).toEqual({ count: 3, stake: 600, validBet: 300, payout: 500, winLoss: 200 });
    expect(value.list[0]).toMatchObject({ status: 'OPEN', result: 'PENDING', validBet: 0, vendorCode: 'DEMO' });
    const settled = await get(p, '/wps/relay/GCS_personalHistory?status=SETTLED&pageSize=1&pageNo=2');
    expect(settled.json().value).toMatchObject({ totalCount: 2, totalPages: 2, pageNo: 2 });
    expect(settled.json().value.list).toHaveLength(1);
    const byVendor = await get(p, '/wps/relay/GCS_personalHistory?vendorCode=OTHER');
    expect(byVendor.json().value.totalCount).toBe(0);
    const byCategory = await get(p, '/wps/relay/GCS_personalHistory?gameCategory=RNG');
    expect(byCategory.json().value.totalCount).toBe(3);
    const yesterday = reportDayOf(new Date(Date.now() - 86_400_000));
    const past = await get(p, `/wps/relay/GCS_personalHistory?beginDate=${yesterday}&endDate=${yesterday}`);
    expect(past.json().value.totalCount).toBe(0);
  });

  it('answers 401 without a session and 400 for each bad field', async () => {
    expect((await get(undefined, '/wps/relay/GCS_personalHistory')).statusCode).toBe(401);
    const p = await player();
    for (const query of [
      'status=DONE',
      'beginDate=2026-13-01',
      'beginDate=yesterday',
      'pageSize=500',
      'pageNo=0',
      'extra=1',
      'beginDate=2026-01-10&endDate=2026-01-01',
      'beginDate=2025-01-01&endDate=2026-01-01',
    ]) {
      expect((await get(p, `/wps/relay/GCS_personalHistory?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('GET /wps/relay/GCS_personalProfit', () => {
  it('sums settled rounds per day and category', async () => {
    const p = await player();
    await round(p, 100, 0);
    await round(p, 100, 300);
    await round(p, 50, null);
    const table = await player({ gameCode: 'dragon-dice', gameCategory: 'TABLE' });
    await round(table, 40, 0, 'dragon-dice');
    const res = await get(p, '/wps/relay/GCS_personalProfit');
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.totals).toEqual({ count: 2, stake: 200, validBet: 200, payout: 300, winLoss: 100 });
    expect(value.days).toHaveLength(1);
    expect(value.days[0]).toMatchObject({ day: reportDayOf(new Date()), categories: [{ gameCategory: 'RNG', count: 2, winLoss: 100 }] });
    expect((await get(undefined, '/wps/relay/GCS_personalProfit')).statusCode).toBe(401);
    expect((await get(p, '/wps/relay/GCS_personalProfit?beginDate=x')).statusCode).toBe(400);
  });
});

describe('game and vendor names in the betting record', () => {
  it("names each round's game and vendor in the member's language, the lottery's too, and leaves a removed game unnamed", async () => {
    const shop = await createMerchant(t.database.db);
    await addVendorWithGames(t.database.db, shop.id, { code: 'DEMO', displayName: 'Lotus Studio' }, [
      { code: 'lucky-sevens', name: { vi: 'Bảy May Mắn', en: 'Lucky Sevens' } },
    ]);
    await addVendorWithGames(t.database.db, shop.id, { code: 'TCG_LOTTO_VN', displayName: 'Xổ Số Việt Nam', categories: ['ELOTT'] }, [
      { code: 'EL1', category: 'ELOTT', name: { vi: 'Xổ số nhanh 1 phút', en: 'Fast lottery 1 min' } },
    ]);
    const game = await createGamePlayer(t.app, t.database.db, { merchant: shop, balance: 10_000 });
    const p: Player = { ...game, sessionToken: (await t.app.services.sessions.create(game.memberId)).token, ip: nextIp() };
    await round(p, 100, 0);
    await round(p, 100, 0, 'retired-slot');
    await t.database.db.transaction().execute(async (trx) => {
      const row = await t.app.services.betRecords.openRound(trx, {
        merchantId: shop.id,
        memberId: p.memberId,
        username: p.username,
        vendorCode: 'TCG_LOTTO_VN',
        gameCode: 'EL1',
        gameCategory: 'ELOTT',
        roundId: nextTxId('lotto'),
        currency: shop.currency,
        isTrial: false,
      });
      await t.app.services.betRecords.addStake(trx, row, 1_000);
    });
    const names = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/GCS_personalHistory',
        headers: { ...bearer(p.sessionToken, p.ip), lang },
      });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        res
          .json()
          .value.list.map((r: { gameCode: string; gameName: string | null; vendorName: string | null }) => [
            r.gameCode,
            [r.vendorName, r.gameName],
          ]),
      );
    };
    expect(await names('vi')).toEqual({
      'lucky-sevens': ['Lotus Studio', 'Bảy May Mắn'],
      'retired-slot': ['Lotus Studio', null],
      EL1: ['Xổ Số Việt Nam', 'Xổ số nhanh 1 phút'],
    });
    expect(await names('en')).toEqual({
      'lucky-sevens': ['Lotus Studio', 'Lucky Sevens'],
      'retired-slot': ['Lotus Studio', null],
      EL1: ['Xổ Số Việt Nam', 'Fast lottery 1 min'],
    });
    // Another language falls back to one the game has.
    expect((await names('th'))['lucky-sevens']).toEqual(['Lotus Studio', 'Lucky Sevens']);
    const recall = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_gameRecall?vendorCode=DEMO&gameCode=lucky-sevens',
      headers: { ...bearer(p.sessionToken, p.ip), lang: 'en' },
    });
    expect(recall.json().value.list[0]).toMatchObject({ gameName: 'Lucky Sevens', vendorName: 'Lotus Studio' });
  });
});

describe('GET /wps/relay/GCS_gameRecall', () => {
  it("shows the member's last rounds of one game with their outcome", async () => {
    const p = await player();
    await round(p, 100, 0);
    await round(p, 100, 100);
    await round(p, 100, 700);
    await round(p, 100, 0, 'fruit-spin');
    const res = await get(p, '/wps/relay/GCS_gameRecall?vendorCode=DEMO&gameCode=lucky-sevens&limitNum=2');
    expect(res.json().value.list.map((r: { result: string }) => r.result)).toEqual(['WIN', 'TIE']);
    expect((await get(p, '/wps/relay/GCS_gameRecall?vendorCode=DEMO')).statusCode).toBe(400);
    expect((await get(undefined, '/wps/relay/GCS_gameRecall?vendorCode=DEMO&gameCode=lucky-sevens')).statusCode).toBe(401);
  });
});

describe('round outcomes', () => {
  it('keeps what a round showed when the vendor reports it, shows it in the record and recall, and refuses a malformed one', async () => {
    const p = await player();
    const roundId = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId, gameCode: 'lucky-sevens', amount: 100 });
    const outcome = { kind: 'reels', reels: [['SEVEN'], ['SEVEN'], ['BAR']], summary: 'SEVEN SEVEN BAR' };
    const win = await vendorCall(t.app, 'credit', {
      token: p.token,
      transactionId: nextTxId(),
      roundId,
      gameCode: 'lucky-sevens',
      amount: 300,
      outcome,
    });
    expect(win.answer.status).toBe('OK');
    const recall = await get(p, '/wps/relay/GCS_gameRecall?vendorCode=DEMO&gameCode=lucky-sevens');
    expect(recall.json().value.list[0]).toMatchObject({ roundId, payout: 300, outcome });
    const history = await get(p, '/wps/relay/GCS_personalHistory');
    expect(history.json().value.list.find((r: { roundId: string }) => r.roundId === roundId)?.outcome).toEqual(outcome);

    // A die of seven is not a die: the call is refused and no money moves.
    const before = win.answer.balance;
    const second = nextTxId('round');
    await vendorCall(t.app, 'debit', { token: p.token, transactionId: nextTxId(), roundId: second, gameCode: 'lucky-sevens', amount: 100 });
    const bad = await vendorCall(t.app, 'credit', {
      token: p.token,
      transactionId: nextTxId(),
      roundId: second,
      gameCode: 'lucky-sevens',
      amount: 500,
      outcome: { kind: 'dice', dice: [7] },
    });
    expect(bad.answer.status).toBe('INVALID_REQUEST');
    const after = await vendorCall(t.app, 'balance', { token: p.token });
    expect(after.answer.balance).toBe((before ?? 0) - 100);
  });
});

describe('winner board and rankings', () => {
  it('GCSGAME_getRankList shows the biggest real-money wins, masked, without trial play', async () => {
    const rich = await player();
    await round(rich, 100, 90_000);
    const trial = await player({ accountType: ACCOUNT_TYPE.trial, isTrial: true });
    await vendorCall(t.app, 'bet-win', {
      token: trial.token,
      transactionId: nextTxId(),
      roundId: nextTxId('r'),
      gameCode: 'lucky-sevens',
      betAmount: 10,
      winAmount: 95_000,
    });
    const res = await get(undefined, '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=en&limitNum=20');
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list;
    expect(list[0]).toMatchObject({ customerName: maskName(rich.username), winAmount: 90_000, gameName: 'lucky-sevens', iconUrl: null });
    expect(list.some((e: { winAmount: number }) => e.winAmount === 95_000)).toBe(false);
    expect(
      (await get(undefined, '/wps/relay/GCSGAME_getRankList?gameCategory=TABLE'))
        .json()
        .value.list.every((e: { gameCode: string }) => e.gameCode === 'dragon-dice'),
    ).toBe(true);
    expect((await get(undefined, '/wps/relay/GCSGAME_getRankList?limitNum=21')).statusCode).toBe(400);
  });

  it('GCSGAME_getRankList with a period ranks the wins since the start of that day, week or month', async () => {
    const [today, earlier, longAgo] = [await player(), await player(), await player()];
    await round(today, 100, 81_000);
    const earlierRound = await round(earlier, 100, 82_000);
    const longAgoRound = await round(longAgo, 100, 83_000);
    const moveWin = (roundId: string, settledAt: Date) =>
      t.database.db.updateTable('bet_records').set({ settled_at: settledAt }).where('round_id', '=', roundId).execute();
    // One win from before today's start (yesterday at the latest), one from 40 days ago.
    await moveWin(earlierRound, new Date(periodStart('DAY', new Date()).getTime() - 3_600_000));
    await moveWin(longAgoRound, new Date(Date.now() - 40 * 86_400_000));
    const amounts = async (query: string) =>
      ((await get(undefined, `/wps/relay/GCSGAME_getRankList?limitNum=20${query}`)).json().value.list as { winAmount: number }[]).map(
        (e) => e.winAmount,
      );
    const board = await amounts('');
    expect(board).toContain(81_000);
    expect(board).toContain(82_000);
    expect(board).not.toContain(83_000);
    const day = await amounts('&period=day');
    expect(day).toContain(81_000);
    expect(day).not.toContain(82_000);
    expect(await amounts('&period=MONTH')).not.toContain(83_000);
    expect((await get(undefined, '/wps/relay/GCSGAME_getRankList?period=YEAR')).statusCode).toBe(400);
  });

  it('MCSFE_getBetRank ranks members by valid bet and MCSFE_getDepositRank by deposits', async () => {
    const big = await player();
    await round(big, 20_000, 0);
    await fundMember(t.app, big, 500_000);
    const bet = await get(undefined, '/wps/relay/MCSFE_getBetRank?period=DAY');
    expect(bet.statusCode).toBe(200);
    expect(bet.json().value.list[0]).toEqual({ rank: 1, customerName: maskName(big.username), amount: 20_000 });
    const deposit = await get(undefined, '/wps/relay/MCSFE_getDepositRank');
    expect(deposit.json().value).toMatchObject({ period: 'MONTH', currency: merchant.currency });
    expect(deposit.json().value.list[0]).toEqual({ rank: 1, customerName: maskName(big.username), amount: 600_000 });
    expect(deposit.json().value.list.length).toBeLessThanOrEqual(20);
    expect((await get(undefined, '/wps/relay/MCSFE_getDepositRank?period=YEAR')).statusCode).toBe(400);
    // The spec's pages ask with a lowercase period.
    const lower = await get(undefined, '/wps/relay/MCSFE_getBetRank?period=day');
    expect(lower.statusCode).toBe(200);
    expect(lower.json().value).toMatchObject({ period: 'DAY' });
    expect((await get(undefined, '/wps/relay/MCSFE_getDepositRank?period=week')).json().value).toMatchObject({ period: 'WEEK' });
  });
});
