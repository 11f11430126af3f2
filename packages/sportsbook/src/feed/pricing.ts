import type { EventResult, MarketSpec, OddsMilli, Score } from '../model.ts';
import { MAX_ODDS, MIN_ODDS, ODDS_SCALE, selectionsOf } from '../model.ts';
import { settleMarket } from '../settle-market.ts';

/**
 * Prices from a model. A model gives a distribution of possible results; each selection's fair
 * price comes from the settlement rules themselves, so every market (quarter lines, dead heats,
 * void maps) is priced by the same rules that settle it. With a the chance-weighted part of the
 * stake paid at the price and b the part refunded (push, void, the refunded half of a half bet),
 * the expected return is a·O + b, and the fair price makes it 1: O = (1 − b)/a. The book's price
 * keeps a margin on the net: 1 + (O − 1)(1 − margin), rounded down to hundredths, at least 1.01;
 * a selection whose fair price is above 1000 (or cannot win) is not offered.
 */
export type ResultDistribution = Array<{ result: EventResult; p: number }>;

export function poissonPmf(mean: number, minP = 1e-9): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  let cum = 0;
  for (let k = 0; k < 400; k++) {
    if (k > 0) p *= mean / k;
    out.push(p);
    cum += p;
    if (k > mean && (1 - cum < minP || p < minP)) break;
  }
  return out;
}

/** Final (or half-time) scores from the score now and the goals or points still expected per side. */
export function scoreDistribution(
  now: Score,
  expectHome: number,
  expectAway: number,
  period: 'ft' | 'h1',
  minP = 1e-7,
): ResultDistribution {
  const ph = poissonPmf(expectHome);
  const pa = poissonPmf(expectAway);
  const out: ResultDistribution = [];
  ph.forEach((x, i) => {
    pa.forEach((y, j) => {
      const p = x * y;
      if (p >= minP) out.push({ result: { [period]: { home: now.home + i, away: now.away + j } }, p });
    });
  });
  return out;
}

/** A series' results from the maps played so far, each further map won by home with chance p. */
export function seriesDistribution(played: ReadonlyArray<'home' | 'away'>, bestOf: number, pHome: number): ResultDistribution {
  const need = Math.floor(bestOf / 2) + 1;
  const out: ResultDistribution = [];
  const walk = (maps: Array<'home' | 'away'>, p: number): void => {
    const home = maps.filter((m) => m === 'home').length;
    const away = maps.length - home;
    if (home === need || away === need || maps.length === bestOf) {
      out.push({ result: { maps, ft: { home, away } }, p });
      return;
    }
    walk([...maps, 'home'], p * pHome);
    walk([...maps, 'away'], p * (1 - pHome));
  };
  walk([...played], 1);
  return out;
}

/**
 * Rounds of one map of a round-based title, given its winner: the loser's rounds are Binomial(22,
 * 0.35) capped at 11 (the winner has 13) nine times in ten; one map in ten goes to overtime, ending
 * 14–12, 15–13 or 16–14 with equal chance. The simulated feed draws rounds from the same model.
 */
export function loserRoundsDistribution(): Array<{ winner: number; loser: number; p: number }> {
  const out: Array<{ winner: number; loser: number; p: number }> = [];
  const n = 22;
  const q = 0.35;
  let capped = 0;
  let c = 1;
  for (let k = 0; k <= n; k++) {
    if (k > 0) c = (c * (n - k + 1)) / k;
    const p = c * q ** k * (1 - q) ** (n - k) * 0.9;
    if (k < 11) out.push({ winner: 13, loser: k, p });
    else capped += p;
  }
  out.push({ winner: 13, loser: 11, p: capped });
  for (let t = 0; t < 3; t++) out.push({ winner: 14 + t, loser: 12 + t, p: 0.1 / 3 });
  return out;
}

