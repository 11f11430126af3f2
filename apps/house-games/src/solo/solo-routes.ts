import type { IncomingMessage, ServerResponse } from 'node:http';
import { replayRound } from '@platform/games/house/verify';
import { maskName, TableRefused } from '../table-wallet.ts';
import { renderSoloVerifyPage } from './solo-page.ts';
import type { SoloHistoryItem, SoloTable } from './solo-table.ts';

/**
 * The single-player games' HTTP calls, mounted by house-games.ts: the page's POST calls (`state`,
 * `balance`, `start`, `act`, `seed`) and the public proof (`/verify/<game>`, `/api/<game>/rounds`,
 * `/api/<game>/verify`). The game page itself is opened by the launch in house-games.ts.
 */
type Session = { id: string; game: string; token: string; username: string; currency: string };
export type SoloRouteContext = {
  tables: ReadonlyMap<string, SoloTable>;
  sessionOf: (id: unknown) => Session;
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  badRequest: (message: string) => Error;
  pageHeaders: Record<string, string>;
  platformBalance: (token: string) => Promise<{ status: string; balance?: number }>;
};

const playerOf = (s: Session) => ({ username: s.username, token: s.token, currency: s.currency });
const publicItem = (h: SoloHistoryItem) => ({ ...h, player: maskName(h.player) });

/** Handles a single-player game's path; false when the path is not one. */
export async function handleSolo(ctx: SoloRouteContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  const verifyPage = /^\/verify\/([a-z0-9-]{1,64})$/.exec(path);
  if (request.method === 'GET' && verifyPage && ctx.tables.has(verifyPage[1] as string)) {
    response.writeHead(200, ctx.pageHeaders);
    response.end(renderSoloVerifyPage({ language: url.searchParams.get('lang') ?? 'vi', gameCode: verifyPage[1] as string }));
    return true;
  }
  const api = /^\/api\/([a-z0-9-]{1,64})\/(rounds|verify)$/.exec(path);
  const apiTable = api && request.method === 'GET' ? ctx.tables.get(api[1] as string) : undefined;
  if (api && apiTable) {
    if (api[2] === 'rounds') ctx.sendJson(response, 200, { rounds: apiTable.history().slice(0, 60).map(publicItem) });
    else ctx.sendJson(response, 200, verifySolo(ctx, apiTable, url.searchParams));
    return true;
  }
  const game = /^\/game\/([a-z0-9-]{1,64})\/(state|balance|start|act|seed)$/.exec(path);
  const table = game ? ctx.tables.get(game[1] as string) : undefined;
  if (!game || !table || request.method !== 'POST') return false;
  const body = await ctx.readJson(request);
  const session = ctx.sessionOf(body.session);
  if (session.game !== table.gameCode) return false;
  try {
    switch (game[2]) {
      case 'state':
        ctx.sendJson(response, 200, table.snapshot(session.username));
        break;
      case 'balance': {
        const answer = await ctx.platformBalance(session.token);
        if (answer.status !== 'OK') ctx.sendJson(response, 409, { status: answer.status });
        else ctx.sendJson(response, 200, { status: 'OK', balance: answer.balance, currency: session.currency });
        break;
      }
      case 'start':
        ctx.sendJson(response, 200, { status: 'OK', ...(await table.start(playerOf(session), body)) });
        break;
      case 'act':
        ctx.sendJson(response, 200, { status: 'OK', ...(await table.act(playerOf(session), body)) });
        break;
      case 'seed':
        ctx.sendJson(response, 200, { status: 'OK', ...table.setClientSeed(session.username, body.clientSeed) });
        break;
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

/** A round recomputed from its seeds (given, or a recent round's published ones) by `replayRound`. */
function verifySolo(ctx: SoloRouteContext, table: SoloTable, query: URLSearchParams) {
  const known = table.history().find((h) => h.roundId === query.get('round'));
  const serverSeed = query.get('seed') ?? known?.serverSeed;
  const clientSeed = query.get('clientSeed') ?? known?.clientSeed;
  const commitment = query.get('commitment') ?? known?.commitment;
  const nonce = Number(query.get('nonce') ?? known?.nonce);
  if (!Number.isSafeInteger(nonce) || nonce < 0 || !serverSeed || !clientSeed || serverSeed.length > 128 || clientSeed.length > 128) {
    throw ctx.badRequest('give the server seed, the client seed and the nonce, or the id of a recent round of this game');
  }
  const number = (name: string, fallback: unknown) => {
    const raw = query.get(name);
    const value = raw === null ? fallback : Number(raw);
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  };
  try {
    const replay = replayRound({
      game: table.game.verifyGame,
      serverSeed,
      clientSeed,
      nonce,
      commitment: commitment ?? undefined,
      mines: number('mines', known?.verify.mines),
      rows: number('rows', known?.verify.rows),
      risk: query.get('risk') ?? (known?.verify.risk as string | undefined),
      decks: number('decks', known?.verify.decks),
      cards: Math.min(number('cards', known?.verify.cards) ?? 12, 60),
    });
    return { ...replay, serverSeed, clientSeed, nonce, commitment: commitment ?? null, recorded: known ? publicItem(known) : null };
  } catch (err) {
    throw ctx.badRequest(err instanceof Error ? err.message : String(err));
  }
}
