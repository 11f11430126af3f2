import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  checkLaunchParams,
  checkVendorSignature,
  signVendorBody,
  TRANSFER_WALLET_CALLS,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorAnswer,
  type VendorFeedRound,
  vendorBetFeedRequestSchema,
} from '@platform/contracts/vendor-protocol';
import { DEMO_GAMES, type DemoGameCode, type DemoRound, isDemoGameCode } from '@platform/games/demo-games';
import { cryptoRandom, type RandomSource } from '@platform/games/random-source';
import { renderGamePage } from './game-page.ts';

/**
 * The demo remote vendor: a small game server that behaves like a third party. It opens games from
 * signed launch URLs, plays rounds with a cryptographic RNG (the math is packages/games), and
 * - for DEMO (seamless) games, moves the money by calling the platform's seamless wallet API
 *   server to server: authenticate, debit, credit, bet-and-win, rollback on a lost debit answer;
 * - for DEMOTX (transfer style), keeps players' wallets itself (in memory: it is a sandbox) and
 *   offers the wallet API the platform's transfer adapter calls, with a bet feed of the rounds
 *   played there (the platform pulls them by time window into its betting record).
 */
export type DemoVendorOptions = {
  /** The platform's base URL, for the seamless calls. */
  platformUrl: string;
  seamlessVendorCode?: string;
  seamlessSecret: string;
  transferVendorCode?: string;
  transferSecret: string;
  /** Origins allowed to show the games in a frame (the site). */
  siteOrigins: readonly string[];
  random?: RandomSource;
  now?: () => Date;
  /** How long a call to the platform may take before the vendor treats it as lost. */
  platformTimeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** Sandbox fault injection on the transfer wallet API (tests use it to simulate lost answers). */
export type TransferFault = { mode: 'apply-then-hang' | 'hang-without-apply'; ms: number };

export const TRANSFER_GAME = 'tx-lucky-wheel';
export const SESSION_TTL_MS = 12 * 60 * 60_000;
export const STAKE_MAX = 1_000_000_000;
const BODY_LIMIT_BYTES = 16 * 1024;
const PLATFORM_RETRY_MAX = 3;
const SESSION_COUNT_MAX = 100_000;
const WALLET_PATH = new RegExp(`^/api/wallet/(${TRANSFER_WALLET_CALLS.join('|')})$`);
/** Settled transfer-wallet rounds the sandbox keeps for the bet feed; the oldest go first. */
const FEED_ROUNDS_MAX = 200_000;
const PUBLIC_FILES = new Map([
  ['/static/game.js', { file: 'game.js', type: 'text/javascript; charset=utf-8' }],
  ['/static/game.css', { file: 'game.css', type: 'text/css; charset=utf-8' }],
]);

type GameSessionState = {
  id: string;
  game: DemoGameCode;
  vendorCode: string;
  token: string;
  player: string;
  currency: string;
  language: string;
  returnUrl: string;
  createdAtMs: number;
  isTrial: boolean;
};

type WalletTransfer = {
  kind: 'deposit' | 'withdraw';
  playerId: string;
  currency: string;
  amount: number;
  state: 'succeeded' | 'failed';
  answer: Record<string, unknown>;
};

export type DemoVendor = {
  server: Server;
  listen: (port: number, host?: string) => Promise<string>;
  close: () => Promise<void>;
  setTransferFault: (call: 'deposit' | 'withdraw' | 'bets', fault: TransferFault | undefined) => void;
  /** The sandbox wallet of a DEMOTX player (for tests and the demo page). */
  transferBalance: (playerId: string, currency: string) => number;
  /** The settled DEMOTX rounds the bet feed serves, oldest first (for tests). */
  transferRounds: () => readonly VendorFeedRound[];
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

function sendJson(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function isPositiveInt(value: unknown, max = STAKE_MAX): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= max;
}

export function createDemoVendor(options: DemoVendorOptions): DemoVendor {
  const seamlessVendor = options.seamlessVendorCode ?? 'DEMO';
  const transferVendor = options.transferVendorCode ?? 'DEMOTX';
  const random = options.random ?? cryptoRandom;
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetchImpl ?? fetch;
  const platformTimeoutMs = options.platformTimeoutMs ?? 5_000;
  const sessions = new Map<string, GameSessionState>();
  const wallets = new Map<string, number>();
  const transfers = new Map<string, WalletTransfer>();
  const faults = new Map<string, TransferFault>();
  /** Settled rounds of transfer-wallet games, in the order they settled (the bet feed reads them). */
  const feedRounds: VendorFeedRound[] = [];
  const publicDir = new URL('./public/', import.meta.url);
  const staticFiles = new Map([...PUBLIC_FILES].map(([path, f]) => [path, { ...f, body: readFileSync(new URL(f.file, publicDir)) }]));
  const frameAncestors = ["'self'", ...options.siteOrigins].join(' ');
  const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;

  const walletKey = (playerId: string, currency: string) => `${playerId}\u0000${currency}`;

  /** One signed call to the platform's seamless API; retried with the same body when the answer is lost. */
  async function platform(call: string, body: Record<string, unknown>): Promise<VendorAnswer> {
    const raw = JSON.stringify(body);
    let lastError: unknown;
    for (let attempt = 1; attempt <= PLATFORM_RETRY_MAX; attempt++) {
      const timestamp = String(now().getTime());
      try {
        const response = await fetchImpl(`${options.platformUrl.replace(/\/+$/, '')}/vendor-api/${seamlessVendor}/${call}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [VENDOR_TIMESTAMP_HEADER]: timestamp,
            [VENDOR_SIGNATURE_HEADER]: signVendorBody(options.seamlessSecret, timestamp, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(platformTimeoutMs),
        });
        if (response.status >= 500) throw new Error(`platform answered HTTP ${response.status}`);
        return (await response.json()) as VendorAnswer;
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  function sessionOf(id: unknown, game: string): GameSessionState {
    const session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session || session.game !== game) throw new HttpError(401, 'unknown game session');
    if (now().getTime() - session.createdAtMs > SESSION_TTL_MS) {
      sessions.delete(session.id);
      throw new HttpError(401, 'game session expired');
    }
    return session;
  }

  function openGame(game: string, query: URLSearchParams): GameSessionState {
    if (!isDemoGameCode(game)) throw new HttpError(404, 'no such game');
    const vendorCode = game === TRANSFER_GAME ? transferVendor : seamlessVendor;
    const secret = game === TRANSFER_GAME ? options.transferSecret : options.seamlessSecret;
    const params = Object.fromEntries(query.entries());
    const check = checkLaunchParams({ secret, vendorCode, gameCode: game, params, nowMs: now().getTime() });
    if (check === 'expired') throw new HttpError(403, 'this game link has expired; open the game again from the site');
    if (check !== 'ok') throw new HttpError(403, 'this game link is not valid');
    if (sessions.size >= SESSION_COUNT_MAX) {
      for (const [id, s] of sessions) if (now().getTime() - s.createdAtMs > SESSION_TTL_MS) sessions.delete(id);
    }
    const session: GameSessionState = {
      id: randomBytes(18).toString('base64url'),
      game,
      vendorCode,
      token: params.token ?? '',
      player: params.user ?? '',
      currency: params.currency ?? '',
      language: params.lang ?? 'vi',
      returnUrl: params.return ?? '',
      createdAtMs: now().getTime(),
      isTrial: params.trial === '1',
    };
    sessions.set(session.id, session);
    return session;
  }

  async function balanceOf(session: GameSessionState): Promise<{ balance: number; currency: string }> {
    if (session.vendorCode === transferVendor)
      return { balance: wallets.get(walletKey(session.player, session.currency)) ?? 0, currency: session.currency };
    const answer = await platform('balance', { token: session.token });
    if (answer.status !== 'OK' || answer.balance === undefined) throw new HttpError(409, answer.status);
    return { balance: answer.balance, currency: answer.currency ?? session.currency };
  }

  /** One round: the outcome is drawn first, then the money moves through the platform (or the sandbox wallet). */
  async function spin(session: GameSessionState, stake: number, choice: string | undefined) {
    const game = DEMO_GAMES[session.game];
    const round = game.play(stake, choice, random);
    const roundId = `${session.game}-${randomBytes(9).toString('base64url')}`;
    const base = { roundId, payout: round.payout, stake, outcome: round.outcome, summary: round.summary };
    if (session.vendorCode === transferVendor) {
      const key = walletKey(session.player, session.currency);
      const balance = wallets.get(key) ?? 0;
      if (balance < stake) return { ...base, status: 'INSUFFICIENT_FUNDS', payout: 0, balance };
      wallets.set(key, balance - stake + round.payout);
      feedRounds.push({
        roundId,
        playerId: session.player,
        currency: session.currency,
        gameCode: session.game,
        stake,
        payout: round.payout,
        settledAt: now().getTime(),
        outcome: reportedOutcome(session.game, round),
      });
      if (feedRounds.length > FEED_ROUNDS_MAX) feedRounds.splice(0, feedRounds.length - FEED_ROUNDS_MAX);
      return { ...base, status: 'OK', balance: balance - stake + round.payout };
    }
    const common = { token: session.token, roundId, gameCode: session.game };
    const outcome = reportedOutcome(session.game, round);
    if (game.category !== 'RNG') {
      const answer = await platform('bet-win', {
        ...common,
        transactionId: `${roundId}-bw`,
        betAmount: stake,
        winAmount: round.payout,
        outcome,
      });
      if (answer.status !== 'OK') return { ...base, status: answer.status, payout: 0, balance: answer.balance };
      return { ...base, status: 'OK', balance: answer.balance };
    }
    const betId = `${roundId}-bet`;
    let bet: VendorAnswer;
    try {
      bet = await platform('debit', { ...common, transactionId: betId, amount: stake });
    } catch (err) {
      // The bet's answer is lost: cancel it, as the protocol asks, so no stake stays taken.
      await platform('rollback', { ...common, transactionId: `${roundId}-rb`, referenceTransactionId: betId }).catch(() => undefined);
      throw err;
    }
    if (bet.status !== 'OK') return { ...base, status: bet.status, payout: 0, balance: bet.balance };
    const win = await platform('credit', { ...common, transactionId: `${roundId}-win`, amount: round.payout, outcome });
    if (win.status !== 'OK') throw new Error(`credit refused: ${win.status}`);
    return { ...base, status: 'OK', balance: win.balance };
  }

  // The transfer-style wallet API.
  function transferCall(call: string, body: Record<string, unknown>): { statusCode: number; answer: Record<string, unknown> } {
    if (call === 'balance') {
      if (typeof body.playerId !== 'string' || typeof body.currency !== 'string')
        return { statusCode: 400, answer: { status: 'INVALID_REQUEST' } };
      return { statusCode: 200, answer: { status: 'OK', balance: wallets.get(walletKey(body.playerId, body.currency)) ?? 0 } };
    }
    if (call === 'bets') {
      // The bet feed: rounds settled in [from, to), by settle time then round id, a page at a time.
      const parsed = vendorBetFeedRequestSchema.safeParse(body);
      if (!parsed.success) return { statusCode: 400, answer: { status: 'INVALID_REQUEST', message: parsed.error.issues[0]?.message } };
      const { from, to, page, pageSize } = parsed.data;
      const inWindow = feedRounds
        .filter((r) => r.settledAt >= from && r.settledAt < to)
        .sort((a, b) => a.settledAt - b.settledAt || (a.roundId < b.roundId ? -1 : a.roundId > b.roundId ? 1 : 0));
      const start = (page - 1) * pageSize;
      return {
        statusCode: 200,
        answer: { status: 'OK', rounds: inWindow.slice(start, start + pageSize), hasMore: inWindow.length > start + pageSize },
      };
    }
    if (call === 'query') {
      if (typeof body.transferId !== 'string') return { statusCode: 400, answer: { status: 'INVALID_REQUEST' } };
      const known = transfers.get(body.transferId);
      if (known) return { statusCode: 200, answer: { status: 'OK', state: known.state } };
      // Asked about an id it never saw, it closes the id: a late request with it is refused.
      transfers.set(body.transferId, {
        kind: 'deposit',
        playerId: '',
        currency: '',
        amount: 0,
        state: 'failed',
        answer: { status: 'TRANSFER_CLOSED' },
      });
      return { statusCode: 200, answer: { status: 'NOT_FOUND' } };
    }
    if (call !== 'deposit' && call !== 'withdraw') return { statusCode: 404, answer: { status: 'INVALID_REQUEST' } };
    const { playerId, currency, amount, transferId } = body;
    if (
      typeof playerId !== 'string' ||
      typeof currency !== 'string' ||
      typeof transferId !== 'string' ||
      !isPositiveInt(amount, Number.MAX_SAFE_INTEGER)
    ) {
      return { statusCode: 400, answer: { status: 'INVALID_REQUEST' } };
    }
    const existing = transfers.get(transferId);
    if (existing) {
      const isSame =
        existing.kind === call && existing.playerId === playerId && existing.currency === currency && existing.amount === amount;
      return {
        statusCode: 200,
        answer: isSame || existing.answer.status === 'TRANSFER_CLOSED' ? existing.answer : { status: 'DUPLICATE_CONFLICT' },
      };
    }
    const key = walletKey(playerId, currency);
    const balance = wallets.get(key) ?? 0;
    let answer: Record<string, unknown>;
    let state: 'succeeded' | 'failed';
    if (call === 'withdraw' && balance < amount) {
      answer = { status: 'INSUFFICIENT_FUNDS', balance };
      state = 'failed';
    } else {
      const after = call === 'deposit' ? balance + amount : balance - amount;
      wallets.set(key, after);
      answer = { status: 'OK', balance: after };
      state = 'succeeded';
    }
    transfers.set(transferId, { kind: call, playerId, currency, amount, state, answer });
    return { statusCode: 200, answer };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://demo.invalid');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/healthz') return sendJson(response, 200, { status: 'ok' });
    const file = staticFiles.get(path);
    if (request.method === 'GET' && file) {
      response.writeHead(200, { 'content-type': file.type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' });
      response.end(file.body);
      return;
    }
    const gameMatch = /^\/game\/([a-z0-9-]{1,64})(?:\/(spin|balance))?$/.exec(path);
    if (gameMatch) {
      const game = gameMatch[1] as string;
      const action = gameMatch[2];
      if (!action && request.method === 'GET') {
        const session = openGame(game, url.searchParams);
        const demoGame = DEMO_GAMES[session.game];
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': csp,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
        });
        response.end(
          renderGamePage({
            game: demoGame,
            sessionId: session.id,
            currency: session.currency,
            language: session.language,
            returnUrl: session.returnUrl,
          }),
        );
        return;
      }
      if (action && request.method === 'POST') {
        const body = parseJson(await readBody(request));
        const session = sessionOf(body.session, game);
        if (action === 'balance') return sendJson(response, 200, await balanceOf(session));
        const choice = typeof body.choice === 'string' ? body.choice : undefined;
        if (!isPositiveInt(body.stake)) throw new HttpError(400, 'stake must be a whole number of at least 1');
        return sendJson(response, 200, await spin(session, body.stake, choice));
      }
    }
    const walletMatch = WALLET_PATH.exec(path);
    if (walletMatch && request.method === 'POST') {
      const raw = await readBody(request);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      const check = checkVendorSignature({
        secret: options.transferSecret,
        timestamp: header(VENDOR_TIMESTAMP_HEADER),
        signature: header(VENDOR_SIGNATURE_HEADER),
        rawBody: raw,
        nowMs: now().getTime(),
      });
      if (check !== 'ok') return sendJson(response, 401, { status: check === 'stale' ? 'STALE_REQUEST' : 'INVALID_SIGNATURE' });
      const call = walletMatch[1] as string;
      const fault = faults.get(call);
      if (fault?.mode === 'hang-without-apply') {
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        response.destroy();
        return;
      }
      const { statusCode, answer } = transferCall(call, parseJson(raw));
      if (fault?.mode === 'apply-then-hang') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      return sendJson(response, statusCode, answer);
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
      return sendJson(response, 502, { status: 'ERROR', message: err instanceof Error ? err.message : 'failed' });
    });
  });

  return {
    server,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host}:${address.port}`);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    setTransferFault: (call, fault) => {
      if (fault) faults.set(call, fault);
      else faults.delete(call);
    },
    transferBalance: (playerId, currency) => wallets.get(walletKey(playerId, currency)) ?? 0,
    transferRounds: () => feedRounds,
  };
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

/** A demo round in the protocol's outcome shape (packages/contracts, round-outcome.ts). */
export function reportedOutcome(game: DemoGameCode, round: DemoRound): RoundOutcome {
  const o = round.outcome;
  switch (game) {
    case 'lucky-sevens':
    case 'fruit-spin':
      return { kind: 'reels', reels: (o.line as string[]).map((symbol) => [symbol]), summary: round.summary };
    case 'dragon-dice':
      return { kind: 'dice', dice: o.dice as number[], bet: String(o.bet), summary: round.summary };
    case 'gold-coin-flip':
      return { kind: 'coin', side: o.side as 'HEADS' | 'TAILS', call: o.call as 'HEADS' | 'TAILS', summary: round.summary };
    case 'tx-lucky-wheel':
      return { kind: 'wheel', segment: o.segment as number, multiplier: o.multiplier as number, summary: round.summary };
  }
}
