import { describe, expect, it } from 'vitest';
import { type Bet, type BetKind, type Leg, settleBet, totalStake } from './bets.ts';
import type { EventResult, MarketSpec } from './model.ts';
import { type Outcome, settleMarket } from './settle-market.ts';

/**
 * The golden settlement table, written by hand from the published rules (Asian handicap and
 * over/under quarter-line tables, dead-heat reduction, parlay and system combination rules). Nothing
 * here is computed by the engine: every expected outcome and every amount is written out.
 *
 * Letters: W win, HW half win, P push (stake back), HL half lose, L lose, V void.
 * A single of 1000 at 1.90 returns: W 1900, HW 1450 (500 × 1.90 + 500), P 1000, HL 500, L 0, V 1000.
 */
const SINGLE_RETURN: Record<string, number> = { W: 1900, HW: 1450, P: 1000, HL: 500, L: 0, V: 1000 };
const LETTER: Record<string, Outcome['kind']> = { W: 'win', HW: 'half-win', P: 'push', HL: 'half-lose', L: 'lose', V: 'void' };

/** "-0.75" → -3 quarters (the test's own reading of a line). */
const quarters = (line: string): number => Math.round(Number(line) * 4);

type Case = { name: string; spec: MarketSpec; result: EventResult; selection: string; expect: string };

function gridCases(title: string, table: string, make: (line: string, column: string) => Omit<Case, 'name' | 'expect'>): Case[] {
  const [header, ...rows] = table
    .trim()
    .split('\n')
    .map((r) => r.trim().split(/\s+/));
  const columns = (header ?? []).slice(1);
  return rows.flatMap(([line, ...cells]) =>
    cells.map((expect, i) => ({ name: `${title} ${line} at ${columns[i]}`, expect, ...make(line as string, columns[i] as string) })),
  );
}

// Asian handicap, the home side's line; columns are the goal margin (home − away).
// A quarter line is half the stake on each neighbouring half line: −0.75 = half on −0.5, half on −1.
const AH_HOME = `
line  -2  -1  0   1   2   3
0     L   L   P   W   W   W
-0.25 L   L   HL  W   W   W
-0.5  L   L   L   W   W   W
-0.75 L   L   L   HW  W   W
-1    L   L   L   P   W   W
-1.25 L   L   L   HL  W   W
-1.5  L   L   L   L   W   W
-1.75 L   L   L   L   HW  W
-2    L   L   L   L   P   W
-2.25 L   L   L   L   HL  W
-2.5  L   L   L   L   L   W
0.25  L   L   HW  W   W   W
0.5   L   L   W   W   W   W
0.75  L   HL  W   W   W   W
1     L   P   W   W   W   W
1.25  L   HW  W   W   W   W
1.5   L   W   W   W   W   W
1.75  HL  W   W   W   W   W
2     P   W   W   W   W   W
`;

// The away side of the same markets (the home line given; away takes its opposite).
const AH_AWAY = `
line  -2  -1  0   1   2   3
-0.25 W   W   HW  L   L   L
-0.75 W   W   W   HL  L   L
-1.25 W   W   W   HW  L   L
-1.75 W   W   W   W   HL  L
0.25  W   W   HL  L   L   L
0.75  W   HW  L   L   L   L
`;

const margin = (m: string): EventResult => {
  const d = Number(m);
  return { ft: d >= 0 ? { home: d + 1, away: 1 } : { home: 0, away: -d } };
};

// Over/under; columns are total goals.
const OVER = `
line  0   1   2   3   4   5
0.5   L   W   W   W   W   W
0.75  L   HW  W   W   W   W
1     L   P   W   W   W   W
1.25  L   HL  W   W   W   W
1.5   L   L   W   W   W   W
1.75  L   L   HW  W   W   W
2     L   L   P   W   W   W
2.25  L   L   HL  W   W   W
2.5   L   L   L   W   W   W
2.75  L   L   L   HW  W   W
3     L   L   L   P   W   W
3.25  L   L   L   HL  W   W
3.5   L   L   L   L   W   W
4.5   L   L   L   L   L   W
`;

const UNDER = `
line  0   1   2   3   4   5
0.75  W   HL  L   L   L   L
1     W   P   L   L   L   L
2.25  W   W   HW  L   L   L
2.75  W   W   W   HL  L   L
3.25  W   W   W   HW  L   L
`;

