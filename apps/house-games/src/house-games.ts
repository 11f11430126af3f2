import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { IDENTITY_LINKS_MAX } from '@platform/contracts/identity-tag';
import { checkLaunchParams } from '@platform/contracts/vendor-protocol';
import { verifyCrashRound } from '@platform/games/crash/crash';
import { replayRound } from '@platform/games/house/verify';
import { createLeases, type Leases } from '@platform/realtime/lease';
import { createPubSub, type PubSub } from '@platform/realtime/pubsub';
import { renderBaccaratPage, renderBaccaratVerifyPage } from './baccarat/baccarat-page.ts';
import {
  BACCARAT_GAME_CODES,
  type BaccaratEntry,
  type BaccaratLimits,
  type BaccaratTableRuntime,
  createBaccaratTable,
} from './baccarat/baccarat-table.ts';
import { CARD_GAME_CODES } from './card-rooms/card-room.ts';
import { renderCardRoomPage } from './card-rooms/card-room-page.ts';
import { type CardRooms, type CardRoomTimings, createCardRooms } from './card-rooms/card-rooms.ts';
import { COCKFIGHT_GAME_CODE, type CockfightHall, createCockfightHall } from './cockfight/cockfight-hall.ts';
import { renderCockfightPage } from './cockfight/cockfight-page.ts';
import { handleCockfight } from './cockfight/cockfight-routes.ts';
import { renderCrashPage, renderVerifyPage } from './crash/crash-page.ts';
import { CRASH_GAME_CODE, type CrashEntry, type CrashTable, createCrashTable } from './crash/crash-table.ts';
import { renderFishingPage } from './fishing/fishing-page.ts';
import { createFishingHall, FISHING_GAME_CODES, type FishingEntry, type FishingHall, isFishingGame } from './fishing/fishing-room.ts';
import { handleFishing } from './fishing/fishing-routes.ts';
import { renderJackpotPage } from './jackpot/jackpot-page.ts';
import { handleJackpot } from './jackpot/jackpot-routes.ts';
import { createJackpotWheel, isJackpotGame, JACKPOT_GAME_CODES, type JackpotEntry, type JackpotWheel } from './jackpot/jackpot-wheel.ts';
import { openJournal } from './journal.ts';
import { renderLivePage, renderLiveVerifyPage } from './live/live-page.ts';
import { createLiveTable, type LiveEntry, type LiveTableRuntime } from './live/live-table.ts';
import { createLimitSettings, LIVE_GAMES, LIVE_TABLES, type LiveGameName } from './live/live-tables.ts';
import { handleTableLimits, type LimitTable } from './live/table-limits-routes.ts';
import { createPlatformClient, type PlatformClient } from './platform-client.ts';
import { roundDetail } from './round-detail.ts';
import { createRoundRunner, type RoundRunner } from './round-runner.ts';
import { isSoloGame, SOLO_GAME_CODES, SOLO_GAMES } from './solo/solo-games.ts';
import { renderSoloPage } from './solo/solo-page.ts';
import { handleSolo } from './solo/solo-routes.ts';
import { createSoloTable, type SoloEntry, type SoloTable } from './solo/solo-table.ts';
import { createSportsbook, type SportsbookEntry, type SportsbookLimits } from './sportsbook/sportsbook.ts';
import { brandOf, isSportsbookGame, SPORTSBOOK_BRANDS, SPORTSBOOK_GAME_CODES } from './sportsbook/sportsbook-brands.ts';
import { handleSportsbookOperator } from './sportsbook/sportsbook-operator-routes.ts';
import { renderSportsbookPage } from './sportsbook/sportsbook-page.ts';
import { handleSportsbook, renderSportsbookBet } from './sportsbook/sportsbook-routes.ts';
import { type ChannelTable, createTableChannels, type TableAnswer, type TableAsk, TableNotAnswering } from './table-channel.ts';
import { createTableLeases } from './table-leases.ts';
import { TableRefused } from './table-wallet.ts';

/**
 * The house game server: our own game studio, which the platform knows only as the seamless vendor
 * `HOUSE` (docs/house-games.md, ADR 0021). It opens games from signed launch URLs, runs the shared
 * rounds of its tables on the round runner, moves money only through the platform's callback API,
 * keeps its rounds and bets in its own journal, and pushes each shared-round table's events to the
 * table's watchers on one WebSocket channel per table, fanned out across game-server nodes through
 * pub/sub (ADR 0048).
 */
