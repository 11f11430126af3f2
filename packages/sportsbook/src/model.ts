/**
 * The sportsbook's model: sports, competitions, events, markets, selections and odds.
 *
 * Odds are decimal odds in thousandths (`OddsMilli`: 1.95 is 1950), integers, so every price and
 * every return is exact. Handicap and total lines are in quarters (`-3` is −0.75), so whole, half
 * and quarter lines are integers too and no line is ever compared as a float.
 */

/** Decimal odds × 1000, an integer. */
export type OddsMilli = number;
export const ODDS_SCALE = 1000;
/** The lowest and highest price the book quotes or accepts: 1.01 and 1000.00. */
export const MIN_ODDS: OddsMilli = 1010;
export const MAX_ODDS: OddsMilli = 1_000_000;

export function isValidOdds(odds: number): odds is OddsMilli {
  return Number.isInteger(odds) && odds >= MIN_ODDS && odds <= MAX_ODDS;
}

export type SportCode = 'football' | 'basketball' | 'esports';
export const ESPORTS_TITLES = ['lol', 'dota2', 'cs2', 'mlbb', 'valorant'] as const;
export type EsportsTitle = (typeof ESPORTS_TITLES)[number];

export type Sport = { id: string; code: SportCode; title: EsportsTitle | null; name: string };
export type Competition = { id: string; sportId: string; name: string };

/**
 * A match between two sides, or an outright (a competition's winner among many). `bestOf` is the
 * number of maps of an e-sports series (null elsewhere).
 */
export type SportEvent =
  | {
      kind: 'match';
      id: string;
      sportId: string;
      competitionId: string;
      startsAt: number;
      home: string;
      away: string;
      bestOf: number | null;
    }
  | { kind: 'outright'; id: string; sportId: string; competitionId: string; startsAt: number; name: string; competitors: string[] };

/** Pre-match, in play, or over (betting closed, results may still change). */
export type EventPhase = 'prematch' | 'live' | 'ended';

export type Score = { home: number; away: number };

/**
 * Results per period. `ft` is full time: regulation time in football (90 minutes and stoppage time,
 * no extra time or penalties), the final score with overtime in basketball, maps won in e-sports.
 * `h1` is the first half. `maps` holds each played map's winner in order (e-sports); `rounds` the
 * rounds won per map in round-based titles (CS2, Valorant), null for a map without a round score.
 * `standings` is an outright's finishing order, tied competitors sharing one group.
 */
export type EventResult = {
  ft?: Score;
  h1?: Score;
  maps?: Array<'home' | 'away'>;
  rounds?: Array<Score | null>;
  standings?: string[][];
};

/** A market's period: full time or first half. */
export type Period = 'ft' | 'h1';

/**
 * Every market the book offers. Lines are in quarters and belong to the home side (a handicap) or
 * to the total (over/under): `{ type: 'ah', line: -3 }` is home −0.75, away +0.75.
 */
export type MarketSpec =
  | { type: '1x2'; period: Period }
  | { type: 'moneyline'; period: Period }
  | { type: 'ah'; period: Period; line: number }
  | { type: 'ou'; period: Period; line: number }
  | { type: 'oddEven'; period: Period }
  | { type: 'doubleChance'; period: Period }
  | { type: 'dnb'; period: Period }
  | { type: 'correctScore'; period: Period; scores: Score[] }
  | { type: 'outright'; places: number; competitors: string[] }
  | { type: 'mapWinner'; map: number }
  | { type: 'mapHandicap'; line: number }
  | { type: 'totalMaps'; line: number }
  | { type: 'mapRoundHandicap'; map: number; line: number }
  | { type: 'mapTotalRounds'; map: number; line: number };

export type MarketType = MarketSpec['type'];

/** A market is open, suspended (bet stop), closed (no more bets, not settled), settled or void. */
export type MarketStatus = 'open' | 'suspended' | 'closed' | 'settled' | 'void';

export type Market = {
  id: string;
  eventId: string;
  spec: MarketSpec;
  status: MarketStatus;
  /** Current price per selection; a selection without a price takes no bets. */
  prices: Record<string, OddsMilli>;
  /** The feed sequence number of the prices: a bet names the version it saw. */
  oddsVersion: number;
};

/** A line in quarters as text: -3 → "-0.75", 2 → "0.5", 0 → "0". */
export function lineText(quarters: number): string {
  if (!Number.isInteger(quarters)) throw new RangeError(`line must be in quarters: ${quarters}`);
  const sign = quarters < 0 ? '-' : '';
  const abs = Math.abs(quarters);
  const whole = Math.floor(abs / 4);
  const frac = ['', '.25', '.5', '.75'][abs % 4];
  return `${sign}${whole}${frac}`;
}

/**
 * A line as Asian books print it: a quarter line is the two half lines its stake is split on
 * (-3 → "-0.5/1", 9 → "2/2.5"); whole and half lines as lineText. `signed` marks a positive
 * handicap with "+". The sportsbook page's script mirrors this (public/sportsbook-odds.js).
 */
export function asianLineText(quarters: number, signed = false): string {
  const abs = Math.abs(quarters);
  const sign = quarters < 0 ? '-' : signed && quarters > 0 ? '+' : '';
  if (abs % 2 === 0) return `${sign}${lineText(abs)}`;
  return `${sign}${lineText(abs - 1)}/${lineText(abs + 1)}`;
}

const scoreKey = (s: Score): string => `${s.home}-${s.away}`;

/** The market's id within its event, derived from its definition (the same market, the same id). */
export function marketKey(spec: MarketSpec): string {
  switch (spec.type) {
    case 'ah':
    case 'ou':
      return `${spec.type}:${spec.period}:${lineText(spec.line)}`;
    case 'correctScore':
      return `cs:${spec.period}`;
    case 'outright':
      return `outright:${spec.places}`;
    case 'mapWinner':
      return `map:${spec.map}`;
    case 'mapHandicap':
      return `maph:${lineText(spec.line)}`;
    case 'totalMaps':
      return `maps:${lineText(spec.line)}`;
    case 'mapRoundHandicap':
      return `map:${spec.map}:rh:${lineText(spec.line)}`;
    case 'mapTotalRounds':
      return `map:${spec.map}:rounds:${lineText(spec.line)}`;
    default:
      return `${spec.type}:${spec.period}`;
  }
}

/** The selections of a market, in display order. */
export function selectionsOf(spec: MarketSpec): string[] {
  switch (spec.type) {
    case '1x2':
      return ['home', 'draw', 'away'];
    case 'moneyline':
    case 'ah':
    case 'dnb':
    case 'mapWinner':
    case 'mapHandicap':
    case 'mapRoundHandicap':
      return ['home', 'away'];
    case 'ou':
    case 'totalMaps':
    case 'mapTotalRounds':
      return ['over', 'under'];
    case 'oddEven':
      return ['odd', 'even'];
    case 'doubleChance':
      return ['1X', '12', 'X2'];
    case 'correctScore':
      return [...spec.scores.map(scoreKey), 'other'];
    case 'outright':
      return [...spec.competitors];
  }
}

export { scoreKey };