const total = (t: string): EventResult => ({ ft: { home: Math.ceil(Number(t) / 2), away: Math.floor(Number(t) / 2) } });

// Match result markets at full time, by final score.
const MATCH = `
market       sel   0-0  1-0  0-1  2-2  3-1  1-3
1x2          home  L    W    L    L    W    L
1x2          draw  W    L    L    W    L    L
1x2          away  L    L    W    L    L    W
doubleChance 1X    W    W    L    W    W    L
doubleChance 12    L    W    W    L    W    W
doubleChance X2    W    L    W    W    L    W
dnb          home  P    W    L    P    W    L
dnb          away  P    L    W    P    L    W
oddEven      odd   L    W    W    L    L    L
oddEven      even  W    L    L    W    W    W
`;

function matchCases(): Case[] {
  const [header, ...rows] = MATCH.trim()
    .split('\n')
    .map((r) => r.trim().split(/\s+/));
  const scores = (header ?? []).slice(2);
  return rows.flatMap(([type, selection, ...cells]) =>
    cells.map((expect, i) => {
      const [home, away] = (scores[i] as string).split('-').map(Number) as [number, number];
      return {
        name: `${type} ${selection} at ${scores[i]}`,
        spec: { type, period: 'ft' } as MarketSpec,
        result: { ft: { home, away } },
        selection: selection as string,
        expect,
      };
    }),
  );
}

const grid4 = Array.from({ length: 16 }, (_, i) => ({ home: Math.floor(i / 4), away: i % 4 }));
const cs: MarketSpec = { type: 'correctScore', period: 'ft', scores: grid4 };
const csH1: MarketSpec = { type: 'correctScore', period: 'h1', scores: grid4.slice(0, 9) };

// First half 1-0, full time 1-2.
const halves: EventResult = { h1: { home: 1, away: 0 }, ft: { home: 1, away: 2 } };
// A best of 3 won 2-1 (maps home, away, home); a best of 3 won 2-0; a best of 2 drawn 1-1.
const bo3: EventResult = { maps: ['home', 'away', 'home'], ft: { home: 2, away: 1 } };
const bo3Sweep: EventResult = { maps: ['home', 'home'], ft: { home: 2, away: 0 } };
const bo2Draw: EventResult = { maps: ['home', 'away'], ft: { home: 1, away: 1 } };
// Round-based maps: a series in play (map 1 won 13-7, map 2 lost 11-13), an overtime map (16-14), a 2-0 sweep.
const inPlayRounds: EventResult = {
  maps: ['home', 'away'],
  rounds: [
    { home: 13, away: 7 },
    { home: 11, away: 13 },
  ],
};
const overtime: EventResult = { maps: ['home'], rounds: [{ home: 16, away: 14 }] };
const sweptRounds: EventResult = {
  maps: ['home', 'home'],
  rounds: [
    { home: 13, away: 5 },
    { home: 13, away: 9 },
  ],
  ft: { home: 2, away: 0 },
};
const rh = (map: number, line: number): MarketSpec => ({ type: 'mapRoundHandicap', map, line });
const tr = (map: number, line: number): MarketSpec => ({ type: 'mapTotalRounds', map, line });

