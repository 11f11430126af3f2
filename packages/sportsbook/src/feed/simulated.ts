import { HmacWordStream } from '@platform/games/rng';
import {
  type Competition,
  ESPORTS_TITLES,
  type EsportsTitle,
  type EventResult,
  type MarketSpec,
  marketKey,
  type Score,
  type Sport,
  type SportEvent,
} from '../model.ts';
import { settleMarket } from '../settle-market.ts';
import type { FeedAdapter } from './adapter.ts';
import { type FeedMessage, marketIdOf, type UnnumberedMessage } from './messages.ts';
import {
  loserRoundsDistribution,
  mapRoundsDistribution,
  outrightDistribution,
  priceMarket,
  type ResultDistribution,
  scoreDistribution,
  seriesDistribution,
} from './pricing.ts';
import { applyFeedMessage, emptyFeedState, type FeedState, foldFeed } from './state.ts';

/**
 * The simulated feed that ships with the product. From a seed and a start time it writes the
 * whole script of the coming days, the same script for the same seed:
 *
 * - every day 6 football matches, 3 basketball games and 2 series of each e-sports title (League of
 *   Legends, Dota 2, CS2, Mobile Legends, Valorant; best of 1, 3 or 5), all announced at the start
 *   with pre-match prices that move twice before the start;
 * - football in play minute by minute: goals from each side's scoring rate (Poisson), a bet stop at
 *   each goal, the score, then every market repriced; half-time settles the first-half markets;
 * - basketball quarter by quarter (points per quarter Poisson, overtime while level);
 * - e-sports map by map: a bet stop on the map's market when it starts, the map's winner and its
 *   settlement when it ends, the rest repriced; the series' markets settle at the end, maps never
 *   played are void;
 * - one outright per e-sports title (the cup's winner and its top 3), settled at the end of the
 *   last day, ties in points sharing a place (dead heat);
 * - every day one football match postponed (the whole event void), one correct-score market voided
 *   in play (a price error), and one result corrected after settlement (a goal given or ruled out on
 *   review): a rollback of every full-time market and a new settlement.
 *
 * Prices come from the same models (pricing.ts) with a 5% margin. Randomness is the HMAC stream of
 * the games package, one stream per event, so adding an event does not change another's script.
 */
export const SPORTS: Sport[] = [
  { id: 'football', code: 'football', title: null, name: 'Football' },
  { id: 'basketball', code: 'basketball', title: null, name: 'Basketball' },
  { id: 'lol', code: 'esports', title: 'lol', name: 'League of Legends' },
  { id: 'dota2', code: 'esports', title: 'dota2', name: 'Dota 2' },
  { id: 'cs2', code: 'esports', title: 'cs2', name: 'Counter-Strike 2' },
  { id: 'mlbb', code: 'esports', title: 'mlbb', name: 'Mobile Legends: Bang Bang' },
  { id: 'valorant', code: 'esports', title: 'valorant', name: 'Valorant' },
];

export const COMPETITIONS: Competition[] = [
  { id: 'fb-premier', sportId: 'football', name: 'Lotus Premier League' },
  { id: 'fb-cup', sportId: 'football', name: 'Mekong Cup' },
  { id: 'bb-league', sportId: 'basketball', name: 'Lotus Basketball League' },
  ...ESPORTS_TITLES.map((t) => ({ id: `${t}-series`, sportId: t, name: `${SPORTS.find((s) => s.id === t)?.name} Lotus Series` })),
];

