import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHouseGames, type HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The roulette table and the /live lobby's list against the platform, over real HTTP.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-live-'));
  house = createHouseGames({
    platformUrl,
    secret: DEV_HOUSE_GAMES_SECRET,
    dataDir,
    siteOrigins: ['https://site.example'],
    crash: { bettingMs: 600_000, pauseMs: 60_000 },
    baccarat: { bettingMs: 600_000, revealStepMs: 5, pauseMs: 60_000 },
    live: { bettingMs: 3_000, revealStepMs: 5, pauseMs: 60_000 },
  });
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Item = { round: number; end: string; result: { pocket: number } | null; commitment: string };
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

describe('roulette on the house game server', () => {
  it('two players in one spin: the ledger, the bet records, the proof and the /live list agree', async () => {
    const start = 100_000;
    const players = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'roulette',
          gameCategory: 'LIVE',
        }),
      ),
    );
    const [a, b] = await Promise.all(players.map((p) => openCrash(t.app, houseUrl, p, 'roulette')));
    if (!a || !b) throw new Error('two sessions');
    await house.start();
    let round = 0;
    await waitUntil(
      async () => {
        const s = await a.post('state');
        round = s.round as number;
        return s.phase === 'betting';
      },
      { what: 'the betting window', pollMs: 20 },
    );
    const lobby = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_liveTables' });
    expect(lobby.statusCode).toBe(200);
    const listed = lobby.json().value as {
      isAvailable: boolean;
      tables: { gameCode: string; game: string; phase: string; secondsLeft: number; limits: { min: number } }[];
    };
    expect(listed.isAvailable).toBe(true);
    expect(listed.tables.map((x) => x.gameCode).sort()).toEqual(
      ['baccarat', 'baccarat-nc', 'dragon-tiger', 'dragon-tiger-vip', 'roulette', 'roulette-vip', 'sicbo', 'sicbo-vip'].sort(),
    );
    const rouletteRow = listed.tables.find((x) => x.gameCode === 'roulette');
    expect(rouletteRow).toMatchObject({ game: 'roulette', phase: 'betting', limits: { min: 1_000 } });
    expect(rouletteRow?.secondsLeft).toBeGreaterThan(0);

    expect(await a.post('bet', { spots: { STRAIGHT_17: 1_000, RED: 2_000 } })).toMatchObject({
      httpStatus: 200,
      status: 'OK',
      stake: 3_000,
    });
    expect(await b.post('bet', { spots: { DOZEN_1: 3_000, STRAIGHT_0: 1_000 } })).toMatchObject({
      httpStatus: 200,
      status: 'OK',
      stake: 4_000,
    });
    expect(await b.post('bet', { spots: { SPLIT_1_2: 1_000 } })).toMatchObject({ httpStatus: 409, status: 'ALREADY_BET' });
    expect(await a.post('bet', { spots: { SPLIT_1_5: 1_000 } })).toMatchObject({ httpStatus: 409, status: 'SPOT_INVALID' });

    const settled = async (s: typeof a) => ((await s.post('state')).history as Item[]).find((h) => h.round === round);
    await waitUntil(async () => (await settled(a)) !== undefined, { what: 'the round settles', timeoutMs: 20_000 });
    const [seenA, seenB] = [await settled(a), await settled(b)];
    expect(seenA).toEqual(seenB);
    const pocket = seenA?.result?.pocket;
    if (pocket === undefined || !seenA) throw new Error('no result');
    // A number pays 35:1, red 1:1, a dozen 2:1 (stake returned too).
    const paidA = (pocket === 17 ? 36_000 : 0) + (RED.has(pocket) ? 4_000 : 0);
    const paidB = (pocket >= 1 && pocket <= 12 ? 9_000 : 0) + (pocket === 0 ? 36_000 : 0);
    const balances = await Promise.all(
      players.map(async (p) => (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main),
    );
    expect(balances).toEqual([start - 3_000 + paidA, start - 4_000 + paidB]);
    const records = await t.database.db
      .selectFrom('bet_records')
      .select(['member_id', 'status', 'stake', 'payout', 'game_category', 'outcome'])
      .where('vendor_code', '=', HOUSE_VENDOR_CODE)
      .where(
        'member_id',
        'in',
        players.map((p) => p.memberId),
      )
      .execute();
    const byMember = new Map(records.map((x) => [x.member_id, x]));
    expect(players.map((p) => byMember.get(p.memberId))).toMatchObject([
      { status: 'settled', stake: 3_000, payout: paidA, game_category: 'LIVE', outcome: { kind: 'numbers', numbers: [String(pocket)] } },
      { status: 'settled', stake: 4_000, payout: paidB, game_category: 'LIVE' },
    ]);
    await expectCleanBooks(t.database.db);

    const verify = await (await fetch(`${houseUrl}/api/roulette/verify?round=${round}`)).json();
    expect(verify).toMatchObject({ commitmentMatches: true, outcome: { pocket } });
    const verifyPage = await fetch(`${houseUrl}/verify/roulette?lang=vi&round=${round}`);
    expect(await verifyPage.text()).toContain('Roulette Châu Âu: kiểm tra một ván');

    // The table page, drawn: the wheel and every bet of the layout; no inline code.
    const page = await fetch(
      await t.app.services.vendorWallet.buildLaunchUrl({
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: 'roulette',
        token: players[0]?.token as string,
        language: 'en',
        username: players[0]?.username as string,
        currency: players[0]?.currency as string,
        returnUrl: 'https://site.example/',
        isTrial: false,
      }),
    );
    const html = await page.text();
    expect(html).toContain('European Roulette');
    expect(html).toContain('id="wheel-rotor"');
    expect(html.match(/data-spot="/g)?.length).toBe(157);
    expect(html).not.toMatch(/<script>(?!<)/);

    // The lobby's answer is kept a second; an answer after that names the spin.
    type Tables = { tables: { gameCode: string; results: string[] }[] };
    await waitUntil(
      async () => {
        const later = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_liveTables' })).json().value as Tables;
        return later.tables.find((x) => x.gameCode === 'roulette')?.results[0] === String(pocket);
      },
      { what: 'the /live list names the spin' },
    );
  });
});