const NAMED: Case[] = [
  { name: 'correct score 2-1 on 2-1', spec: cs, result: { ft: { home: 2, away: 1 } }, selection: '2-1', expect: 'W' },
  { name: 'correct score 1-2 on 2-1', spec: cs, result: { ft: { home: 2, away: 1 } }, selection: '1-2', expect: 'L' },
  { name: 'correct score other on 2-1', spec: cs, result: { ft: { home: 2, away: 1 } }, selection: 'other', expect: 'L' },
  { name: 'correct score other on 4-0', spec: cs, result: { ft: { home: 4, away: 0 } }, selection: 'other', expect: 'W' },
  { name: 'correct score 0-0 on 4-0', spec: cs, result: { ft: { home: 4, away: 0 } }, selection: '0-0', expect: 'L' },
  { name: 'correct score 3-3 on 3-3', spec: cs, result: { ft: { home: 3, away: 3 } }, selection: '3-3', expect: 'W' },
  { name: 'correct score 0-0 on 0-0', spec: cs, result: { ft: { home: 0, away: 0 } }, selection: '0-0', expect: 'W' },
  { name: 'first-half 1x2 home on 1-0 / 1-2', spec: { type: '1x2', period: 'h1' }, result: halves, selection: 'home', expect: 'W' },
  { name: 'full-time 1x2 home on 1-0 / 1-2', spec: { type: '1x2', period: 'ft' }, result: halves, selection: 'home', expect: 'L' },
  { name: 'first-half AH home -0.25 on 1-0', spec: { type: 'ah', period: 'h1', line: -1 }, result: halves, selection: 'home', expect: 'W' },
  { name: 'first-half AH away +0.25 on 1-0', spec: { type: 'ah', period: 'h1', line: -1 }, result: halves, selection: 'away', expect: 'L' },
  { name: 'first-half AH home -1 on 1-0', spec: { type: 'ah', period: 'h1', line: -4 }, result: halves, selection: 'home', expect: 'P' },
  { name: 'first-half over 0.75 on 1 goal', spec: { type: 'ou', period: 'h1', line: 3 }, result: halves, selection: 'over', expect: 'HW' },
  {
    name: 'first-half under 0.75 on 1 goal',
    spec: { type: 'ou', period: 'h1', line: 3 },
    result: halves,
    selection: 'under',
    expect: 'HL',
  },
  { name: 'full-time over 2.5 on 3 goals', spec: { type: 'ou', period: 'ft', line: 10 }, result: halves, selection: 'over', expect: 'W' },
  { name: 'first-half draw no bet home on 1-0', spec: { type: 'dnb', period: 'h1' }, result: halves, selection: 'home', expect: 'W' },
  {
    name: 'first-half double chance X2 on 1-0',
    spec: { type: 'doubleChance', period: 'h1' },
    result: halves,
    selection: 'X2',
    expect: 'L',
  },
  { name: 'first-half odd on 1 goal', spec: { type: 'oddEven', period: 'h1' }, result: halves, selection: 'odd', expect: 'W' },
  { name: 'first-half correct score 1-0', spec: csH1, result: halves, selection: '1-0', expect: 'W' },
  { name: 'first-half correct score other on 1-0', spec: csH1, result: halves, selection: 'other', expect: 'L' },
  {
    name: 'basketball AH home -5.5 won by 6',
    spec: { type: 'ah', period: 'ft', line: -22 },
    result: { ft: { home: 100, away: 94 } },
    selection: 'home',
    expect: 'W',
  },
  {
    name: 'basketball AH home -5.5 won by 5',
    spec: { type: 'ah', period: 'ft', line: -22 },
    result: { ft: { home: 100, away: 95 } },
    selection: 'home',
    expect: 'L',
  },
  {
    name: 'basketball AH away +5.5 lost by 5',
    spec: { type: 'ah', period: 'ft', line: -22 },
    result: { ft: { home: 100, away: 95 } },
    selection: 'away',
    expect: 'W',
  },
  {
    name: 'basketball over 195.5 on 196',
    spec: { type: 'ou', period: 'ft', line: 782 },
    result: { ft: { home: 100, away: 96 } },
    selection: 'over',
    expect: 'W',
  },
  {
    name: 'basketball under 195.5 on 196',
    spec: { type: 'ou', period: 'ft', line: 782 },
    result: { ft: { home: 100, away: 96 } },
    selection: 'under',
    expect: 'L',
  },
  {
    name: 'basketball moneyline away won in overtime',
    spec: { type: 'moneyline', period: 'ft' },
    result: { ft: { home: 108, away: 111 } },
    selection: 'away',
    expect: 'W',
  },
  {
    name: 'basketball odd total 201',
    spec: { type: 'oddEven', period: 'ft' },
    result: { ft: { home: 101, away: 100 } },
    selection: 'odd',
    expect: 'W',
  },
  { name: 'match winner 2-1 home', spec: { type: 'moneyline', period: 'ft' }, result: bo3, selection: 'home', expect: 'W' },
  { name: 'match winner 2-1 away', spec: { type: 'moneyline', period: 'ft' }, result: bo3, selection: 'away', expect: 'L' },
  { name: 'map 1 winner home (home took it)', spec: { type: 'mapWinner', map: 1 }, result: bo3, selection: 'home', expect: 'W' },
  { name: 'map 2 winner home (away took it)', spec: { type: 'mapWinner', map: 2 }, result: bo3, selection: 'home', expect: 'L' },
  { name: 'map 2 winner away', spec: { type: 'mapWinner', map: 2 }, result: bo3, selection: 'away', expect: 'W' },
  { name: 'map 3 winner home', spec: { type: 'mapWinner', map: 3 }, result: bo3, selection: 'home', expect: 'W' },
  { name: 'map 3 of a 2-0 sweep is void', spec: { type: 'mapWinner', map: 3 }, result: bo3Sweep, selection: 'home', expect: 'V' },
  { name: 'map 3 of a 2-0 sweep is void (away)', spec: { type: 'mapWinner', map: 3 }, result: bo3Sweep, selection: 'away', expect: 'V' },
  { name: 'map handicap home -1.5 on 2-1', spec: { type: 'mapHandicap', line: -6 }, result: bo3, selection: 'home', expect: 'L' },
  { name: 'map handicap away +1.5 on 2-1', spec: { type: 'mapHandicap', line: -6 }, result: bo3, selection: 'away', expect: 'W' },
  { name: 'map handicap home -1.5 on 2-0', spec: { type: 'mapHandicap', line: -6 }, result: bo3Sweep, selection: 'home', expect: 'W' },
  { name: 'map handicap home -1 on 2-1', spec: { type: 'mapHandicap', line: -4 }, result: bo3, selection: 'home', expect: 'P' },
  {
    name: 'map handicap away +1.5 on 0-2 (away swept)',
    spec: { type: 'mapHandicap', line: -6 },
    result: { maps: ['away', 'away'], ft: { home: 0, away: 2 } },
    selection: 'away',
    expect: 'W',
  },
  { name: 'total maps over 2.5 on 3 maps', spec: { type: 'totalMaps', line: 10 }, result: bo3, selection: 'over', expect: 'W' },
  { name: 'total maps under 2.5 on 3 maps', spec: { type: 'totalMaps', line: 10 }, result: bo3, selection: 'under', expect: 'L' },
  { name: 'total maps over 2.5 on 2 maps', spec: { type: 'totalMaps', line: 10 }, result: bo3Sweep, selection: 'over', expect: 'L' },
  { name: 'total maps over 2.25 on 2 maps', spec: { type: 'totalMaps', line: 9 }, result: bo3Sweep, selection: 'over', expect: 'HL' },
  {
    name: 'total maps over 3.5 on 4 maps of a best of 5',
    spec: { type: 'totalMaps', line: 14 },
    result: { maps: ['home', 'away', 'away', 'away'], ft: { home: 1, away: 3 } },
    selection: 'over',
    expect: 'W',
  },
  { name: 'map 1 rounds home -2.5 on 13-7', spec: rh(1, -10), result: inPlayRounds, selection: 'home', expect: 'W' },
  { name: 'map 1 rounds away +2.5 on 13-7', spec: rh(1, -10), result: inPlayRounds, selection: 'away', expect: 'L' },
  { name: 'map 2 rounds home -2.5 on 11-13', spec: rh(2, -10), result: inPlayRounds, selection: 'home', expect: 'L' },
  { name: 'map 2 rounds away +2.5 on 11-13', spec: rh(2, -10), result: inPlayRounds, selection: 'away', expect: 'W' },
  { name: 'map 2 rounds home +2 on 11-13', spec: rh(2, 8), result: inPlayRounds, selection: 'home', expect: 'P' },
  { name: 'map 1 total rounds over 21.5 on 20', spec: tr(1, 86), result: inPlayRounds, selection: 'over', expect: 'L' },
  { name: 'map 1 total rounds under 21.5 on 20', spec: tr(1, 86), result: inPlayRounds, selection: 'under', expect: 'W' },
  { name: 'map 2 total rounds over 21.5 on 24', spec: tr(2, 86), result: inPlayRounds, selection: 'over', expect: 'W' },
  { name: 'map 2 total rounds over 24 on 24', spec: tr(2, 96), result: inPlayRounds, selection: 'over', expect: 'P' },
  { name: 'map 1 total rounds over 19.75 on 20', spec: tr(1, 79), result: inPlayRounds, selection: 'over', expect: 'HW' },
  { name: 'map 1 total rounds under 20.25 on 20', spec: tr(1, 81), result: inPlayRounds, selection: 'under', expect: 'HW' },
  { name: 'overtime map rounds home -1.5 on 16-14', spec: rh(1, -6), result: overtime, selection: 'home', expect: 'W' },
  { name: 'overtime map rounds home -2.5 on 16-14', spec: rh(1, -10), result: overtime, selection: 'home', expect: 'L' },
  { name: 'overtime map total rounds over 29.5 on 30', spec: tr(1, 118), result: overtime, selection: 'over', expect: 'W' },
  { name: 'map 3 rounds of a 2-0 sweep are void', spec: rh(3, -10), result: sweptRounds, selection: 'home', expect: 'V' },
  { name: 'map 3 total rounds of a 2-0 sweep are void', spec: tr(3, 86), result: sweptRounds, selection: 'under', expect: 'V' },
  {
    name: 'best of 2 drawn: match winner home pushes',
    spec: { type: 'moneyline', period: 'ft' },
    result: bo2Draw,
    selection: 'home',
    expect: 'P',
  },
  { name: 'best of 2 drawn: 1x2 draw wins', spec: { type: '1x2', period: 'ft' }, result: bo2Draw, selection: 'draw', expect: 'W' },
];

