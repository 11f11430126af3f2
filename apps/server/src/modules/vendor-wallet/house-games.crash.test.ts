import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { payoutOf, timeToReach } from '@platform/games/crash/crash';
import { createHouseGames, type HouseGames } from '@platform/house-games/house-games';
import { followTable } from '@platform/house-games/table-channel-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { crashState, openCrash, registerHouseGames, rootWithFirstCrash, waitForPhase } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The house game server runs in-process on a random port and reaches the app over real HTTP, as
// any vendor does; players act only through its HTTP endpoints and its event stream, like the page.
const SALT = 'crash-integration-salt';
const RATE = 0.002; // 2.00× after 347 ms
const CHAIN = 30;
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
    crash: {
      // Long enough for four bets on a loaded machine (CI shares two cores between test files).
      bettingMs: 8_000,
      pauseMs: 60_000,
      ratePerMs: RATE,
      chainLength: CHAIN,
      rootSeed: rootWithFirstCrash(SALT, CHAIN, 300, 600),
      salt: SALT,
    },
  });
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Follows a table's channel until `until` says enough (the connection is open when this resolves). */
async function watch(game: string, session: string, until: (types: string[]) => boolean) {
  const channel = followTable(houseUrl, game, session);
  await channel.opened;
  const done = waitUntil(() => until(channel.messages.map((m) => m.type)), { what: 'the table’s events' }).then(() => {
    channel.close();
    return channel.messages;
  });
  return { done };
}