const FOOTBALL_TEAMS = [
  'Hanoi Lotus',
  'Saigon Stars',
  'Da Nang Dragons',
  'Hai Phong Harbour',
  'Hue Imperial',
  'Can Tho River',
  'Nha Trang Waves',
  'Vung Tau Anchors',
  'Quy Nhon Sails',
  'Da Lat Pines',
  'Ha Long Bay',
  'Vinh Phoenix',
];
const BASKETBALL_TEAMS = ['Hanoi Buffaloes', 'Saigon Heat', 'Danang Dragons', 'Hue Warriors', 'Cantho Catfish', 'Haiphong Tigers'];
/** Each title's own teams: a team plays one title, so it can never be in two series at once across titles. */
const ESPORTS_TEAMS: Record<EsportsTitle, readonly string[]> = {
  lol: ['Lotus Gaming', 'Red Lanterns', 'Jade Wolves', 'Bamboo Five', 'Monsoon', 'Golden Carp', 'Night Herons', 'Iron Lotus'],
  dota2: ['Ancient Delta', 'Silk Lanterns', 'Storm Petrels', 'Tiger Shrine', 'Paddy Five', 'Thunder Junks', 'Pearl River', 'Copper Drums'],
  cs2: [
    'Saigon Snipers',
    'Ha Long Raiders',
    'Paper Tigers',
    'Steel Monsoon',
    'Harbour Hawks',
    'Red River Rush',
    'Coconut Crew',
    'Lotus Tactical',
  ],
  mlbb: ['Jade Titans', 'Phoenix Rising', 'Lantern Legion', 'Bamboo Blades', 'Sunrise Squad', 'Coral Kings', 'Dragonfruit', 'Star Apple'],
  valorant: ['Neon Lotus', 'Spirit Wardens', 'Typhoon Agents', 'Cyan Herons', 'Night Market', 'Orchid Ops', 'Lunar Gate', 'Ember Vale'],
};
const MAP_MINUTES: Record<EsportsTitle, number> = { lol: 35, dota2: 40, cs2: 50, mlbb: 20, valorant: 45 };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The simulated book's margin on prices, in basis points. */
export const SIMULATED_MARGIN_BP = 500;

class Rng {
  private readonly words: HmacWordStream;
  constructor(seed: string, stream: string) {
    this.words = new HmacWordStream(seed, stream, 0);
  }
  float(): number {
    return this.words.nextWord() / 2 ** 32;
  }
  int(bound: number): number {
    return this.words.nextInt(bound);
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
  poisson(mean: number): number {
    const u = this.float();
    let k = 0;
    let p = Math.exp(-mean);
    let cum = p;
    while (u > cum && k < 1000) {
      k++;
      p *= mean / k;
      cum += p;
    }
    return k;
  }
}

type Emit = (m: UnnumberedMessage) => void;

function priceAll(
  emit: Emit,
  at: number,
  eventId: string,
  specs: readonly MarketSpec[],
  distOf: (spec: MarketSpec) => ResultDistribution | null,
): void {
  for (const spec of specs) {
    const dist = distOf(spec);
    if (!dist) continue;
    const prices = priceMarket(spec, dist, SIMULATED_MARGIN_BP);
    if (Object.keys(prices).length === 0) continue;
    emit({ type: 'odds', at, eventId, marketId: marketIdOf(eventId, marketKey(spec)), spec, status: 'open', prices });
  }
}

function settleAll(
  emit: Emit,
  at: number,
  eventId: string,
  specs: readonly MarketSpec[],
  result: EventResult,
  skip: ReadonlySet<string> = new Set(),
): void {
  for (const spec of specs) {
    const marketId = marketIdOf(eventId, marketKey(spec));
    if (skip.has(marketId)) continue;
    const outcomes = settleMarket(spec, result);
    if (outcomes) emit({ type: 'settle', at, eventId, marketId, outcomes });
  }
}

const grid = (n: number): Score[] => Array.from({ length: n * n }, (_, i) => ({ home: Math.floor(i / n), away: i % n }));

type Special = 'postpone' | 'void-market' | 'correct' | null;

function football(seed: string, opening: number, event: Extract<SportEvent, { kind: 'match' }>, special: Special, emit: Emit): void {
  const rng = new Rng(seed, event.id);
  let rateHome = 1.1 + 0.8 * rng.float();
  let rateAway = 0.8 + 0.7 * rng.float();
  const id = event.id;
  const T = event.startsAt;
  const pre = scoreDistribution({ home: 0, away: 0 }, rateHome, rateAway, 'ft');
  // The main handicap: the quarter line whose two sides are closest in price.
  let main = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let q = -12; q <= 12; q++) {
    const p = priceMarket({ type: 'ah', period: 'ft', line: q }, pre, 0);
    const gap = Math.abs((p.home ?? 1e9) - (p.away ?? 1e9));
    if (gap < best) {
      best = gap;
      main = q;
    }
  }
  const ft: MarketSpec[] = [
    { type: '1x2', period: 'ft' },
    { type: 'dnb', period: 'ft' },
    { type: 'doubleChance', period: 'ft' },
    { type: 'oddEven', period: 'ft' },
    ...[-2, -1, 0, 1, 2].map((d): MarketSpec => ({ type: 'ah', period: 'ft', line: main + d })),
    ...[8, 9, 10, 11, 12].map((line): MarketSpec => ({ type: 'ou', period: 'ft', line })),
    { type: 'correctScore', period: 'ft', scores: grid(4) },
  ];
  const h1: MarketSpec[] = [
    { type: '1x2', period: 'h1' },
    { type: 'ah', period: 'h1', line: Math.round(main / 2) || 0 },
    { type: 'ou', period: 'h1', line: 3 },
    { type: 'ou', period: 'h1', line: 4 },
    { type: 'correctScore', period: 'h1', scores: grid(3) },
  ];
  const all = [...ft, ...h1];
  const csId = marketIdOf(id, marketKey(ft[ft.length - 1] as MarketSpec));

