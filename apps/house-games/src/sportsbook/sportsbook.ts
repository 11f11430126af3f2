import { randomBytes } from 'node:crypto';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  type Bet,
  type BetKind,
  type BetSettlement,
  betProblem,
  type Leg,
  linesOf,
  potentialReturn,
  SYSTEMS,
  type SystemName,
  settleBet,
  totalStake,
} from '@platform/sportsbook/bets';
import { cashOutValue } from '@platform/sportsbook/cash-out';
import { FeedConsumer, type FeedSink } from '@platform/sportsbook/feed/adapter';
import { ManualFeed } from '@platform/sportsbook/feed/manual';
import type { FeedMessage } from '@platform/sportsbook/feed/messages';
import { type FeedPosition, RollingSimulatedFeed } from '@platform/sportsbook/feed/simulated';
import {
  applyFeedMessage,
  emptyFeedState,
  type FeedState,
  type MarketState,
  marketView,
  mergeFeedState,
  selectionOutcome,
} from '@platform/sportsbook/feed/state';
import type { EventPhase, EventResult, Market, MarketSpec, MarketType, OddsMilli, Score, SportEvent } from '@platform/sportsbook/model';
import { ODDS_FORMATS, type OddsFormat } from '@platform/sportsbook/odds-format';
import { checkSlipOdds, type OddsChangePolicy } from '@platform/sportsbook/odds-policy';
import type { Outcome } from '@platform/sportsbook/settle-market';
import type { Journal } from '../journal.ts';
import type { PageLanguage } from '../page.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { eventName, marketName, REFUSAL_TEXT, refusalMessage, type SportsbookRefusal, selectionName } from './sportsbook-text.ts';

/**
 * The running house sportsbook (docs/sportsbook.md, "Server"). It is the feed sink of the pure
 * engine (`@platform/sportsbook`): the simulated feed (driven by the server's clock) and operators'
 * manual entry feed it through `FeedConsumer`s; every message that changes the state is written to
 * the journal. Money moves through the seamless protocol as differences from the current state
 * (ADR 0028): the stake is debited at placement; after every change each bet it touches is settled
 * again and only `should have returned by now − has been paid` moves, as one numbered move per bet
 * written to the journal before its calls leave (`<bet>-p<n>` a credit on the bet's round,
 * `<bet>-c<n>` a correction round: a debit of the difference then a credit of 0). A restart replays
 * the journal and sends again any move not confirmed, under the same transaction ids.
 */
export type MemberSettings = { oddsFormat: OddsFormat; oddsPolicy: OddsChangePolicy };
export const DEFAULT_MEMBER_SETTINGS: MemberSettings = { oddsFormat: 'decimal', oddsPolicy: 'none' };
const ODDS_POLICIES: readonly OddsChangePolicy[] = ['none', 'any', 'higher'];

export type SportsbookLimits = {
  /** The least stake per line (minor units). */
  minStake: number;
  /**
   * The most one member may have staked on one market, summed over their undecided bets (pending or
   * open) with the new one; so also the most one bet may stake. A combination's whole stake counts on
   * each of its legs' markets and events.
   */
  maxStake: number;
  /** A lower per-market sum for a market type (correct score, outrights). */
  maxStakeByType: Partial<Record<MarketType, number>>;
  /** The most one member may have staked on one event, summed the same way, unless `maxStakeByEvent` names it. */
  maxStakePerEvent: number;
  maxStakeByEvent: Record<string, number>;
  /** The most one bet may return. */
  maxPayout: number;
  /** A market whose worst-case payout would pass this is suspended (risk). */
  liabilityLimit: number;
  /** In-play bets wait this long, then their prices are checked again. */
  inPlayDelayMs: number;
  cashOutMarginBp: number;
};

export const DEFAULT_LIMITS: SportsbookLimits = {
  minStake: 1_000,
  maxStake: 50_000_000,
  maxStakeByType: { correctScore: 5_000_000, outright: 10_000_000 },
  maxStakePerEvent: 100_000_000,
  maxStakeByEvent: {},
  maxPayout: 500_000_000,
  liabilityLimit: 2_000_000_000,
  inPlayDelayMs: 5_000,
  cashOutMarginBp: 500,
};

export type SportsbookPlayer = { username: string; token: string; currency: string; gameCode: string; language: PageLanguage };

export type BetState = 'pending' | 'open' | 'settled' | 'cashed-out' | 'rejected';

/** A bet as it was placed (the journal's record). */
type PlacedBet = {
  id: string;
  requestId: string;
  username: string;
  token: string;
  currency: string;
  gameCode: string;
  language: PageLanguage;
  kind: BetKind;
  legs: Leg[];
  unitStake: number;
  stake: number;
  placedAt: number;
  policy: OddsChangePolicy;
  /** In play: the end of the delay, when the prices are checked again (null: taken at once). */
  acceptAt: number | null;
};

/** A bet's numbered money move; `shown`: its legs' results as the move's calls show them (a credit of 0 brings them up to date). */
type Move = { betId: string; n: number; amount: number; shown?: string };

/** A bet as a compaction keeps it: everything but what the feed state gives again (its settlement, its legs' outcomes). */
type KeptBet = Omit<BetRecord, 'settlement' | 'outcomes'>;

export type SportsbookEntry =
  /** The simulated feed: its seed, its first start, the clock's offset, and how many days ahead it announces fixtures. */
  | { t: 'init'; seed: string; start: number; offset: number; days: number }
  /** Where the simulated feed had got to, every message up to it in the book: a restart resumes it there. */
  | { t: 'sim'; at: number; seq: number }
  | { t: 'feed'; m: FeedMessage[] }
  /**
   * A compaction's snapshot of the whole book (the `init` and the operators' calls stay as lines
   * before it): replaying it and the lines after it rebuilds what replaying everything would have.
   */
  | {
      t: 'book';
      at: number;
      sim: FeedPosition | null;
      feed: FeedState;
      settings: Array<[string, MemberSettings]>;
      limits: SportsbookLimits;
      riskStops: string[];
      bets: KeptBet[];
    }
  | { t: 'snapshot'; state: FeedState }
  | { t: 'op'; at: number; op: ManualOp }
  | { t: 'settings'; username: string; settings: MemberSettings }
  | { t: 'limits'; limits: SportsbookLimits }
  | { t: 'risk'; marketId: string; suspended: boolean }
  | { t: 'bet'; bet: PlacedBet }
  | { t: 'debit'; betId: string; status: string }
  | { t: 'accept'; betId: string; odds: OddsMilli[] }
  | { t: 'reject'; betId: string; reason: SportsbookRefusal }
  | { t: 'refunded'; betId: string }
  | { t: 'cashout'; betId: string; value: number; at: number }
  | { t: 'moves'; list: Move[] }
  | { t: 'moved'; list: Array<{ betId: string; n: number; ok: boolean }> };