const ALL_MARKET_CASES: Case[] = [
  ...gridCases('AH home', AH_HOME, (line, m) => ({
    spec: { type: 'ah', period: 'ft', line: quarters(line) },
    result: margin(m),
    selection: 'home',
  })),
  ...gridCases('AH away (home line)', AH_AWAY, (line, m) => ({
    spec: { type: 'ah', period: 'ft', line: quarters(line) },
    result: margin(m),
    selection: 'away',
  })),
  ...gridCases('over', OVER, (line, t) => ({
    spec: { type: 'ou', period: 'ft', line: quarters(line) },
    result: total(t),
    selection: 'over',
  })),
  ...gridCases('under', UNDER, (line, t) => ({
    spec: { type: 'ou', period: 'ft', line: quarters(line) },
    result: total(t),
    selection: 'under',
  })),
  ...matchCases(),
  ...NAMED,
];

const single = (odds: number, unitStake = 1000): Bet => ({
  id: 'b',
  memberId: 'm',
  kind: { type: 'single' },
  legs: [{ eventId: 'e', marketId: 'e/m', selectionId: 's', odds }],
  unitStake,
});

describe('golden table: market outcomes and the single they pay', () => {
  it.each(ALL_MARKET_CASES)('$name → $expect', ({ spec, result, selection, expect: letter }) => {
    const outcomes = settleMarket(spec, result);
    expect(outcomes?.[selection]?.kind).toBe(LETTER[letter]);
    const settled = settleBet(single(1900), [outcomes?.[selection]]);
    expect(settled).toEqual({ state: 'settled', returnMinor: SINGLE_RETURN[letter] });
  });

  it('has at least 300 cases across the golden tables', () => {
    expect(ALL_MARKET_CASES.length + OUTRIGHT_CASES.length + MONEY_CASES.length).toBeGreaterThanOrEqual(300);
  });

  it('leaves a market open while its period has no result', () => {
    expect(settleMarket({ type: '1x2', period: 'ft' }, { h1: { home: 1, away: 0 } })).toBeNull();
    expect(settleMarket({ type: 'mapWinner', map: 2 }, { maps: ['away'] })).toBeNull();
    expect(settleMarket({ type: 'mapWinner', map: 1 }, { maps: ['away'] })?.away?.kind).toBe('win');
    expect(settleMarket({ type: 'outright', places: 1, competitors: ['a', 'b'] }, {})).toBeNull();
    expect(settleMarket(rh(3, -10), inPlayRounds)).toBeNull();
  });
});