  emit({ type: 'fixture', at: opening, eventId: id, event, phase: 'prematch' });
  const price = (at: number, minute: number, score: Score, half: Score, specs: readonly MarketSpec[]): void => {
    const left = Math.max(0, 90 - minute) / 90;
    const leftH1 = Math.max(0, 45 - minute) / 90;
    priceAll(emit, at, id, specs, (spec) =>
      'period' in spec && spec.period === 'h1'
        ? scoreDistribution(half, rateHome * leftH1, rateAway * leftH1, 'h1')
        : scoreDistribution(score, rateHome * left, rateAway * left, 'ft'),
    );
  };
  const zero = { home: 0, away: 0 };
  price(opening, 0, zero, zero, all);
  for (const before of [3 * HOUR, 30 * MINUTE]) {
    rateHome *= 0.94 + 0.12 * rng.float();
    rateAway *= 0.94 + 0.12 * rng.float();
    if (T - before > opening) price(T - before, 0, zero, zero, all);
  }
  if (special === 'postpone') {
    emit({ type: 'cancel', at: T - 20 * MINUTE, eventId: id, marketIds: null, reason: 'Match postponed' });
    return;
  }
  emit({ type: 'fixture', at: T, eventId: id, event, phase: 'live' });
  const clock = (minute: number): number => T + (minute <= 45 ? minute : minute + 15) * MINUTE;
  const score = { home: 0, away: 0 };
  let half = { home: 0, away: 0 };
  const goals: Array<{ minute: number; side: 'home' | 'away' }> = [];
  for (let minute = 1; minute <= 90; minute++) {
    const at = clock(minute);
    const scored: Array<'home' | 'away'> = [];
    if (rng.float() < rateHome / 90) scored.push('home');
    if (rng.float() < rateAway / 90) scored.push('away');
    for (const side of scored) {
      score[side]++;
      goals.push({ minute, side });
    }
    if (minute <= 45) half = { ...score };
    const open = minute < 45 ? all : ft;
    if (scored.length > 0) {
      emit({ type: 'betStop', at, eventId: id, marketIds: null });
      emit({ type: 'result', at: at + 5_000, eventId: id, live: { ...score }, result: minute > 45 ? { h1: half } : {} });
      if (minute < 90) price(at + 30_000, minute, score, half, open);
    } else if (minute % 15 === 0 && minute !== 45 && minute !== 90) {
      price(at, minute, score, half, open);
    }
    if (special === 'void-market' && minute === 20)
      emit({ type: 'cancel', at: at + 10_000, eventId: id, marketIds: [csId], reason: 'Obvious price error' });
    if (minute === 45) {
      emit({ type: 'result', at: T + 47 * MINUTE, eventId: id, live: { ...score }, result: { h1: { ...half } } });
      settleAll(emit, T + 48 * MINUTE, id, h1, { h1: half });
      price(T + 60 * MINUTE, 45, score, half, ft);
    }
  }
  const end = clock(90) + 2 * MINUTE;
  const final: EventResult = { ft: { ...score }, h1: { ...half } };
  const skip = new Set(special === 'void-market' ? [csId] : []);
  emit({ type: 'fixture', at: end, eventId: id, event, phase: 'ended' });
  emit({ type: 'result', at: end, eventId: id, live: { ...score }, result: final });
  settleAll(emit, end + 2 * MINUTE, id, ft, final, skip);
  if (special === 'correct') {
    // A review after the whistle: the last second-half goal is ruled out, or (none) a 90th-minute goal is given to the home side.
    const last = [...goals].reverse().find((g) => g.minute > 45);
    const corrected = { ...score };
    if (last) corrected[last.side]--;
    else corrected.home++;
    const at = end + 30 * MINUTE;
    emit({ type: 'result', at, eventId: id, live: corrected, result: { ft: corrected, h1: { ...half } } });
    for (const spec of ft) emit({ type: 'rollback', at: at + MINUTE, eventId: id, marketId: marketIdOf(id, marketKey(spec)) });
    settleAll(emit, at + 2 * MINUTE, id, ft, { ft: corrected, h1: { ...half } }, skip);
  }
}