/** Operators' manual entry, one journaled call each; replayed into a fresh ManualFeed at start. */
export type ManualOp =
  | { op: 'event'; event: SportEvent; phase: EventPhase }
  | { op: 'phase'; eventId: string; phase: EventPhase }
  | { op: 'odds'; eventId: string; spec: MarketSpec; prices: Record<string, OddsMilli>; status: 'open' | 'suspended' }
  | { op: 'stop'; eventId: string; marketIds: string[] | null }
  | { op: 'result'; eventId: string; result: EventResult; live: Score | null }
  | { op: 'settle'; eventId: string; result: EventResult }
  | { op: 'rollback'; marketId: string }
  | { op: 'cancel'; eventId: string; marketIds: string[] | null; reason: string };

export type BetRecord = PlacedBet & {
  state: BetState;
  debit: 'sent' | 'ok' | 'refused';
  rejectReason: SportsbookRefusal | null;
  refunded: boolean;
  /** Net money returned so far (credits less corrections), confirmed by the platform. */
  paid: number;
  /** Moves numbered so far; `pending` is the one sent and not yet confirmed. */
  moves: number;
  pending: Move | null;
  /** The first credit closed the bet's platform round. */
  roundClosed: boolean;
  /** The legs' results the platform's record was last sent (`legsShown`). */
  shown?: string;
  /** A correction the platform refused (funds): tried again on the next sweep. */
  owed: boolean;
  cashOut: { value: number; at: number } | null;
  settlement: BetSettlement;
  outcomes: Array<Outcome | undefined>;
};

