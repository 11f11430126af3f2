import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  SPORTSBOOK_EVENT_STATES,
  SPORTSBOOK_EVENTS_PAGE_SIZE,
  SPORTSBOOK_OPERATOR_PATH,
  type SportsbookEventState,
} from '@platform/contracts/sportsbook-operator';
import { foldText } from '@platform/contracts/text-folding';
import { SPORTS } from '@platform/sportsbook/feed/simulated';
import type { EventPhase, EventResult, MarketSpec, MarketType, Score, SportEvent } from '@platform/sportsbook/model';
import { readOperatorCall } from '../operator-call.ts';
import type { ManualOp, Sportsbook, SportsbookLimits } from './sportsbook.ts';
import { DEFAULT_LIMITS } from './sportsbook.ts';
import { sportsbookViews } from './sportsbook-routes.ts';

/**
 * The operator's sportsbook calls, signed like the seamless callbacks (the HOUSE secret), which
 * the platform makes for its console: `POST /api/operator/sportsbook/<call>`.
 *
 * - `events` { lang?, sportId?, state?, from?, to?, q?, page? } (lang vi or en, the names' language;
 *   en by default) → { events, total, page, pageSize, sports }: the events with their liability (per
 *   market the stake and the payout if each selection wins, the worst case, and whether risk stopped
 *   it), the worst first, 20 a page. With no state, every event not over (or with bets still open);
 *   `live`, `upcoming` (pre-match) or `settled` (ended) picks by phase; `from`/`to` (unix ms, the
 *   start as members see it) a time range; `q` a team, outright or competition name (folded).
 *   Times are real times: the simulated feed's script time moved back (`book.shown`).
 * - `manual/event` { sportId, competitionId, home, away, startsAt, phase? } or { sportId,
 *   competitionId, name, competitors, startsAt } → { eventId } (ids `op-…`, never a feed's);
 *   `startsAt` is a real time, kept in the book's script time as the simulated feed's are;
 *   `manual/phase` { eventId, phase }; `manual/odds` { eventId, spec, prices, status? } → { marketId };
 *   `manual/stop` { eventId, marketIds? }; `manual/result` { eventId, result, live? };
 *   `manual/settle` { eventId, result } → { marketIds }; `manual/rollback` { marketId };
 *   `manual/cancel` { eventId, marketIds?, reason }. All go through the manual feed adapter.
 * - `limits` { lang? } → { limits, defaults, riskStops, stops (each with its event's and market's names and
 *   worst case), eventLimits (the events with a stake cap of their own, named), owed (refused corrections) };
 *   `limits/set` { ...some limits, maxStakeForEvent? { eventId, maxStake | null } } → { limits };
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

/**
 * The limits after a `limits/set`: the amounts given replace theirs, `maxStakeByType` and
 * `maxStakeByEvent` replace theirs whole, and `maxStakeForEvent` { eventId, maxStake } sets (or, with
 * a null `maxStake`, removes) one event's own cap without touching the others'. A per-event cap below
 * the minimum stake would refuse every bet on its events: the bet stop does that, so it is refused.
 */
function limitsFrom(given: Record<string, unknown>, current: SportsbookLimits, isEvent: (eventId: string) => boolean): SportsbookLimits {
  const next = { ...current, maxStakeByEvent: { ...current.maxStakeByEvent } };
  for (const key of [
    'minStake',
    'maxStake',
    'maxStakePerEvent',
    'maxPayout',
    'liabilityLimit',
    'inPlayDelayMs',
    'cashOutMarginBp',
  ] as const)
    if (given[key] !== undefined) next[key] = amount(given[key], key);
  if (next.minStake < 1) throw new Invalid('minStake must be at least 1');
  if (next.maxStake < next.minStake) throw new Invalid('maxStake must be at least minStake');
  if (next.maxStakePerEvent < next.minStake) throw new Invalid('maxStakePerEvent must be at least minStake');
  if (next.cashOutMarginBp >= 10_000) throw new Invalid('cashOutMarginBp must be below 10000');
  if (next.inPlayDelayMs > 60_000) throw new Invalid('inPlayDelayMs must be at most 60000');
  for (const key of ['maxStakeByType', 'maxStakeByEvent'] as const) {
    const v = given[key];
    if (v === undefined) continue;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Invalid(`${key} must be an object of amounts`);
    next[key] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, amount(x, `${key}.${k}`)])) as Partial<Record<MarketType, number>>;
  }
  const one = given.maxStakeForEvent;
  if (one !== undefined) {
    if (!one || typeof one !== 'object' || Array.isArray(one)) throw new Invalid('maxStakeForEvent must be { eventId, maxStake }');
    const { eventId, maxStake } = one as Record<string, unknown>;
    const id = text(eventId, 'eventId');
    if (maxStake === null) delete next.maxStakeByEvent[id];
    else {
      if (!isEvent(id)) throw new Invalid(`no event ${id}`);
      next.maxStakeByEvent[id] = amount(maxStake, 'maxStakeForEvent');
    }
  }
  for (const [eventId, cap] of Object.entries(next.maxStakeByEvent))
    if (cap < next.minStake) throw new Invalid(`maxStakeForEvent ${eventId} must be at least minStake`);
  return next;
}

