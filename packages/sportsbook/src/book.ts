import { type Bet, type BetSettlement, betProblem, settleBet, totalStake } from './bets.ts';
import type { FeedSink } from './feed/adapter.ts';
import type { FeedMessage } from './feed/messages.ts';
import { applyFeedMessage, emptyFeedState, type FeedState, marketView, mergeFeedState, selectionOutcome } from './feed/state.ts';
import { checkSlipOdds, type OddsChangePolicy } from './odds-policy.ts';

/**
 * A pure book: the feed's state, the bets and the money they moved, all in memory. The server's
 * sportsbook keeps the same state in tables and moves the money through the seamless protocol;
 * this one is the reference it is tested against.
 *
 * Money moves as differences only. A bet's stake is taken at placement. After every feed message
 * each bet it touches is settled again from the current state, and only the difference between
 * what it should have returned by now and what it has been paid is posted: the first settlement
 * pays the return, a resettlement pays or takes back the change, a rollback takes back everything
 * paid. The same messages in any order, any number of times, leave the same payments.
 */
export type LedgerKind = 'stake' | 'settle' | 'resettle' | 'rollback';
export type LedgerEntry = { betId: string; memberId: string; amount: number; kind: LedgerKind };

export class BookError extends Error {}

export class SportsBook implements FeedSink {
  readonly feed: FeedState = emptyFeedState();
  readonly ledger: LedgerEntry[] = [];
  private readonly bets = new Map<string, { bet: Bet; paid: number; settlement: BetSettlement }>();
  private readonly byMarket = new Map<string, Set<string>>();
  private readonly byEvent = new Map<string, Set<string>>();
  private readonly balances = new Map<string, number>();
  private house = 0;

  constructor(opening: Record<string, number>) {
    for (const [member, amount] of Object.entries(opening)) {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`bad opening balance for ${member}`);
      this.balances.set(member, amount);
    }
  }

  balanceOf(memberId: string): number {
    return this.balances.get(memberId) ?? 0;
  }

  /** What the house has won (stakes taken less returns paid). */
  get houseBalance(): number {
    return this.house;
  }

  private post(betId: string, memberId: string, amount: number, kind: LedgerKind): void {
    this.ledger.push({ betId, memberId, amount, kind });
    this.balances.set(memberId, this.balanceOf(memberId) + amount);
    this.house -= amount;
  }

  /** Records a bet and takes its stake. Throws BookError (nothing changes) for a bad bet or too little money. */
  place(bet: Bet): void {
    const problem = betProblem(bet);
    if (problem) throw new BookError(problem);
    if (this.bets.has(bet.id)) throw new BookError(`bet ${bet.id} exists`);
    const stake = totalStake(bet);
    if (this.balanceOf(bet.memberId) < stake) throw new BookError('The balance is too low for this stake.');
    this.bets.set(bet.id, { bet: structuredClone(bet), paid: 0, settlement: { state: 'open' } });
    for (const leg of bet.legs) {
      const m = this.byMarket.get(leg.marketId) ?? new Set();
      m.add(bet.id);
      this.byMarket.set(leg.marketId, m);
      const e = this.byEvent.get(leg.eventId) ?? new Set();
      e.add(bet.id);
      this.byEvent.set(leg.eventId, e);
    }
    this.post(bet.id, bet.memberId, -stake, 'stake');
    this.resettle(bet.id);
  }

  /**
   * Places a bet against the markets as they are now: every leg's market open with a price for its
   * selection, the price checked against the member's odds-change policy, the bet taken at the
   * current prices. Returns the bet as placed.
   */
  placeAtCurrentOdds(bet: Bet, policy: OddsChangePolicy): Bet {
    const current = bet.legs.map((leg) => {
      const view = marketView(this.feed, leg.marketId);
      if (view?.status !== 'open') throw new BookError('This market is not taking bets now.');
      const price = view.prices[leg.selectionId];
      if (price === undefined) throw new BookError('This selection is not taking bets now.');
      return { requested: leg.odds, current: price };
    });
    const check = checkSlipOdds(current, policy);
    if (!check.accepted) throw new BookError('The price has changed.');
    const placed = { ...bet, legs: bet.legs.map((l, i) => ({ ...l, odds: check.odds[i] as number })) };
    this.place(placed);
    return placed;
  }

  apply(message: FeedMessage): void {
    const touched = applyFeedMessage(this.feed, message);
    if (!touched.changed) return;
    const ids =
      touched.marketIds === null
        ? this.byEvent.get(touched.eventId)
        : new Set(touched.marketIds.flatMap((m) => [...(this.byMarket.get(m) ?? [])]));
    for (const id of ids ?? []) this.resettle(id);
  }

  applySnapshot(snapshot: FeedState): void {
    mergeFeedState(this.feed, snapshot);
    for (const id of this.bets.keys()) this.resettle(id);
  }

  private resettle(id: string): void {
    const entry = this.bets.get(id);
    if (!entry) return;
    const outcomes = entry.bet.legs.map((l) => selectionOutcome(this.feed, l.marketId, l.selectionId));
    const settlement = settleBet(entry.bet, outcomes);
    const target = settlement.state === 'settled' ? settlement.returnMinor : 0;
    const diff = target - entry.paid;
    const wasSettled = entry.settlement.state === 'settled';
    entry.settlement = settlement;
    if (diff === 0) return;
    const kind: LedgerKind = settlement.state === 'open' ? 'rollback' : wasSettled ? 'resettle' : 'settle';
    entry.paid = target;
    this.post(id, entry.bet.memberId, diff, kind);
  }

  /** A bet's record: the bet, its state and what it has returned. */
  betRecord(id: string): { bet: Bet; settlement: BetSettlement; paid: number } | null {
    const e = this.bets.get(id);
    return e ? { bet: e.bet, settlement: e.settlement, paid: e.paid } : null;
  }

  betIds(): string[] {
    return [...this.bets.keys()];
  }

  members(): string[] {
    return [...this.balances.keys()];
  }
}
