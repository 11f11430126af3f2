import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LIVE_TABLE_GAMES } from '@platform/contracts/live-tables';
import { TABLE_LIMITS_PATH, type TableLimitsEntry, tableLimitProblems } from '@platform/contracts/table-limits';
import { checkVendorSignature, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import type { LiveLimits } from './live-table.ts';

/**
 * The operator's calls on the shared tables' limits (issue 24), which the platform makes for its
 * console: `POST /api/operator/table-limits` lists every table with the limits its next round opens
 * with and its defaults; `POST /api/operator/table-limits/<game code>` with `{ min, max }` replaces
 * one table's limits in `table-limits.json`. Both are signed like the seamless callbacks (the
 * timestamp and HMAC headers over the raw body, with the HOUSE secret); anything else is refused.
 */
export type LimitTable = {
  gameCode: string;
  game: (typeof LIVE_TABLE_GAMES)[number];
  tableId: string;
  defaults: LiveLimits;
};
export type TableLimitsRouteContext = {
  secret: string;
  now: () => number;
  tables: readonly LimitTable[];
  settings: {
    limitsOf: (config: { gameCode: string; limits: LiveLimits }) => LiveLimits;
    write: (gameCode: string, limits: LiveLimits) => void;
  };
  readBody: (request: IncomingMessage) => Promise<string>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  log: (message: string, data?: Record<string, unknown>) => void;
};

/**
 * Reads an operator call signed like the seamless callbacks (timestamp and HMAC headers over the
 * raw body, with the HOUSE secret). Answers the refusal itself (401 bad signature, 400 not JSON)
 * and gives null, or gives the parsed body.
 */
export async function readSignedBody(
  ctx: Pick<TableLimitsRouteContext, 'secret' | 'now' | 'readBody' | 'sendJson'>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ body: unknown } | null> {
  const raw = await ctx.readBody(request);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const check = checkVendorSignature({
    secret: ctx.secret,
    timestamp: header(VENDOR_TIMESTAMP_HEADER),
    signature: header(VENDOR_SIGNATURE_HEADER),
    rawBody: raw,
    nowMs: ctx.now(),
  });
  if (check !== 'ok') {
    ctx.sendJson(response, 401, { status: 'ERROR', code: 'signature_invalid', reason: check });
    return null;
  }
  try {
    return { body: raw ? JSON.parse(raw) : {} };
  } catch {
    ctx.sendJson(response, 400, { status: 'ERROR', code: 'bad_request', problems: [] });
    return null;
  }
}

function entryOf(ctx: TableLimitsRouteContext, table: LimitTable): TableLimitsEntry {
  let limits: LiveLimits;
  try {
    limits = ctx.settings.limitsOf({ gameCode: table.gameCode, limits: table.defaults });
  } catch {
    // The file's entry is not valid: the table keeps what it opened with; the defaults are shown.
    limits = table.defaults;
  }
  return { gameCode: table.gameCode, game: table.game, tableId: table.tableId, limits, defaults: table.defaults };
}

/** Handles a table-limits path; false when the path is not one. */
export async function handleTableLimits(
  ctx: TableLimitsRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (path !== TABLE_LIMITS_PATH && !path.startsWith(`${TABLE_LIMITS_PATH}/`)) return false;
  if (request.method !== 'POST') {
    ctx.sendJson(response, 405, { status: 'ERROR', code: 'method_not_allowed' });
    return true;
  }
  const signed = await readSignedBody(ctx, request, response);
  if (!signed) return true;
  const { body } = signed;
  if (path === TABLE_LIMITS_PATH) {
    ctx.sendJson(response, 200, { tables: ctx.tables.map((t) => entryOf(ctx, t)) });
    return true;
  }
  const gameCode = path.slice(TABLE_LIMITS_PATH.length + 1);
  const table = ctx.tables.find((t) => t.gameCode === gameCode);
  if (!table) {
    ctx.sendJson(response, 404, { status: 'ERROR', code: 'not_found' });
    return true;
  }
  const problems = tableLimitProblems(body, Object.keys(table.defaults.max));
  if (problems.length > 0) {
    ctx.sendJson(response, 400, { status: 'ERROR', code: 'table_limits_invalid', problems });
    return true;
  }
  const given = body as LiveLimits;
  const limits: LiveLimits = {
    min: given.min,
    max: Object.fromEntries(Object.keys(table.defaults.max).map((kind) => [kind, given.max[kind] as number])),
  };
  ctx.settings.write(gameCode, limits);
  ctx.log('table limits changed by the operator', { game: gameCode, limits });
  ctx.sendJson(response, 200, { table: entryOf(ctx, table) });
  return true;
}
