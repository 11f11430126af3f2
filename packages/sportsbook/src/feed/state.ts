import { type Market, type MarketSpec, type MarketStatus, type OddsMilli, selectionsOf } from '../model.ts';
import { type Outcome, VOID } from '../settle-market.ts';
import type { FeedMessage } from './messages.ts';

/**
 * The state a feed's messages add up to, kept as last-writer-wins registers: each piece of state
 * remembers the sequence number of the message that wrote it, and a message only replaces a piece
 * written by an older one. Applying messages is therefore idempotent and order-free: the same
 * messages in any order, any number of times, give the same state; a snapshot is the same state
 * and merges the same way.
 */
type Reg<T> = { seq: number; value: T };

export type EventState = {
  id: string;
  fixture: Reg<Extract<FeedMessage, { type: 'fixture' }>['event'] & { phase: Extract<FeedMessage, { type: 'fixture' }>['phase'] }> | null;
  result: Reg<Pick<Extract<FeedMessage, { type: 'result' }>, 'live' | 'result' | 'clock'>> | null;
  stop: Reg<true> | null;
  cancel: Reg<string> | null;
};

export type MarketState = {
  id: string;
  eventId: string;
  odds: Reg<{ spec: MarketSpec; status: 'open' | 'suspended'; prices: Record<string, OddsMilli> }> | null;
  stop: Reg<true> | null;
  /** A settlement's outcomes, or null once rolled back. */
  settlement: Reg<Record<string, Outcome> | null> | null;
  cancel: Reg<string> | null;
};

export type FeedState = { seq: number; events: Record<string, EventState>; markets: Record<string, MarketState> };

export function emptyFeedState(): FeedState {
  return { seq: 0, events: {}, markets: {} };
}

function newer<T>(current: Reg<T> | null, seq: number): boolean {
  return current === null || seq > current.seq;
}

function eventOf(state: FeedState, id: string): EventState {
  let e = state.events[id];
  if (!e) {
    e = { id, fixture: null, result: null, stop: null, cancel: null };
    state.events[id] = e;
  }
  return e;
}

function marketOf(state: FeedState, id: string, eventId: string): MarketState {
  let m = state.markets[id];
  if (!m) {
    m = { id, eventId, odds: null, stop: null, settlement: null, cancel: null };
    state.markets[id] = m;
  }
  return m;
}

/** What a message may have changed: markets by id, or (null) every market of the event. */
export type Touched = { eventId: string; marketIds: string[] | null; changed: boolean };

/** Applies one message in place. `changed` is false for a duplicate or a message older than what it would replace. */
export function applyFeedMessage(state: FeedState, m: FeedMessage): Touched {
  state.seq = Math.max(state.seq, m.seq);
  const event = eventOf(state, m.eventId);
  const set = <T>(holder: Record<string, unknown>, key: string, value: T): boolean => {
    const reg = holder[key] as Reg<T> | null;
    if (!newer(reg, m.seq)) return false;
    holder[key] = { seq: m.seq, value };
    return true;
  };
  switch (m.type) {
    case 'fixture':
      return { eventId: m.eventId, marketIds: null, changed: set(event, 'fixture', { ...m.event, phase: m.phase }) };
    case 'result':
      return {
        eventId: m.eventId,
        marketIds: [],
        changed: set(event, 'result', { live: m.live, result: m.result, ...(m.clock ? { clock: m.clock } : {}) }),
      };
    case 'odds': {
      const market = marketOf(state, m.marketId, m.eventId);
      return {
        eventId: m.eventId,
        marketIds: [m.marketId],
        changed: set(market, 'odds', { spec: m.spec, status: m.status, prices: m.prices }),
      };
    }
    case 'betStop':
    case 'cancel': {
      const key = m.type === 'betStop' ? 'stop' : 'cancel';
      const value = m.type === 'betStop' ? true : m.reason;
      if (m.marketIds === null) return { eventId: m.eventId, marketIds: null, changed: set(event, key, value) };
      let changed = false;
      for (const id of m.marketIds) changed = set(marketOf(state, id, m.eventId), key, value) || changed;
      return { eventId: m.eventId, marketIds: m.marketIds, changed };
    }
    case 'settle':
    case 'rollback': {
      const market = marketOf(state, m.marketId, m.eventId);
      const value = m.type === 'settle' ? m.outcomes : null;
      return { eventId: m.eventId, marketIds: [m.marketId], changed: set(market, 'settlement', value) };
    }
  }
}

