import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  COCKFIGHT_ACTIONS,
  COCKFIGHT_OPERATOR_PATH,
  declareSchema,
  openFightSchema,
  settingsChangeSchema,
} from '@platform/contracts/cockfight';
import { type OperatorCallContext, readOperatorCall } from '../operator-call.ts';
import { TableRefused } from '../table-wallet.ts';
import type { CockfightArena } from './cockfight-arena.ts';
import { renderFightPage } from './cockfight-page.ts';

/**
 * The cockfight arenas' own HTTP calls, mounted by house-games.ts (the page's `state`, `balance`,
 * `bet` and event stream go through the shared table calls there):
 *
 * - the operator's signed calls (`@platform/contracts/cockfight`): the arenas with their current
 *   fight and history; open, close, result, settings per arena;
 * - the public result page of a fight, `GET /verify/<game>?fight=<n>&lang=vi|en` (the betting
 *   record's link leads there through `/round/<game>/<round id>`), and `GET /api/<game>/fights`.
 */
export type CockfightRouteContext = OperatorCallContext & {
  arenas: ReadonlyMap<string, CockfightArena>;
  pageHeaders: Record<string, string>;
  log: (message: string, data?: Record<string, unknown>) => void;
};

const arenaById = (ctx: CockfightRouteContext, arenaId: string) => [...ctx.arenas.values()].find((a) => a.arenaId === arenaId);

/** The first problem of a zod check as the field at fault and zod's reason (the console words it). */
/** A schema check's refusal: its issues, each with the path of the field at fault. */
type CheckError = { issues: readonly { path: readonly PropertyKey[]; code: string }[] };

function problemOf(error: CheckError): { field: string; reason: string } {
  const issue = error.issues[0];
  return { field: issue?.path.map(String).join('.') || 'body', reason: issue?.code ?? 'invalid' };
}

async function operatorCall(ctx: CockfightRouteContext, request: IncomingMessage, response: ServerResponse, path: string) {
  const call = await readOperatorCall(ctx, request, response);
  if (!call) return;
  if (path === COCKFIGHT_OPERATOR_PATH) return ctx.sendJson(response, 200, { arenas: [...ctx.arenas.values()].map((a) => a.view()) });
  const m = /^\/([a-z0-9]{1,8})\/([a-z]{1,16})$/.exec(path.slice(COCKFIGHT_OPERATOR_PATH.length));
  const arena = m ? arenaById(ctx, m[1] as string) : undefined;
  const action = m?.[2] as (typeof COCKFIGHT_ACTIONS)[number] | undefined;
  if (!arena || !action || !COCKFIGHT_ACTIONS.includes(action)) return ctx.sendJson(response, 404, { status: 'ERROR', code: 'not_found' });
  const invalid = (error: CheckError) =>
    ctx.sendJson(response, 400, { status: 'ERROR', code: 'cockfight_invalid', problem: problemOf(error) });
  try {
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
        const view = await arena.declare(parsed.data.result);
        ctx.log('a cockfight result was declared', { arena: arena.arenaId, fight: view.fight?.fight, result: parsed.data.result });
        return ctx.sendJson(response, 200, { arena: view });
      }
      case 'settings': {
        const parsed = settingsChangeSchema.safeParse(call.body);
        if (!parsed.success) return invalid(parsed.error);
        ctx.log('cockfight arena settings changed by the operator', { arena: arena.arenaId, change: parsed.data });
        return ctx.sendJson(response, 200, { arena: arena.changeSettings(parsed.data) });
      }
    }
  } catch (err) {
    if (err instanceof TableRefused) return ctx.sendJson(response, 409, { status: 'ERROR', code: err.code });
    throw err;
  }
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
  const verify = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
  const verifyArena = verify && request.method === 'GET' ? ctx.arenas.get(verify[1] as string) : undefined;
  if (verifyArena) {
    const fight = Number(url.searchParams.get('fight'));
    const record = Number.isSafeInteger(fight) && fight > 0 ? verifyArena.fightRecord(fight) : undefined;
    response.writeHead(200, ctx.pageHeaders);
    response.end(
      renderFightPage({
        language: url.searchParams.get('lang') ?? 'vi',
        gameCode: verifyArena.gameCode,
        record,
        recent: verifyArena.history().map((h) => ({ fight: h.fight, result: h.result })),
      }),
    );
    return true;
  }
  const api = /^\/api\/([a-z0-9-]{1,64})\/fights$/.exec(path);
  const apiArena = api && request.method === 'GET' ? ctx.arenas.get(api[1] as string) : undefined;
  if (apiArena) {
    ctx.sendJson(response, 200, { fights: apiArena.history() });
    return true;
  }
  return false;
}