/** A series' results with map k's rounds: each series path, and where map k was played each of its round scores. */
export function mapRoundsDistribution(
  played: ReadonlyArray<'home' | 'away'>,
  bestOf: number,
  pHome: number,
  map: number,
): ResultDistribution {
  const out: ResultDistribution = [];
  const rounds = loserRoundsDistribution();
  for (const { result, p } of seriesDistribution(played, bestOf, pHome)) {
    const winner = result.maps?.[map - 1];
    if (!winner) {
      out.push({ result, p });
      continue;
    }
    for (const r of rounds) {
      const score = winner === 'home' ? { home: r.winner, away: r.loser } : { home: r.loser, away: r.winner };
      const perMap: Array<Score | null> = Array.from({ length: map }, () => null);
      perMap[map - 1] = score;
      out.push({ result: { ...result, rounds: perMap }, p: p * r.p });
    }
  }
  return out;
}

/** Finishing orders of an outright by strengths (Plackett–Luce: each place goes to a remaining competitor in proportion to strength). */
export function outrightDistribution(strengths: Record<string, number>): ResultDistribution {
  const out: ResultDistribution = [];
  const walk = (left: string[], order: string[], p: number): void => {
    if (left.length === 0) {
      out.push({ result: { standings: order.map((c) => [c]) }, p });
      return;
    }
    const total = left.reduce((s, c) => s + (strengths[c] ?? 0), 0);
    for (const c of left)
      walk(
        left.filter((x) => x !== c),
        [...order, c],
        (p * (strengths[c] ?? 0)) / total,
      );
  };
  walk(Object.keys(strengths), [], 1);
  return out;
}

/**
 * Results that settle a market alike, merged: handicaps and match results depend only on the goal
 * difference, totals only on the total. Purely a speed-up (a basketball distribution has thousands
 * of scores but a few hundred differences).
 */
function merged(spec: MarketSpec, distribution: ResultDistribution): ResultDistribution {
  if (!('period' in spec) || spec.type === 'correctScore') return distribution;
  const byDiff = spec.type !== 'ou' && spec.type !== 'oddEven';
  const buckets = new Map<string, { result: EventResult; p: number }>();
  distribution.forEach(({ result, p }, i) => {
    const s = result[spec.period];
    const key = s ? String(byDiff ? s.home - s.away : s.home + s.away) : `none${i}`;
    const b = buckets.get(key);
    if (b) b.p += p;
    else buckets.set(key, { result, p });
  });
  return [...buckets.values()];
}

export function priceMarket(spec: MarketSpec, distribution: ResultDistribution, marginBp: number): Record<string, OddsMilli> {
  const selections = selectionsOf(spec);
  const a = new Map<string, number>();
  const b = new Map<string, number>();
  let mass = 0;
  for (const { result, p } of merged(spec, distribution)) {
    const outcomes = settleMarket(spec, result);
    if (!outcomes) continue;
    mass += p;
    for (const s of selections) {
      const o = outcomes[s];
      if (!o) continue;
      const add = (m: Map<string, number>, x: number): void => {
        m.set(s, (m.get(s) ?? 0) + x);
      };
      if (o.kind === 'win') add(a, p);
      else if (o.kind === 'half-win') {
        add(a, p / 2);
        add(b, p / 2);
      } else if (o.kind === 'push' || o.kind === 'void') add(b, p);
      else if (o.kind === 'half-lose') add(b, p / 2);
      else if (o.kind === 'dead-heat') add(a, (p * o.num) / o.den);
    }
  }
  const prices: Record<string, OddsMilli> = {};
  if (mass <= 0) return prices;
  for (const s of selections) {
    const win = (a.get(s) ?? 0) / mass;
    const refund = (b.get(s) ?? 0) / mass;
    if (win < 1e-6) continue;
    const fair = (1 - refund) / win;
    if (!(fair * ODDS_SCALE <= MAX_ODDS)) continue;
    const priced = 1 + (fair - 1) * (1 - marginBp / 10_000);
    const milli = Math.floor((priced * ODDS_SCALE + 1e-6) / 10) * 10;
    prices[s] = Math.min(MAX_ODDS, Math.max(MIN_ODDS, milli));
  }
  return prices;
}
