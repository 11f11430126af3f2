import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SPORTSBOOK_OPERATOR_PATH } from '@platform/contracts/sportsbook-operator';
import type { EventPhase, EventResult, MarketSpec, MarketType, Score, SportEvent } from '@platform/sportsbook/model';
import { readOperatorCall } from '../operator-call.ts';
import type { ManualOp, Sportsbook, SportsbookLimits } from './sportsbook.ts';
import { DEFAULT_LIMITS } from './sportsbook.ts';
import { sportsbookViews } from './sportsbook-routes.ts';

/**
 * The operator's sportsbook calls, signed like the seamless callbacks (the HOUSE secret), which
 * the platform makes for its console: `POST /api/operator/sportsbook/<call>`.
 *
 * - `events` { lang? } (vi or en, the names' language; en by default) → every event not over (or with bets still open) with its liability: per market
 *   the stake and the payout if each selection wins, the worst case, and whether risk stopped it.
 * - `manual/event` { sportId, competitionId, home, away, startsAt, phase? } or { sportId,
 *   competitionId, name, competitors, startsAt } → { eventId } (ids `op-…`, never a feed's);
 *   `manual/phase` { eventId, phase }; `manual/odds` { eventId, spec, prices, status? } → { marketId };
 *   `manual/stop` { eventId, marketIds? }; `manual/result` { eventId, result, live? };
 *   `manual/settle` { eventId, result } → { marketIds }; `manual/rollback` { marketId };
 *   `manual/cancel` { eventId, marketIds?, reason }. All go through the manual feed adapter.
 * - `limits` {} → { limits, defaults, riskStops, owed (refused corrections) }; `limits/set` { ...some limits } → { limits };
 *   `risk/lift` { marketId } lifts a risk stop.
 */

export type SportsbookOperatorContext = {
  book: Sportsbook;
  secret: string;
  now: () => number;
  readBody: (request: IncomingMessage) => Promise<string>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  log: (message: string, data?: Record<string, unknown>) => void;
};

class Invalid extends Error {}

const text = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v.trim() || v.length > 120) throw new Invalid(`${what} must be a text of 1 to 120 characters`);
  return v.trim();
};
const ids = (v: unknown): string[] | null => {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Invalid('marketIds must be a list of market ids');
  return v as string[];
};
const phaseOf = (v: unknown, fallback: EventPhase): EventPhase => {
  if (v === undefined) return fallback;
  if (v !== 'prematch' && v !== 'live' && v !== 'ended') throw new Invalid('phase must be prematch, live or ended');
  return v;
};
const amount = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new Invalid(`${what} must be a whole number of minor units, 0 or more`);
  return v;
};

function limitsFrom(given: Record<string, unknown>, current: SportsbookLimits): SportsbookLimits {
  const next = { ...current };
  for (const key of ['minStake', 'maxStake', 'maxPayout', 'liabilityLimit', 'inPlayDelayMs', 'cashOutMarginBp'] as const)
    if (given[key] !== undefined) next[key] = amount(given[key], key);
  if (next.minStake < 1) throw new Invalid('minStake must be at least 1');
  if (next.maxStake < next.minStake) throw new Invalid('maxStake must be at least minStake');
  if (next.cashOutMarginBp >= 10_000) throw new Invalid('cashOutMarginBp must be below 10000');
  if (next.inPlayDelayMs > 60_000) throw new Invalid('inPlayDelayMs must be at most 60000');
  for (const key of ['maxStakeByType', 'maxStakeByEvent'] as const) {
    const v = given[key];
    if (v === undefined) continue;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Invalid(`${key} must be an object of amounts`);
    next[key] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, amount(x, `${key}.${k}`)])) as Partial<Record<MarketType, number>>;
  }
  return next;
}

function eventFrom(body: Record<string, unknown>): SportEvent {
  const id = `op-${randomBytes(6).toString('hex')}`;
  const startsAt = body.startsAt;
  if (typeof startsAt !== 'number' || !Number.isSafeInteger(startsAt)) throw new Invalid('startsAt must be a time in unix milliseconds');
  const sportId = text(body.sportId, 'sportId');
  const competitionId = text(body.competitionId, 'competitionId');
  if (Array.isArray(body.competitors)) {
    const competitors = body.competitors.map((c) => text(c, 'a competitor'));
    return { kind: 'outright', id, sportId, competitionId, startsAt, name: text(body.name, 'name'), competitors };
  }
  const bestOf = body.bestOf === undefined ? null : body.bestOf;
  if (bestOf !== null && !(typeof bestOf === 'number' && [1, 2, 3, 5, 7].includes(bestOf)))
    throw new Invalid('bestOf must be 1, 2, 3, 5 or 7');
  return { kind: 'match', id, sportId, competitionId, startsAt, home: text(body.home, 'home'), away: text(body.away, 'away'), bestOf };
}