function basketball(seed: string, opening: number, event: Extract<SportEvent, { kind: 'match' }>, emit: Emit): void {
  const rng = new Rng(seed, event.id);
  const rateHome = 100 + 20 * rng.float();
  const rateAway = 98 + 20 * rng.float();
  const id = event.id;
  const T = event.startsAt;
  const halfLine = (x: number): number => 4 * Math.floor(x) + 2;
  const spread = halfLine(rateAway - rateHome);
  const total = halfLine(rateHome + rateAway);
  const ft: MarketSpec[] = [
    { type: 'moneyline', period: 'ft' },
    ...[-4, 0, 4].map((d): MarketSpec => ({ type: 'ah', period: 'ft', line: spread + d })),
    ...[-8, 0, 8].map((d): MarketSpec => ({ type: 'ou', period: 'ft', line: total + d })),
    { type: 'oddEven', period: 'ft' },
  ];
  const h1: MarketSpec[] = [
    { type: 'moneyline', period: 'h1' },
    { type: 'ah', period: 'h1', line: halfLine((rateAway - rateHome) / 2) },
    { type: 'ou', period: 'h1', line: halfLine((rateHome + rateAway) / 2) },
  ];
  const price = (at: number, quartersLeft: number, score: Score, half: Score, specs: readonly MarketSpec[]): void => {
    const h1Left = Math.max(0, quartersLeft - 2);
    priceAll(emit, at, id, specs, (spec) =>
      'period' in spec && spec.period === 'h1'
        ? scoreDistribution(half, (rateHome * h1Left) / 4, (rateAway * h1Left) / 4, 'h1', 1e-6)
        : scoreDistribution(score, (rateHome * quartersLeft) / 4, (rateAway * quartersLeft) / 4, 'ft', 1e-6),
    );
  };
  const zero = { home: 0, away: 0 };
  emit({ type: 'fixture', at: opening, eventId: id, event, phase: 'prematch' });
  price(opening, 4, zero, zero, [...ft, ...h1]);
  emit({ type: 'fixture', at: T, eventId: id, event, phase: 'live' });
  const score = { home: 0, away: 0 };
  let half = { ...zero };
  let at = T;
  for (let q = 1; q <= 4; q++) {
    at = T + q * 30 * MINUTE;
    score.home += rng.poisson(rateHome / 4);
    score.away += rng.poisson(rateAway / 4);
    emit({ type: 'betStop', at, eventId: id, marketIds: null });
    if (q === 2) half = { ...score };
    emit({
      type: 'result',
      at: at + MINUTE,
      eventId: id,
      live: { ...score },
      result: q >= 2 ? { h1: { ...half } } : {},
      // The next period under way: a quarter, or overtime when level after the fourth.
      ...(q < 4
        ? { clock: { period: 'quarter' as const, index: q + 1, since: at } }
        : score.home === score.away
          ? { clock: { period: 'overtime' as const, index: 1, since: at } }
          : {}),
    });
    if (q === 2) settleAll(emit, at + 2 * MINUTE, id, h1, { h1: half });
    if (q < 4) price(at + 3 * MINUTE, 4 - q, score, half, q < 2 ? [...ft, ...h1] : ft);
  }
  for (let overtime = 1; score.home === score.away; overtime++) {
    at += 15 * MINUTE;
    score.home += rng.poisson((rateHome * 5) / 48);
    score.away += rng.poisson((rateAway * 5) / 48);
    const clock = score.home === score.away ? { clock: { period: 'overtime' as const, index: overtime + 1, since: at } } : {};
    emit({ type: 'result', at, eventId: id, live: { ...score }, result: { h1: { ...half } }, ...clock });
  }
  const final = { ft: { ...score }, h1: { ...half } };
  emit({ type: 'fixture', at: at + 2 * MINUTE, eventId: id, event, phase: 'ended' });
  emit({ type: 'result', at: at + 2 * MINUTE, eventId: id, live: { ...score }, result: final });
  settleAll(emit, at + 4 * MINUTE, id, ft, final);
}

