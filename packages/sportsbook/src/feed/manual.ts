import {
  type EventPhase,
  type EventResult,
  isValidOdds,
  type MarketSpec,
  marketKey,
  type OddsMilli,
  type Score,
  type SportEvent,
  selectionsOf,
} from '../model.ts';
import { settleMarket } from '../settle-market.ts';
import type { FeedAdapter } from './adapter.ts';
import { type FeedMessage, marketIdOf, type UnnumberedMessage } from './messages.ts';
import { type FeedState, foldFeed, marketSettlement } from './state.ts';

/**
 * Operators' manual entry as a feed: events, prices, bet stops, results, settlement from the
 * entered result, rollbacks and cancellations, each call one numbered message. Bad input throws a
 * RangeError and writes nothing. The server's operator calls drive this adapter; the book cannot
 * tell it from any other feed.
 */
export class ManualFeed implements FeedAdapter {
  readonly name = 'manual';
  private readonly log: FeedMessage[] = [];
  private readonly listeners = new Set<(m: FeedMessage) => void>();
  private readonly events = new Map<string, SportEvent>();
  private readonly specs = new Map<string, { eventId: string; spec: MarketSpec }>();

  constructor(private readonly now: () => number) {}

  private publish(message: UnnumberedMessage): FeedMessage {
    const numbered = { ...message, seq: this.log.length + 1 } as FeedMessage;
    this.log.push(numbered);
    for (const l of this.listeners) l(numbered);
    return numbered;
  }

  private event(eventId: string): SportEvent {
    const e = this.events.get(eventId);
    if (!e) throw new RangeError(`no event ${eventId}`);
    return e;
  }

  private market(marketId: string): { eventId: string; spec: MarketSpec } {
    const m = this.specs.get(marketId);
    if (!m) throw new RangeError(`no market ${marketId}`);
    return m;
  }

  /** Announces or changes an event. */
  putEvent(event: SportEvent, phase: EventPhase = 'prematch'): void {
    if (!event.id) throw new RangeError('an event needs an id');
    if (event.kind === 'match' && (!event.home || !event.away || event.home === event.away))
      throw new RangeError('a match needs two different sides');
    if (event.kind === 'outright' && new Set(event.competitors).size < 2)
      throw new RangeError('an outright needs at least two competitors');
    this.events.set(event.id, event);
    this.publish({ type: 'fixture', at: this.now(), eventId: event.id, event, phase });
  }

  setPhase(eventId: string, phase: EventPhase): void {
    this.publish({ type: 'fixture', at: this.now(), eventId, event: this.event(eventId), phase });
  }

  /** Opens (or reprices) a market; returns its id. */
  setOdds(eventId: string, spec: MarketSpec, prices: Record<string, OddsMilli>, status: 'open' | 'suspended' = 'open'): string {
    this.event(eventId);
    const selections = new Set(selectionsOf(spec));
    for (const [s, odds] of Object.entries(prices)) {
      if (!selections.has(s)) throw new RangeError(`no selection ${s} in ${marketKey(spec)}`);
      if (!isValidOdds(odds)) throw new RangeError(`price ${odds} for ${s} is outside 1.01–1000`);
    }
    if (
      (spec.type === 'ah' || spec.type === 'ou' || spec.type === 'mapHandicap' || spec.type === 'totalMaps') &&
      !Number.isInteger(spec.line)
    )
      throw new RangeError('lines are in quarters');
    const marketId = marketIdOf(eventId, marketKey(spec));
    this.specs.set(marketId, { eventId, spec });
    this.publish({ type: 'odds', at: this.now(), eventId, marketId, spec, status, prices });
    return marketId;
  }

  suspend(eventId: string, marketIds: string[] | null = null): void {
    this.event(eventId);
    for (const id of marketIds ?? []) if (this.market(id).eventId !== eventId) throw new RangeError(`${id} is not a market of ${eventId}`);
    this.publish({ type: 'betStop', at: this.now(), eventId, marketIds });
  }

  /**
   * An outright's standings: groups of its competitors, each named once; a group of several is a
   * dead heat (they share the places the group spans).
   */
  private checkStandings(event: SportEvent, result: EventResult): void {
    const standings: unknown = result.standings;
    if (standings === undefined) return;
    if (event.kind !== 'outright') throw new RangeError('standings are for outrights only');
    const seen = new Set<string>();
    if (!Array.isArray(standings)) throw new RangeError('standings must be groups of the outright’s entrants');
    for (const group of standings) {
      if (!Array.isArray(group) || group.length === 0) throw new RangeError('standings must be groups of the outright’s entrants');
      for (const name of group) {
        if (typeof name !== 'string' || !event.competitors.includes(name) || seen.has(name))
          throw new RangeError('standings must name each of the outright’s entrants at most once');
        seen.add(name);
      }
    }
  }

  enterResult(eventId: string, result: EventResult, live: Score | null = null): void {
    this.checkStandings(this.event(eventId), result);
    for (const s of [result.ft, result.h1, live])
      if (s && (!Number.isInteger(s.home) || !Number.isInteger(s.away) || s.home < 0 || s.away < 0))
        throw new RangeError('scores are whole numbers, 0 or more');
    this.publish({ type: 'result', at: this.now(), eventId, live, result });
  }

  /** Settles every market of the event that the result decides; returns the markets settled. */
  settleFromResult(eventId: string, result: EventResult): string[] {
    this.checkStandings(this.event(eventId), result);
    const settled: string[] = [];
    const state = foldFeed(this.log);
    for (const [marketId, m] of this.specs) {
      if (m.eventId !== eventId || marketSettlement(state, marketId)) continue;
      const outcomes = settleMarket(m.spec, result);
      if (!outcomes) continue;
      this.publish({ type: 'settle', at: this.now(), eventId, marketId, outcomes });
      settled.push(marketId);
    }
    return settled;
  }

  rollback(marketId: string): void {
    const m = this.market(marketId);
    if (!marketSettlement(foldFeed(this.log), marketId)) throw new RangeError(`${marketId} is not settled`);
    this.publish({ type: 'rollback', at: this.now(), eventId: m.eventId, marketId });
  }

  cancel(eventId: string, marketIds: string[] | null, reason: string): void {
    this.event(eventId);
    if (!reason.trim()) throw new RangeError('a cancellation needs a reason');
    for (const id of marketIds ?? []) if (this.market(id).eventId !== eventId) throw new RangeError(`${id} is not a market of ${eventId}`);
    this.publish({ type: 'cancel', at: this.now(), eventId, marketIds, reason });
  }

  subscribe(listener: (message: FeedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async snapshot(): Promise<FeedState> {
    return foldFeed(this.log);
  }

  async replay(afterSeq: number): Promise<FeedMessage[] | null> {
    return this.log.slice(afterSeq);
  }
}
