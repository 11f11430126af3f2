import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityTag } from '@platform/contracts/identity-tag';
import { betUnitMinor } from '@platform/contracts/money-format';
import type { HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addVendorWithGames } from '../../../test/games-helpers.ts';
import { createTestHouseGames, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// Four members at one tiến lên table of the house game server, against the platform over HTTP:
// the antes, the pot less the rake, the ledger, the bet records and the live room list agree.
let t: TestApp;
let platformUrl: string;
const houses: { house: HouseGames; dataDir: string }[] = [];
let vendorAdded = false;

beforeAll(async () => {
  t = await buildTestApp();
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const { house, dataDir } of houses) {
    await house.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await t.close();
});

/**
 * A house game server of this try's own, registered as the platform's house vendor: a test CI
 * retries meets fresh rooms and hand numbers, not the rooms its first try left mid-hand.
 */
async function openHouse(): Promise<{ house: HouseGames; houseUrl: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'house-cards-'));
  const house = createTestHouseGames(platformUrl, dataDir, { cardRooms: { startDelayMs: 50, turnMs: 60_000, awayTurnMs: 60_000 } });
  houses.push({ house, dataDir });
  const houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  return { house, houseUrl };
}

type Seat = { seat: number; cardIds: number[] | null } | null;
type State = {
  mySeat: number | null;
  seats: Seat[];
  hand: { no: number; phase: string; turn: number | null; table: unknown } | null;
  last: { hand: number; end: string; winners: number[]; pot: number; rake: number } | null;
};