/** A new event; its start, given as a real time, moved to the book's script time (`scriptOffset`). */
function eventFrom(body: Record<string, unknown>, scriptOffset: number): SportEvent {
  const id = `op-${randomBytes(6).toString('hex')}`;
  const given = body.startsAt;
  if (typeof given !== 'number' || !Number.isSafeInteger(given)) throw new Invalid('startsAt must be a time in unix milliseconds');
  const startsAt = given + scriptOffset;
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

function opFrom(call: string, body: Record<string, unknown>, scriptOffset: number): ManualOp {
  const eventId = () => text(body.eventId, 'eventId');
  switch (call) {
    case 'manual/event':
      return { op: 'event', event: eventFrom(body, scriptOffset), phase: phaseOf(body.phase, 'prematch') };
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

const stateOf = (v: unknown): SportsbookEventState | null => {
  if (v === undefined || v === null || v === '') return null;
  if (!(SPORTSBOOK_EVENT_STATES as readonly unknown[]).includes(v)) throw new Invalid('state must be live, upcoming or settled');
  return v as SportsbookEventState;
};
const timeOf = (v: unknown, what: string): number | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Invalid(`${what} must be a time in unix milliseconds`);
  return v;
};

/** The console's list of events: filtered, the worst case first, one page; with the sports to filter by. */
function eventsPage(book: Sportsbook, body: Record<string, unknown>) {
  const views = sportsbookViews(book, body.lang === 'vi' ? 'vi' : 'en', false);
  const state = stateOf(body.state);
  const sportId = typeof body.sportId === 'string' && body.sportId ? body.sportId : null;
  const from = timeOf(body.from, 'from');
  const to = timeOf(body.to, 'to');
  const query = typeof body.q === 'string' ? foldText(body.q.slice(0, 120)) : '';
  const page = typeof body.page === 'number' && Number.isSafeInteger(body.page) && body.page >= 1 ? body.page : 1;
  const counts = new Map<string, number>();
  const rows = Object.values(book.feed.events).flatMap((e) => {
    const fixture = e.fixture?.value;
    if (!fixture) return [];
    const phase = fixture.phase;
    const startsAt = book.shown(fixture.startsAt);
    if (state === 'live' && phase !== 'live') return [];
    if (state === 'upcoming' && phase !== 'prematch') return [];
    if (state === 'settled' && phase !== 'ended') return [];
    if ((from !== null && startsAt < from) || (to !== null && startsAt >= to)) return [];
    const liability = book.eventLiability(e.id);
    if (state === null && phase === 'ended' && liability.worstPayout === 0) return [];
    if (query) {
      const event = views.eventView(e.id);
      const names = [event?.name ?? '', event?.competition.name ?? '', fixture.competitionId].map(foldText);
      if (!names.some((n) => n.includes(query))) return [];
    }
    counts.set(fixture.sportId, (counts.get(fixture.sportId) ?? 0) + 1);
    if (sportId && fixture.sportId !== sportId) return [];
    return [{ id: e.id, startsAt, worstPayout: liability.worstPayout, liability }];
  });
  const later = state === 'settled' ? -1 : 1;
  rows.sort((a, b) => b.worstPayout - a.worstPayout || later * (a.startsAt - b.startsAt) || a.id.localeCompare(b.id));
  const events = rows.slice((page - 1) * SPORTSBOOK_EVENTS_PAGE_SIZE, page * SPORTSBOOK_EVENTS_PAGE_SIZE).map((row) => {
    const view = views.eventView(row.id);
    const fixture = book.eventOf(row.id);
    const markets = row.liability.markets.map((m) => ({ ...m, market: views.marketViewOf(m.marketId) }));
    const event = view && fixture?.kind === 'outright' ? { ...view, competitors: fixture.competitors } : view;
    return { event, worstPayout: row.worstPayout, markets };
  });
  const sports = SPORTS.flatMap((s) => (counts.has(s.id) ? [{ id: s.id, name: s.name, count: counts.get(s.id) ?? 0 }] : []));
  for (const [id, count] of counts) if (!sports.some((s) => s.id === id)) sports.push({ id, name: id, count });
  return { events, total: rows.length, page, pageSize: SPORTSBOOK_EVENTS_PAGE_SIZE, sports };
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
      ctx.sendJson(response, 200, eventsPage(book, body));
      return true;
    }
    if (call === 'limits') {
      // The risk stops with their names and worst case, whatever page of events the console shows.
      const views = sportsbookViews(book, body.lang === 'vi' ? 'vi' : 'en', false);
      const stops = [...book.riskStops()].map((marketId) => {
        const eventId = book.feed.markets[marketId]?.eventId ?? '';
        const worstPayout = book.eventLiability(eventId).markets.find((m) => m.marketId === marketId)?.worstPayout ?? 0;
        return {
          marketId,
          event: views.eventView(eventId)?.name ?? eventId,
          market: views.marketViewOf(marketId)?.name ?? marketId,
          worstPayout,
        };
      });
      const limits = book.limits();
      // The events with a cap of their own, named; one the feed no longer has keeps its id.
      const eventLimits = Object.entries(limits.maxStakeByEvent).map(([eventId, maxStake]) => ({
        eventId,
        event: views.eventView(eventId)?.name ?? eventId,
        maxStake,
      }));
      ctx.sendJson(response, 200, {
        limits,
        eventLimits,
        defaults: DEFAULT_LIMITS,
        riskStops: [...book.riskStops()],
        stops,
        owed: book.owed(),
      });
      return true;
    }
    if (call === 'limits/set') {
      const limits = limitsFrom(body, book.limits(), (eventId) => book.eventOf(eventId) !== null);
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
      const op = opFrom(call, body, book.scriptNow() - book.now());
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
