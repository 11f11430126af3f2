import type { IncomingMessage, ServerResponse } from 'node:http';
import { replayRound } from '@platform/games/house/verify';
import { TableRefused } from '../table-wallet.ts';
import { renderJackpotVerifyPage } from './jackpot-page.ts';
import type { JackpotWheel } from './jackpot-wheel.ts';

/**
 * The jackpot games' HTTP calls, mounted by house-games.ts: the page's POST calls (`state`,
 * `balance`, `spin`), the public pools (`GET /api/jackpot/pools`, which the platform caches for the
 * site's counter), and the proof (`/verify/<game>`, `/api/<game>/rounds`, `/api/<game>/verify`).
 */
type Session = { id: string; game: string; token: string; username: string; currency: string };
export type JackpotRouteContext = {
  wheels: ReadonlyMap<string, JackpotWheel>;
  sessionOf: (id: unknown) => Session;
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  badRequest: (message: string) => Error;
  pageHeaders: Record<string, string>;
  platformBalance: (token: string) => Promise<{ status: string; balance?: number }>;
};

const playerOf = (s: Session) => ({ username: s.username, token: s.token, currency: s.currency });

/** Handles a jackpot path; false when the path is not a jackpot game's. */
export async function handleJackpot(
  ctx: JackpotRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (request.method === 'GET' && path === '/api/jackpot/pools') {
    ctx.sendJson(response, 200, { pools: [...ctx.wheels.values()].flatMap((w) => w.publicPools()) });
    return true;
  }
  const verifyPage = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
  if (request.method === 'GET' && verifyPage && ctx.wheels.has(verifyPage[1] as string)) {
    response.writeHead(200, ctx.pageHeaders);
    response.end(renderJackpotVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: verifyPage[1] as string }));
    return true;
  }
  const api = /^\/api\/([a-z0-9-]{1,64})\/(rounds|verify)$/.exec(path);
  const apiWheel = api && request.method === 'GET' ? ctx.wheels.get(api[1] as string) : undefined;
  if (api && apiWheel) {
    if (api[2] === 'rounds') ctx.sendJson(response, 200, { rounds: apiWheel.history() });
    else ctx.sendJson(response, 200, verifySpin(ctx, apiWheel, url.searchParams));
    return true;
  }
  const game = /^\/game\/([a-z0-9-]{1,64})\/(state|balance|spin)$/.exec(path);
  const wheel = game ? ctx.wheels.get(game[1] as string) : undefined;
  if (!game || !wheel || request.method !== 'POST') return false;
  const body = await ctx.readJson(request);
  const session = ctx.sessionOf(body.session);
  if (session.game !== wheel.gameCode) return false;
  try {
    if (game[2] === 'state') ctx.sendJson(response, 200, wheel.snapshot(playerOf(session)));
    else if (game[2] === 'balance') {
      const answer = await ctx.platformBalance(session.token);
      if (answer.status !== 'OK') ctx.sendJson(response, 409, { status: answer.status });
      else ctx.sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: session.currency });
    } else
      ctx.sendJson(response, 200, {
        status: 'OK',
        ...(await wheel.spin(playerOf(session), { stake: body.stake, clientSeed: body.clientSeed })),
      });
  } catch (err) {
    if (err instanceof TableRefused) ctx.sendJson(response, 409, { status: err.code });
    else throw err;
  }
  return true;
}

/** A spin recomputed from its seeds (given in the query, or else the ones the spin published). */
function verifySpin(ctx: JackpotRouteContext, wheel: JackpotWheel, query: URLSearchParams) {
  const round = Number(query.get('round'));
  const known = wheel.history().find((h) => h.nonce === round);
  const serverSeed = query.get('seed') ?? known?.serverSeed;
  const clientSeed = query.get('clientSeed') ?? known?.clientSeed;
  const commitment = query.get('commitment') ?? known?.commitment;
  const stake = query.has('stake') ? Number(query.get('stake')) : known?.stake;
  if (
    !Number.isSafeInteger(round) ||
    round < 1 ||
    !serverSeed ||
    !clientSeed ||
    serverSeed.length > 128 ||
    clientSeed.length > 128 ||
    stake === undefined ||
    !Number.isSafeInteger(stake) ||
    stake < 0
  ) {
    throw ctx.badRequest('give a spin number, its seeds and its stake, or the number of a recent spin of this game');
  }
  const replay = replayRound({
    game: 'jackpot-wheel',
    serverSeed,
    clientSeed,
    nonce: round,
    commitment,
    stake,
    triggerBound: wheel.triggerBound,
  });
  return { ...replay, round, serverSeed, clientSeed, nonce: round, stake, commitment: commitment ?? null, recorded: known ?? null };
}