describe('tiến lên on the house game server', () => {
  it('four members play a hand; the winner gets the pot less the rake and the room list is live', async () => {
    const { house, houseUrl } = await openHouse();
    const start = 100_000;
    const players = await Promise.all(
      [0, 1, 2, 3].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'tien-len',
          gameCategory: 'PVP',
        }),
      ),
    );
    const merchant = await t.database.db.selectFrom('merchants').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Once per file: CI retries a failed test in the same database, where the vendor is already there.
    if (!vendorAdded) {
      await addVendorWithGames(t.database.db, merchant.id, { code: HOUSE_VENDOR_CODE, categories: ['PVP'] }, [
        { code: 'tien-len', category: 'PVP', classify: ['card'] },
      ]);
      vendorAdded = true;
    }
    const sessions = await Promise.all(players.map((p) => openCrash(t.app, houseUrl, p, 'tien-len')));
    // Streams open (seated players who watch are present), then everyone sits down in room tl-1k.
    const streams = sessions.map((s) => {
      const controller = new AbortController();
      void fetch(`${houseUrl}/game/tien-len/events?session=${s.session}&room=tl-1k`, { signal: controller.signal })
        .then((r) => r.body?.getReader().read())
        .catch(() => undefined);
      return controller;
    });
    for (const s of sessions) expect(await s.post('join', { room: 'tl-1k' })).toMatchObject({ httpStatus: 200, status: 'OK' });
    // Started once all four sit, so the first hand deals to four (a hand starts from two seated players).
    await house.start();
    const rooms = await t.app.services.games.catalogue.roomList(
      merchant.id,
      { vassalage: HOUSE_VENDOR_CODE },
      'en',
      players[0]?.currency as string,
    );
    expect(rooms.list.find((r) => r.roomCode === 'tl-1k')).toMatchObject({
      gameCode: 'tien-len',
      seats: 4,
      players: 4,
      isOpen: false,
      rakePercent: 5,
    });
    // The ante and the minimum balance in the catalogue's bet units of the member's currency.
    const unit = betUnitMinor(players[0]?.currency as string);
    expect(rooms.list.find((r) => r.roomCode === 'tl-1k')).toMatchObject({ minBet: 1_000 / unit, minBalance: 20_000 / unit });

    const snapshot = async (i: number): Promise<State> =>
      (await (sessions[i] as (typeof sessions)[number]).post('state', { room: 'tl-1k' })) as unknown as State;
    await waitUntil(async () => (await snapshot(0)).hand?.phase === 'playing', { what: 'the deal', timeoutMs: 30_000, pollMs: 20 });
    const seatOf = await Promise.all(sessions.map(async (_, i) => (await snapshot(i)).mySeat));
    // Everyone asks to leave: the hand is played to its end and the seats are freed then (no second hand).
    for (const s of sessions) expect(await s.post('leave', { room: 'tl-1k' })).toMatchObject({ status: 'OK', left: 'after-hand' });
    // The test plays: whoever leads plays his lowest card, the others pass, until a player is out.
    // A moment with no turn to take (between two states of the hand) is waited through, not taken
    // for the end: the loop ends when the hand has ended.
    let seen: State | null = null;
    for (let moves = 0; moves < 200; moves++) {
      let s0 = null as unknown as State;
      await waitUntil(
        async () => {
          s0 = await snapshot(0);
          return s0.last?.hand === 1 || (s0.hand !== null && (s0.hand.phase !== 'playing' || s0.hand.turn !== null));
        },
        { what: 'a turn to take or the end of the hand', timeoutMs: 30_000, pollMs: 20 },
      );
      seen = s0;
      if (s0.last?.hand === 1 || s0.hand === null || s0.hand.phase !== 'playing' || s0.hand.turn === null) break;
      const turn = seatOf.indexOf(s0.hand.turn);
      const mine = await snapshot(turn);
      const cards = mine.seats[s0.hand.turn]?.cardIds as number[];
      const answer = mine.hand?.table
        ? await sessions[turn]?.post('pass', { room: 'tl-1k' })
        : await sessions[turn]?.post('play', { room: 'tl-1k', cards: [cards[0]] });
      expect(answer?.status).toBe('OK');
    }
    let last: State['last'] = null;
    await waitUntil(
      async () => {
        seen = (await (sessions[0] as (typeof sessions)[number]).post('state', { room: 'tl-1k' })) as unknown as State;
        last = seen.last;
        return last?.hand === 1;
      },
      { what: 'the hand settles', timeoutMs: 30_000 },
    ).catch((error: Error) => {
      // The room as last seen (hand, phase, turn), to say where it stopped.
      const room = seen as State | null;
      throw new Error(
        `${error.message}; last seen ${JSON.stringify({ hand: room?.hand && { ...room.hand, table: undefined }, last: room?.last })}`,
      );
    });
    const item = last as unknown as NonNullable<State['last']>;
    expect(item.end).toBe('played');
    expect(item.pot).toBe(4_000);
    expect(item.rake).toBe(200);
    const winnerSeat = item.winners[0] as number;
    const balances = await Promise.all(
      players.map(async (p) => (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main),
    );
    expect(balances).toEqual(seatOf.map((seat) => (seat === winnerSeat ? start - 1_000 + 3_800 : start - 1_000)));
    const records = await t.database.db
      .selectFrom('bet_records')
      .select(['member_id', 'status', 'stake', 'payout', 'outcome'])
      .where('vendor_code', '=', HOUSE_VENDOR_CODE)
      .where(
        'member_id',
        'in',
        players.map((p) => p.memberId),
      )
      .execute();
    expect(records).toHaveLength(4);
    for (const [i, p] of players.entries()) {
      const record = records.find((r) => r.member_id === p.memberId);
      expect(record).toMatchObject({ status: 'settled', stake: 1_000, payout: seatOf[i] === winnerSeat ? 3_800 : 0 });
      const outcome = record?.outcome as { kind: string; hands: { cards: string[] }[]; summary: string };
      expect(outcome.kind).toBe('cards');
      expect(outcome.hands).toHaveLength(4);
      expect(outcome.hands.every((h) => h.cards.length === 13)).toBe(true);
      expect(outcome.summary).toContain('rake 200');
    }
    await expectCleanBooks(t.database.db);
    // The hand's deal is public once it ends: dealt again from its seeds, it is the recorded one.
    const verified = (await (await fetch(`${houseUrl}/api/card-rooms/tl-1k/verify?hand=1`)).json()) as {
      commitmentMatches: boolean;
      matchesRecord: boolean;
      hands: { seat: number; cards: string[] }[];
    };
    expect(verified.commitmentMatches).toBe(true);
    expect(verified.matchesRecord).toBe(true);
    expect(verified.hands.map((h) => h.cards.length)).toEqual([13, 13, 13, 13]);
    const forged = await fetch(`${houseUrl}/api/card-rooms/tl-1k/verify?hand=1&seed=${'0'.repeat(64)}`);
    expect(await forged.json()).toMatchObject({ commitmentMatches: false, matchesRecord: null });
    expect((await fetch(`${houseUrl}/api/card-rooms/tl-1k/verify?hand=99`)).status).toBe(400);
    const page = await (await fetch(`${houseUrl}/verify/tien-len?lang=en`)).text();
    expect(page).toContain('Tiến lên miền Nam: verify a hand');
    expect(page).toContain('data-rooms="tl-1k,tl-10k,tl-100k"');
    for (const c of streams) c.abort();
  });

  it('a launch carries the linked accounts as identity tags, and the room keeps linked accounts apart', async () => {
    const { house, houseUrl } = await openHouse();
    await house.start();
    const [linked, other, third] = await Promise.all(
      [0, 1, 2].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: 50_000,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'bai-cao',
          gameCategory: 'PVP',
        }),
      ),
    );
    if (!linked || !other || !third) throw new Error('three players');
    const url = new URL(
      await t.app.services.vendorWallet.buildLaunchUrl({
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: 'bai-cao',
        token: linked.token,
        language: 'vi',
        username: linked.username,
        currency: linked.currency,
        returnUrl: 'https://site.example/pvp',
        isTrial: false,
        linkedUsernames: [other.username],
      }),
    );
    expect(url.searchParams.get('links')).toBe(identityTag(DEV_HOUSE_GAMES_SECRET, other.username));
    // The tags are signed with the launch: a URL without them is refused.
    const stripped = new URL(url);
    stripped.searchParams.delete('links');
    expect((await fetch(stripped)).status).toBe(403);
    const page = await (await fetch(url)).text();
    const session = /data-session="([^"]+)"/.exec(page)?.[1];
    const [b, c] = await Promise.all([other, third].map((p) => openCrash(t.app, houseUrl, p, 'bai-cao')));
    // bc-10k needs 100 000: below it, no seat.
    expect(await b?.post('join', { room: 'bc-10k' })).toMatchObject({ httpStatus: 409, status: 'BALANCE_TOO_LOW' });
    expect(await b?.post('join', { room: 'bc-1k' })).toMatchObject({ status: 'OK' });
    const refused = await fetch(`${houseUrl}/game/bai-cao/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, room: 'bc-1k' }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ status: 'IDENTITY_CONFLICT' });
    expect(await c?.post('join', { room: 'bc-1k' })).toMatchObject({ status: 'OK' });
    for (const s of [b, c]) await s?.post('leave', { room: 'bc-1k' });
  });
});