function opFrom(call: string, body: Record<string, unknown>): ManualOp {
  const eventId = () => text(body.eventId, 'eventId');
  switch (call) {
    case 'manual/event':
      return { op: 'event', event: eventFrom(body), phase: phaseOf(body.phase, 'prematch') };
    case 'manual/phase':
      return { op: 'phase', eventId: eventId(), phase: phaseOf(body.phase, 'prematch') };
    case 'manual/odds': {
      if (!body.spec || typeof body.spec !== 'object') throw new Invalid('spec must be a market definition');
      if (!body.prices || typeof body.prices !== 'object') throw new Invalid('prices must map selections to odds in thousandths');
      const status = body.status === 'suspended' ? 'suspended' : 'open';
      return { op: 'odds', eventId: eventId(), spec: body.spec as MarketSpec, prices: body.prices as Record<string, number>, status };
    }
    case 'manual/stop':
      return { op: 'stop', eventId: eventId(), marketIds: ids(body.marketIds) };
    case 'manual/result':
      if (!body.result || typeof body.result !== 'object') throw new Invalid('result must be the periods decided');
      return { op: 'result', eventId: eventId(), result: body.result as EventResult, live: (body.live as Score | undefined) ?? null };
    case 'manual/settle':
      if (!body.result || typeof body.result !== 'object') throw new Invalid('result must be the periods decided');
      return { op: 'settle', eventId: eventId(), result: body.result as EventResult };
    case 'manual/rollback':
      return { op: 'rollback', marketId: text(body.marketId, 'marketId') };
    case 'manual/cancel':
      return { op: 'cancel', eventId: eventId(), marketIds: ids(body.marketIds), reason: text(body.reason, 'reason') };
  }
  throw new Invalid('unknown call');
}

/** Handles an operator sportsbook path; false when the path is not one. */
export async function handleSportsbookOperator(
  ctx: SportsbookOperatorContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (!path.startsWith(`${SPORTSBOOK_OPERATOR_PATH}/`)) return false;
  const signed = await readOperatorCall(ctx, request, response);
  if (!signed) return true;
  const body = (signed.body && typeof signed.body === 'object' ? signed.body : {}) as Record<string, unknown>;
  const call = path.slice(SPORTSBOOK_OPERATOR_PATH.length + 1);
  const { book } = ctx;
  await book.ready();
  try {
    if (call === 'events') {
      const views = sportsbookViews(book, body.lang === 'vi' ? 'vi' : 'en', false);
      const events = Object.values(book.feed.events).flatMap((e) => {
        const liability = book.eventLiability(e.id);
        if (!e.fixture || (e.fixture.value.phase === 'ended' && liability.worstPayout === 0)) return [];
        const markets = liability.markets.map((m) => ({ ...m, market: views.marketViewOf(m.marketId) }));
        return [{ event: views.eventView(e.id), worstPayout: liability.worstPayout, markets }];
      });
      events.sort((a, b) => b.worstPayout - a.worstPayout || (a.event?.startsAt ?? 0) - (b.event?.startsAt ?? 0));
      ctx.sendJson(response, 200, { events });
      return true;
    }
    if (call === 'limits') {
      ctx.sendJson(response, 200, { limits: book.limits(), defaults: DEFAULT_LIMITS, riskStops: [...book.riskStops()], owed: book.owed() });
      return true;
    }
    if (call === 'limits/set') {
      const limits = limitsFrom(body, book.limits());
      book.setLimits(limits);
      ctx.log('sportsbook limits changed by the operator', { limits });
      ctx.sendJson(response, 200, { limits });
      return true;
    }
    if (call === 'risk/lift') {
      ctx.sendJson(response, 200, { lifted: book.liftRisk(text(body.marketId, 'marketId')) });
      return true;
    }
    if (call.startsWith('manual/')) {
      const op = opFrom(call, body);
      const result = await book.manualEntry(op);
      ctx.log('sportsbook manual entry', { call });
      const answer =
        op.op === 'event'
          ? { eventId: op.event.id }
          : op.op === 'odds'
            ? { marketId: result }
            : op.op === 'settle'
              ? { marketIds: result }
              : { status: 'OK' };
      ctx.sendJson(response, 200, answer);
      return true;
    }
  } catch (err) {
    if (err instanceof Invalid || err instanceof RangeError) {
      ctx.sendJson(response, 400, { status: 'ERROR', code: 'sportsbook_invalid', problems: [err.message] });
      return true;
    }
    throw err;
  }
  ctx.sendJson(response, 404, { status: 'ERROR', code: 'not_found' });
  return true;
}