export type HouseGamesOptions = {
  platformUrl: string;
  vendorCode?: string;
  secret: string;
  /** Where the tables' journals live. */
  dataDir: string;
  /** Origins allowed to show the games in a frame (the site). */
  siteOrigins: readonly string[];
  now?: () => number;
  platformTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  baccarat?: { bettingMs?: number; revealStepMs?: number; pauseMs?: number };
  /** Fishing: the wallet batch length and the wave length (ms). */
  fishing?: { batchMs?: number; waveMs?: number };
  /** The pace of the dragon tiger, sic bo and roulette tables. */
  live?: { bettingMs?: number; revealStepMs?: number; pauseMs?: number };
  crash?: {
    bettingMs?: number;
    pauseMs?: number;
    ratePerMs?: number;
    chainLength?: number;
    rootSeed?: string;
    salt?: string;
  };
  /** The single-player games: how long a round may be left before it is finished for the player (ms). */
  solo?: { idleMs?: number; sweepMs?: number };
  /** The card rooms' timers (tests shorten them). */
  cardRooms?: CardRoomTimings;
  /** The jackpot games: tests shrink the jackpot's draw bound to force a win. */
  jackpot?: { triggerBound?: number };
  /** The cockfight arenas: how often pool updates reach the watchers at most (ms). */
  cockfight?: { pushIntervalMs?: number };
  /** The sportsbook: its simulated feed (null: none), limits and clock (docs/sportsbook.md). */
  sportsbook?: { simulation?: { seed?: string; days?: number } | null; limits?: Partial<SportsbookLimits>; tickMs?: number };
  /**
   * The shared-round tables' channels and who runs them (ADR 0048): with `redisUrl` every node relays
   * every table's events through Redis under `prefix`, and each table (crash, baccarat, the live
   * tables) is run by the node that holds its lease (`leaseMs`); the others ask that node for
   * snapshots, bets and cash-outs. `runsTables: false` makes a node a relay that never runs a table.
   * Tests may hand several nodes in one process one in-process `pubsub` and `leases` (theirs to close).
   */
  channels?: {
    pubsub?: PubSub;
    leases?: Leases;
    redisUrl?: string;
    prefix?: string;
    runsTables?: boolean;
    leaseMs?: number;
    askTimeoutMs?: number;
    heartbeatMs?: number;
  };
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export const HOUSE_VENDOR_CODE = 'HOUSE';
export const HOUSE_GAME_CODES = [
  CRASH_GAME_CODE,
  BACCARAT_GAME_CODES.COMMISSION,
  BACCARAT_GAME_CODES.NO_COMMISSION,
  ...FISHING_GAME_CODES,
  ...CARD_GAME_CODES,
  ...LIVE_TABLES.map((t) => t.gameCode),
  ...JACKPOT_GAME_CODES,
  ...SOLO_GAME_CODES,
  COCKFIGHT_GAME_CODE,
  ...SPORTSBOOK_GAME_CODES,
] as const;

/** The baccarat tables, one per game code, each with its own limits (minor units). */
const BACCARAT_TABLES: readonly { tableId: string; kind: 'COMMISSION' | 'NO_COMMISSION'; limits: BaccaratLimits }[] = [
  {
    tableId: 'b1',
    kind: 'COMMISSION',
    limits: { min: 1_000, max: { PLAYER: 5_000_000, BANKER: 5_000_000, TIE: 1_000_000, PLAYER_PAIR: 500_000, BANKER_PAIR: 500_000 } },
  },
  {
    tableId: 'nc1',
    kind: 'NO_COMMISSION',
    limits: { min: 5_000, max: { PLAYER: 20_000_000, BANKER: 20_000_000, TIE: 2_500_000, PLAYER_PAIR: 1_000_000, BANKER_PAIR: 1_000_000 } },
  },
];
export const SESSION_TTL_MS = 12 * 60 * 60_000;
const SESSION_COUNT_MAX = 100_000;
const BODY_LIMIT_BYTES = 8 * 1024;
const HEARTBEAT_MS = 15_000;
const PUBLIC_FILES = new Map([
  ['/static/table-channel.js', { file: 'table-channel.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/crash.js', { file: 'crash.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/crash.css', { file: 'crash.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify.js', { file: 'verify.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/baccarat.js', { file: 'baccarat.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/baccarat.css', { file: 'baccarat.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify-baccarat.js', { file: 'verify-baccarat.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/fishing.js', { file: 'fishing.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/fishing.css', { file: 'fishing.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify-fishing.js', { file: 'verify-fishing.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/card-rooms.js', { file: 'card-rooms.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/verify-cards.js', { file: 'verify-cards.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/card-rooms.css', { file: 'card-rooms.css', type: 'text/css; charset=utf-8' }],
  ['/static/live.js', { file: 'live.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/live.css', { file: 'live.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify-live.js', { file: 'verify-live.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/jackpot.js', { file: 'jackpot.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/jackpot.css', { file: 'jackpot.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify-jackpot.js', { file: 'verify-jackpot.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/solo.js', { file: 'solo.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/solo.css', { file: 'solo.css', type: 'text/css; charset=utf-8' }],
  ['/static/verify-solo.js', { file: 'verify-solo.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/cockfight.js', { file: 'cockfight.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/cockfight.css', { file: 'cockfight.css', type: 'text/css; charset=utf-8' }],
  ['/static/sportsbook.js', { file: 'sportsbook.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/sportsbook-odds.js', { file: 'sportsbook-odds.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/sportsbook.css', { file: 'sportsbook.css', type: 'text/css; charset=utf-8' }],
]);

type GameSession = {
  id: string;
  game: string;
  token: string;
  username: string;
  currency: string;
  language: string;
  returnUrl: string;
  /** Launched for a trial account (`trial=1` in the signed launch URL): play money, crash only. */
  isTrial: boolean;
  /** Identity tags of the accounts the platform links to this member (card rooms: not at one table). */
  links: string[];
  createdAtMs: number;
};

export type HouseGames = {
  server: Server;
  crash: CrashTable;
  /** The baccarat tables by game code. */
  baccarat: ReadonlyMap<string, BaccaratTableRuntime>;
  /** The fishing halls (their rooms) by game code. */
  fishing: ReadonlyMap<string, FishingHall>;
  cardRooms: CardRooms;
  /** The dragon tiger, sic bo and roulette tables by game code. */
  live: ReadonlyMap<string, LiveTableRuntime>;
  /** The jackpot games (their pools) by game code. */
  jackpots: ReadonlyMap<string, JackpotWheel>;
  /** The single-player games (mines, plinko, dice, hi-lo, video poker, blackjack) by game code. */
  solo: ReadonlyMap<string, SoloTable>;
  /** The cockfight arenas, one game (fights run by the operator's calls). */
  cockfight: CockfightHall;
  sportsbook: ReturnType<typeof createSportsbook>;
  platform: PlatformClient;
  /** The shared-round tables' WebSocket channels (crash, baccarat, the live tables). */
  channels: ReturnType<typeof createTableChannels>;
  /** Replays the journals, settles what an earlier run left open, then starts the tables. */
  start: () => Promise<void>;
  listen: (port: number, host?: string) => Promise<string>;
  /** Stops the tables (a round in progress is voided and refunded) and the HTTP server. */
  close: () => Promise<void>;
};

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        reject(new HttpError(413, 'body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'the body must be a JSON object');
}

function sendJson(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export function createHouseGames(options: HouseGamesOptions): HouseGames {
  const vendorCode = options.vendorCode ?? HOUSE_VENDOR_CODE;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? (() => undefined);
  const platform = createPlatformClient({
    platformUrl: options.platformUrl,
    vendorCode,
    secret: options.secret,
    timeoutMs: options.platformTimeoutMs ?? 5_000,
    now: () => new Date(now()),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  const journal = openJournal<CrashEntry>(join(options.dataDir, 'crash-main.jsonl'));
  const crash = createCrashTable({ tableId: 'main', journal, platform, now, log, ...options.crash });
  /** The round runner of each shared-round table, by game code (started where the table's lease is held). */
  const runners = new Map<string, RoundRunner>();
  runners.set(CRASH_GAME_CODE, createRoundRunner(crash.game, { now, onError: (err) => log('a crash round failed', { err: String(err) }) }));
  const journals: { close: () => void }[] = [journal];
  const baccarat = new Map<string, BaccaratTableRuntime>();
  // Every shared table's limits: the defaults, with the operator's `table-limits.json` over them.
  const limitSettings = createLimitSettings(join(options.dataDir, 'table-limits.json'));
  for (const t of BACCARAT_TABLES) {
    const tableJournal = openJournal<BaccaratEntry>(join(options.dataDir, `baccarat-${t.tableId}.jsonl`));
    const gameCode = BACCARAT_GAME_CODES[t.kind];
    const table = createBaccaratTable({
      ...t,
      limits: () => limitSettings.limitsOf({ gameCode, limits: t.limits }) as BaccaratLimits,
      journal: tableJournal,
      platform,
      now,
      log,
      ...options.baccarat,
    });
    journals.push(tableJournal);
    runners.set(
      table.gameCode,
      createRoundRunner(table.game, { now, onError: (err) => log('a baccarat round failed', { err: String(err) }) }),
    );
    baccarat.set(table.gameCode, table);
  }
  const fishing = new Map<string, FishingHall>();
  for (const gameCode of FISHING_GAME_CODES) {
    const hallJournal = openJournal<FishingEntry>(join(options.dataDir, `fishing-${gameCode}.jsonl`));
    journals.push(hallJournal);
    fishing.set(gameCode, createFishingHall({ gameCode, journal: hallJournal, platform, now, log, ...options.fishing }));
  }
  const cardRooms = createCardRooms({
    dataDir: options.dataDir,
    platform,
    secret: options.secret,
    now,
    log,
    ...(options.cardRooms ? { timings: options.cardRooms } : {}),
  });
  const live = new Map<string, LiveTableRuntime>();
  for (const t of LIVE_TABLES) {
    const tableJournal = openJournal<LiveEntry>(join(options.dataDir, `${t.game}-${t.tableId}.jsonl`));
    const table = createLiveTable({
      gameCode: t.gameCode,
      tableId: t.tableId,
      game: LIVE_GAMES[t.game],
      limits: () => limitSettings.limitsOf(t),
      journal: tableJournal,
      platform,
      now,
      log,
      ...options.live,
    }) as LiveTableRuntime;
    journals.push(tableJournal);
    runners.set(
      t.gameCode,
      createRoundRunner(table.game, { now, onError: (err) => log('a live table round failed', { err: String(err) }) }),
    );
    live.set(t.gameCode, table);
  }
  const jackpots = new Map<string, JackpotWheel>();
  for (const gameCode of JACKPOT_GAME_CODES) {
    const wheelJournal = openJournal<JackpotEntry>(join(options.dataDir, `jackpot-${gameCode}.jsonl`));
    journals.push(wheelJournal);
    jackpots.set(gameCode, createJackpotWheel({ gameCode, journal: wheelJournal, platform, now, log, ...options.jackpot }));
  }
  const solo = new Map<string, SoloTable>();
  for (const [gameCode, game] of Object.entries(SOLO_GAMES)) {
    const soloJournal = openJournal<SoloEntry>(join(options.dataDir, `solo-${gameCode}.jsonl`));
    journals.push(soloJournal);
    const idle = options.solo?.idleMs === undefined ? {} : { idleMs: options.solo.idleMs };
    solo.set(gameCode, createSoloTable({ game, journal: soloJournal, platform, now, log, ...idle }));
  }
  const cockfight = createCockfightHall({ dataDir: options.dataDir, platform, now, log, ...options.cockfight });
  journals.push(cockfight);
  // The sportsbook: HOUSE's code and each e-sports brand's own vendor code (same secret), so a
  // brand's launches, wallet calls and records are that vendor's.
  const brandPlatforms = new Map(
    SPORTSBOOK_BRANDS.map((b) => [
      b.code,
      createPlatformClient({
        platformUrl: options.platformUrl,
        vendorCode: b.code,
        secret: options.secret,
        timeoutMs: options.platformTimeoutMs ?? 5_000,
        now: () => new Date(now()),
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      }),
    ]),
  );
  const platformOfGame = (game: string) => brandPlatforms.get(brandOf(game)?.code ?? '') ?? platform;
  const vendorOfGame = (game: string) => brandOf(game)?.code ?? vendorCode;
  const sportsbookJournal = openJournal<SportsbookEntry>(join(options.dataDir, 'sportsbook.jsonl'));
  journals.push(sportsbookJournal);
  const sportsbook = createSportsbook({
    journal: sportsbookJournal,
    platformOf: platformOfGame,
    now,
    log,
    ...(options.sportsbook?.simulation !== undefined ? { simulation: options.sportsbook.simulation } : {}),
    ...(options.sportsbook?.limits ? { limits: options.sportsbook.limits } : {}),
    ...(options.sportsbook?.tickMs !== undefined ? { tickMs: options.sportsbook.tickMs } : {}),
  });
  /** Every table whose limits the operator sets (docs/house-games.md, "Table limits"). */
  const limitTables: LimitTable[] = [
    ...BACCARAT_TABLES.map((t) => ({
      gameCode: BACCARAT_GAME_CODES[t.kind],
      game: 'baccarat' as const,
      tableId: t.tableId,
      defaults: t.limits,
    })),
    ...LIVE_TABLES.map((t) => ({ gameCode: t.gameCode, game: t.game, tableId: t.tableId, defaults: t.limits })),
  ];
  const liveGameOf = (gameCode: string): LiveGameName | undefined => LIVE_TABLES.find((t) => t.gameCode === gameCode)?.game;
  /** Baccarat and the other live tables take the same calls (a bet of spots). */
  const spotTableOf = (gameCode: string) => baccarat.get(gameCode) ?? live.get(gameCode);
  const sessions = new Map<string, GameSession>();
  const streams = new Set<ServerResponse>();
  // Crash, baccarat and the live tables: one WebSocket channel each, relayed by every node (ADR 0048).
  const ownPubSub = options.channels?.pubsub
    ? undefined
    : createPubSub({
        redisUrl: options.channels?.redisUrl,
        onError: (err, channel) => log('the tables’ pub/sub failed', { channel, err: String(err) }),
      });
  const pubsub = options.channels?.pubsub ?? (ownPubSub as PubSub);
  const ownLeases = options.channels?.leases
    ? undefined
    : createLeases({ redisUrl: options.channels?.redisUrl, onError: (err) => log('the table leases failed', { err: String(err) }) });
  const prefix = options.channels?.prefix ?? 'house:';
  const mayRunTables = options.channels?.runsTables ?? true;
  const tableLeases = createTableLeases({
    leases: options.channels?.leases ?? (ownLeases as Leases),
    prefix,
    owner: randomBytes(9).toString('base64url'),
    games: [...runners.keys()],
    ttlMs: options.channels?.leaseMs ?? 10_000,
    onAcquire: (game) => runners.get(game)?.start(),
    onLose: async (game) => runners.get(game)?.stop(),
    log,
  });
  // A node with its own in-process pub/sub is alone: it runs every table (its lease is a formality).
  const isAlone = !options.channels?.pubsub && !options.channels?.redisUrl;
  const channels = createTableChannels({
    pubsub,
    prefix,
    runs: (game) => isAlone || tableLeases.holds(game),
    serve: serveTable,
    log,
    ...(options.channels?.askTimeoutMs === undefined ? {} : { askTimeoutMs: options.channels.askTimeoutMs }),
    ...(options.channels?.heartbeatMs === undefined ? {} : { heartbeatMs: options.channels.heartbeatMs }),
  });
  const channelTables: [string, ChannelTable][] = [[CRASH_GAME_CODE, crash], ...baccarat, ...live];
  for (const [gameCode, table] of channelTables) channels.register(gameCode, table);
  const publicDir = new URL('./public/', import.meta.url);
  const staticFiles = new Map([...PUBLIC_FILES].map(([path, f]) => [path, { ...f, body: readFileSync(new URL(f.file, publicDir)) }]));
  const frameAncestors = ["'self'", ...options.siteOrigins].join(' ');
  const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;
  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };

  function openGame(game: string, query: URLSearchParams): GameSession {
    if (!(HOUSE_GAME_CODES as readonly string[]).includes(game)) throw new HttpError(404, 'no such game');
    const params = Object.fromEntries(query.entries());
    const check = checkLaunchParams({ secret: options.secret, vendorCode: vendorOfGame(game), gameCode: game, params, nowMs: now() });
    if (check === 'expired') throw new HttpError(403, 'this game link has expired; open the game again from the site');
    if (check !== 'ok') throw new HttpError(403, 'this game link is not valid');
    const isTrial = params.trial === '1';
    // Trial accounts play crash in the shared round and the single-player games with play money
    // (the platform keeps it apart); the live tables are for real money only.
    if (isTrial && game !== CRASH_GAME_CODE && !isSoloGame(game)) throw new HttpError(403, 'this game is played with real money only');
    if (sessions.size >= SESSION_COUNT_MAX) {
      for (const [id, s] of sessions) if (now() - s.createdAtMs > SESSION_TTL_MS) sessions.delete(id);
    }
    const session: GameSession = {
      id: randomBytes(18).toString('base64url'),
      game,
      token: params.token ?? '',
      username: params.user ?? '',
      currency: params.currency ?? '',
      language: params.lang ?? 'vi',
      returnUrl: params.return ?? '',
      isTrial,
      links: (params.links ?? '')
        .split(',')
        .filter((l) => /^[0-9a-f]{16}$/.test(l))
        .slice(0, IDENTITY_LINKS_MAX),
      createdAtMs: now(),
    };
    sessions.set(session.id, session);
    return session;
  }

  function sessionOf(id: unknown): GameSession {
    const session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session) throw new HttpError(401, 'unknown game session');
    if (now() - session.createdAtMs > SESSION_TTL_MS) {
      sessions.delete(session.id);
      throw new HttpError(401, 'game session expired');
    }
    return session;
  }

  const playerOf = (s: GameSession) => ({ username: s.username, token: s.token, currency: s.currency, isTrial: s.isTrial });

  /**
   * A player's call or a read of a shared-round table (crash, baccarat, the live tables), answered on
   * the node that runs the table; another node's question arrives here through the table's channel.
   */
  async function serveTable(game: string, ask: TableAsk): Promise<TableAnswer> {
    const ok = (body: object): TableAnswer => ({ statusCode: 200, body: { status: 'OK', ...body } });
    try {
      const table = spotTableOf(game);
      const body = ask.body ?? {};
      const player = ask.player;
      switch (ask.action) {
        case 'bet':
          if (!player) break;
          if (table) return ok(await table.placeBet(player, { spots: body.spots }));
          if (game === CRASH_GAME_CODE) return ok(await crash.placeBet(player, { stake: body.stake, target: body.target }));
          break;
        case 'cashout':
          if (player && game === CRASH_GAME_CODE) return ok(await crash.cashOut(player));
          break;
        case 'rounds':
          if (game === CRASH_GAME_CODE) return { statusCode: 200, body: { chain: crash.currentChain() ?? null, rounds: crash.history() } };
          if (table) return { statusCode: 200, body: { rounds: table.history() } };
          break;
        case 'verify': {
          const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
          if (game === CRASH_GAME_CODE) return { statusCode: 200, body: verifyAnswer(query) };
          const baccaratTable = baccarat.get(game);
          if (baccaratTable) return { statusCode: 200, body: verifyTableRound(baccaratTable, query) };
          const liveTable = live.get(game);
          if (liveTable) return { statusCode: 200, body: verifyLiveRound(liveTable, query) };
          break;
        }
      }
    } catch (err) {
      if (err instanceof TableRefused) return { statusCode: 409, body: { status: err.code } };
      if (err instanceof HttpError) return { statusCode: err.statusCode, body: { status: 'ERROR', message: err.message } };
      log('a table call failed', { game, action: ask.action, err: String(err) });
      return { statusCode: 502, body: { status: 'ERROR', message: 'the game server could not finish this call' } };
    }
    return { statusCode: 404, body: { status: 'ERROR', message: 'not found' } };
  }

  const tableNotAnswering = () => new HttpError(503, 'the table is not answering; try again in a moment');

  /** Asks the node that runs the table (this one, or another through the channel). */
  async function askTable(game: string, ask: TableAsk): Promise<TableAnswer> {
    try {
      return await channels.ask(game, ask);
    } catch (err) {
      if (err instanceof TableNotAnswering) throw tableNotAnswering();
      throw err;
    }
  }

  async function tableSnapshot(game: string, username?: string): Promise<object> {
    try {
      return await channels.snapshot(game, username);
    } catch (err) {
      if (err instanceof TableNotAnswering) throw tableNotAnswering();
      throw err;
    }
  }

  async function gameCall(action: string, session: GameSession, body: Record<string, unknown>, response: ServerResponse) {
    if (action === 'balance') {
      const answer = await platform.call('balance', { token: session.token });
      if (answer.status !== 'OK') return sendJson(response, 409, { status: answer.status });
      return sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: answer.currency ?? session.currency });
    }
    if (channels.has(session.game)) {
      if (action === 'state') return sendJson(response, 200, await tableSnapshot(session.game, session.username));
      const ask = { action, player: playerOf(session), body: { spots: body.spots, stake: body.stake, target: body.target } };
      const answer = await askTable(session.game, ask);
      return sendJson(response, answer.statusCode, answer.body);
    }
    throw new HttpError(404, 'not found');
  }

  /**
   * A baccarat round recomputed from its seeds (the same `replayRound` the verify script runs): the
   * seeds given in the query, or else the ones the round published.
   */
  function verifyTableRound(table: BaccaratTableRuntime, query: URLSearchParams) {
    const round = Number(query.get('round'));
    const known = table.history().find((h) => h.round === round);
    const serverSeed = query.get('seed') ?? known?.serverSeed;
    const clientSeed = query.get('clientSeed') ?? known?.clientSeed;
    const commitment = query.get('commitment') ?? known?.commitment;
    if (!Number.isSafeInteger(round) || round < 1 || !serverSeed || !clientSeed || serverSeed.length > 128 || clientSeed.length > 128) {
      throw new HttpError(400, 'give a round number and its seeds, or the round number of a finished round of this table');
    }
    const replay = replayRound({ game: 'baccarat', serverSeed, clientSeed, nonce: round, commitment });
    return { ...replay, round, serverSeed, clientSeed, nonce: round, commitment: commitment ?? null, recorded: known ?? null };
  }

  /** A dragon tiger, sic bo or roulette round recomputed from its seeds, as for baccarat. */
  function verifyLiveRound(table: LiveTableRuntime, query: URLSearchParams) {
    const round = Number(query.get('round'));
    const known = table.history().find((h) => h.round === round);
    const serverSeed = query.get('seed') ?? known?.serverSeed;
    const clientSeed = query.get('clientSeed') ?? known?.clientSeed;
    const commitment = query.get('commitment') ?? known?.commitment;
    if (!Number.isSafeInteger(round) || round < 1 || !serverSeed || !clientSeed || serverSeed.length > 128 || clientSeed.length > 128) {
      throw new HttpError(400, 'give a round number and its seeds, or the round number of a finished round of this table');
    }
    const replay = replayRound({ game: table.verifyGame, serverSeed, clientSeed, nonce: round, commitment });
    return { ...replay, round, serverSeed, clientSeed, nonce: round, commitment: commitment ?? null, recorded: known ?? null };
  }

  function verifyAnswer(query: URLSearchParams) {
    const chainId = query.get('chain') ?? crash.currentChain()?.chainId ?? '';
    const round = Number(query.get('round'));
    const chain = crash.chainOf(chainId);
    const known = crash.history().find((h) => h.chainId === chainId && h.round === round);
    const seed = query.get('seed') ?? known?.seed;
    if (!chain || !Number.isSafeInteger(round) || round < 1 || round > chain.length || !seed || !/^[0-9a-f]{64}$/.test(seed)) {
      throw new HttpError(400, 'give chain, round (1 to the chain length) and the 64-hex seed, or a round of the history');
    }
    const result = verifyCrashRound({ round, seed, salt: chain.salt, terminalHash: chain.terminalHash });
    return { ...result, chainId, terminalHash: chain.terminalHash, salt: chain.salt, recorded: known ?? null };
  }

  /**
   * The live state of every shared table for a lobby: game, limits, phase, seconds left, the last
   * results (baccarat: the bead plate's last winners too). Public: it shows nothing a watcher does not see.
   */
  async function liveLobby() {
    const at = now();
    const secondsLeft = (phase: string, closesAt: number) => (phase === 'betting' ? Math.max(0, Math.ceil((closesAt - at) / 1000)) : 0);
    const tables: unknown[] = [];
    // The snapshots come from the node that runs the tables (this one, or through the channel).
    for (const code of baccarat.keys()) {
      const s = (await tableSnapshot(code)) as ReturnType<BaccaratTableRuntime['snapshot']>;
      tables.push({
        gameCode: s.gameCode,
        game: 'baccarat',
        tableId: s.tableId,
        limits: { min: s.limits.min, max: Math.max(...Object.values(s.limits.max)) },
        round: s.round,
        phase: s.phase,
        secondsLeft: secondsLeft(s.phase, s.closesAt),
        results: s.history.slice(0, 12).flatMap((h) => (h.result ? [h.result.winner] : [])),
        road: s.roads.bead.slice(-36).map((c) => c.winner),
      });
    }
    for (const code of live.keys()) {
      const s = (await tableSnapshot(code)) as ReturnType<LiveTableRuntime['snapshot']>;
      tables.push({
        gameCode: s.gameCode,
        game: s.game,
        tableId: s.tableId,
        limits: { min: s.limits.min, max: Math.max(...Object.values(s.limits.max)) },
        round: s.round,
        phase: s.phase,
        secondsLeft: secondsLeft(s.phase, s.closesAt),
        // Dragon tiger: the winner; sic bo: the dice; roulette: the pocket.
        results: s.history
          .slice(0, 12)
          .flatMap((h) => (h.result ? [s.game === 'dragon-tiger' ? String(h.result.winner) : h.steps.join(' ')] : [])),
        road: [],
      });
    }
    return tables;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://house.invalid');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/healthz') return sendJson(response, 200, { status: 'ok' });
    // A game page opened on its own (not in the site's frame) makes the browser ask for an icon.
    if (request.method === 'GET' && path === '/favicon.ico') return void response.writeHead(204).end();
    const file = staticFiles.get(path);
    if (request.method === 'GET' && file) {
      response.writeHead(200, { 'content-type': file.type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' });
      response.end(file.body);
      return;
    }
    const fishingContext = {
      halls: fishing,
      sessionOf,
      readJson: async (r: IncomingMessage) => parseJson(await readBody(r)),
      sendJson,
      badRequest: (message: string) => new HttpError(400, message),
      pageHeaders,
      platformBalance: (token: string) => platform.call('balance', { token }),
      streams,
      heartbeatMs: HEARTBEAT_MS,
      now,
    };
    if (await handleFishing(fishingContext, request, response, url)) return;
    const jackpotContext = {
      wheels: jackpots,
      sessionOf,
      readJson: async (r: IncomingMessage) => parseJson(await readBody(r)),
      sendJson,
      badRequest: (message: string) => new HttpError(400, message),
      pageHeaders,
      platformBalance: (token: string) => platform.call('balance', { token }),
    };
    if (await handleJackpot(jackpotContext, request, response, url)) return;
    const soloContext = {
      tables: solo,
      sessionOf,
      readJson: fishingContext.readJson,
      sendJson,
      badRequest: fishingContext.badRequest,
      pageHeaders,
      platformBalance: fishingContext.platformBalance,
    };
    if (await handleSolo(soloContext, request, response, url)) return;
    const limitsContext = { secret: options.secret, now, tables: limitTables, settings: limitSettings, readBody, sendJson, log };
    if (await handleTableLimits(limitsContext, request, response, url)) return;
    const cockfightContext = {
      secret: options.secret,
      now,
      hall: cockfight,
      sessionOf,
      readBody,
      readJson: fishingContext.readJson,
      sendJson,
      platformBalance: fishingContext.platformBalance,
      pageHeaders,
      streams,
      heartbeatMs: HEARTBEAT_MS,
      log,
    };
    if (await handleCockfight(cockfightContext, request, response, url)) return;
    const sportsbookOperator = { book: sportsbook, secret: options.secret, now, readBody, sendJson, log };
    if (await handleSportsbookOperator(sportsbookOperator, request, response, url)) return;
    const sportsbookContext = {
      book: sportsbook,
      sessionOf,
      readJson: fishingContext.readJson,
      sendJson,
      platformBalance: (token: string, game: string) => platformOfGame(game).call('balance', { token }),
      now,
      streams,
      heartbeatMs: HEARTBEAT_MS,
    };
    if (await handleSportsbook(sportsbookContext, request, response, url)) return;
    if (request.method === 'GET' && path === '/verify/crash') {
      const rounds = (await askTable(CRASH_GAME_CODE, { action: 'rounds' })).body as {
        chain?: ReturnType<CrashTable['currentChain']> | null;
      };
      response.writeHead(200, pageHeaders);
      response.end(renderVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', chain: rounds.chain ?? undefined }));
      return;
    }
    const verifyPage = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
    if (request.method === 'GET' && verifyPage && baccarat.has(verifyPage[1] as string)) {
      response.writeHead(200, pageHeaders);
      response.end(renderBaccaratVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: verifyPage[1] as string }));
      return;
    }
    if (request.method === 'GET' && verifyPage && live.has(verifyPage[1] as string)) {
      response.writeHead(200, pageHeaders);
      response.end(renderLiveVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: verifyPage[1] as string }));
      return;
    }
    if (request.method === 'GET' && path === '/api/live/tables') return sendJson(response, 200, { tables: await liveLobby() });
    const roundPath = /^\/round\/([a-z0-9-]{1,64})\/([A-Za-z0-9:._-]{1,128})$/.exec(path);
    if (request.method === 'GET' && roundPath && isSportsbookGame(roundPath[1] as string)) {
      await sportsbook.ready();
      const html = renderSportsbookBet(sportsbook, roundPath[2] as string, url.searchParams.get('lang') ?? 'vi');
      if (!html) throw new HttpError(404, 'this bet is not kept here (the betting record still has its result)');
      response.writeHead(200, pageHeaders);
      response.end(html);
      return;
    }
    if (request.method === 'GET' && roundPath) {
      const detail = roundDetail(
        {
          isCrash: (game) => game === CRASH_GAME_CODE,
          hasRoundVerify: (game) => baccarat.has(game) || live.has(game),
          isJackpot: (game) => jackpots.has(game),
          isCockfight: (game) => cockfight.isGame(game),
          fishingBatch: (game, batchId) => {
            const record = fishing.get(game)?.batchRecord(batchId);
            const wave = record?.shots[0]?.wave;
            return record && wave !== undefined ? { room: record.room, wave } : undefined;
          },
          isCardGame: (game) => (CARD_GAME_CODES as readonly string[]).includes(game),
          cardHand: (roomId, hand) =>
            cardRooms.rooms
              .get(roomId)
              ?.history()
              .find((h) => h.hand === hand),
        },
        roundPath[1] as string,
        roundPath[2] as string,
        url.searchParams.get('lang') ?? 'vi',
      );
      if (!detail) throw new HttpError(404, 'this round is not kept here any more (the betting record still has its result)');
      if ('redirect' in detail) {
        response.writeHead(302, { location: detail.redirect, 'cache-control': 'no-store' });
        response.end();
        return;
      }
      response.writeHead(200, pageHeaders);
      response.end(detail.html);
      return;
    }
    // A table's history and the check of one of its rounds, from the node that runs the table.
    const tableApi = /^\/api\/([a-z0-9-]{1,64})\/(rounds|verify)$/.exec(path);
    if (request.method === 'GET' && tableApi && channels.has(tableApi[1] as string)) {
      const answer = await askTable(tableApi[1] as string, { action: tableApi[2] as string, body: Object.fromEntries(url.searchParams) });
      return sendJson(response, answer.statusCode, answer.body);
    }
    const cardHttp = {
      readJson: async (r: IncomingMessage) => parseJson(await readBody(r)),
      sessionOf,
      sendJson,
      notFound: () => new HttpError(404, 'not found'),
      sendPage: (r: ServerResponse, html: string) => {
        r.writeHead(200, pageHeaders);
        r.end(html);
      },
      heartbeatMs: HEARTBEAT_MS,
    };
    if (await cardRooms.handle(request, response, url, cardHttp)) return;
    const gameMatch = /^\/game\/([a-z0-9-]{1,64})(?:\/(state|balance|bet|cashout))?$/.exec(path);
    if (gameMatch) {
      const game = gameMatch[1] as string;
      const action = gameMatch[2];
      if (!action && request.method === 'GET') {
        const session = openGame(game, url.searchParams);
        // The cockfight page frames the arena's stream (the operator's https address) or plays it as a video.
        response.writeHead(
          200,
          cockfight.isGame(game)
            ? { ...pageHeaders, 'content-security-policy': `${csp}; frame-src https:; media-src https: blob:` }
            : pageHeaders,
        );
        const page = {
          sessionId: session.id,
          currency: session.currency,
          language: session.language,
          returnUrl: session.returnUrl,
          username: session.username,
        };
        if (isFishingGame(game)) return void response.end(renderFishingPage({ ...page, gameCode: game }));
        if (isJackpotGame(game)) return void response.end(renderJackpotPage({ ...page, gameCode: game }));
        if (isSoloGame(game)) return void response.end(renderSoloPage({ ...page, gameCode: game, isTrial: session.isTrial }));
        if (isSportsbookGame(game)) return void response.end(renderSportsbookPage({ ...page, brand: brandOf(game) }));
        if ((CARD_GAME_CODES as readonly string[]).includes(game))
          return void response.end(renderCardRoomPage({ ...page, gameCode: game }));
        const table = baccarat.get(game);
        if (table) return void response.end(renderBaccaratPage({ ...page, gameCode: game, kind: table.snapshot().kind }));
        const liveGame = liveGameOf(game);
        if (liveGame) return void response.end(renderLivePage({ ...page, gameCode: game, game: liveGame }));
        if (cockfight.isGame(game)) return void response.end(renderCockfightPage({ ...page, gameCode: game }));
        response.end(
          renderCrashPage({
            sessionId: session.id,
            currency: session.currency,
            language: session.language,
            returnUrl: session.returnUrl,
            username: session.username,
            isTrial: session.isTrial,
          }),
        );
        return;
      }
      if (action && request.method === 'POST' && (game === CRASH_GAME_CODE || spotTableOf(game))) {
        const body = parseJson(await readBody(request));
        const session = sessionOf(body.session);
        if (session.game !== game) throw new HttpError(404, 'not found');
        return gameCall(action, session, body, response);
      }
    }
    throw new HttpError(404, 'not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((err: unknown) => {
      if (response.headersSent || response.destroyed) return;
      if (err instanceof HttpError) {
        if (err.statusCode === 403 || err.statusCode === 404) {
          response.writeHead(err.statusCode, { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': csp });
          response.end(err.message);
          return;
        }
        return sendJson(response, err.statusCode, { status: 'ERROR', message: err.message });
      }
      log('a request failed', { err: String(err) });
      return sendJson(response, 502, { status: 'ERROR', message: 'the game server could not finish this call' });
    });
  });

  // A member's channel to a table: `GET /game/<game>/channel?session=…` upgraded to a WebSocket.
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const refuse = (status: string) => void socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    const url = new URL(request.url ?? '/', 'http://house.invalid');
    const game = /^\/game\/([a-z0-9-]{1,64})\/channel$/.exec(url.pathname)?.[1];
    if (request.method !== 'GET' || !game || !channels.has(game)) return refuse('404 Not Found');
    let session: GameSession;
    try {
      session = sessionOf(url.searchParams.get('session'));
    } catch {
      return refuse('401 Unauthorized');
    }
    if (session.game !== game) return refuse('404 Not Found');
    channels.accept(request, socket, head, { game, username: session.username });
  });

  let isStarted = false;
  return {
    server,
    crash,
    baccarat,
    fishing,
    cardRooms,
    live,
    jackpots,
    solo,
    cockfight,
    sportsbook,
    platform,
    channels,
    async start() {
      const recovered = await crash.recover();
      if (recovered.rounds > 0) log('settled the rounds an earlier run left open', recovered);
      for (const table of baccarat.values()) {
        const done = await table.recover();
        if (done.rounds > 0) log('settled the rounds an earlier run left open', { game: table.gameCode, ...done });
      }
      for (const hall of fishing.values()) {
        const done = await hall.recover();
        if (done.batches > 0) log('settled the fishing batches an earlier run left open', { game: hall.gameCode, ...done });
      }
      await cardRooms.recover();
      for (const wheel of jackpots.values()) {
        const done = await wheel.recover();
        if (done.spins > 0) log('settled the jackpot spins an earlier run left open', { game: wheel.gameCode, ...done });
      }
      for (const table of live.values()) {
        const done = await table.recover();
        if (done.rounds > 0) log('settled the rounds an earlier run left open', { game: table.gameCode, ...done });
      }
      for (const table of solo.values()) {
        const done = await table.recover();
        if (done.rounds > 0) log('took up the single-player rounds an earlier run left open', { game: table.gameCode, ...done });
        table.startSweeping(options.solo?.sweepMs);
      }
      await cockfight.recover();
      cockfight.start();
      // The sportsbook starts beside the tables when it has a journal to recover (what it owes is
      // paid at once), else at its first call (writing the simulated script takes seconds of CPU);
      // its calls wait until it has replayed its journal and caught up with its feeds.
      if (sportsbook.hasJournal())
        void sportsbook.start().catch((err: unknown) => log('the sportsbook could not start', { err: String(err) }));
      await channels.start();
      // Every node settles what its own journals left open (above); the shared rounds run where their
      // lease is held (a relay node holds none).
      if (mayRunTables) await tableLeases.start();
      cardRooms.start();
      for (const wheel of jackpots.values()) wheel.start();
      isStarted = true;
    },
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host}:${address.port}`);
        });
      }),
    async close() {
      for (const table of solo.values()) table.stop();
      if (isStarted) {
        await tableLeases.stop((games) => Promise.all(games.map((game) => runners.get(game)?.stop())).then(() => undefined));
        await Promise.all([...[...fishing.values()].map((h) => h.stop()), cardRooms.stop()]);
      }
      for (const wheel of jackpots.values()) wheel.stop();
      await cockfight.stop();
      await sportsbook.stop();
      for (const stream of streams) stream.end();
      await channels.close();
      await ownPubSub?.close();
      await ownLeases?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      for (const j of journals) j.close();
      cardRooms.close();
    },
  };
}