// Outrights: standings are groups in finishing order; a group of n tied competitors sharing k of
// the paid places is a dead heat k/n (k/n of the stake at full odds, the rest lost).
type OutrightCase = { name: string; places: number; standings: string[][]; competitor: string; expect: Outcome };
const DH = (num: number, den: number): Outcome => ({ kind: 'dead-heat', num, den });
const W: Outcome = { kind: 'win' };
const L: Outcome = { kind: 'lose' };
const OUTRIGHT_CASES: OutrightCase[] = [
  { name: 'clear winner', places: 1, standings: [['a'], ['b', 'c'], ['d']], competitor: 'a', expect: W },
  { name: 'tied second in a winner market', places: 1, standings: [['a'], ['b', 'c'], ['d']], competitor: 'b', expect: L },
  { name: 'tied second inside the top 3', places: 3, standings: [['a'], ['b', 'c'], ['d']], competitor: 'c', expect: W },
  { name: 'fourth outside the top 3', places: 3, standings: [['a'], ['b', 'c'], ['d']], competitor: 'd', expect: L },
  { name: 'two tied for first, winner market', places: 1, standings: [['a', 'b'], ['c'], ['d']], competitor: 'a', expect: DH(1, 2) },
  {
    name: 'two tied for first, winner market (other)',
    places: 1,
    standings: [['a', 'b'], ['c'], ['d']],
    competitor: 'b',
    expect: DH(1, 2),
  },
  { name: 'two tied for first, top 3', places: 3, standings: [['a', 'b'], ['c'], ['d']], competitor: 'b', expect: W },
  { name: 'three tied for third, top 3', places: 3, standings: [['a'], ['b'], ['c', 'd', 'e']], competitor: 'd', expect: DH(1, 3) },
  { name: 'clear second, top 3 with a tie after', places: 3, standings: [['a'], ['b'], ['c', 'd', 'e']], competitor: 'b', expect: W },
  { name: 'three tied for second, top 2', places: 2, standings: [['a'], ['b', 'c', 'd']], competitor: 'c', expect: DH(1, 3) },
  { name: 'three tied for first, winner market', places: 1, standings: [['a', 'b', 'c']], competitor: 'c', expect: DH(1, 3) },
  { name: 'three tied for first, top 2', places: 2, standings: [['a', 'b', 'c']], competitor: 'a', expect: DH(2, 3) },
  { name: 'not placed at all', places: 1, standings: [['a'], ['b']], competitor: 'z', expect: L },
];