function esports(seed: string, opening: number, title: EsportsTitle, event: Extract<SportEvent, { kind: 'match' }>, emit: Emit): void {
  const rng = new Rng(seed, event.id);
  const pHome = 0.3 + 0.4 * rng.float();
  const bestOf = event.bestOf ?? 1;
  const id = event.id;
  const T = event.startsAt;
  const specs: MarketSpec[] = [
    { type: 'moneyline', period: 'ft' },
    ...Array.from({ length: bestOf }, (_, i): MarketSpec => ({ type: 'mapWinner', map: i + 1 })),
  ];
  if (bestOf === 3) specs.push({ type: 'mapHandicap', line: -6 }, { type: 'mapHandicap', line: 6 }, { type: 'totalMaps', line: 10 });
  if (bestOf === 5)
    specs.push(
      { type: 'mapHandicap', line: -6 },
      { type: 'mapHandicap', line: -10 },
      { type: 'totalMaps', line: 14 },
      { type: 'totalMaps', line: 18 },
    );
  const roundBased = title === 'cs2' || title === 'valorant';
  // Round-based titles: each map's round handicap (home −2.5) and total rounds (21.5).
  const roundSpecs = (map: number): MarketSpec[] =>
    roundBased
      ? [
          { type: 'mapRoundHandicap', map, line: -10 },
          { type: 'mapTotalRounds', map, line: 86 },
        ]
      : [];
  for (let map = 1; map <= bestOf; map++) specs.push(...roundSpecs(map));
  const mapMarkets = (map: number): MarketSpec[] => [{ type: 'mapWinner', map }, ...roundSpecs(map)];
  const price = (at: number, played: Array<'home' | 'away'>, list: readonly MarketSpec[]): void =>
    priceAll(emit, at, id, list, (spec) =>
      spec.type === 'mapRoundHandicap' || spec.type === 'mapTotalRounds'
        ? mapRoundsDistribution(played, bestOf, pHome, spec.map)
        : seriesDistribution(played, bestOf, pHome),
    );
  const roundsModel = loserRoundsDistribution();
  emit({ type: 'fixture', at: opening, eventId: id, event, phase: 'prematch' });
  price(opening, [], specs);
  emit({ type: 'fixture', at: T, eventId: id, event, phase: 'live' });
  const need = Math.floor(bestOf / 2) + 1;
  const played: Array<'home' | 'away'> = [];
  const rounds: Array<Score | null> = [];
  const length = MAP_MINUTES[title] * MINUTE;
  let at = T;
  for (let map = 1; map <= bestOf; map++) {
    const start = T + (map - 1) * (length + 10 * MINUTE);
    emit({ type: 'betStop', at: start, eventId: id, marketIds: mapMarkets(map).map((s) => marketIdOf(id, marketKey(s))) });
    // The map's own clock: the series' score so far, map `map` under way since its start.
    const before = played.filter((m) => m === 'home').length;
    emit({
      type: 'result',
      at: start,
      eventId: id,
      live: { home: before, away: played.length - before },
      result: roundBased ? { maps: [...played], rounds: [...rounds] } : { maps: [...played] },
      clock: { period: 'map', index: map, since: start },
    });
    at = start + length;
    const winner = rng.float() < pHome ? 'home' : 'away';
    played.push(winner);
    if (roundBased) {
      // The score drawn by its probability: the first whose running total passes a uniform draw.
      const u = rng.float();
      let total = 0;
      const r =
        roundsModel.find((x) => {
          total += x.p;
          return u < total;
        }) ?? (roundsModel[roundsModel.length - 1] as { winner: number; loser: number });
      rounds.push(winner === 'home' ? { home: r.winner, away: r.loser } : { home: r.loser, away: r.winner });
    }
    const home = played.filter((m) => m === 'home').length;
    const score = { home, away: played.length - home };
    const sofar: EventResult = roundBased ? { maps: [...played], rounds: [...rounds] } : { maps: [...played] };
    const over = score.home === need || score.away === need;
    emit({
      type: 'result',
      at,
      eventId: id,
      live: score,
      result: sofar,
      ...(over ? {} : { clock: { period: 'break', index: map, since: at } }),
    });
    settleAll(emit, at + MINUTE, id, mapMarkets(map), sofar);
    if (over) break;
    const left = specs.filter((s) => !('map' in s) || s.map > map);
    price(at + 2 * MINUTE, played, left);
  }
  const home = played.filter((m) => m === 'home').length;
  const final: EventResult = roundBased
    ? { maps: played, rounds, ft: { home, away: played.length - home } }
    : { maps: played, ft: { home, away: played.length - home } };
  emit({ type: 'fixture', at: at + 3 * MINUTE, eventId: id, event, phase: 'ended' });
  emit({ type: 'result', at: at + 3 * MINUTE, eventId: id, live: final.ft ?? null, result: final });
  settleAll(
    emit,
    at + 4 * MINUTE,
    id,
    specs.filter((s) => !('map' in s) || s.map > played.length),
    final,
  );
}

