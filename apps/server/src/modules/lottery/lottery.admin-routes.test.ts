import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, ticketRequestId } from '../../../test/lottery-helpers.ts';

/** The operator's games and odds calls, and the lobby's launch call: roles, bad input, and what a change affects. */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp('2026-11-25T03:00:30Z', { maxPayoutPerNumber: 100_000_000 });
  await t.app.services.lottery.runJobRound();
});

afterAll(async () => {
  await t?.close();
});

const STATION = {
  gameId: 'DNAI',
  category: 'LOTT',
  region: 'south',
  province: 'Đồng Nai',
  name: { vi: 'Đồng Nai', en: 'Dong Nai' },
  menuTag: 'MN',
  drawDays: [4],
  drawTime: '16:15',
  lockSeconds: 900,
  resultSource: 'official',
  minStake: 1_000,
  maxStake: 5_000_000,
  maxPayoutPerNumber: 500_000_000,
};

describe('lottery operator calls', () => {
  it('lists, adds and changes games for the risk role only, refusing inconsistent schedules', async () => {
    const risk = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/lottery/games' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/lottery/games', headers: support.headers })).statusCode).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: '/admin-api/lottery/games', headers: risk.headers });
    expect(listed.json().value.list.map((g: { gameId: string }) => g.gameId)).toEqual(['EL1', 'TPHCM']);

    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/admin-api/lottery/games', headers: risk.headers, payload });
    // A station without its draw time, a fast game that locks after its own interval, a stake range upside down.
    const { drawTime: _drawTime, ...noTime } = STATION;
    expect((await add(noTime)).json().code).toBe('lottery_station_schedule_required');
    const fast = {
      ...STATION,
      gameId: 'EL9',
      category: 'ELOTT',
      drawTime: undefined,
      drawDays: undefined,
      intervalSeconds: 60,
      lockSeconds: 60,
    };
    expect((await add(fast)).json().code).toBe('lottery_lock_too_long');
    expect((await add({ ...STATION, minStake: 9_000_000 })).json().code).toBe('lottery_stake_range_invalid');
    expect((await add({ ...STATION, drawDays: [4, 4] })).statusCode).toBe(400);
    expect((await add({ ...STATION, drawTime: '24:00' })).statusCode).toBe(400);
    const created = await add(STATION);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ gameId: 'DNAI', drawDays: [4], isEnabled: true });
    expect((await add(STATION)).json().code).toBe('lottery_game_code_taken');

    // Wednesday is day 4: the next job round opens today's Đồng Nai draw; the menu shows it.
    await t.app.services.lottery.runJobRound();
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    expect(menu.find((g: { gameId: string }) => g.gameId === 'DNAI')).toMatchObject({ numero: '20261125', drawTime: '16:15' });

    const patch = (gameId: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/admin-api/lottery/games/${gameId}`, headers: risk.headers, payload });
    expect((await patch('NOPE', { isEnabled: false })).json().code).toBe('not_found');
    expect((await patch('EL1', { drawTime: '10:00' })).json().code).toBe('lottery_fast_interval_required');
    expect((await patch('EL1', { unknownField: 1 })).statusCode).toBe(400);
    expect((await patch('EL1', { intervalSeconds: 120 })).json().code).toBe('lottery_interval_fixed');

    // A schedule change leaves the draw already open for betting as it was; the draws created after it follow the new schedule.
    const drawsOf = () =>
      t.database.db
        .selectFrom('lottery_periods as p')
        .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
        .select(['p.numero', 'p.draw_at', 'p.locks_at', 'p.status'])
        .where('g.code', '=', 'DNAI')
        .orderBy('p.numero')
        .execute();
    const [openDraw] = await drawsOf();
    expect(openDraw).toMatchObject({ numero: '20261125', status: 'open' });
    const moved = await patch('DNAI', { drawDays: [4, 5], drawTime: '17:00', lockSeconds: 600 });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.services.lottery.runJobRound();
    const after = await drawsOf();
    expect(after.map((d) => d.numero)).toEqual(['20261125', '20261126']);
    expect(new Date(after[0]?.draw_at as Date).toISOString()).toBe(new Date(openDraw?.draw_at as Date).toISOString());
    expect(new Date(after[0]?.locks_at as Date).toISOString()).toBe(new Date(openDraw?.locks_at as Date).toISOString());
    // Thursday's draw: 17:00 in Vietnam, betting closing ten minutes before.
    expect(new Date(after[1]?.draw_at as Date).toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(new Date(after[1]?.locks_at as Date).toISOString()).toBe('2026-11-26T09:50:00.000Z');
    const off = await patch('DNAI', { isEnabled: false });
    expect(off.json().value.isEnabled).toBe(false);
    const menuAfter = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    expect(menuAfter.map((g: { gameId: string }) => g.gameId)).not.toContain('DNAI');
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'lottery.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['lottery.game_created', 'lottery.game_updated', 'lottery.game_updated']);
  });

  it('changes odds for tickets placed afterwards only', async () => {
    const risk = await loginAdmin(t.app, 'risk');
    const player = await fundedPlayer(t, 10_000_000);
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    const numero = menu.find((g: { gameId: string }) => g.gameId === 'EL1').numero;
    const bet = () =>
      t.app.inject({
        method: 'POST',
        url: '/lgw/vn/tickets',
        headers: player.headers,
        payload: { gameId: 'EL1', numero, lines: [{ betType: 'de', numbers: ['11'], stakePerUnit: 1_000 }], requestId: ticketRequestId() },
      });
    const first = await bet();
    expect(first.json().value.lines[0].oddsMilli).toBe(95_000);

    const approver = await loginAdmin(t.app, 'risk');
    // Four eyes: one operator asks, another approves; only the approval applies the change.
    const set = async (payload: object, headers: Record<string, string> = risk.headers) => {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/admin-api/lottery/odds/requests',
        headers,
        payload: { ...payload, reason: 'Margin review 27/11' },
      });
      if (asked.statusCode !== 200) return asked;
      return t.app.inject({
        method: 'POST',
        url: `/admin-api/lottery/change-requests/${asked.json().value.id}/approve`,
        headers: approver.headers,
        payload: {},
      });
    };
    expect((await set({ region: 'north', betType: 'da', oddsMilli: 700_000 })).json().code).toBe('bad_request');
    expect((await set({ region: 'north', betType: 'de', oddsMilli: 0 })).statusCode).toBe(400);
    expect((await set({ region: 'north', betType: 'de', oddsMilli: 90_000 }, {})).statusCode).toBe(401);
    const changed = await set({ region: 'north', betType: 'de', oddsMilli: 90_000 });
    expect(changed.json().value).toMatchObject({
      status: 'approved',
      before: { oddsMilli: 95_000, stakeMultiplier: 1, isEnabled: true },
      outcome: { after: { oddsMilli: 90_000, stakeMultiplier: 1, isEnabled: true } },
    });
    const second = await bet();
    expect(second.json().value.lines[0].oddsMilli).toBe(90_000);
    const tickets = (await t.app.inject({ method: 'GET', url: '/lgw/vn/tickets?gameId=EL1', headers: player.headers })).json().value.list;
    expect(tickets.map((x: { lines: { oddsMilli: number }[] }) => x.lines[0]?.oddsMilli).sort()).toEqual([90_000, 95_000]);

    // A bet type switched off is no longer offered or accepted.
    await set({ region: 'north', betType: 'de', isEnabled: false });
    const types = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=EL1' })).json().value.list;
    expect(types.map((p: { betType: string }) => p.betType)).not.toContain('de');
    expect((await bet()).json().code).toBe('lottery_selection_invalid');
    const odds = (await t.app.inject({ method: 'GET', url: '/admin-api/lottery/odds?region=north', headers: risk.headers })).json().value
      .list;
    expect(odds.find((o: { betType: string }) => o.betType === 'de')).toMatchObject({ oddsMilli: 90_000, isEnabled: false });
  });
});

describe('the lottery launch call', () => {
  it("answers this site's lottery page for a member, and refuses what it cannot open", async () => {
    const player = await fundedPlayer(t, 1_000);
    const launch = (query: string, headers: Record<string, string> = player.headers) =>
      t.app.inject({ method: 'GET', url: `/lgw/vn/games/launch?${query}`, headers });
    const base = 'lottoArea=VN&launchMode=LOTT&device=WEB&language=vi';
    expect((await launch(`${base}&lottoGameCode=EL1`, {})).statusCode).toBe(401);
    const betting = await launch(`${base}&lottoPrizeMode=Elott&lottoGameCode=EL1&lottoView=betting&backUrl=%2Flive`);
    expect(betting.statusCode, betting.body).toBe(200);
    expect(betting.json().value).toEqual({ content: '/lottery?gameCode=EL1&vendor=TCG_LOTTO_VN', gameId: 'EL1' });
    expect((await launch(`${base}&lottoView=lobby`)).json().value).toEqual({ content: '/lottery', gameId: null });
    expect((await launch(`${base}&lottoView=betting`)).json().code).toBe('bad_request');
    expect((await launch(`${base}&lottoPrizeMode=Lott&lottoGameCode=EL1`)).json().code).toBe('not_found');
    expect((await launch(`${base}&lottoGameCode=NOPE`)).json().code).toBe('not_found');
    expect((await launch(`${base}&lottoPrizeMode=SEA&lottoGameCode=EL1`)).json().code).toBe('not_found');
    expect((await launch('lottoArea=TH&launchMode=LOTT&lottoGameCode=EL1')).statusCode).toBe(400);
    expect((await launch(`${base}&lottoGameCode=EL1&backUrl=https%3A%2F%2Fevil.example`)).statusCode).toBe(400);
    expect((await launch(`${base}&lottoGameCode=EL1&backUrl=%2F%2Fevil.example`)).statusCode).toBe(400);
  });
});