export class SportsbookRefused extends Error {
  constructor(
    readonly code: SportsbookRefusal,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export type SportsbookChange =
  | { type: 'odds'; eventId: string; marketIds: string[] }
  | { type: 'event'; eventId: string }
  | { type: 'bet'; username: string; betId: string };

export type SportsbookOptions = {
  journal: Journal<SportsbookEntry>;
  /** The seamless client of a game code's vendor (HOUSE, or an e-sports brand's own code). */
  platformOf: (gameCode: string) => PlatformClient;
  now: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
  /**
   * The simulated feed (null: none, as in tests that feed messages themselves): its seed and how
   * many days ahead it announces fixtures (3); it rolls on day after day.
   */
  simulation?: { seed?: string; days?: number } | null;
  /** Compact the journal when this many lines were written since the last compaction (and at each start). */
  compactEvery?: number;
  limits?: Partial<SportsbookLimits>;
  /** Money calls in flight at once while settling. */
  concurrency?: number;
  /** How often the clock moves the simulated feed and pending bets are decided (ms; 0: only by `tick`). */
  tickMs?: number;
  /** How often refused corrections and unconfirmed moves are tried again (ms). */
  retryMs?: number;
};

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** How long after its start an event over and without bets stays in the book (a compaction then leaves it out). */
const KEEP_EVENTS_MS = 3 * DAY;
const newBetId = (): string => `sb-${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
const clip = (s: string, n = 80): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function createSportsbook(options: SportsbookOptions) {
  const { journal, platformOf, now } = options;
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? 32;
  const compactEvery = options.compactEvery ?? 50_000;
  const feed: FeedState = emptyFeedState();
  const bets = new Map<string, BetRecord>();
  const byRequest = new Map<string, string>();
  const byMarket = new Map<string, Set<string>>();
  const byEvent = new Map<string, Set<string>>();
  const byMember = new Map<string, string[]>();
  const settings = new Map<string, MemberSettings>();
  const latestToken = new Map<string, string>();
  const riskStops = new Set<string>();
  let limits: SportsbookLimits = { ...DEFAULT_LIMITS, ...options.limits };
  let init: Extract<SportsbookEntry, { t: 'init' }> | null = null;
  const ops: Array<{ at: number; op: ManualOp }> = [];
  const listeners = new Set<(change: SportsbookChange) => void>();
  const dirty = new Set<string>();
  let unjournaled: FeedMessage[] = [];
  const pendingChanges = { odds: new Map<string, Set<string>>(), events: new Set<string>() };

  // ---- journal ----------------------------------------------------------------------------------

  function flushFeed(): void {
    if (unjournaled.length === 0) return;
    const m = unjournaled;
    unjournaled = [];
    journal.append({ t: 'feed', m });
    written++;
  }

  /** Lines written since the last compaction. */
  let written = 0;

  /** Writes an entry (and, first, the feed messages it may depend on) before it takes effect. */
  function write(entry: SportsbookEntry): void {
    flushFeed();
    journal.append(entry);
    written++;
  }

  // ---- feed sink --------------------------------------------------------------------------------

  function index(map: Map<string, Set<string>>, key: string, betId: string): void {
    let s = map.get(key);
    if (!s) {
      s = new Set();
      map.set(key, s);
    }
    s.add(betId);
  }

  function touch(eventId: string, marketIds: string[] | null): void {
    const ids = marketIds === null ? byEvent.get(eventId) : new Set(marketIds.flatMap((m) => [...(byMarket.get(m) ?? [])]));
    for (const id of ids ?? []) dirty.add(id);
    if (marketIds === null) pendingChanges.events.add(eventId);
    else {
      const set = pendingChanges.odds.get(eventId) ?? new Set();
      for (const m of marketIds) set.add(m);
      pendingChanges.odds.set(eventId, set);
    }
  }

  function applyMessage(message: FeedMessage, isReplay: boolean): boolean {
    const touched = applyFeedMessage(feed, message);
    if (!touched.changed) return false;
    if (!isReplay) unjournaled.push(message);
    touch(touched.eventId, touched.marketIds);
    if (message.type === 'fixture' || message.type === 'result') pendingChanges.events.add(message.eventId);
    return true;
  }

  const sink: FeedSink = {
    apply(message) {
      if (applyMessage(message, false)) schedule();
    },
    applySnapshot(snapshot) {
      // Only a gap that replay cannot fill brings a snapshot (the simulated and manual feeds replay
      // everything they published); it is journaled whole.
      write({ t: 'snapshot', state: snapshot });
      mergeFeedState(feed, snapshot);
      for (const id of bets.keys()) dirty.add(id);
      for (const id of Object.keys(snapshot.events)) pendingChanges.events.add(id);
      schedule();
    },
  };

  // ---- feeds ------------------------------------------------------------------------------------

  let simulated: RollingSimulatedFeed | null = null;
  /** The simulated feed's last journaled position. */
  let simAt: FeedPosition | null = null;
  /** Events entered by operators: the manual feed publishes them again at every start, so compaction keeps them. */
  const manualEvents = new Set<string>();
  /** The manual feed's clock: the time of the call being replayed, else the server's. */
  let opClock: number | null = null;
  const manual = new ManualFeed(() => opClock ?? now());
  const consumers: FeedConsumer[] = [];
  const unsubscribes: Array<() => void> = [];

  /** Script time of the simulated feed: the server's clock moved so that play is under way now. */
  const scriptNow = (): number => now() + (init?.offset ?? 0);
  /** A script time as the members' clock shows it. */
  const shown = (scriptTime: number): number => scriptTime - (init?.offset ?? 0);

  function runOp(entry: { at: number; op: ManualOp }): unknown {
    if (entry.op.op === 'event') manualEvents.add(entry.op.event.id);
    opClock = entry.at;
    try {
      return runManual(entry.op);
    } finally {
      opClock = null;
    }
  }

  function runManual(o: ManualOp): unknown {
    switch (o.op) {
      case 'event':
        return manual.putEvent(o.event, o.phase);
      case 'phase':
        return manual.setPhase(o.eventId, o.phase);
      case 'odds':
        return manual.setOdds(o.eventId, o.spec, o.prices, o.status);
      case 'stop':
        return manual.suspend(o.eventId, o.marketIds);
      case 'result':
        return manual.enterResult(o.eventId, o.result, o.live);
      case 'settle':
        return manual.settleFromResult(o.eventId, o.result);
      case 'rollback':
        return manual.rollback(o.marketId);
      case 'cancel':
        return manual.cancel(o.eventId, o.marketIds, o.reason);
    }
  }

  // ---- views of the state -------------------------------------------------------------------------

  function eventOf(eventId: string): (SportEvent & { phase: EventPhase }) | null {
    return feed.events[eventId]?.fixture?.value ?? null;
  }

  /** A market as members see it: the feed's status, suspended while the risk stop holds it. */
  function market(marketId: string): Market | null {
    const view = marketView(feed, marketId);
    if (!view) return null;
    if (view.status === 'open' && riskStops.has(marketId)) return { ...view, status: 'suspended' };
    if (view.status === 'open' && eventOf(view.eventId)?.phase === 'ended') return { ...view, status: 'closed' };
    return view;
  }

  function marketsOf(eventId: string): MarketState[] {
    return Object.values(feed.markets).filter((m) => m.eventId === eventId);
  }

  // ---- limits and risk ----------------------------------------------------------------------------

  /** The most a member may have staked on a market (its type may say less) and on an event. */
  function marketCap(marketId: string): number {
    const type = market(marketId)?.spec.type ?? feed.markets[marketId]?.odds?.value.spec.type;
    const byType = type ? limits.maxStakeByType[type] : undefined;
    return byType === undefined ? limits.maxStake : Math.min(limits.maxStake, byType);
  }
  const eventCap = (eventId: string): number => limits.maxStakeByEvent[eventId] ?? limits.maxStakePerEvent;

  /** The most one bet on these legs may stake, whatever the member has open. */
  function maxStakeFor(legs: readonly Leg[]): number {
    let max = limits.maxStake;
    for (const leg of legs) max = Math.min(max, marketCap(leg.marketId), eventCap(leg.eventId));
    return max;
  }

  /**
   * Each member's stakes on undecided bets, per market and per event (running totals kept with the
   * liability below, so a bet counts from the moment it is journaled, before its debit leaves).
   */
  const memberStakes = new Map<string, number>();
  const stakeKey = (username: string, scope: 'market' | 'event', id: string): string => `${username}\n${scope}\n${id}`;

  function countMemberStake(b: PlacedBet, sign: 1 | -1): void {
    const keys = new Set(b.legs.flatMap((l) => [stakeKey(b.username, 'market', l.marketId), stakeKey(b.username, 'event', l.eventId)]));
    for (const key of keys) {
      const next = (memberStakes.get(key) ?? 0) + sign * b.stake;
      if (next === 0) memberStakes.delete(key);
      else memberStakes.set(key, next);
    }
  }

  /**
   * What the member may still stake on these legs: the least room left on any of their markets and
   * events (`scope` says which binds), from their undecided bets.
   */
  function stakeRoom(username: string, legs: readonly Pick<Leg, 'eventId' | 'marketId'>[]): { left: number; scope: 'market' | 'event' } {
    let room = { left: Number.MAX_SAFE_INTEGER, scope: 'market' as 'market' | 'event' };
    for (const leg of legs) {
      const onMarket = marketCap(leg.marketId) - (memberStakes.get(stakeKey(username, 'market', leg.marketId)) ?? 0);
      const onEvent = eventCap(leg.eventId) - (memberStakes.get(stakeKey(username, 'event', leg.eventId)) ?? 0);
      if (onMarket < room.left) room = { left: onMarket, scope: 'market' };
      if (onEvent < room.left) room = { left: onEvent, scope: 'event' };
    }
    return { left: Math.max(0, room.left), scope: room.scope };
  }

  const isLive = (b: BetRecord): boolean =>
    b.debit !== 'refused' && !b.cashOut && (b.state === 'pending' || b.state === 'open') && b.rejectReason === null;

  /**
   * Worst-case payout per selection of a market over the bets not yet decided (pending or open):
   * their stakes and what they would pay if that selection wins (a combination counts its whole
   * potential return on each of its legs). Kept as running totals, changed as bets come and go.
   */
  type Exposure = { stake: number; payout: number; bets: number };
  const exposure = new Map<string, Map<string, Exposure>>();
  const exposed = new Map<string, number>();

  function expose(b: BetRecord, potential: number, sign: 1 | -1): void {
    for (const leg of b.legs) {
      const rows = exposure.get(leg.marketId) ?? new Map<string, Exposure>();
      exposure.set(leg.marketId, rows);
      const row = rows.get(leg.selectionId) ?? { stake: 0, payout: 0, bets: 0 };
      rows.set(leg.selectionId, { stake: row.stake + sign * b.stake, payout: row.payout + sign * potential, bets: row.bets + sign });
    }
  }

  /** Counts a bet in the liability while it is undecided; `again` recounts it (its prices changed). */
  function syncExposure(b: BetRecord, again = false): void {
    const had = exposed.get(b.id);
    if (had !== undefined && (again || !isLive(b))) {
      expose(b, had, -1);
      countMemberStake(b, -1);
      exposed.delete(b.id);
    }
    if (isLive(b) && !exposed.has(b.id)) {
      const potential = potentialReturn(b);
      expose(b, potential, 1);
      countMemberStake(b, 1);
      exposed.set(b.id, potential);
    }
  }

  function marketLiability(marketId: string): Record<string, Exposure> {
    const out: Record<string, Exposure> = {};
    for (const [selection, row] of exposure.get(marketId) ?? []) if (row.bets > 0) out[selection] = { ...row };
    return out;
  }

  const worst = (rows: Record<string, { payout: number }>): number => Math.max(0, ...Object.values(rows).map((r) => r.payout));

  // ---- bets ---------------------------------------------------------------------------------------

  function addBet(placed: PlacedBet): BetRecord {
    const record: BetRecord = {
      ...placed,
      state: 'pending',
      debit: 'sent',
      rejectReason: null,
      refunded: false,
      paid: 0,
      moves: 0,
      pending: null,
      roundClosed: false,
      owed: false,
      cashOut: null,
      settlement: { state: 'open' },
      outcomes: placed.legs.map(() => undefined),
    };
    bets.set(placed.id, record);
    syncExposure(record);
    byRequest.set(`${placed.username}\n${placed.requestId}`, placed.id);
    const list = byMember.get(placed.username) ?? [];
    list.push(placed.id);
    byMember.set(placed.username, list);
    for (const leg of placed.legs) {
      index(byMarket, leg.marketId, placed.id);
      index(byEvent, leg.eventId, placed.id);
    }
    return record;
  }

  function emitBet(b: BetRecord): void {
    syncExposure(b);
    for (const l of listeners) l({ type: 'bet', username: b.username, betId: b.id });
  }

  function quoteLegs(input: { legs: Array<{ eventId: string; marketId: string; selectionId: string }> }) {
    return input.legs.map((leg) => {
      const m = market(leg.marketId);
      const price = m?.eventId === leg.eventId ? m.prices[leg.selectionId] : undefined;
      return { ...leg, odds: price ?? null, status: m && price !== undefined ? m.status : ('closed' as const) };
    });
  }

  /** What a slip would be now: the current prices, stakes, limits, and the problems in the member's language. */
  function quote(player: SportsbookPlayer, input: SlipInput) {
    const legs = quoteLegs(input);
    const problems: string[] = [];
    const lang = player.language;
    const withOdds = legs.map((l) => ({ eventId: l.eventId, marketId: l.marketId, selectionId: l.selectionId, odds: l.odds ?? 0 }));
    const shape = { kind: input.kind, legs: withOdds, unitStake: input.unitStake };
    const lines = safeLines(shape);
    const total = lines === null ? 0 : input.unitStake * lines;
    const problem = legs.some((l) => l.odds === null || l.status !== 'open') ? 'MARKET_SUSPENDED' : slipProblem(shape);
    if (problem) problems.push(REFUSAL_TEXT[problem][lang]);
    const perBet = maxStakeFor(withOdds);
    const room = stakeRoom(player.username, withOdds);
    const maxStake = Math.min(perBet, room.left);
    if (!problem && (input.unitStake < limits.minStake || total > perBet)) problems.push(REFUSAL_TEXT.STAKE_LIMIT[lang]);
    else if (!problem && total > room.left)
      problems.push(refusalMessage(memberLimitRefusal(room.scope), lang, { left: room.left }, player.currency));
    const potential = !problem && lines !== null ? potentialReturn(shape) : 0;
    if (potential > limits.maxPayout) problems.push(REFUSAL_TEXT.MAX_PAYOUT[lang]);
    return {
      legs: legs.map((l) => ({ ...l, ...legNames(l, lang) })),
      totalStake: total,
      potentialReturn: potential,
      minStake: limits.minStake,
      maxStake,
      problems,
    };
  }

  function legNames(leg: { eventId: string; marketId: string; selectionId: string }, lang: PageLanguage) {
    const event = eventOf(leg.eventId);
    const spec = feed.markets[leg.marketId]?.odds?.value.spec;
    return {
      eventName: event ? eventName(event) : leg.eventId,
      marketName: spec ? marketName(spec, lang) : leg.marketId,
      selectionName: spec ? selectionName(spec, leg.selectionId, event, lang) : leg.selectionId,
    };
  }

  /** Places a bet: checks, journals, debits; in play it waits for the delay (answer `pending`). */
  async function place(player: SportsbookPlayer, input: SlipInput & { requestId: string; policy?: OddsChangePolicy }): Promise<BetRecord> {
    latestToken.set(`${player.gameCode}\n${player.username}`, player.token);
    const known = byRequest.get(`${player.username}\n${input.requestId}`);
    if (known) {
      const b = bets.get(known) as BetRecord;
      if (b.rejectReason) throw new SportsbookRefused(b.rejectReason);
      return b;
    }
    const policy = input.policy ?? settingsOf(player.username).oddsPolicy;
    const current = quoteLegs(input);
    if (current.some((l) => l.odds === null || l.status !== 'open')) throw new SportsbookRefused('MARKET_SUSPENDED');
    const requested = input.legs.map((l) => l.odds);
    if (requested.some((o) => !Number.isSafeInteger(o))) throw new SportsbookRefused('INVALID_SLIP');
    const check = checkSlipOdds(
      current.map((c, i) => ({ requested: requested[i] as number, current: c.odds as number })),
      policy,
    );
    if (!check.accepted) throw new SportsbookRefused('ODDS_CHANGED', { legs: current.map((c) => ({ ...c })) });
    const legs: Leg[] = input.legs.map((l, i) => ({
      eventId: l.eventId,
      marketId: l.marketId,
      selectionId: l.selectionId,
      odds: check.odds[i] as number,
    }));
    const shape = { kind: input.kind, legs, unitStake: input.unitStake };
    const problem = slipProblem(shape);
    if (problem) throw new SportsbookRefused(problem);
    const stake = totalStake(shape);
    if (input.unitStake < limits.minStake || stake > maxStakeFor(legs)) throw new SportsbookRefused('STAKE_LIMIT');
    // The member's own open bets on these markets and events count: what is left is said in the refusal.
    const room = stakeRoom(player.username, legs);
    if (stake > room.left) throw new SportsbookRefused(memberLimitRefusal(room.scope), { left: room.left });
    const potential = potentialReturn(shape);
    if (potential > limits.maxPayout) throw new SportsbookRefused('MAX_PAYOUT');
    for (const leg of legs) {
      const rows = marketLiability(leg.marketId);
      const row = rows[leg.selectionId] ?? { stake: 0, payout: 0, bets: 0 };
      rows[leg.selectionId] = { ...row, payout: row.payout + potential };
      if (worst(rows) > limits.liabilityLimit) {
        riskStops.add(leg.marketId);
        write({ t: 'risk', marketId: leg.marketId, suspended: true });
        touch(leg.eventId, [leg.marketId]);
        schedule();
        throw new SportsbookRefused('MARKET_SUSPENDED');
      }
    }
    const inPlay = legs.some((l) => eventOf(l.eventId)?.phase === 'live');
    const placedAt = now();
    const placed: PlacedBet = {
      id: newBetId(),
      requestId: input.requestId,
      username: player.username,
      token: player.token,
      currency: player.currency,
      gameCode: player.gameCode,
      language: player.language,
      kind: input.kind,
      legs,
      unitStake: input.unitStake,
      stake,
      placedAt,
      policy,
      acceptAt: inPlay && limits.inPlayDelayMs > 0 ? placedAt + limits.inPlayDelayMs : null,
    };
    write({ t: 'bet', bet: placed });
    const b = addBet(placed);
    let answer: Awaited<ReturnType<PlatformClient['call']>>;
    try {
      answer = await platformOf(b.gameCode).call('debit', {
        token: b.token,
        roundId: b.id,
        gameCode: b.gameCode,
        transactionId: `${b.id}-bet`,
        amount: b.stake,
        // The legs as placed (no results yet), so the betting record shows an open bet's selections.
        outcome: outcomeOf(b, 'open'),
      });
    } catch (err) {
      if (!(err instanceof PlatformUnreachable)) throw err;
      await reject(b, 'PLATFORM_UNREACHABLE');
      throw new SportsbookRefused('PLATFORM_UNREACHABLE');
    }
    if (answer.status !== 'OK') {
      write({ t: 'debit', betId: b.id, status: answer.status });
      const reason = refusalOfDebit(answer.status);
      b.debit = 'refused';
      b.state = 'rejected';
      b.rejectReason = reason;
      emitBet(b);
      throw new SportsbookRefused(reason);
    }
    write({ t: 'debit', betId: b.id, status: 'OK' });
    b.debit = 'ok';
    if (b.acceptAt === null) {
      b.state = 'open';
      dirty.add(b.id);
      schedule();
    }
    emitBet(b);
    return b;
  }

  /** A rejected bet whose stake was taken (or may have been) is refunded by a rollback of its debit. */
  async function reject(b: BetRecord, reason: SportsbookRefusal): Promise<void> {
    if (b.rejectReason === null) {
      write({ t: 'reject', betId: b.id, reason });
      b.state = 'rejected';
      b.rejectReason = reason;
      emitBet(b);
    }
    await refund(b);
  }

  async function refund(b: BetRecord): Promise<void> {
    if (b.refunded || b.debit === 'refused') return;
    try {
      const answer = await platformOf(b.gameCode).call('rollback', {
        token: b.token,
        roundId: b.id,
        gameCode: b.gameCode,
        transactionId: `${b.id}-rb`,
        referenceTransactionId: `${b.id}-bet`,
      });
      if (answer.status !== 'OK') throw new Error(`rollback refused: ${answer.status}`);
      write({ t: 'refunded', betId: b.id });
      b.refunded = true;
    } catch (err) {
      log('a rejected sportsbook bet could not be refunded yet', { betId: b.id, err: String(err) });
    }
  }

  /** The end of an in-play delay: the prices are checked again; accepted at the current prices, or refunded. */
  async function decidePending(b: BetRecord): Promise<void> {
    if (b.state !== 'pending' || b.debit !== 'ok' || b.acceptAt === null) return;
    const current = quoteLegs(b);
    let reason: SportsbookRefusal | null = null;
    let odds: OddsMilli[] = [];
    if (current.some((l) => l.odds === null || l.status !== 'open')) reason = 'MARKET_SUSPENDED';
    else {
      const check = checkSlipOdds(
        current.map((c, i) => ({ requested: b.legs[i]?.odds as number, current: c.odds as number })),
        b.policy,
      );
      if (!check.accepted) reason = 'ODDS_CHANGED';
      else {
        odds = check.odds;
        const potential = potentialReturn({ ...b, legs: b.legs.map((l, i) => ({ ...l, odds: odds[i] as number })) });
        if (potential > limits.maxPayout) reason = 'MAX_PAYOUT';
      }
    }
    if (reason) return reject(b, reason);
    write({ t: 'accept', betId: b.id, odds });
    accept(b, odds);
    emitBet(b);
    schedule();
  }

  function accept(b: BetRecord, odds: OddsMilli[]): void {
    b.legs = b.legs.map((l, i) => ({ ...l, odds: odds[i] ?? l.odds }));
    b.state = 'open';
    syncExposure(b, true);
    dirty.add(b.id);
  }

  // ---- settlement ---------------------------------------------------------------------------------

  /** What a bet should have returned by now, from the current state (its cash-out once cashed out). */
  function target(b: BetRecord): number {
    b.outcomes = b.legs.map((l) => selectionOutcome(feed, l.marketId, l.selectionId));
    if (b.cashOut) {
      b.state = 'cashed-out';
      return b.cashOut.value;
    }
    b.settlement = settleBet(b, b.outcomes);
    b.state = b.settlement.state === 'settled' ? 'settled' : 'open';
    syncExposure(b);
    return b.settlement.state === 'settled' ? b.settlement.returnMinor : 0;
  }

  function nextMove(b: BetRecord): Move | null {
    if (b.pending) return b.pending;
    if (b.debit !== 'ok' || b.state === 'pending' || b.state === 'rejected') return null;
    const wasState = b.state;
    const diff = target(b) - b.paid;
    if (wasState !== b.state) emitBet(b);
    if (diff < 0 && b.owed) return null;
    // A decided bet whose legs settle later (a parlay lost on its first leg): a credit of 0 shows them.
    const shown = legsShown(b);
    if (diff === 0 && (b.state === 'open' || (b.roundClosed && b.shown === shown))) return null;
    return { betId: b.id, n: b.moves + 1, amount: diff, shown };
  }

  /** The bet as its betting record shows it (round outcome `slip`), in the language it was placed in. */
  function outcomeOf(b: BetRecord, as: 'open' | 'bet' | 'correction' = 'bet'): RoundOutcome {
    const legs = b.legs.map((l, i) => {
      const names = legNames(l, b.language);
      const o = b.outcomes[i];
      return {
        event: clip(names.eventName, 120),
        market: clip(names.marketName),
        selection: clip(names.selectionName),
        odds: l.odds,
        ...(o ? { outcome: o.kind } : {}),
      };
    });
    const vi = b.language === 'vi';
    const summary =
      as === 'correction'
        ? vi
          ? `Điều chỉnh vé ${b.id}`
          : `Correction of bet ${b.id}`
        : as === 'open'
          ? vi
            ? 'Đang mở'
            : 'Open'
          : b.cashOut
            ? vi
              ? 'Đã rút sớm'
              : 'Cashed out'
            : undefined;
    return {
      kind: 'slip',
      bet: b.kind.type,
      ...(b.kind.type === 'system' ? { system: b.kind.system } : {}),
      legs,
      ...(summary ? { summary } : {}),
    };
  }

  async function send(b: BetRecord, move: Move): Promise<'ok' | 'refused'> {
    const token = latestToken.get(`${b.gameCode}\n${b.username}`) ?? b.token;
    const platform = platformOf(b.gameCode);
    const common = { token, gameCode: b.gameCode };
    if (move.amount >= 0) {
      const answer = await platform.call('credit', {
        ...common,
        roundId: b.id,
        transactionId: `${b.id}-p${move.n}`,
        amount: move.amount,
        outcome: outcomeOf(b),
      });
      if (answer.status !== 'OK') throw new Error(`credit refused: ${answer.status}`);
      return 'ok';
    }
    const round = `${b.id}-c${move.n}`;
    const debit = await platform.call('debit', { ...common, roundId: round, transactionId: round, amount: -move.amount });
    if (debit.status !== 'OK') return 'refused';
    const close = await platform.call('credit', {
      ...common,
      roundId: round,
      transactionId: `${round}-x`,
      amount: 0,
      outcome: outcomeOf(b, 'correction'),
    });
    if (close.status !== 'OK') throw new Error(`correction close refused: ${close.status}`);
    // The bet's own round shows the legs as they now stand (a credit of 0 adds nothing).
    await platform.call('credit', { ...common, roundId: b.id, transactionId: `${b.id}-p${move.n}`, amount: 0, outcome: outcomeOf(b) });
    return 'ok';
  }

  function confirm(b: BetRecord, move: Move, ok: boolean): void {
    b.pending = null;
    b.moves = Math.max(b.moves, move.n);
    if (ok) {
      if (move.shown !== undefined) b.shown = move.shown;
      b.paid += move.amount;
      if (move.amount >= 0) b.roundClosed = true;
      b.owed = false;
    } else b.owed = true;
  }

  let pumping: Promise<void> | null = null;
  let again = false;

  /** Settles every dirty bet: moves journaled in one write, sent with bounded concurrency, confirmed in one write. */
  async function settleDirty(): Promise<void> {
    flushFeed();
    flushChanges();
    const ids = [...dirty];
    dirty.clear();
    const moves: Array<{ b: BetRecord; move: Move; isNew: boolean }> = [];
    for (const id of ids) {
      const b = bets.get(id);
      if (!b) continue;
      const move = nextMove(b);
      if (move) moves.push({ b, move, isNew: b.pending === null });
    }
    const fresh = moves.filter((m) => m.isNew).map((m) => m.move);
    if (fresh.length > 0) write({ t: 'moves', list: fresh });
    for (const m of moves) m.b.pending = m.move;
    const done: Array<{ betId: string; n: number; ok: boolean }> = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < moves.length) {
        const { b, move } = moves[next++] as (typeof moves)[number];
        try {
          const result = await send(b, move);
          done.push({ betId: b.id, n: move.n, ok: result === 'ok' });
        } catch (err) {
          log('a sportsbook settlement could not be sent yet', { betId: b.id, n: move.n, err: String(err) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, moves.length) }, worker));
    if (done.length > 0) write({ t: 'moved', list: done });
    for (const d of done) {
      const b = bets.get(d.betId) as BetRecord;
      confirm(b, b.pending as Move, d.ok);
      // A bet may need another move (a change that came while this one was on its way).
      if (d.ok) dirty.add(b.id);
      emitBet(b);
    }
  }

  function schedule(): Promise<void> {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      try {
        do {
          again = false;
          await settleDirty();
        } while (again || dirty.size > 0);
      } finally {
        pumping = null;
      }
    })();
    return pumping;
  }

  function flushChanges(): void {
    for (const eventId of pendingChanges.events) for (const l of listeners) l({ type: 'event', eventId });
    for (const [eventId, ids] of pendingChanges.odds) for (const l of listeners) l({ type: 'odds', eventId, marketIds: [...ids] });
    pendingChanges.events.clear();
    pendingChanges.odds.clear();
  }

  // ---- cash-out -----------------------------------------------------------------------------------

  function cashOutOffer(b: BetRecord): number | null {
    if (b.state !== 'open' || b.cashOut || b.pending) return null;
    const legs = b.legs.map((l) => {
      const outcome = selectionOutcome(feed, l.marketId, l.selectionId);
      const m = market(l.marketId);
      const price = m?.status === 'open' ? m.prices[l.selectionId] : undefined;
      return { ...(outcome ? { outcome } : {}), ...(price !== undefined ? { currentOdds: price } : {}) };
    });
    return cashOutValue(b, legs, limits.cashOutMarginBp);
  }

  async function cashOut(player: SportsbookPlayer, betId: string, value: unknown): Promise<BetRecord> {
    latestToken.set(`${player.gameCode}\n${player.username}`, player.token);
    const b = bets.get(betId);
    if (!b || b.username !== player.username) throw new SportsbookRefused('NOT_FOUND');
    const offer = cashOutOffer(b);
    if (offer === null) throw new SportsbookRefused('CASHOUT_UNAVAILABLE');
    if (offer !== value) throw new SportsbookRefused('CASHOUT_CHANGED', { value: offer });
    const at = now();
    write({ t: 'cashout', betId, value: offer, at });
    b.cashOut = { value: offer, at };
    b.state = 'cashed-out';
    syncExposure(b);
    dirty.add(b.id);
    await schedule();
    return b;
  }

  // ---- settings and operator calls ----------------------------------------------------------------

  function settingsOf(username: string): MemberSettings {
    return settings.get(username) ?? DEFAULT_MEMBER_SETTINGS;
  }

  function setSettings(username: string, given: Record<string, unknown>): MemberSettings {
    const next = { ...settingsOf(username) };
    if (given.oddsFormat !== undefined) {
      if (!ODDS_FORMATS.includes(given.oddsFormat as OddsFormat)) throw new SportsbookRefused('INVALID_SETTINGS');
      next.oddsFormat = given.oddsFormat as OddsFormat;
    }
    if (given.oddsPolicy !== undefined) {
      if (!ODDS_POLICIES.includes(given.oddsPolicy as OddsChangePolicy)) throw new SportsbookRefused('INVALID_SETTINGS');
      next.oddsPolicy = given.oddsPolicy as OddsChangePolicy;
    }
    write({ t: 'settings', username, settings: next });
    settings.set(username, next);
    return next;
  }

  function setLimits(next: SportsbookLimits): void {
    write({ t: 'limits', limits: next });
    limits = next;
    // A raised liability limit lifts the risk stops it no longer justifies.
    for (const marketId of [...riskStops]) if (worst(marketLiability(marketId)) < limits.liabilityLimit) liftRisk(marketId);
  }

  function liftRisk(marketId: string): boolean {
    if (!riskStops.delete(marketId)) return false;
    write({ t: 'risk', marketId, suspended: false });
    const eventId = feed.markets[marketId]?.eventId;
    if (eventId) touch(eventId, [marketId]);
    schedule();
    return true;
  }

  /**
   * An operator's manual entry: the manual feed checks it (a RangeError: nothing published, nothing
   * written) and publishes its messages; the call is journaled before they reach the book (the
   * consumer takes them on a later turn), so a restart replays the same calls into the same messages.
   */
  async function manualEntry(op: ManualOp): Promise<unknown> {
    const entry = { at: now(), op };
    const result = runOp(entry);
    write({ t: 'op', ...entry });
    ops.push(entry);
    for (const c of consumers) await c.idle();
    await schedule();
    return result;
  }

  // ---- recovery and the clock ---------------------------------------------------------------------

  function replay(): void {
    for (const e of journal.entries) {
      switch (e.t) {
        case 'init':
          init = e;
          break;
        case 'sim':
          simAt = { at: e.at, seq: e.seq };
          break;
        case 'book':
          restore(e);
          break;
        case 'feed':
          for (const m of e.m) applyMessage(m, true);
          break;
        case 'snapshot':
          mergeFeedState(feed, e.state);
          break;
        case 'op':
          ops.push({ at: e.at, op: e.op });
          break;
        case 'settings':
          settings.set(e.username, e.settings);
          break;
        case 'limits':
          limits = { ...DEFAULT_LIMITS, ...e.limits };
          break;
        case 'risk':
          if (e.suspended) riskStops.add(e.marketId);
          else riskStops.delete(e.marketId);
          break;
        case 'bet':
          addBet(e.bet);
          break;
        case 'debit': {
          const b = bets.get(e.betId);
          if (!b) break;
          if (e.status === 'OK') {
            b.debit = 'ok';
            if (b.acceptAt === null) b.state = 'open';
          } else {
            b.debit = 'refused';
            b.state = 'rejected';
            b.rejectReason = refusalOfDebit(e.status);
          }
          break;
        }
        case 'accept': {
          const b = bets.get(e.betId);
          if (b) accept(b, e.odds);
          break;
        }
        case 'reject': {
          const b = bets.get(e.betId);
          if (b) {
            b.state = 'rejected';
            b.rejectReason = e.reason;
          }
          break;
        }
        case 'refunded': {
          const b = bets.get(e.betId);
          if (b) b.refunded = true;
          break;
        }
        case 'cashout': {
          const b = bets.get(e.betId);
          if (b) {
            b.cashOut = { value: e.value, at: e.at };
            b.state = 'cashed-out';
          }
          break;
        }
        case 'moves':
          for (const m of e.list) {
            const b = bets.get(m.betId);
            if (b) {
              b.pending = m;
              b.moves = Math.max(b.moves, m.n);
            }
          }
          break;
        case 'moved':
          for (const m of e.list) {
            const b = bets.get(m.betId);
            if (b?.pending && b.pending.n === m.n) confirm(b, b.pending, m.ok);
          }
          break;
      }
    }
    for (const b of bets.values()) {
      if (b.state !== 'rejected' && b.state !== 'pending') target(b);
      // A bet paid before moves said what they showed: taken as showing its legs as they stand.
      if (b.roundClosed && b.shown === undefined) b.shown = legsShown(b);
      syncExposure(b);
      dirty.add(b.id);
    }
  }

  /** A compaction's snapshot, read back: the feed state, the settings, the limits, the risk stops, the bets. */
  function restore(e: Extract<SportsbookEntry, { t: 'book' }>): void {
    simAt = e.sim;
    mergeFeedState(feed, e.feed);
    for (const [username, s] of e.settings) settings.set(username, s);
    limits = { ...DEFAULT_LIMITS, ...e.limits };
    riskStops.clear();
    for (const id of e.riskStops) riskStops.add(id);
    for (const kept of e.bets) {
      const record = addBet(kept);
      Object.assign(record, kept);
      syncExposure(record, true);
    }
  }

  /** Everything the book needs, as a compaction keeps it (synchronous: nothing moves while it is taken). */
  function snapshotEntry(): Extract<SportsbookEntry, { t: 'book' }> {
    flushFeed();
    // An event stays while a bet names it, while an operator's call made it, or while it is not long over.
    const horizon = scriptNow() - KEEP_EVENTS_MS;
    const kept = emptyFeedState();
    kept.seq = feed.seq;
    for (const [id, e] of Object.entries(feed.events)) {
      const fixture = e.fixture?.value;
      const over = e.cancel !== null || fixture?.phase === 'ended';
      if (over && fixture && fixture.startsAt < horizon && !byEvent.has(id) && !manualEvents.has(id)) continue;
      kept.events[id] = e;
    }
    for (const [id, m] of Object.entries(feed.markets)) if (kept.events[m.eventId] || byMarket.has(id)) kept.markets[id] = m;
    return {
      t: 'book',
      at: now(),
      sim: simulated ? simulated.position : simAt,
      feed: kept,
      settings: [...settings],
      limits,
      riskStops: [...riskStops],
      bets: [...bets.values()].map(({ settlement: _s, outcomes: _o, ...b }) => b),
    };
  }

  /**
   * Rewrites the journal as its `init`, the operators' calls and one snapshot of the book, in a new
   * file swapped in atomically (the old journal stays whole until the swap). It runs between clock
   * ticks, once the feeds' messages have reached the book, so the simulated feed's position in the
   * snapshot is what the book holds. Old events nobody bet on are left out.
   */
  async function compact(): Promise<void> {
    while (ticking) await ticking.catch(() => undefined);
    const run = (async () => {
      for (const c of consumers) await c.idle();
      const snapshot = snapshotEntry();
      journal.compact([...(init ? [init] : []), ...ops.map((o) => ({ t: 'op' as const, ...o })), snapshot]);
      simAt = snapshot.sim;
      written = 0;
      // What the snapshot left out is gone from memory too (no bet names it, no feed will send it again).
      for (const id of Object.keys(feed.events)) if (!snapshot.feed.events[id]) delete feed.events[id];
      for (const id of Object.keys(feed.markets)) if (!snapshot.feed.markets[id]) delete feed.markets[id];
    })();
    ticking = run.finally(() => {
      ticking = null;
    });
    return ticking;
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<void> | null = null;

  /** Moves the clock: the simulated feed publishes what is due, in-play delays that ended are decided. */
  async function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      try {
        simulated?.advanceTo(scriptNow());
        for (const c of consumers) await c.idle();
        // Every message up to the feed's position is in the book (and journaled by this write): an hour on, say so.
        const position = simulated?.position;
        if (position && position.seq > (simAt?.seq ?? 0) && Math.floor(position.at / HOUR) !== Math.floor((simAt?.at ?? 0) / HOUR)) {
          write({ t: 'sim', ...position });
          simAt = position;
        }
        const due = [...bets.values()].filter((b) => b.state === 'pending' && b.debit === 'ok' && (b.acceptAt ?? 0) <= now());
        for (const b of due) await decidePending(b);
        await schedule();
      } finally {
        ticking = null;
      }
    })();
    const run = ticking;
    if (written >= compactEvery)
      await run.then(compact).catch((err) => log('the sportsbook journal could not be compacted', { err: String(err) }));
    return run;
  }

  /** Tries again what could not finish: unconfirmed moves, refused corrections, unrefunded rejections. */
  async function retry(): Promise<void> {
    for (const b of bets.values()) {
      if (b.pending) dirty.add(b.id);
      if (b.owed) {
        b.owed = false;
        dirty.add(b.id);
      }
      if (b.state === 'rejected' && !b.refunded) await refund(b);
    }
    await schedule();
  }

  let started: Promise<void> | null = null;
  /** Replays the journal, settles what an earlier run left open, then follows the feeds (once). */
  function start(): Promise<void> {
    started ??= begin();
    return started;
  }

  async function begin(): Promise<void> {
    replay();
    // A bet journaled whose debit has no answer: its outcome is unknown, so it is refunded (ADR 0021).
    for (const b of bets.values()) if (b.debit === 'sent' && b.rejectReason === null) await reject(b, 'PLATFORM_UNREACHABLE');
    if (options.simulation !== null) {
      if (!init) {
        const at = now();
        const day0 = Math.floor(at / DAY) * DAY;
        // Script time runs ahead so that today's first events are in play when the sportsbook opens.
        init = {
          t: 'init',
          seed: options.simulation?.seed ?? randomBytes(16).toString('hex'),
          start: at,
          offset: day0 + DAY + 10.5 * HOUR - at,
          days: options.simulation?.days ?? 3,
        };
        write(init);
      }
      simulated = new RollingSimulatedFeed({ seed: init.seed, start: init.start, lead: init.days, ...(simAt ? { from: simAt } : {}) });
    }
    for (const e of ops) runOp(e);
    const adapters = [...(simulated ? [simulated] : []), manual];
    for (const adapter of adapters) {
      // The simulated feed resumes where the journal says the book had it.
      const consumer = new FeedConsumer(adapter, sink, adapter === simulated ? (simAt?.seq ?? 0) : 0);
      unsubscribes.push(adapter.subscribe((m) => consumer.receive(m)));
      consumers.push(consumer);
    }
    // The manual feed's messages again (already in the state: only what the journal missed changes it).
    for (const m of (await manual.replay(0)) ?? []) (consumers[consumers.length - 1] as FeedConsumer).receive(m);
    await tick();
    await retry();
    // A journal that cannot be rewritten now is still whole: the book runs on it and tries again later.
    await compact().catch((err) => log('the sportsbook journal could not be compacted', { err: String(err) }));
    if (options.tickMs !== 0) {
      timer = setInterval(
        () => void tick().catch((err) => log('the sportsbook clock failed', { err: String(err) })),
        options.tickMs ?? 1_000,
      );
      timer.unref();
      retryTimer = setInterval(() => void retry().catch(() => undefined), options.retryMs ?? 60_000);
      retryTimer.unref();
    }
  }

  async function stop(): Promise<void> {
    await started?.catch(() => undefined);
    if (timer) clearInterval(timer);
    if (retryTimer) clearInterval(retryTimer);
    for (const unsubscribe of unsubscribes) unsubscribe();
    await ticking;
    await pumping;
    flushFeed();
  }

  return {
    sink,
    start,
    /** Something to recover: the journal has entries from an earlier run. */
    hasJournal: (): boolean => journal.entries.length > 0,
    /** Resolves once started, starting it if need be (calls wait for it: the simulated script takes seconds to write). */
    ready: (): Promise<void> => start(),
    stop,
    tick,
    retry,
    /** Resolves when every change so far has been settled (tests, the bench). */
    idle: async () => {
      for (const c of consumers) await c.idle();
      await schedule();
    },
    place,
    quote,
    cashOut,
    cashOutOffer,
    settingsOf,
    setSettings,
    limits: () => limits,
    setLimits,
    liftRisk,
    riskStops: (): ReadonlySet<string> => riskStops,
    /** Corrections the platform refused (the member spent the money): what the house is owed, per bet. */
    owed: () =>
      [...bets.values()].flatMap((b) =>
        b.owed ? [{ betId: b.id, username: b.username, gameCode: b.gameCode, amount: b.paid - target(b) }] : [],
      ),
    manualEntry,
    marketLiability,
    eventLiability: (eventId: string) => {
      const markets = marketsOf(eventId).map((m) => {
        const selections = marketLiability(m.id);
        return { marketId: m.id, selections, worstPayout: worst(selections), riskStopped: riskStops.has(m.id) };
      });
      return { markets, worstPayout: markets.reduce((s, m) => s + m.worstPayout, 0) };
    },
    bet: (id: string) => bets.get(id) ?? null,
    betsOf: (username: string): BetRecord[] => (byMember.get(username) ?? []).map((id) => bets.get(id) as BetRecord),
    allBets: (): IterableIterator<BetRecord> => bets.values(),
    feed,
    eventOf,
    market,
    marketsOf,
    shown,
    legNames,
    subscribe(listener: (change: SportsbookChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    outcomeOf: (marketId: string, selectionId: string) => selectionOutcome(feed, marketId, selectionId),
    scriptNow,
    now,
    compact,
    /** Where the simulated feed has got to (null: no simulated feed). */
    simulationPosition: (): FeedPosition | null => simulated?.position ?? null,
  };
}

export type Sportsbook = ReturnType<typeof createSportsbook>;

export type SlipInput = {
  kind: BetKind;
  legs: Array<{ eventId: string; marketId: string; selectionId: string; odds: number }>;
  unitStake: number;
};

function safeLines(shape: Pick<Bet, 'kind' | 'legs'>): number | null {
  try {
    return linesOf(shape).length;
  } catch {
    return null;
  }
}

function slipProblem(shape: Pick<Bet, 'kind' | 'legs' | 'unitStake'>): SportsbookRefusal | null {
  if (shape.kind.type === 'system' && !(shape.kind.system in SYSTEMS)) return 'INVALID_SLIP';
  const problem = betProblem(shape);
  if (!problem) return null;
  return /stake must be/.test(problem) ? 'STAKE_LIMIT' : 'INVALID_SLIP';
}

/** A bet's legs' results, as the betting record shows them. */
const legsShown = (b: Pick<BetRecord, 'outcomes'>): string => b.outcomes.map((o) => o?.kind ?? '-').join(',');

const memberLimitRefusal = (scope: 'market' | 'event'): SportsbookRefusal =>
  scope === 'market' ? 'MARKET_STAKE_LIMIT' : 'EVENT_STAKE_LIMIT';

function refusalOfDebit(status: string): SportsbookRefusal {
  if (status === 'INSUFFICIENT_FUNDS' || status === 'PLAYER_BLOCKED' || status === 'SESSION_EXPIRED') return status;
  return 'BET_REFUSED';
}

/** Reads a slip from a request body; null when its shape is wrong. */
export function readSlip(body: Record<string, unknown>): SlipInput | null {
  const kind = body.kind as { type?: unknown; system?: unknown } | undefined;
  let k: BetKind;
  if (kind?.type === 'single' || kind?.type === 'parlay') k = { type: kind.type };
  else if (kind?.type === 'system' && typeof kind.system === 'string' && kind.system in SYSTEMS)
    k = { type: 'system', system: kind.system as SystemName };
  else return null;
  if (!Array.isArray(body.legs) || body.legs.length < 1 || body.legs.length > 10) return null;
  const legs: SlipInput['legs'] = [];
  for (const raw of body.legs as unknown[]) {
    const l = raw as Record<string, unknown>;
    if (typeof l?.eventId !== 'string' || typeof l.marketId !== 'string' || typeof l.selectionId !== 'string') return null;
    legs.push({ eventId: l.eventId, marketId: l.marketId, selectionId: l.selectionId, odds: typeof l.odds === 'number' ? l.odds : 0 });
  }
  const unitStake = body.unitStake === undefined ? 0 : body.unitStake;
  if (typeof unitStake !== 'number' || !Number.isSafeInteger(unitStake) || unitStake < 0) return null;
  return { kind: k, legs, unitStake };
}
