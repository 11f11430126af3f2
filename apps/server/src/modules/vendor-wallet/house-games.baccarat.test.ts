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

// The house game server in-process on a random port, reaching the app over real HTTP; players act
// only through its HTTP endpoints, like the page.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-games-'));
  house = createHouseGames({
    platformUrl,
    secret: DEV_HOUSE_GAMES_SECRET,
    dataDir,
    siteOrigins: ['https://site.example'],
    crash: { bettingMs: 600_000, pauseMs: 60_000 },
    baccarat: { bettingMs: 3_000, revealStepMs: 5, pauseMs: 60_000 },
  });
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Result = { winner: 'PLAYER' | 'BANKER' | 'TIE'; playerTotal: number; bankerTotal: number; playerPair: boolean; bankerPair: boolean };
type Item = { round: number; end: string; result: Result | null; commitment: string; serverSeed: string; clientSeed: string };

describe('baccarat on the house game server', () => {
  it('two players in one round see the same deal; the ledger, the bet records and the proof agree', async () => {
    const start = 100_000;
    const players = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'baccarat',
          gameCategory: 'LIVE',
        }),
      ),
    );
    const [a, b] = await Promise.all(players.map((p) => openCrash(t.app, houseUrl, p, 'baccarat')));
    if (!a || !b) throw new Error('two sessions');
    // A session opened for one table cannot play another.
    expect(
      (await fetch(`${houseUrl}/game/baccarat-nc/state`, { method: 'POST', body: JSON.stringify({ session: a.session }) })).status,
    ).toBe(404);
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
    const opened = await a.post('state');
    expect(opened.commitment).toMatch(/^[0-9a-f]{64}$/);

    expect(await a.post('bet', { spots: { PLAYER: 2_000, PLAYER_PAIR: 1_000 } })).toMatchObject({
      httpStatus: 200,
      status: 'OK',
      stake: 3_000,
    });
    expect(await b.post('bet', { spots: { BANKER: 4_000, TIE: 1_000 } })).toMatchObject({ httpStatus: 200, status: 'OK', stake: 5_000 });
    expect(await b.post('bet', { spots: { BANKER: 1_000 } })).toMatchObject({ httpStatus: 409, status: 'ALREADY_BET' });
    expect(await a.post('bet', { spots: { TIE: 999 } })).toMatchObject({ httpStatus: 409, status: 'BELOW_MINIMUM' });

    const settled = async (s: typeof a) => ((await s.post('state')).history as Item[]).find((h) => h.round === round);
    await waitUntil(async () => (await settled(a)) !== undefined, { what: 'the round settles', timeoutMs: 20_000 });
    const [seenA, seenB] = [await settled(a), await settled(b)];
    expect(seenA).toEqual(seenB);
    const r = seenA?.result;
    if (!seenA || !r) throw new Error('no result');

    // The commission table's pays, from the rules.
    const paidA = (r.winner === 'PLAYER' ? 4_000 : r.winner === 'TIE' ? 2_000 : 0) + (r.playerPair ? 12_000 : 0);
    const paidB = r.winner === 'BANKER' ? 7_800 : r.winner === 'TIE' ? 4_000 + 9_000 : 0;
    const balances = await Promise.all(
      players.map(async (p) => (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main),
    );
    expect(balances).toEqual([start - 3_000 + paidA, start - 5_000 + paidB]);
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
      { status: 'settled', stake: 3_000, payout: paidA, game_category: 'LIVE' },
      { status: 'settled', stake: 5_000, payout: paidB, game_category: 'LIVE' },
    ]);
    expect(byMember.get(players[0]?.memberId as number)?.outcome).toMatchObject({ kind: 'cards' });
    await expectCleanBooks(t.database.db);

    // The proof: the published seed matches the commitment shown before bets opened, and gives this deal.
    expect(seenA.commitment).toBe(opened.commitment);
    const verify = await (await fetch(`${houseUrl}/api/baccarat/verify?round=${round}`)).json();
    expect(verify).toMatchObject({
      commitmentMatches: true,
      outcome: { winner: r.winner, playerTotal: r.playerTotal, bankerTotal: r.bankerTotal },
    });

    // Seeds typed in are replayed as given: another seed does not match the commitment.
    const typed = new URLSearchParams({
      round: String(round),
      seed: 'f'.repeat(64),
      clientSeed: seenA.clientSeed,
      commitment: seenA.commitment,
    });
    expect(await (await fetch(`${houseUrl}/api/baccarat/verify?${typed}`)).json()).toMatchObject({ commitmentMatches: false });
    const verifyPage = await fetch(`${houseUrl}/verify/baccarat?lang=en`);
    expect(verifyPage.status).toBe(200);
    expect(await verifyPage.text()).toContain('Baccarat: verify a round');

    // The page: both languages, no inline code.
    const page = await fetch(
      await t.app.services.vendorWallet.buildLaunchUrl({
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: 'baccarat-nc',
        token: players[0]?.token as string,
        language: 'vi',
        username: players[0]?.username as string,
        currency: players[0]?.currency as string,
        returnUrl: 'https://site.example/',
        isTrial: false,
      }),
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="vi"');
    expect(html).toContain('Baccarat Không Hoa Hồng');
    expect(html).not.toMatch(/<script>(?!<)/);
  });
});
