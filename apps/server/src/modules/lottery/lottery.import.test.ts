import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishedSheets } from '@platform/games/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';
import { createHttpResultsSource, createReplayResultsSource } from './lottery.import.ts';
import { findOfficialStations } from './lottery.repository.ts';
import { createLotteryService } from './lottery.service.ts';

/**
 * Official results from a feed (a local HTTP server stands in for it): taken for draws of today
 * and the last 7 days after their time, checked like an operator's entry, settled once, never replaced.
 */

let t: LotteryTestApp;
let feed: Server;
let feedUrl: string;
let answer: unknown = { results: [] };
const asked: string[] = [];

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

beforeAll(async () => {
  // 10:00:30 in Vietnam on Wednesday 25 November 2026; TPHCM (official results) draws at 16:15.
  t = await buildLotteryTestApp('2026-11-25T03:00:30Z');
  feed = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (answer === 'broken') {
      response.writeHead(502).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/results`;
});

afterAll(async () => {
  await new Promise((resolve) => feed?.close(resolve));
  await t?.close();
});

describe('the official results feed', () => {
  it('takes a valid result of today after the draw time, settles it once, and refuses what does not fit', async () => {
    const services = t.app.services;
    const refusals: { gameId: string; numero: string | null; reason: string }[][] = [];
    const lottery = createLotteryService({
      db: t.database.db,
      ledger: services.ledger,
      betRecords: services.betRecords,
      now: t.clock.now,
      resultsSource: createHttpResultsSource(feedUrl),
      onRefusedResults: (refused) => refusals.push(refused),
    });
    await lottery.runJobRound();
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
    const afterBet = await mainBalance(t.database.db, player.accountId);

    // Before the draw time the feed is not even asked.
    answer = { results: [{ gameId: 'TPHCM', drawDate: '2026-11-25', result: SOUTH_RESULT }] };
    expect((await lottery.runJobRound()).imported).toBe(0);
    expect(asked).toEqual([]);

    // After it: a result of another day and one with a missing G4 prize are refused; nothing is drawn.
    t.clock.set('2026-11-25T09:16:00Z');
    answer = {
      results: [
        { gameId: 'TPHCM', drawDate: '2026-11-24', result: SOUTH_RESULT },
        { gameId: 'TPHCM', drawDate: '2026-11-25', result: { ...SOUTH_RESULT, G4: SOUTH_RESULT.G4.slice(1) } },
      ],
    };
    expect((await lottery.runJobRound()).imported).toBe(0);
    expect(asked.at(-1)).toBe('/results?date=2026-11-25');
    expect(refusals.at(-1)?.map((r) => r.reason)).toEqual([
      'lottery_draw_outside_window',
      expect.stringMatching(/^lottery_result_invalid/),
    ]);

    // A feed that fails leaves the draw open for the next round.
    answer = 'broken';
    await expect(lottery.runJobRound()).rejects.toThrow('results feed answered 502');

    // The right result: drawn, settled (đề 17 wins 95 × 1,000), audited as the feed's.
    answer = { results: [{ gameId: 'TPHCM', drawDate: '2026-11-25', result: SOUTH_RESULT }] };
    const round = await lottery.runJobRound();
    expect(round).toMatchObject({ imported: 1, settled: 1 });
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet + 95_000);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_type', 'data'])
      .where('action', '=', 'lottery.result_imported')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'system', data: { gameId: 'TPHCM', numero: '20261125' } });

    // Again: nothing new. A different result for the same draw is refused, and the draw keeps its own.
    const askedBefore = asked.length;
    expect((await lottery.runJobRound()).imported).toBe(0);
    expect(asked.length).toBe(askedBefore);
    const history = await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameId=TPHCM' });
    expect(history.json().value.list[0]).toMatchObject({ numero: '20261125', status: 'settled', result: SOUTH_RESULT });
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet + 95_000);
  });

  it('refuses a feed answer of the wrong shape', async () => {
    answer = { results: [{ gameId: 'TPHCM', drawDate: 'today', result: SOUTH_RESULT }] };
    await expect(createHttpResultsSource(feedUrl).resultsOf('2026-11-25')).rejects.toThrow('unexpected shape');
  });
});

describe('the demo replay of published sheets', () => {
  it('draws every official station of the day with a published sheet of its region, the same sheets on every run', async () => {
    const services = t.app.services;
    const source = createReplayResultsSource(() => findOfficialStations(t.database.db));
    const lottery = createLotteryService({
      db: t.database.db,
      ledger: services.ledger,
      betRecords: services.betRecords,
      now: t.clock.now,
      resultsSource: source,
    });
    // Thursday 26 November 2026, 19:00 in Vietnam: every station of the day has drawn.
    t.clock.set('2026-11-26T12:00:00Z');
    await lottery.runJobRound();
    const drawn = await t.database.db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['g.code', 'g.region', 'p.result', 'p.status'])
      .where('p.result_source', '=', 'official')
      .where('p.numero', '=', '20261126')
      .execute();
    expect(drawn.length).toBeGreaterThan(0);
    const sheetKeys = (region: 'north' | 'central' | 'south') => publishedSheets(region).map((s) => JSON.stringify(s.result));
    for (const period of drawn) {
      expect(period.status, period.code).not.toBe('open');
      const result = typeof period.result === 'string' ? JSON.parse(period.result) : period.result;
      expect(sheetKeys(period.region)).toContain(JSON.stringify(result, Object.keys(publishedSheets(period.region)[0]!.result)));
    }
    // The same day gives the same sheets; two stations of one region get different ones while the sheets last.
    const again = await source.resultsOf('2026-11-26');
    expect(again).toEqual(await source.resultsOf('2026-11-26'));
    const southToday = again.filter((r) => drawn.some((p) => p.code === r.gameId && p.region === 'south'));
    if (southToday.length === 2) expect(southToday[0]!.result).not.toEqual(southToday[1]!.result);
  });
});

// Last: it moves the clock days ahead.
describe('catching up official results', () => {
  it('catches up a draw whose result did not come on the day, and leaves alone one older than the window', async () => {
    const services = t.app.services;
    const lottery = createLotteryService({
      db: t.database.db,
      ledger: services.ledger,
      betRecords: services.betRecords,
      now: t.clock.now,
      resultsSource: createHttpResultsSource(feedUrl),
    });
    await lottery.runJobRound();
    const open = await t.database.db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['p.numero', 'p.draw_date', 'p.draw_at'])
      .where('g.code', '=', 'TPHCM')
      .where('p.status', '=', 'open')
      .orderBy('p.draw_at')
      .execute();
    const [missed, tooOld] = open;
    if (!missed || !tooOld) throw new Error('two open TPHCM draws are expected ahead');
    const player = await fundedPlayer(t, 1_000_000);
    for (const numero of [missed.numero, tooOld.numero]) {
      const bet = await t.app.inject({
        method: 'POST',
        url: '/lgw/vn/tickets',
        headers: player.headers,
        payload: {
          gameId: 'TPHCM',
          numero,
          lines: [{ betType: 'de', numbers: ['17'], stakePerUnit: 1_000 }],
          requestId: ticketRequestId(),
        },
      });
      expect(bet.statusCode, bet.body).toBe(200);
    }
    const afterBets = await mainBalance(t.database.db, player.accountId);

    // The day of the first draw passes with no result (the feed has none); two days later it has it.
    answer = { results: [] };
    t.clock.set(new Date(missed.draw_at.getTime() + 60_000));
    expect((await lottery.runJobRound()).imported).toBe(0);
    t.clock.set(new Date(missed.draw_at.getTime() + 2 * 86_400_000));
    answer = { results: [{ gameId: 'TPHCM', drawDate: missed.draw_date, result: SOUTH_RESULT }] };
    asked.length = 0;
    expect(await lottery.runJobRound()).toMatchObject({ imported: 1, settled: 1 });
    expect(asked).toContain(`/results?date=${missed.draw_date}`);
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBets + 95_000);

    // The second draw's result never comes; eight days on, the feed is no longer asked for its date.
    t.clock.set(new Date(tooOld.draw_at.getTime() + 8 * 86_400_000));
    answer = { results: [{ gameId: 'TPHCM', drawDate: tooOld.draw_date, result: SOUTH_RESULT }] };
    asked.length = 0;
    await lottery.runJobRound();
    expect(asked).not.toContain(`/results?date=${tooOld.draw_date}`);
    const stillOpen = await t.database.db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select('p.status')
      .where('g.code', '=', 'TPHCM')
      .where('p.numero', '=', tooOld.numero)
      .executeTakeFirstOrThrow();
    expect(stillOpen.status).toBe('open');
  });
});