describe('crash on the house game server', () => {
  it('opens only from a launch URL signed for the HOUSE vendor, framed for the site, with no inline code', async () => {
    const player = await createGamePlayer(t.app, t.database.db, {
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      gameCategory: 'CRASH',
    });
    const good = await t.app.services.vendorWallet.buildLaunchUrl({
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      token: player.token,
      language: 'vi',
      username: player.username,
      currency: player.currency,
      returnUrl: 'https://site.example/',
      isTrial: false,
    });
    const res = await fetch(good);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://site.example");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('lang="vi"');
    expect(html).not.toMatch(/<script>(?!<)/);
    // A trial account may play crash (with play money, and the page says so), not the live tables.
    const trialPlayer = await createGamePlayer(t.app, t.database.db, {
      accountType: ACCOUNT_TYPE.trial,
      isTrial: true,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      gameCategory: 'CRASH',
    });
    const trialUrl = (gameCode: string) =>
      t.app.services.vendorWallet.buildLaunchUrl({
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode,
        token: trialPlayer.token,
        language: 'en',
        username: trialPlayer.username,
        currency: trialPlayer.currency,
        returnUrl: 'https://site.example/',
        isTrial: true,
      });
    const trialPage = await fetch(await trialUrl('crash'));
    expect(trialPage.status).toBe(200);
    expect(await trialPage.text()).toContain('play money, not real money');
    expect((await fetch(await trialUrl('baccarat'))).status).toBe(403);
    const forged = new URL(good);
    forged.searchParams.set('user', 'someone-else');
    expect((await fetch(forged)).status).toBe(403);
  });

  it('two players in one round: a manual cash-out, an auto cash-out paid exactly at 2.00×, a loser; the books and bet records agree', async () => {
    const start = 100_000;
    const players = await Promise.all(
      [0, 1, 2].map(() =>
        createGamePlayer(t.app, t.database.db, { balance: start, vendorCode: HOUSE_VENDOR_CODE, gameCode: 'crash', gameCategory: 'CRASH' }),
      ),
    );
    const [manual, auto, loser] = await Promise.all(players.map((p) => openCrash(t.app, houseUrl, p)));
    if (!manual || !auto || !loser) throw new Error('three sessions');
    // A trial account plays the same round with play money.
    const trialPlayer = await createGamePlayer(t.app, t.database.db, {
      balance: start,
      accountType: ACCOUNT_TYPE.trial,
      isTrial: true,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'crash',
      gameCategory: 'CRASH',
    });
    const trial = await openCrash(t.app, houseUrl, trialPlayer, 'crash', true);
    // The table starts now, so its first round (whose crash point the chosen root fixes) is this test's.
    await house.start();
    const state = await waitForPhase(manual, 'betting', 'the betting window');
    const watcher = await watch('crash', loser.session, (types) => types.includes('settled'));

    expect(await manual.post('bet', { stake: 1_234, target: null })).toMatchObject({ httpStatus: 200, status: 'OK', stake: 1_234 });
    expect(await auto.post('bet', { stake: 999, target: 200 })).toMatchObject({ httpStatus: 200, status: 'OK', target: 200 });
    expect(await loser.post('bet', { stake: 500 })).toMatchObject({ httpStatus: 200, status: 'OK', isTrial: false });
    expect(await loser.post('bet', { stake: 500 })).toMatchObject({ httpStatus: 409, status: 'ALREADY_BET' });
    expect(await trial.post('bet', { stake: 700, target: 200 })).toMatchObject({ httpStatus: 200, status: 'OK', isTrial: true });
    expect(await manual.post('cashout')).toMatchObject({ httpStatus: 409, status: 'BETTING_CLOSED' });

    const running = await waitForPhase(manual, 'running', 'the round starts');
    const startedAt = running.startedAt as number;
    await waitUntil(() => Date.now() - startedAt > timeToReach(120, RATE), { what: 'the multiplier passes 1.20×' });
    const cashed = await manual.post('cashout');
    expect(cashed).toMatchObject({ httpStatus: 200, status: 'OK' });
    const k = (cashed.cashout as { k: number }).k;
    expect(k).toBeGreaterThanOrEqual(120);

    await waitUntil(async () => (await crashState(manual)).history.some((h) => h.round === state.round), { what: 'the round settles' });
    const round = (await crashState(manual)).history.find((h) => h.round === state.round);
    expect(round).toMatchObject({ end: 'crash' });
    expect(round?.crashPoint).toBeGreaterThanOrEqual(300);

    // The ledger: each member's main wallet moved by exactly their result.
    const balances = await Promise.all(
      players.map(async (p) => (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main),
    );
    expect(balances).toEqual([start - 1_234 + payoutOf(1_234, k), start - 999 + 1_998, start - 500]);
    // The trial account's play money moved the same way, against the merchant's play-money account.
    expect((await t.app.services.ledger.memberBalances({ memberId: trialPlayer.memberId, currency: trialPlayer.currency })).main).toBe(
      start - 700 + 1_400,
    );
    const trialRecord = await t.database.db
      .selectFrom('bet_records')
      .select(['status', 'stake', 'payout', 'is_trial'])
      .where('member_id', '=', trialPlayer.memberId)
      .executeTakeFirstOrThrow();
    expect(trialRecord).toMatchObject({ status: 'settled', stake: 700, payout: 1_400, is_trial: true });
    // The bet records: one settled round each, stake and payout as the ledger moved them.
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
    const byMember = new Map(records.map((r) => [r.member_id, r]));
    expect(players.map((p) => byMember.get(p.memberId))).toMatchObject([
      { status: 'settled', stake: 1_234, payout: payoutOf(1_234, k), game_category: 'CRASH' },
      { status: 'settled', stake: 999, payout: 1_998, game_category: 'CRASH' },
      { status: 'settled', stake: 500, payout: 0, game_category: 'CRASH' },
    ]);
    expect(byMember.get(players[2]?.memberId as number)?.outcome?.summary).toContain('crashed at');
    await expectCleanBooks(t.database.db);

    // Every watcher saw the same round: the bets, the start, both cash-outs, then the crash with its seed.
    const events = await watcher.done;
    const types = events.map((e) => e.type);
    expect(types.filter((x) => x === 'bet')).toHaveLength(4);
    expect(types.filter((x) => x === 'cashout')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'bet').map((e) => (e.data.bet as { isTrial: boolean }).isTrial)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(types.indexOf('start')).toBeLessThan(types.indexOf('end'));
    const end = events.find((e) => e.type === 'end')?.data;
    expect(end).toMatchObject({ end: 'crash', crashPoint: round?.crashPoint, seed: round?.seed });

    // The round verifies against the published chain.
    const verify = await (await fetch(`${houseUrl}/api/crash/verify?round=${state.round}&seed=${round?.seed}`)).json();
    expect(verify).toMatchObject({ isChained: true, crashPoint: round?.crashPoint });
    const page = await fetch(`${houseUrl}/verify/crash?lang=en`);
    expect(page.status).toBe(200);
  });
});
