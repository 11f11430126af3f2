import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { type BlackjackRound, basicStrategy } from '@platform/games/house/blackjack';
import { commitmentOf } from '@platform/games/rng';
import type { HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestHouseGames, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer } from '../../../test/vendor-helpers.ts';
import { HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The single-player house games (mines, plinko, dice, hi-lo, video poker, blackjack) against the platform, over real HTTP.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-solo-'));
  house = createTestHouseGames(platformUrl, dataDir);
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  await house.start();
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Round = {
  roundId: string;
  isOver: boolean;
  payout?: number;
  serverSeed?: string;
  commitment: string;
  clientSeed: string;
  nonce: number;
  view: Record<string, unknown>;
};

const START = 1_000_000;
const CATEGORY: Record<string, string> = {
  mines: 'MINIGAMES',
  dice: 'MINIGAMES',
  'hi-lo': 'MINIGAMES',
  plinko: 'ARCADE',
  'video-poker': 'ARCADE',
  blackjack: 'TABLE',
};

async function playerFor(gameCode: string, isTrial = false): Promise<GamePlayer> {
  return createGamePlayer(t.app, t.database.db, {
    balance: START,
    vendorCode: HOUSE_VENDOR_CODE,
    gameCode,
    gameCategory: CATEGORY[gameCode] as string,
    isTrial,
    ...(isTrial ? { accountType: ACCOUNT_TYPE.trial } : {}),
  });
}

async function balanceOf(p: GamePlayer): Promise<number> {
  return (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
}

async function recordsOf(p: GamePlayer) {
  return t.database.db
    .selectFrom('bet_records')
    .select(['round_id', 'status', 'stake', 'payout', 'game_category', 'game_code', 'outcome'])
    .where('member_id', '=', p.memberId)
    .orderBy('id')
    .execute();
}

describe('single-player games on the house game server', () => {
  it('plays a round of each game: the ledger, the bet records and the proof agree with what the page was told', async () => {
    const played: { player: GamePlayer; rounds: Round[] }[] = [];
    for (const gameCode of Object.keys(CATEGORY)) {
      const player = await playerFor(gameCode);
      const s = await openCrash(t.app, houseUrl, player, gameCode);
      const state = await s.post('state');
      const fair = state.fair as { commitment: string; clientSeed: string; nonce: number };
      const bodies: Record<string, Record<string, unknown>> = {
        mines: { mines: 3 },
        dice: { direction: 'OVER', target: 4_999 },
        'hi-lo': {},
        plinko: { rows: 12, risk: 'MEDIUM' },
        'video-poker': {},
        blackjack: {},
      };
      const started = await s.post('start', { stake: 10_000, ...bodies[gameCode] });
      expect(started, gameCode).toMatchObject({ httpStatus: 200, status: 'OK' });
      let round = started.round as Round;
      expect(round.commitment).toBe(fair.commitment);
      // Play the round out the simplest way each game allows.
      for (let step = 0; !round.isOver && step < 20; step++) {
        const view = round.view;
        const body =
          gameCode === 'mines'
            ? step === 0
              ? { action: 'REVEAL', cell: 12 }
              : { action: 'CASHOUT' }
            : gameCode === 'hi-lo'
              ? step === 0
                ? {
                    action: 'GUESS',
                    guess: Number((view.chances as { HIGHER_OR_SAME: number }).HIGHER_OR_SAME) >= 0.5 ? 'HIGHER_OR_SAME' : 'LOWER_OR_SAME',
                  }
                : { action: 'CASHOUT' }
              : gameCode === 'video-poker'
                ? { action: 'DRAW', holds: [true, true, false, false, false] }
                : { action: strategyOf(view) };
        const answer = await s.post('act', { roundId: round.roundId, ...body });
        expect(answer, `${gameCode} ${JSON.stringify(body)}`).toMatchObject({ httpStatus: 200, status: 'OK' });
        round = answer.round as Round;
      }
      expect(round.isOver).toBe(true);
      expect(commitmentOf(round.serverSeed as string)).toBe(fair.commitment);
      // The public proof replays the round's first draws from its published seeds.
      const verify = await (await fetch(`${houseUrl}/api/${gameCode}/verify?round=${encodeURIComponent(round.roundId)}`)).json();
      expect(verify, gameCode).toMatchObject({ commitmentMatches: true, nonce: fair.nonce, clientSeed: fair.clientSeed });
      played.push({ player, rounds: [round] });
      // A bad choice is refused with its code, and nothing moves.
      const before = await balanceOf(player);
      const refused = await s.post('start', { stake: -5, ...bodies[gameCode] });
      expect(refused).toMatchObject({ httpStatus: 409, status: 'STAKE_INVALID' });
      expect(await balanceOf(player)).toBe(before);
    }
    for (const { player, rounds } of played) {
      const records = await recordsOf(player);
      expect(records).toHaveLength(1);
      const [record] = records;
      const round = rounds[0] as Round;
      const staked = (record?.stake ?? 0) as number;
      expect(record).toMatchObject({ round_id: round.roundId, status: 'settled', payout: round.payout });
      expect(record?.game_category).toBe(CATEGORY[record?.game_code as string]);
      expect(await balanceOf(player)).toBe(START - staked + (round.payout as number));
      expect(record?.outcome).toBeTruthy();
    }
    await expectCleanBooks(t.database.db);
  });

  it('lets a trial account play a minigame with play money, and serves the page with no inline code', async () => {
    const player = await playerFor('dice', true);
    const s = await openCrash(t.app, houseUrl, player, 'dice', true);
    const answer = await s.post('start', { stake: 1_000, direction: 'UNDER', target: 5_000 });
    expect(answer).toMatchObject({ httpStatus: 200, status: 'OK', round: { isOver: true } });
    const url = await t.app.services.vendorWallet.buildLaunchUrl({
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'mines',
      token: player.token,
      language: 'vi',
      username: player.username,
      currency: player.currency,
      returnUrl: 'https://site.example/',
      isTrial: true,
    });
    const html = await (await fetch(url)).text();
    expect(html).toContain('Dò Mìn');
    expect(html).toContain('Chơi thử');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    await expectCleanBooks(t.database.db);
  });
});

/** Basic strategy from what the page sees (blackjack only; the others never reach it). */
function strategyOf(view: Record<string, unknown>): string {
  const toCard = (name: string) => {
    const rank = 'A23456789TJQK'.indexOf(name[0] as string) + 1;
    const suit = 'CDHS'.indexOf(name.slice(-1));
    return suit * 13 + rank - 1;
  };
  const hands = view.hands as { cards: string[]; stake: number; doubled: boolean; done: boolean }[];
  const round: BlackjackRound = {
    hands: hands.map((h, i) => ({
      cards: h.cards.map(toCard),
      stakeMinor: h.stake,
      doubled: h.doubled,
      done: h.done,
      fromSplit: hands.length > 1 && i >= 0,
    })),
    active: view.active as number,
    dealer: (view.dealer as string[]).map(toCard),
    phase: 'PLAYER',
    dealt: [],
  };
  const action = basicStrategy(round);
  return (view.actions as string[]).includes(action) ? action : 'STAND';
}