function outright(seed: string, opening: number, event: Extract<SportEvent, { kind: 'outright' }>, emit: Emit): void {
  const rng = new Rng(seed, event.id);
  const strengths = Object.fromEntries(event.competitors.map((c) => [c, 0.5 + rng.float()]));
  const specs: MarketSpec[] = [
    { type: 'outright', places: 1, competitors: event.competitors },
    { type: 'outright', places: 3, competitors: event.competitors },
  ];
  emit({ type: 'fixture', at: opening, eventId: event.id, event, phase: 'prematch' });
  priceAll(emit, opening, event.id, specs, () => outrightDistribution(strengths));
  emit({ type: 'fixture', at: event.startsAt, eventId: event.id, event, phase: 'live' });
  // Points from a round robin of single maps; teams level on points share their place.
  const points = new Map(event.competitors.map((c) => [c, 0]));
  for (const [i, a] of event.competitors.entries())
    for (const b of event.competitors.slice(i + 1)) {
      const sa = strengths[a] ?? 1;
      const winner = rng.float() < sa / (sa + (strengths[b] ?? 1)) ? a : b;
      points.set(winner, (points.get(winner) ?? 0) + 1);
    }
  const levels = [...new Set(points.values())].sort((x, y) => y - x);
  const standings = levels.map((l) => event.competitors.filter((c) => points.get(c) === l));
  const end = event.startsAt + HOUR;
  emit({ type: 'fixture', at: end, eventId: event.id, event, phase: 'ended' });
  emit({ type: 'result', at: end, eventId: event.id, live: null, result: { standings } });
  settleAll(emit, end + MINUTE, event.id, specs, { standings });
}

/** A UTC day as the simulated feed numbers it: days since 1970-01-01, and as it names events (`20261128`). */
export const dayOf = (time: number): number => Math.floor(time / DAY);
const stampOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10).replaceAll('-', '');
/** The e-sports cups are played on Sundays (1970-01-04, day 3, was one). */
const isCupDay = (day: number): boolean => (day + 4) % 7 === 0;

/**
 * One day of play, from the seed and the day alone: the events that start on UTC day `day` and all
 * their messages (unnumbered, in the order written), announced at `announceAt`:
 *
 * - 6 football matches (10:00 to 20:00), 3 basketball games (11:00, 14:00, 17:00), 2 series of each
 *   e-sports title (from 09:00 and 15:00, half an hour apart per title); a team plays once a day;
 * - on Sundays, each title's cup (an outright), after the day's series.
 *
 * Every message of the day falls before the end of the next day, so a feed resuming at a time needs
 * only the days from the one before it.
 */
