import type { IncomingMessage, ServerResponse } from 'node:http';
import { replayFishing } from '@platform/games/fishing/fishing-verify';
import { TableRefused } from '../table-wallet.ts';
import { renderFishingVerifyPage } from './fishing-page.ts';
import type { FishingHall } from './fishing-room.ts';

/**
 * The fishing game's HTTP calls, mounted by house-games.ts: the page's POST calls (`state`,
 * `balance`, `shoot`), the room's event stream, and the public proof (`/verify/<game>`,
 * `/api/<game>/rounds`, `/api/<game>/verify`, `/api/<game>/batch`).
 */
type Session = { id: string; game: string; token: string; username: string; currency: string; language: string; returnUrl: string };
export type FishingRouteContext = {
  halls: ReadonlyMap<string, FishingHall>;
  sessionOf: (id: unknown) => Session;
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  badRequest: (message: string) => Error;
  pageHeaders: Record<string, string>;
  platformBalance: (token: string) => Promise<{ status: string; balance?: number }>;
  streams: Set<ServerResponse>;
  heartbeatMs: number;
  now: () => number;
};

const playerOf = (s: Session) => ({ username: s.username, token: s.token, currency: s.currency });

/** Handles a fishing path; false when the path is not fishing's. */
export async function handleFishing(
  ctx: FishingRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  const verifyPage = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
  if (request.method === 'GET' && verifyPage && ctx.halls.has(verifyPage[1] as string)) {
    response.writeHead(200, ctx.pageHeaders);
    response.end(renderFishingVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: verifyPage[1] as string }));
    return true;
  }
  const api = /^\/api\/([a-z0-9-]{1,64})\/(rounds|verify|batch)$/.exec(path);
  const apiHall = api && request.method === 'GET' ? ctx.halls.get(api[1] as string) : undefined;
  if (api && apiHall) {
    if (api[2] === 'rounds') ctx.sendJson(response, 200, { waves: apiHall.history() });
    else if (api[2] === 'batch') {
      const record = apiHall.batchRecord(url.searchParams.get('id') ?? '');
      if (!record)
        throw ctx.badRequest('no finished batch with this id (the last 300 are kept here; older ones are in the betting record)');
      ctx.sendJson(response, 200, record);
    } else ctx.sendJson(response, 200, verifyWave(ctx, apiHall, url.searchParams));
    return true;
  }
  const game = /^\/game\/([a-z0-9-]{1,64})\/(state|balance|shoot|events)$/.exec(path);
  const hall = game ? ctx.halls.get(game[1] as string) : undefined;
  if (!game || !hall) return false;
  const action = game[2];
  if (action === 'events' && request.method === 'GET') {
    const session = ctx.sessionOf(url.searchParams.get('session'));
    if (session.game !== hall.gameCode) return false;
    await openStream(ctx, hall, session, request, response);
    return true;
  }
  if (request.method !== 'POST') return false;
  const body = await ctx.readJson(request);
  const session = ctx.sessionOf(body.session);
  if (session.game !== hall.gameCode) return false;
  try {
    if (action === 'state') {
      await hall.join(playerOf(session));
      ctx.sendJson(response, 200, hall.snapshot(session.username));
    } else if (action === 'balance') {
      const answer = await ctx.platformBalance(session.token);
      if (answer.status !== 'OK') ctx.sendJson(response, 409, { status: answer.status });
      else ctx.sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: session.currency });
    } else {
      const shot = await hall.shoot(playerOf(session), {
        weapon: body.weapon,
        level: body.level,
        target: body.target,
        x: body.x,
        y: body.y,
      });
      ctx.sendJson(response, 200, { status: 'OK', ...shot });
    }
  } catch (err) {
    if (err instanceof TableRefused) {
      ctx.sendJson(response, 409, { status: err.code });
      return true;
    }
    throw err;
  }
  return true;
}

async function openStream(
  ctx: FishingRouteContext,
  hall: FishingHall,
  session: Session,
  request: IncomingMessage,
  response: ServerResponse,
) {
  try {
    await hall.join(playerOf(session));
  } catch (err) {
    if (err instanceof TableRefused) return ctx.sendJson(response, 409, { status: err.code });
    throw err;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (type: string, data: unknown) => response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  write('state', hall.snapshot(session.username));
  const unwatch = hall.watch(session.username, (event) => write(event.type, event));
  const heartbeat = setInterval(() => response.write(`: ${ctx.now()}\n\n`), ctx.heartbeatMs);
  heartbeat.unref();
  ctx.streams.add(response);
  request.on('close', () => {
    clearInterval(heartbeat);
    unwatch();
    ctx.streams.delete(response);
  });
}

/** A wave recomputed from its seeds (given, or the wave's published ones), with one shot if asked. */
function verifyWave(ctx: FishingRouteContext, hall: FishingHall, query: URLSearchParams) {
  const room = query.get('room') ?? 'r1';
  const wave = Number(query.get('wave'));
  const known = hall.history().find((h) => h.room === room && h.wave === wave);
  const serverSeed = query.get('seed') ?? known?.serverSeed;
  const clientSeed = query.get('clientSeed') ?? known?.clientSeed;
  const commitment = query.get('commitment') ?? known?.commitment;
  if (!Number.isSafeInteger(wave) || wave < 1 || !serverSeed || !clientSeed || serverSeed.length > 128 || clientSeed.length > 128) {
    throw ctx.badRequest('give a room, a wave number and its seeds, or a finished wave of this game');
  }
  const shotNo = query.get('shot');
  const shot = shotNo
    ? {
        shotNo: Number(shotNo),
        weapon: query.get('weapon') ?? 'CANNON',
        level: Number(query.get('level')),
        fish: (query.get('fish') ?? '').split(',').filter(Boolean).map(Number).slice(0, 5),
      }
    : undefined;
  try {
    const replay = replayFishing({ serverSeed, clientSeed, wave, commitment, shot, waveMs: hall.waveMs });
    return { ...replay, room, wave, serverSeed, clientSeed, commitment: commitment ?? null, recorded: known ?? null };
  } catch (err) {
    throw ctx.badRequest(err instanceof Error ? err.message : String(err));
  }
}