describe('golden table: outrights and dead heat', () => {
  it.each(OUTRIGHT_CASES)('$name', ({ places, standings, competitor, expect: outcome }) => {
    const competitors = [...new Set([...standings.flat(), competitor])];
    expect(settleMarket({ type: 'outright', places, competitors }, { standings })?.[competitor]).toEqual(outcome);
  });
});

// Money: bets with their returns computed by hand. R(odds, outcome) legs; stake in minor units.
const leg = (i: number, odds: number): Leg => ({ eventId: `e${i}`, marketId: `e${i}/m`, selectionId: 's', odds });
const O = (kind: Exclude<Outcome['kind'], 'dead-heat'>): Outcome => ({ kind }) as Outcome;
type MoneyCase = {
  name: string;
  kind: BetKind;
  unitStake: number;
  legs: Array<[number, Outcome | undefined]>;
  stake: number;
  expect: number | 'open';
};
const MONEY_CASES: MoneyCase[] = [
  // Parlays: the product of the legs' factors (win o, half win (o+1)/2, push/void 1, half lose 1/2, lose 0).
  {
    name: 'parlay 2.00 W × 1.50 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('win')],
      [1500, O('win')],
    ],
    stake: 1000,
    expect: 3000,
  },
  {
    name: 'parlay 2.00 W × 1.50 L',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('win')],
      [1500, O('lose')],
    ],
    stake: 1000,
    expect: 0,
  },
  {
    name: 'parlay with a void leg',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('win')],
      [1500, O('void')],
    ],
    stake: 1000,
    expect: 2000,
  },
  {
    name: 'parlay with a push leg',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('win')],
      [1500, O('push')],
    ],
    stake: 1000,
    expect: 2000,
  },
  {
    name: 'parlay half win 2.00 (1.50) × 1.80 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('half-win')],
      [1800, O('win')],
    ],
    stake: 1000,
    expect: 2700,
  },
  {
    name: 'parlay half lose (0.5) × 1.80 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('half-lose')],
      [1800, O('win')],
    ],
    stake: 1000,
    expect: 900,
  },
  {
    name: 'parlay 1.90 W × 1.90 HW × 2.10 W = 5.7855',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1900, O('win')],
      [1900, O('half-win')],
      [2100, O('win')],
    ],
    stake: 1000,
    expect: 5785,
  },
  {
    name: 'parlay two half losses × 2.00 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1900, O('half-lose')],
      [1900, O('half-lose')],
      [2000, O('win')],
    ],
    stake: 1000,
    expect: 500,
  },
  {
    name: 'parlay all void',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1900, O('void')],
      [2500, O('void')],
      [3000, O('void')],
    ],
    stake: 1000,
    expect: 1000,
  },
  {
    name: 'parlay two void, 3.00 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1900, O('void')],
      [2500, O('void')],
      [3000, O('win')],
    ],
    stake: 1000,
    expect: 3000,
  },
  {
    name: 'parlay 1.85 × 1.95 = 3.6075',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1850, O('win')],
      [1950, O('win')],
    ],
    stake: 1000,
    expect: 3607,
  },
  {
    name: 'parlay 10 legs at 1.50 (57.665...)',
    kind: { type: 'parlay' },
    unitStake: 100,
    legs: Array.from({ length: 10 }, (): [number, Outcome] => [1500, O('win')]),
    stake: 100,
    expect: 5766,
  },
  {
    name: 'parlay 10 legs, one void (1.5^9)',
    kind: { type: 'parlay' },
    unitStake: 100,
    legs: [...Array.from({ length: 9 }, (): [number, Outcome] => [1500, O('win')]), [1500, O('void')]],
    stake: 100,
    expect: 3844,
  },
  {
    name: 'parlay 10 legs, one lost',
    kind: { type: 'parlay' },
    unitStake: 100,
    legs: [...Array.from({ length: 9 }, (): [number, Outcome] => [1500, O('win')]), [1500, O('lose')]],
    stake: 100,
    expect: 0,
  },
  {
    name: 'parlay HW, HL, push, W at 2.00',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, O('half-win')],
      [2000, O('half-lose')],
      [2000, O('push')],
      [2000, O('win')],
    ],
    stake: 1000,
    expect: 1500,
  },
  {
    name: 'parlay dead heat 1/2 at 5.00 × 2.00 W',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [5000, DH(1, 2)],
      [2000, O('win')],
    ],
    stake: 1000,
    expect: 5000,
  },
  {
    name: 'parlay with a leg still open',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, undefined],
      [2000, O('win')],
      [2000, O('win')],
    ],
    stake: 1000,
    expect: 'open',
  },
  {
    name: 'parlay lost while a leg is open',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [2000, undefined],
      [2000, O('lose')],
      [2000, O('win')],
    ],
    stake: 1000,
    expect: 0,
  },
  {
    name: 'parlay two half wins 1.75 × 1.91 = 2.000625',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1750, O('half-win')],
      [1910, O('half-win')],
    ],
    stake: 1000,
    expect: 2000,
  },
  {
    name: 'parlay push × HL × HW at 2.20',
    kind: { type: 'parlay' },
    unitStake: 1000,
    legs: [
      [1900, O('push')],
      [1900, O('half-lose')],
      [2200, O('half-win')],
    ],
    stake: 1000,
    expect: 800,
  },
  {
    name: 'parlay 1.01 × 1.01 on 10 rounds down',
    kind: { type: 'parlay' },
    unitStake: 10,
    legs: [
      [1010, O('win')],
      [1010, O('win')],
    ],
    stake: 10,
    expect: 10,
  },
  // Singles: rounding down to the minor unit.
  { name: 'single 101 half lost (50.5)', kind: { type: 'single' }, unitStake: 101, legs: [[1900, O('half-lose')]], stake: 101, expect: 50 },
  { name: 'single 333 at 1.333 (443.889)', kind: { type: 'single' }, unitStake: 333, legs: [[1333, O('win')]], stake: 333, expect: 443 },
  {
    name: 'single 999 half won at 1.95 (1473.525)',
    kind: { type: 'single' },
    unitStake: 999,
    legs: [[1950, O('half-win')]],
    stake: 999,
    expect: 1473,
  },
  {
    name: 'single dead heat 1/3 at 4.00 (1333.3)',
    kind: { type: 'single' },
    unitStake: 1000,
    legs: [[4000, DH(1, 3)]],
    stake: 1000,
    expect: 1333,
  },
  { name: 'single dead heat 1/2 at 6.00', kind: { type: 'single' }, unitStake: 1000, legs: [[6000, DH(1, 2)]], stake: 1000, expect: 3000 },
  { name: 'single dead heat 2/3 at 3.00', kind: { type: 'single' }, unitStake: 1000, legs: [[3000, DH(2, 3)]], stake: 1000, expect: 2000 },
  {
    name: 'single AH -0.75 half won at 2.05',
    kind: { type: 'single' },
    unitStake: 1000,
    legs: [[2050, O('half-win')]],
    stake: 1000,
    expect: 1525,
  },
  { name: 'single open', kind: { type: 'single' }, unitStake: 1000, legs: [[2050, undefined]], stake: 1000, expect: 'open' },
  // Systems: every combination a line of its own at the unit stake, each rounded down, summed.
  {
    name: '2/3: AB win, C lost',
    kind: { type: 'system', system: '2/3' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [3000, O('win')],
      [1500, O('lose')],
    ],
    stake: 300,
    expect: 600,
  },
  {
    name: '2/3 all won',
    kind: { type: 'system', system: '2/3' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [3000, O('win')],
      [1500, O('win')],
    ],
    stake: 300,
    expect: 1350,
  },
  {
    name: 'trixie all won',
    kind: { type: 'system', system: 'trixie' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [3000, O('win')],
      [1500, O('win')],
    ],
    stake: 400,
    expect: 2250,
  },
  {
    name: 'trixie with C void',
    kind: { type: 'system', system: 'trixie' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [3000, O('win')],
      [1500, O('void')],
    ],
    stake: 400,
    expect: 1700,
  },
  {
    name: 'patent with B lost',
    kind: { type: 'system', system: 'patent' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [3000, O('lose')],
      [1500, O('win')],
    ],
    stake: 700,
    expect: 650,
  },
  {
    name: '3/4 with D lost',
    kind: { type: 'system', system: '3/4' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('lose')],
    ],
    stake: 400,
    expect: 800,
  },
  {
    name: '3/4 all won',
    kind: { type: 'system', system: '3/4' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
    ],
    stake: 400,
    expect: 3200,
  },
  {
    name: 'yankee all won at 2.00',
    kind: { type: 'system', system: 'yankee' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
    ],
    stake: 1100,
    expect: 7200,
  },
  {
    name: 'lucky 15 with D lost',
    kind: { type: 'system', system: 'lucky15' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('win')],
      [2000, O('lose')],
    ],
    stake: 1500,
    expect: 2600,
  },
  {
    name: '2/3 with a half win at 1.90',
    kind: { type: 'system', system: '2/3' },
    unitStake: 100,
    legs: [
      [1900, O('half-win')],
      [2000, O('win')],
      [2000, O('win')],
    ],
    stake: 300,
    expect: 980,
  },
  {
    name: '2/3 of 1 at 1.50 rounds each line (2.25 → 2)',
    kind: { type: 'system', system: '2/3' },
    unitStake: 1,
    legs: [
      [1500, O('win')],
      [1500, O('win')],
      [1500, O('win')],
    ],
    stake: 3,
    expect: 6,
  },
  {
    name: '2/3 with C still open',
    kind: { type: 'system', system: '2/3' },
    unitStake: 100,
    legs: [
      [2000, O('win')],
      [2000, O('win')],
      [2000, undefined],
    ],
    stake: 300,
    expect: 'open',
  },
];

describe('golden table: returns of singles, parlays and system bets', () => {
  it.each(MONEY_CASES)('$name', ({ kind, unitStake, legs, stake, expect: expected }) => {
    const bet: Bet = { id: 'b', memberId: 'm', kind, unitStake, legs: legs.map(([odds], i) => leg(i, odds)) };
    expect(totalStake(bet)).toBe(stake);
    const settled = settleBet(
      bet,
      legs.map(([, o]) => o),
    );
    expect(settled).toEqual(expected === 'open' ? { state: 'open' } : { state: 'settled', returnMinor: expected });
  });
});