export function simulateDay(seed: string, day: number, announceAt: number): { events: SportEvent[]; messages: UnnumberedMessage[] } {
  const messages: UnnumberedMessage[] = [];
  const emit: Emit = (message) => {
    messages.push(message);
  };
  const events: SportEvent[] = [];
  const base = day * DAY;
  const stamp = stampOf(day);
  const rng = new Rng(seed, `day-${stamp}`);
  const teams = rng.shuffle(FOOTBALL_TEAMS);
  const specials: Special[] = rng.shuffle(['postpone', 'void-market', 'correct', null, null, null]);
  for (let i = 0; i < 6; i++) {
    const event = {
      kind: 'match' as const,
      id: `fb-${stamp}-${i}`,
      sportId: 'football',
      competitionId: i < 4 ? 'fb-premier' : 'fb-cup',
      startsAt: base + (10 + 2 * i) * HOUR,
      home: teams[2 * i] as string,
      away: teams[2 * i + 1] as string,
      bestOf: null,
    };
    events.push(event);
    football(seed, announceAt, event, specials[i] ?? null, emit);
  }
  const courts = rng.shuffle(BASKETBALL_TEAMS);
  for (let i = 0; i < 3; i++) {
    const event = {
      kind: 'match' as const,
      id: `bb-${stamp}-${i}`,
      sportId: 'basketball',
      competitionId: 'bb-league',
      startsAt: base + (11 + 3 * i) * HOUR,
      home: courts[2 * i] as string,
      away: courts[2 * i + 1] as string,
      bestOf: null,
    };
    events.push(event);
    basketball(seed, announceAt, event, emit);
  }
  for (const [t, title] of ESPORTS_TITLES.entries()) {
    const sides = rng.shuffle(ESPORTS_TEAMS[title]);
    for (let i = 0; i < 2; i++) {
      const event = {
        kind: 'match' as const,
        id: `${title}-${stamp}-${i}`,
        sportId: title,
        competitionId: `${title}-series`,
        startsAt: base + (9 + 6 * i) * HOUR + t * 30 * MINUTE,
        home: sides[2 * i] as string,
        away: sides[2 * i + 1] as string,
        bestOf: [1, 3, 3, 5][rng.int(4)] as number,
      };
      events.push(event);
      esports(seed, announceAt, title, event, emit);
    }
  }
  if (isCupDay(day))
    for (const [t, title] of ESPORTS_TITLES.entries()) {
      const event = {
        kind: 'outright' as const,
        id: `${title}-cup-${stamp}`,
        sportId: title,
        competitionId: `${title}-series`,
        startsAt: base + 22 * HOUR + t * 10 * MINUTE,
        name: `${SPORTS.find((s) => s.id === title)?.name} Lotus Cup winner`,
        competitors: ESPORTS_TEAMS[title].slice(0, 6),
      };
      events.push(event);
      outright(seed, announceAt, event, emit);
    }
  return { events, messages };
}

type Pending = { message: UnnumberedMessage; day: number; order: number };
const byTime = (a: Pending, b: Pending): number => a.message.at - b.message.at || a.day - b.day || a.order - b.order;

export type SimulationOptions = { seed: string; start: number; days: number };
export type Simulation = { sports: Sport[]; competitions: Competition[]; events: SportEvent[]; messages: FeedMessage[]; end: number };

/** A finite script: the `days` days after the start's, all announced at the start, numbered in time order. */
export function simulateFeed({ seed, start, days }: SimulationOptions): Simulation {
  if (!Number.isInteger(days) || days < 1 || days > 14) throw new RangeError('simulate 1 to 14 days');
  const pending: Pending[] = [];
  const events: SportEvent[] = [];
  for (let day = dayOf(start) + 1; day <= dayOf(start) + days; day++) {
    const chunk = simulateDay(seed, day, start);
    events.push(...chunk.events);
    for (const [order, message] of chunk.messages.entries()) pending.push({ message, day, order });
  }
  pending.sort(byTime);
  const messages = pending.map(({ message }, i) => ({ ...message, seq: i + 1 }) as FeedMessage);
  const end = messages.length > 0 ? (messages[messages.length - 1] as FeedMessage).at : start;
  return { sports: SPORTS, competitions: COMPETITIONS, events, messages, end };
}

/**
 * The simulated feed as an adapter over a finite script: the script plays as its clock is moved
 * (`advanceTo`), and keeps the last `replayWindow` messages for recovery (older gaps are answered
 * with a snapshot).
 */
export class SimulatedFeed implements FeedAdapter {
  readonly name = 'simulated';
  private readonly script: FeedMessage[];
  private published = 0;
  private readonly listeners = new Set<(m: FeedMessage) => void>();

  constructor(
    readonly simulation: Simulation,
    private readonly replayWindow = Number.POSITIVE_INFINITY,
  ) {
    this.script = simulation.messages;
  }

  /** Publishes every message due at or before `time`; returns how many. */
  advanceTo(time: number): number {
    let n = 0;
    while (this.published < this.script.length && (this.script[this.published] as FeedMessage).at <= time) {
      const m = this.script[this.published++] as FeedMessage;
      for (const l of this.listeners) l(m);
      n++;
    }
    return n;
  }

