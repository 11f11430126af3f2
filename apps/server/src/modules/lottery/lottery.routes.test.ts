import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';

/** The status matrix of the lottery calls: every refusal has its code and changes nothing. */

let t: LotteryTestApp;
let numero: string;

// 10:00:30 in Vietnam: today's 16:15 southern draw is open, the fast game draws every minute.
beforeAll(async () => {
  t = await buildLotteryTestApp('2026-11-25T03:00:30Z', { maxPayoutPerNumber: 1_000_000 });
  await t.app.services.lottery.runJobRound();
  const menu = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' });
  numero = menu.json().value.list.find((g: { gameId: string }) => g.gameId === 'EL1').numero;
});

afterAll(async () => {
  await t?.close();
});

const SOUTH_RESULT = {
  G8: ['47'],
  G7: ['160'],
  G6: ['1532', '9055', '4206'],
  G5: ['0793'],
  G4: ['01985', '90142', '38764', '38225', '33452', '19317', '63054'],
  G3: ['42180', '70251'],
  G2: ['27316'],
  G1: ['48601'],
  DB: ['903517'],
};

describe('lottery calls', () => {
  it('serves the menu, recent games, history and latest results with their answers', async () => {
    const menu = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB', headers: { lang: 'en' } });
    expect(menu.statusCode).toBe(200);
    const south = menu.json().value.list.find((g: { gameId: string }) => g.gameId === 'TPHCM');
    expect(south).toMatchObject({ numero: '20261125', remark: 'Ho Chi Minh City', gameMenuTag: 'MN', lockTime: 900, drawTime: '16:15' });
    expect(south.winningTime).toBe(Date.parse('2026-11-25T09:15:00Z'));
    expect(menu.json().value.tags).toEqual(['EL', 'MN']);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu/recent' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameId=EL1&count=101' })).statusCode).toBe(400);
    const history = await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameId=EL1' });
    expect(history.json().value.list).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/lotto/lgw/games/opened/numero?count=20' })).statusCode).toBe(200);
    // An open draw reveals nothing yet.
    const verify = await t.app.inject({ method: 'GET', url: `/lgw/vn/numeros/verify?gameId=EL1&numero=${numero}` });
    expect(verify.statusCode).toBe(404);
  });

  it("lists a game's bet types with the odds and multipliers tickets are charged and paid by", async () => {
    const north = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=EL1' });
    expect(north.statusCode).toBe(200);
    const value = north.json().value;
    expect(value).toMatchObject({ gameId: 'EL1', region: 'north' });
    expect(value.minStake).toBeGreaterThan(0);
    expect(value.maxStake).toBeGreaterThanOrEqual(value.minStake);
    const types = value.list.map((p: { betType: string }) => p.betType);
    expect(types).toContain('lo2');
    expect(types).not.toContain('da');
    expect(value.list.find((p: { betType: string }) => p.betType === 'lo2')).toMatchObject({ count: 1, digits: 2, stakeMultiplier: 27 });
    expect(value.list.find((p: { betType: string }) => p.betType === 'xien3')).toMatchObject({ count: 3, digits: 2 });
    const south = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=TPHCM' })).json().value;
    expect(south.list.find((p: { betType: string }) => p.betType === 'lo2').stakeMultiplier).toBe(18);
    expect(south.list.map((p: { betType: string }) => p.betType)).toContain('da');
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types' })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/play_types?gameId=NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
  });

  it('refuses bad tickets with their codes and keeps the balance', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const place = (payload: object, headers: Record<string, string> = player.headers) =>
      t.app.inject({ method: 'POST', url: '/lgw/vn/tickets', headers, payload: { requestId: ticketRequestId(), ...payload } });
    const line = (over: object = {}) => ({ betType: 'de', numbers: ['27'], stakePerUnit: 1_000, ...over });
    const cases: [object, number, string, Record<string, string>?][] = [
      [{ gameId: 'EL1', numero, lines: [line()] }, 401, 'unauthorized', {}],
      [{ gameId: 'EL1', numero, lines: [] }, 400, 'bad_request'],
      [{ gameId: 'EL1', numero, lines: [line({ numbers: ['2a'] })] }, 400, 'bad_request'],
      [{ gameId: 'EL1', numero, lines: [line({ numbers: ['127'] })] }, 400, 'lottery_selection_invalid'],
      [{ gameId: 'EL1', numero, lines: [line({ betType: 'da', numbers: ['12', '34'] })] }, 400, 'lottery_selection_invalid'],
      [{ gameId: 'EL1', numero, lines: [line({ betType: 'xien2', numbers: ['12', '12'] })] }, 400, 'lottery_selection_invalid'],
      [{ gameId: 'EL1', numero, lines: [line({ stakePerUnit: 999 })] }, 400, 'lottery_stake_out_of_range'],
      [{ gameId: 'NOPE', numero, lines: [line()] }, 404, 'not_found'],
      [{ gameId: 'EL1', numero: '20991231-0001', lines: [line()] }, 404, 'not_found'],
      [
        { gameId: 'EL1', numero, lines: ['01', '02', '03', '04'].map((n) => line({ betType: 'lo2', numbers: [n], stakePerUnit: 10_000 })) },
        409,
        'insufficient_funds',
      ],
      // 20,000 × 95 = 1,900,000 a hit, over the 1,000,000 risk limit of a number.
      [{ gameId: 'EL1', numero, lines: [line({ stakePerUnit: 20_000 })] }, 409, 'lottery_risk_limit'],
    ];
    for (const [payload, status, code, headers] of cases) {
      const res = await place(payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await mainBalance(t.database.db, player.accountId)).toBe(1_000_000);
    // Up to the limit across tickets of the draw: 10 × 10,000 × 95 = 950,000, then one more is over it.
    const ok = await place({ gameId: 'EL1', numero, lines: [line({ stakePerUnit: 10_000 })] });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await place({ gameId: 'EL1', numero, lines: [line({ stakePerUnit: 1_000 })] });
    expect(over.json().code).toBe('lottery_risk_limit');
    expect(await mainBalance(t.database.db, player.accountId)).toBe(990_000);
    const tickets = await t.app.inject({ method: 'GET', url: '/lgw/vn/tickets', headers: player.headers });
    expect(tickets.json().value.list).toHaveLength(1);
    const recent = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu/recent?recentCount=100', headers: player.headers });
    expect(recent.json().value.list.map((g: { gameId: string }) => g.gameId)).toEqual(['EL1']);
    // The game with tickets leads the popular list; the rest follow in the operator's order.
    const popular = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/popular?count=20&prizeMode=Lott&device=WEB' });
    expect(popular.statusCode).toBe(200);
    const popularIds = popular.json().value.list.map((g: { gameId: string }) => g.gameId);
    expect(popularIds[0]).toBe('EL1');
    expect(popularIds.length).toBeGreaterThan(1);
    expect(popularIds.length).toBeLessThanOrEqual(20);
    expect(new Set(popularIds).size).toBe(popularIds.length);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/vn/games/popular?count=21' })).statusCode).toBe(400);
  });

  it('makes one ticket per request id, whether the key comes in the body or the Idempotency-Key header', async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const ticket = { gameId: 'EL1', numero, lines: [{ betType: 'de', numbers: ['45'], stakePerUnit: 1_000 }] };
    const post = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/lgw/vn/tickets', headers: { ...player.headers, ...headers }, payload });
    const key = ticketRequestId();
    // 50 identical requests at once, as a retrying client or a double tap sends them.
    const answers = await Promise.all(Array.from({ length: 50 }, () => post({ ...ticket, requestId: key })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().value.ticketId)).size).toBe(1);
    expect(await mainBalance(t.database.db, player.accountId)).toBe(1_000_000 - 1_000);

    const headerKey = ticketRequestId();
    const byHeader = await Promise.all(Array.from({ length: 5 }, () => post(ticket, { 'idempotency-key': headerKey })));
    for (const answer of byHeader) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(byHeader.map((a) => a.json().value.ticketId)).size).toBe(1);
    // The same key in both places is one key; two different keys are refused.
    expect((await post({ ...ticket, requestId: headerKey }, { 'idempotency-key': headerKey })).json().value.ticketId).toBe(
      byHeader[0]!.json().value.ticketId,
    );
    expect((await post({ ...ticket, requestId: ticketRequestId() }, { 'idempotency-key': headerKey })).statusCode).toBe(400);
    // Other content under a used key is a conflict; no key at all is refused.
    const other = await post(
      { ...ticket, lines: [{ betType: 'de', numbers: ['46'], stakePerUnit: 1_000 }] },
      { 'idempotency-key': headerKey },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    expect((await post(ticket)).statusCode).toBe(400);
    expect(await mainBalance(t.database.db, player.accountId)).toBe(1_000_000 - 2_000);
  });

  it("takes an operator's official result for a draw already due (today or the last 7 days), confirmed by a second operator", async () => {
    const player = await fundedPlayer(t, 1_000_000);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/lgw/vn/tickets',
      headers: player.headers,
      payload: {
        gameId: 'TPHCM',
        numero: '20261125',
        lines: [{ betType: 'de', numbers: ['17'], stakePerUnit: 1_000 }],
        requestId: ticketRequestId(),
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const first = await loginAdmin(t.app, 'risk');
    const second = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    const enter = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/admin-api/lottery/results', headers, payload });
    const body = { gameId: 'TPHCM', numero: '20261125', result: SOUTH_RESULT };
    expect((await enter({}, body)).statusCode).toBe(401);
    expect((await enter(support.headers, body)).statusCode).toBe(403);
    expect((await enter(first.headers, { ...body, numero: '20261126' })).json().code).toBe('lottery_draw_outside_window');
    const shortG4 = { ...SOUTH_RESULT, G4: SOUTH_RESULT.G4.slice(1) };
    expect((await enter(first.headers, { ...body, result: shortG4 })).json().code).toBe('lottery_result_invalid');
    const wrongDigits = { ...SOUTH_RESULT, DB: ['90351'] };
    expect((await enter(first.headers, { ...body, result: wrongDigits })).json().code).toBe('lottery_result_invalid');
    const entered = await enter(first.headers, body);
    expect(entered.statusCode, entered.body).toBe(200);
    const id = entered.json().value.id as number;
    expect((await enter(second.headers, body)).json().code).toBe('conflict');
    const confirm = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/admin-api/lottery/results/${id}/confirm`, headers });
    expect((await confirm(first.headers)).json().code).toBe('admin_self_approval');
    // Betting is still open at 10:00: a result cannot be published before the draw closes.
    expect((await confirm(second.headers)).json().code).toBe('lottery_period_not_open');
    t.clock.set('2026-11-25T09:16:00Z');
    // Hours later: the operator logs in again.
    const later = await loginAdmin(t.app, 'risk');
    const confirmed = await confirm(later.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().value).toMatchObject({ status: 'confirmed', decidedBy: later.adminId });
    expect((await confirm(later.headers)).json().code).toBe('admin_request_not_pending');
    // ĐB 903517 ends in 17: đề 17 pays 1,000 × 95.
    expect(await mainBalance(t.database.db, player.accountId)).toBe(1_000_000 - 1_000 + 95_000);
    const board = await t.app.inject({ method: 'GET', url: '/lotto/lgw/games/opened/numero' });
    expect(board.json().value.list.find((d: { gameId: string }) => d.gameId === 'TPHCM')).toMatchObject({
      status: 'settled',
      result: SOUTH_RESULT,
    });
    const voided = await t.app.inject({
      method: 'POST',
      url: '/admin-api/lottery/voids',
      headers: later.headers,
      payload: { gameId: 'TPHCM', numero: '20261125', reason: 'Wrong station' },
    });
    expect(voided.json().code).toBe('lottery_period_not_open');
  });
});
