import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { openJournal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { TableRefused } from '../table-wallet.ts';
import { CARD_GAME_CODES, type CardGame, type CardRoom, type CardRoomConfig, type CardRoomEntry, createCardRoom } from './card-room.ts';

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
];

export type CardRoomTimings = { turnMs?: number; awayTurnMs?: number; startDelayMs?: number; showdownMs?: number };

/** What the card rooms need of a game session (house-games.ts owns sessions). */
export type CardSession = { game: string; username: string; token: string; currency: string; links: readonly string[] };

export type CardRoomsHttp = {
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sessionOf: (id: unknown) => CardSession;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  notFound: () => Error;
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
    const hands = /^\/api\/card-rooms\/([a-z0-9-]{1,24})\/hands$/.exec(path);
    if (request.method === 'GET' && hands) {
      const room = rooms.get(hands[1] as string);
      if (!room) throw http.notFound();
      http.sendJson(response, 200, { room: room.config, hands: room.history() });
      return true;
    }
    const match = /^\/game\/([a-z-]{1,16})\/(rooms|balance|state|join|leave|play|pass|events)$/.exec(path);
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