  subscribe(listener: (message: FeedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async snapshot(): Promise<FeedState> {
    return foldFeed(this.script.slice(0, this.published));
  }

  async replay(afterSeq: number): Promise<FeedMessage[] | null> {
    if (this.published - afterSeq > this.replayWindow) return null;
    return this.script.slice(afterSeq, this.published);
  }
}

/** How far a rolling feed has played: every message due at or before `at` is out, the last numbered `seq`. */
export type FeedPosition = { at: number; seq: number };

type RollingFeedOptions = {
  seed: string;
  /** When the feed first started: the first day played is the next one. */
  start: number;
  /** How many days ahead the fixtures are announced (the first days: all at the start). */
  lead: number;
  /** Where an earlier run of the same feed got to (journaled by its user): play resumes after it. */
  from?: FeedPosition;
  /** Messages kept for `replay`; an older gap is answered with a snapshot. */
  replayWindow?: number;
  /** Days an event stays in the snapshot after its day. */
  keepDays?: number;
};

/**
 * The simulated feed that never runs out: the days are written one at a time as the clock comes
 * within `lead` days of them (`simulateDay`, from the seed and the day alone), merged in time order
 * and numbered as they are published. The numbering is a function of the seed, the start and the
 * time, so a feed resumed from a position (`from`, which its user journals) publishes exactly what a
 * feed that never stopped would have, under the same sequence numbers; it writes only the days
 * whose messages can still be due (from the day before the position's).
 */
export class RollingSimulatedFeed implements FeedAdapter {
  readonly name = 'simulated';
  private readonly seed: string;
  private readonly start: number;
  private readonly lead: number;
  private readonly replayWindow: number;
  private readonly keepDays: number;
  private readonly listeners = new Set<(m: FeedMessage) => void>();
  /** Written, not yet published, in publishing order from `head`. */
  private queue: Pending[] = [];
  private head = 0;
  private nextDay: number;
  private at: number;
  private seq: number;
  private readonly recent: FeedMessage[] = [];
  private readonly state: FeedState = emptyFeedState();
  private readonly eventDays = new Map<string, number>();

  constructor(options: RollingFeedOptions) {
    if (!Number.isInteger(options.lead) || options.lead < 1 || options.lead > 14) throw new RangeError('announce 1 to 14 days ahead');
    this.seed = options.seed;
    this.start = options.start;
    this.lead = options.lead;
    this.replayWindow = options.replayWindow ?? 100_000;
    this.keepDays = options.keepDays ?? 3;
    const from = options.from ?? { at: options.start - 1, seq: 0 };
    this.at = from.at;
    this.seq = from.seq;
    this.nextDay = Math.max(dayOf(options.start) + 1, dayOf(from.at) - 1);
  }

  /** When a day's fixtures are announced. */
  private announceAt(day: number): number {
    return Math.max(this.start, (day - this.lead) * DAY);
  }

  private write(day: number): void {
    const { messages } = simulateDay(this.seed, day, this.announceAt(day));
    const fresh: Pending[] = [];
    for (const [order, message] of messages.entries()) if (message.at > this.at) fresh.push({ message, day, order });
    this.queue = [...this.queue.slice(this.head), ...fresh].sort(byTime);
    this.head = 0;
    this.forget(day - this.lead - this.keepDays);
  }

  /** Drops from the snapshot the events of days before `day` (long over). */
  private forget(day: number): void {
    for (const [eventId, d] of this.eventDays) {
      if (d >= day) continue;
      this.eventDays.delete(eventId);
      delete this.state.events[eventId];
    }
    for (const [id, m] of Object.entries(this.state.markets)) if (!this.state.events[m.eventId]) delete this.state.markets[id];
  }

  /** Publishes every message due at or before `time`; returns how many. */
  advanceTo(time: number): number {
    if (time <= this.at) return 0;
    while (this.announceAt(this.nextDay) <= time) this.write(this.nextDay++);
    let n = 0;
    while (this.head < this.queue.length && (this.queue[this.head] as Pending).message.at <= time) {
      const { message, day } = this.queue[this.head++] as Pending;
      const m = { ...message, seq: ++this.seq } as FeedMessage;
      applyFeedMessage(this.state, m);
      this.eventDays.set(m.eventId, day);
      this.recent.push(m);
      if (this.recent.length > this.replayWindow) this.recent.splice(0, this.recent.length - this.replayWindow);
      for (const l of this.listeners) l(m);
      n++;
    }
    this.at = time;
    return n;
  }

  /** Where the feed has got to: what its user journals to resume it. */
  get position(): FeedPosition {
    return { at: this.at, seq: this.seq };
  }

  subscribe(listener: (message: FeedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The state of what this run published (the days still kept), complete to its last message. */
  async snapshot(): Promise<FeedState> {
    return structuredClone(this.state);
  }

  async replay(afterSeq: number): Promise<FeedMessage[] | null> {
    const first = this.recent[0]?.seq ?? this.seq + 1;
    if (afterSeq < first - 1) return null;
    return this.recent.filter((m) => m.seq > afterSeq);
  }
}