/** The state a list of messages adds up to. */
export function foldFeed(messages: Iterable<FeedMessage>): FeedState {
  const state = emptyFeedState();
  for (const m of messages) applyFeedMessage(state, m);
  return state;
}

function mergeReg<T>(a: Reg<T> | null, b: Reg<T> | null): Reg<T> | null {
  if (b === null) return a;
  if (a === null || b.seq > a.seq) return structuredClone(b);
  return a;
}

/** Merges a snapshot into a state in place (each register keeps the newer side). */
export function mergeFeedState(into: FeedState, from: FeedState): void {
  into.seq = Math.max(into.seq, from.seq);
  for (const e of Object.values(from.events)) {
    const t = eventOf(into, e.id);
    t.fixture = mergeReg(t.fixture, e.fixture);
    t.result = mergeReg(t.result, e.result);
    t.stop = mergeReg(t.stop, e.stop);
    t.cancel = mergeReg(t.cancel, e.cancel);
  }
  for (const m of Object.values(from.markets)) {
    const t = marketOf(into, m.id, m.eventId);
    t.odds = mergeReg(t.odds, m.odds);
    t.stop = mergeReg(t.stop, m.stop);
    t.settlement = mergeReg(t.settlement, m.settlement);
    t.cancel = mergeReg(t.cancel, m.cancel);
  }
}

export type MarketSettlement = { kind: 'settled'; outcomes: Record<string, Outcome> } | { kind: 'void'; reason: string };

/**
 * A market's settlement now: the newest of its settlement, its own cancellation and its event's
 * cancellation. A rollback newer than a cancellation undoes the cancellation too.
 */
export function marketSettlement(state: FeedState, marketId: string): MarketSettlement | null {
  const m = state.markets[marketId];
  if (!m) return null;
  const e = state.events[m.eventId];
  let best: { seq: number; value: MarketSettlement | null } | null = null;
  const consider = (seq: number, value: MarketSettlement | null): void => {
    if (best === null || seq > best.seq) best = { seq, value };
  };
  if (m.settlement) consider(m.settlement.seq, m.settlement.value ? { kind: 'settled', outcomes: m.settlement.value } : null);
  if (m.cancel) consider(m.cancel.seq, { kind: 'void', reason: m.cancel.value });
  if (e?.cancel) consider(e.cancel.seq, { kind: 'void', reason: e.cancel.value });
  return (best as { value: MarketSettlement | null } | null)?.value ?? null;
}

/** A selection's outcome now (void when its market is void), undefined while unsettled. */
export function selectionOutcome(state: FeedState, marketId: string, selectionId: string): Outcome | undefined {
  const s = marketSettlement(state, marketId);
  if (!s) return undefined;
  if (s.kind === 'void') return VOID;
  return s.outcomes[selectionId] ?? VOID;
}

/** The market as the book shows it: status from its settlement, its event's phase and the newest of its prices and stops. */
export function marketView(state: FeedState, marketId: string): Market | null {
  const m = state.markets[marketId];
  if (!m?.odds) return null;
  const e = state.events[m.eventId];
  const settlement = marketSettlement(state, marketId);
  let status: MarketStatus;
  if (settlement) status = settlement.kind === 'void' ? 'void' : 'settled';
  else if (e?.fixture?.value.phase === 'ended') status = 'closed';
  else {
    const stopSeq = Math.max(m.stop?.seq ?? 0, e?.stop?.seq ?? 0);
    status = stopSeq > m.odds.seq ? 'suspended' : m.odds.value.status;
  }
  const selections = new Set(selectionsOf(m.odds.value.spec));
  const prices = Object.fromEntries(Object.entries(m.odds.value.prices).filter(([s]) => selections.has(s)));
  return { id: m.id, eventId: m.eventId, spec: m.odds.value.spec, status, prices, oddsVersion: m.odds.seq };
}
