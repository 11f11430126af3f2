import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  COCKFIGHT_ACTIONS,
  COCKFIGHT_CREATE_PATH,
  COCKFIGHT_OPERATOR_PATH,
  createArenaSchema,
  declareSchema,
  openFightSchema,
  settingsChangeSchema,
} from '@platform/contracts/cockfight';
import { type OperatorCallContext, readOperatorCall } from '../operator-call.ts';
import { TableRefused } from '../table-wallet.ts';
import type { CockfightArena } from './cockfight-arena.ts';
import { type CockfightHall, FIRST_ARENA_ID } from './cockfight-hall.ts';
import { renderFightPage } from './cockfight-page.ts';

/**
 * The cockfight's HTTP calls, mounted by house-games.ts:
 *
 * - the page's calls, `POST /game/cockfight/<action>` { session, arena? }: `arenas` (the members'
 *   list of arenas), `state`, `balance`, `bet` { arena, side, stake }; and the arena's event stream
 *   `GET /game/cockfight/events?session=…&arena=…` (pushes coalesced by the arena);
 * - the operator's signed calls (`@platform/contracts/cockfight`): the arenas with their current
 *   fight and history (closed arenas too); a new arena; open, close, result, settings, retire (close
 *   the arena for good) per arena;
 * - the public result page of a fight, `GET /verify/cockfight?arena=<id>&fight=<n>&lang=vi|en` (the
 *   betting record's link leads there through `/round/cockfight/<round id>`), and
 *   `GET /api/cockfight/fights?arena=<id>`.
 */
type Session = { id: string; game: string; token: string; username: string; currency: string; language: string };
export type CockfightRouteContext = OperatorCallContext & {
  hall: CockfightHall;
  sessionOf: (id: unknown) => Session;
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  platformBalance: (token: string) => Promise<{ status: string; balance?: number; currency?: string }>;
  pageHeaders: Record<string, string>;
  streams: Set<ServerResponse>;
  heartbeatMs: number;
  log: (message: string, data?: Record<string, unknown>) => void;
};

/** A schema check's refusal: its issues, each with the path of the field at fault. */
type CheckError = { issues: readonly { path: readonly PropertyKey[]; code: string }[] };

/** The first problem of a zod check as the field at fault and zod's reason (the console words it). */
function problemOf(error: CheckError): { field: string; reason: string } {
  const issue = error.issues[0];
  return { field: issue?.path.map(String).join('.') || 'body', reason: issue?.code ?? 'invalid' };
}

const arenaParam = (value: unknown): string => (typeof value === 'string' && /^[a-z0-9]{1,8}$/.test(value) ? value : FIRST_ARENA_ID);

async function operatorCall(ctx: CockfightRouteContext, request: IncomingMessage, response: ServerResponse, path: string) {
  const call = await readOperatorCall(ctx, request, response);
  if (!call) return;
  const { hall } = ctx;
  if (path === COCKFIGHT_OPERATOR_PATH) return ctx.sendJson(response, 200, { arenas: hall.arenas().map((a) => a.view()) });
  const invalid = (error: CheckError) =>
    ctx.sendJson(response, 400, { status: 'ERROR', code: 'cockfight_invalid', problem: problemOf(error) });
  try {
    if (path === COCKFIGHT_CREATE_PATH) {
      const parsed = createArenaSchema.safeParse(call.body);
      if (!parsed.success) return invalid(parsed.error);
      return ctx.sendJson(response, 200, { arena: await hall.create(parsed.data) });
    }
    const m = /^\/([a-z0-9]{1,8})\/([a-z]{1,16})$/.exec(path.slice(COCKFIGHT_OPERATOR_PATH.length));
    const arena = m ? hall.get(m[1] as string) : undefined;
    const action = m?.[2] as (typeof COCKFIGHT_ACTIONS)[number] | undefined;
    if (!arena || !action || !COCKFIGHT_ACTIONS.includes(action))
      return ctx.sendJson(response, 404, { status: 'ERROR', code: 'not_found' });
    switch (action) {
      case 'open': {
        const parsed = openFightSchema.safeParse(call.body);
        if (!parsed.success) return invalid(parsed.error);
        return ctx.sendJson(response, 200, { arena: arena.openFight(parsed.data) });
      }
      case 'close':
        return ctx.sendJson(response, 200, { arena: await arena.closeBetting() });
      case 'result': {
        const parsed = declareSchema.safeParse(call.body);
        if (!parsed.success) return invalid(parsed.error);
        const view = await arena.declare(parsed.data.result, parsed.data.fight);
        ctx.log('a cockfight result was declared', { arena: arena.arenaId, fight: view.fight?.fight, result: parsed.data.result });
        return ctx.sendJson(response, 200, { arena: view });
      }
      case 'settings': {
        const parsed = settingsChangeSchema.safeParse(call.body);
        if (!parsed.success) return invalid(parsed.error);
        ctx.log('cockfight arena settings changed by the operator', { arena: arena.arenaId, change: parsed.data });
        return ctx.sendJson(response, 200, { arena: arena.changeSettings(parsed.data) });
      }
      case 'retire':
        return ctx.sendJson(response, 200, { arena: hall.retire(arena) });
    }
  } catch (err) {
    if (err instanceof TableRefused) return ctx.sendJson(response, 409, { status: 'ERROR', code: err.code });
    throw err;
  }
}

