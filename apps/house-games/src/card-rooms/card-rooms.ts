import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { replayCardHand } from '@platform/games/cards-pvp/verify-hand';
import { openJournal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { TableRefused } from '../table-wallet.ts';
import { CARD_GAME_CODES, type CardGame, type CardRoom, type CardRoomConfig, type CardRoomEntry, createCardRoom } from './card-room.ts';
import { renderCardVerifyPage } from './card-room-page.ts';

/**
 * The card rooms of the house game server and their HTTP calls (docs/house-games.md "Card rooms").
 * The rooms, their stakes and their rake are fixed here; the platform reads the live list from
 * `GET /api/card-rooms` for `/wps/relay/GLS2_roomList`.
 */
export const CARD_ROOMS: readonly CardRoomConfig[] = [
  { roomId: 'tl-1k', game: 'tien-len', stake: 1_000, minBalance: 20_000, seats: 4, rakeBps: 500 },
  { roomId: 'tl-10k', game: 'tien-len', stake: 10_000, minBalance: 200_000, seats: 4, rakeBps: 500 },
  { roomId: 'tl-100k', game: 'tien-len', stake: 100_000, minBalance: 2_000_000, seats: 4, rakeBps: 400 },
  { roomId: 'bc-1k', game: 'bai-cao', stake: 1_000, minBalance: 10_000, seats: 6, rakeBps: 500 },
  { roomId: 'bc-10k', game: 'bai-cao', stake: 10_000, minBalance: 100_000, seats: 6, rakeBps: 500 },
  // Mậu binh: the stake is one unit; the ante held at the deal is 18 units with four players.
  { roomId: 'mb-1k', game: 'mau-binh', stake: 1_000, minBalance: 20_000, seats: 4, rakeBps: 500 },
  { roomId: 'mb-10k', game: 'mau-binh', stake: 10_000, minBalance: 200_000, seats: 4, rakeBps: 500 },
];

export type CardRoomTimings = { turnMs?: number; awayTurnMs?: number; startDelayMs?: number; showdownMs?: number; arrangeMs?: number };

/** What the card rooms need of a game session (house-games.ts owns sessions). */
export type CardSession = { game: string; username: string; token: string; currency: string; links: readonly string[] };

export type CardRoomsHttp = {
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sessionOf: (id: unknown) => CardSession;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  notFound: () => Error;
  /** Sends a page with the game server's page headers (its content security policy). */
  sendPage: (response: ServerResponse, html: string) => void;
  heartbeatMs: number;
};

export function createCardRooms(options: {
  dataDir: string;
  platform: PlatformClient;
  secret: string;
  now: () => number;
  timings?: CardRoomTimings;
  rooms?: readonly CardRoomConfig[];
  log?: (message: string, data?: Record<string, unknown>) => void;
}) {
  const rooms = new Map<string, CardRoom>();
  const journals: { close: () => void }[] = [];
  for (const config of options.rooms ?? CARD_ROOMS) {
    const journal = openJournal<CardRoomEntry>(join(options.dataDir, `cards-${config.roomId}.jsonl`));
    journals.push(journal);
    rooms.set(
      config.roomId,
      createCardRoom({
        config,
        journal,
        platform: options.platform,
        secret: options.secret,
        now: options.now,
        log: options.log,
        ...options.timings,
      }),
    );
  }
  const streams = new Set<ServerResponse>();

  const list = (game?: string) => [...rooms.values()].filter((r) => !game || r.config.game === game).map((r) => r.summary());

  /**
   * A hand dealt again from its seeds (the same `replayCardHand` the offline script runs): the seeds
   * and seats given in the query, or else those the finished hand published; the cards are compared
   * with the hand's record when the room still keeps it.
   */
  function verifyHand(room: CardRoom, query: URLSearchParams) {
    const hand = Number(query.get('hand'));
    const known = room.history().find((h) => h.hand === hand);
    const serverSeed = query.get('seed') || known?.serverSeed;
    const clientSeed = query.get('clientSeed') || known?.clientSeed;
    const commitment = query.get('commitment') || known?.commitment;
    const seatsText = query.get('seats');
    const seats = seatsText ? seatsText.split(',').map(Number) : (known?.players.map((p) => p.seat) ?? []);
    if (
      !Number.isSafeInteger(hand) ||
      hand < 1 ||
      !serverSeed ||
      !clientSeed ||
      serverSeed.length > 128 ||
      clientSeed.length > 128 ||
      seats.length < 2 ||
      new Set(seats).size !== seats.length ||
      !seats.every((n) => Number.isInteger(n) && n >= 0 && n < room.config.seats)
    )
      return null;
    const replay = replayCardHand({ game: room.config.game, serverSeed, clientSeed, hand, seats, commitment });
    const isRecorded =
      known && known.end === 'played' && known.serverSeed === serverSeed && known.clientSeed === clientSeed
        ? replay.hands.every((h) => {
            const recorded = known.players.find((p) => p.seat === h.seat)?.cards ?? [];
            return recorded.length === h.cards.length && recorded.every((c, i) => c === h.cards[i]);
          })
        : null;
    return {
      ...replay,
      room: room.config.roomId,
      hand,
      serverSeed,
      clientSeed,
      commitment: commitment ?? null,
      seats,
      matchesRecord: isRecorded,
    };
  }

  function roomFor(session: CardSession, id: unknown): CardRoom {
    const room = typeof id === 'string' ? rooms.get(id) : undefined;
    if (!room || room.config.game !== session.game) throw new TableRefused('ROOM_UNKNOWN');
    return room;
  }

  /** Answers the card rooms' calls; false when the path is not theirs. */
  async function handle(request: IncomingMessage, response: ServerResponse, url: URL, http: CardRoomsHttp): Promise<boolean> {
    const path = url.pathname;
    if (request.method === 'GET' && path === '/api/card-rooms') {
      http.sendJson(response, 200, { rooms: list() });
      return true;
    }
    const hands = /^\/api\/card-rooms\/([a-z0-9-]{1,24})\/(hands|verify)$/.exec(path);
    if (request.method === 'GET' && hands) {
      const room = rooms.get(hands[1] as string);
      if (!room) throw http.notFound();
      if (hands[2] === 'hands') {
        http.sendJson(response, 200, { room: room.config, hands: room.history() });
        return true;
      }
      const answer = verifyHand(room, url.searchParams);
      if (answer) http.sendJson(response, 200, answer);
      else
        http.sendJson(response, 400, {
          message: 'give a hand number, its seeds and the seats dealt in, or the number of a finished hand of this room',
        });
      return true;
    }
    const verifyPage = /^\/verify\/([a-z-]{1,16})$/.exec(path);
    if (request.method === 'GET' && verifyPage && (CARD_GAME_CODES as readonly string[]).includes(verifyPage[1] as string)) {
      const game = verifyPage[1] as CardGame;
      const ids = [...rooms.values()].filter((r) => r.config.game === game).map((r) => r.config.roomId);
      http.sendPage(response, renderCardVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: game, rooms: ids }));
      return true;
    }
    const match = /^\/game\/([a-z-]{1,16})\/(rooms|balance|state|join|leave|play|pass|arrange|check|events)$/.exec(path);
    if (!match || !(CARD_GAME_CODES as readonly string[]).includes(match[1] as string)) return false;
    const game = match[1] as CardGame;
    const action = match[2] as string;
    if (action === 'events') {
      if (request.method !== 'GET') throw http.notFound();
      const session = http.sessionOf(url.searchParams.get('session'));
      if (session.game !== game) throw http.notFound();
      const room = rooms.get(url.searchParams.get('room') ?? '');
      if (!room || room.config.game !== game) throw http.notFound();
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = () => response.write(`event: state\ndata: ${JSON.stringify(room.snapshot(session.username))}\n\n`);
      send();
      const unwatch = room.watch(session.username, send);
      const heartbeat = setInterval(() => response.write(`: ${options.now()}\n\n`), http.heartbeatMs);
      heartbeat.unref();
      streams.add(response);
      request.on('close', () => {
        clearInterval(heartbeat);
        unwatch();
        streams.delete(response);
      });
      return true;
    }
    if (request.method !== 'POST') throw http.notFound();
    const body = await http.readJson(request);
    const session = http.sessionOf(body.session);
    if (session.game !== game) throw http.notFound();
    try {
      if (action === 'balance') {
        const answer = await options.platform.call('balance', { token: session.token });
        if (answer.status !== 'OK') http.sendJson(response, 409, { status: answer.status });
        else http.sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: answer.currency ?? session.currency });
        return true;
      }
      if (action === 'rooms') {
        const seated = [...rooms.values()]
          .filter((r) => r.config.game === game && r.snapshot(session.username).mySeat !== null)
          .map((r) => r.config.roomId);
        http.sendJson(response, 200, { status: 'OK', rooms: list(game), seated });
        return true;
      }
      const room = roomFor(session, body.room);
      const player = { username: session.username, token: session.token, currency: session.currency, links: session.links };
      let answer: Record<string, unknown> = {};
      if (action === 'join') answer = await room.join(player);
      else if (action === 'leave') answer = await room.leave(session.username);
      else if (action === 'play') answer = await room.act(session.username, body.cards ?? []);
      else if (action === 'pass') answer = await room.act(session.username, null);
      else if (action === 'arrange') answer = await room.arrange(session.username, body.rows);
      else if (action === 'check') answer = await room.arrange(session.username, body.rows, true);
      if (action === 'state') http.sendJson(response, 200, { status: 'OK', ...room.snapshot(session.username) });
      else http.sendJson(response, 200, { status: 'OK', ...answer, state: room.snapshot(session.username) });
    } catch (err) {
      if (err instanceof TableRefused) {
        http.sendJson(response, 409, { status: err.code });
        return true;
      }
      throw err;
    }
    return true;
  }

  return {
    rooms,
    handle,
    list,
    async recover() {
      for (const room of rooms.values()) {
        const done = await room.recover();
        if (done.hands > 0) options.log?.('settled the hands an earlier run left open', { room: room.config.roomId, ...done });
      }
    },
    start() {
      for (const room of rooms.values()) room.start();
    },
    async stop() {
      await Promise.all([...rooms.values()].map((r) => r.stop()));
      for (const s of streams) s.end();
    },
    close() {
      for (const j of journals) j.close();
    },
  };
}

export type CardRooms = ReturnType<typeof createCardRooms>;