const playerOf = (s: Session) => ({ username: s.username, token: s.token, currency: s.currency });

/** The page's calls and the arena's event stream; false when the path is not the cockfight's. */
async function playerCall(ctx: CockfightRouteContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const game = /^\/game\/([a-z0-9-]{1,64})\/(arenas|state|balance|bet|events)$/.exec(url.pathname);
  if (!game || !ctx.hall.isGame(game[1] as string)) return false;
  const action = game[2];
  if (action === 'events') {
    if (request.method !== 'GET') return false;
    const session = ctx.sessionOf(url.searchParams.get('session'));
    const arena = ctx.hall.get(arenaParam(url.searchParams.get('arena')));
    if (!arena || !ctx.hall.isGame(session.game)) return false;
    openStream(ctx, arena, session, request, response);
    return true;
  }
  if (request.method !== 'POST') return false;
  const body = await ctx.readJson(request);
  const session = ctx.sessionOf(body.session);
  if (!ctx.hall.isGame(session.game)) return false;
  if (action === 'arenas') {
    ctx.sendJson(response, 200, { arenas: ctx.hall.summaries() });
    return true;
  }
  if (action === 'balance') {
    const answer = await ctx.platformBalance(session.token);
    if (answer.status !== 'OK') ctx.sendJson(response, 409, { status: answer.status });
    else ctx.sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: answer.currency ?? session.currency });
    return true;
  }
  const arena = ctx.hall.get(arenaParam(body.arena));
  if (!arena) {
    ctx.sendJson(response, 404, { status: 'NO_ARENA' });
    return true;
  }
  if (action === 'state') {
    ctx.sendJson(response, 200, arena.snapshot(session.username));
    return true;
  }
  try {
    ctx.sendJson(response, 200, { status: 'OK', ...(await arena.placeBet(playerOf(session), { side: body.side, stake: body.stake })) });
  } catch (err) {
    if (!(err instanceof TableRefused)) throw err;
    ctx.sendJson(response, 409, { status: err.code });
  }
  return true;
}

function openStream(
  ctx: CockfightRouteContext,
  arena: CockfightArena,
  session: Session,
  request: IncomingMessage,
  response: ServerResponse,
) {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (type: string, data: unknown) => response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  write('state', arena.snapshot(session.username));
  const unsubscribe = arena.subscribe((event) => write(event.type, event));
  const heartbeat = setInterval(() => response.write(`: ${ctx.now()}\n\n`), ctx.heartbeatMs);
  heartbeat.unref();
  ctx.streams.add(response);
  request.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    ctx.streams.delete(response);
  });
}

/** Handles a cockfight path; false when the path is not one. */
export async function handleCockfight(
  ctx: CockfightRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (path === COCKFIGHT_OPERATOR_PATH || path.startsWith(`${COCKFIGHT_OPERATOR_PATH}/`)) {
    await operatorCall(ctx, request, response, path);
    return true;
  }
  if (await playerCall(ctx, request, response, url)) return true;
  const verify = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
  if (verify && request.method === 'GET' && ctx.hall.isGame(verify[1] as string)) {
    const arena = ctx.hall.get(arenaParam(url.searchParams.get('arena')));
    const fight = Number(url.searchParams.get('fight'));
    const record = arena && Number.isSafeInteger(fight) && fight > 0 ? arena.fightRecord(fight) : undefined;
    response.writeHead(200, ctx.pageHeaders);
    response.end(
      renderFightPage({
        language: url.searchParams.get('lang') ?? 'vi',
        gameCode: ctx.hall.gameCode,
        arena: arena ? { arenaId: arena.arenaId, name: arena.view().settings.name } : null,
        record,
        recent: (arena?.history() ?? []).map((h) => ({ fight: h.fight, result: h.result })),
      }),
    );
    return true;
  }
  const api = /^\/api\/([a-z0-9-]{1,64})\/fights$/.exec(path);
  if (api && request.method === 'GET' && ctx.hall.isGame(api[1] as string)) {
    const arena = ctx.hall.get(arenaParam(url.searchParams.get('arena')));
    ctx.sendJson(response, arena ? 200 : 404, { fights: arena?.history() ?? [] });
    return true;
  }
  return false;
}
