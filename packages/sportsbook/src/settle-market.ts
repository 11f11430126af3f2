import { type EventResult, type MarketSpec, type Score, scoreKey, selectionsOf } from './model.ts';

/**
 * A selection's outcome. `dead-heat` carries the share of the stake that stands at full odds
 * (`num/den`, e.g. 1/2 when two tie for one place); the rest of the stake is lost.
 */
export type Outcome =
  | { kind: 'win' }
  | { kind: 'lose' }
  | { kind: 'half-win' }
  | { kind: 'half-lose' }
  | { kind: 'push' }
  | { kind: 'void' }
  | { kind: 'dead-heat'; num: number; den: number };

export type OutcomeKind = Outcome['kind'];

export const WIN: Outcome = { kind: 'win' };
export const LOSE: Outcome = { kind: 'lose' };
export const PUSH: Outcome = { kind: 'push' };
export const VOID: Outcome = { kind: 'void' };
const HALF_WIN: Outcome = { kind: 'half-win' };
const HALF_LOSE: Outcome = { kind: 'half-lose' };

const sign = (x: number): Outcome => (x > 0 ? WIN : x < 0 ? LOSE : PUSH);

/**
 * An Asian line: the selection's value plus its line, both in quarters, against zero. A whole or
 * half line (a multiple of 2 quarters) is one bet: above zero wins, zero pushes, below loses. A
 * quarter line is half the stake on each neighbouring half line (−0.75 is half on −0.5 and half on
 * −1): win and push make a half win, lose and push a half loss.
 */
export function asianOutcome(valueQuarters: number, lineQuarters: number): Outcome {
  if (!Number.isInteger(valueQuarters) || !Number.isInteger(lineQuarters)) throw new RangeError('lines are in quarters');
  if (lineQuarters % 2 === 0) return sign(valueQuarters + lineQuarters);
  const a = sign(valueQuarters + lineQuarters - 1).kind;
  const b = sign(valueQuarters + lineQuarters + 1).kind;
  if (a === b) return a === 'win' ? WIN : a === 'lose' ? LOSE : PUSH;
  const pair = new Set([a, b]);
  if (pair.has('win') && pair.has('push')) return HALF_WIN;
  if (pair.has('lose') && pair.has('push')) return HALF_LOSE;
  throw new Error(`quarter line split into ${a} and ${b}`);
}

const scoreOf = (result: EventResult, period: 'ft' | 'h1'): Score | undefined => result[period];

/**
 * The outcome of every selection of a market from the event's result, or null when the result does
 * not yet decide it (its period has no score, a map not played yet, no standings).
 */
export function settleMarket(spec: MarketSpec, result: EventResult): Record<string, Outcome> | null {
  const all = (f: (selection: string) => Outcome): Record<string, Outcome> => Object.fromEntries(selectionsOf(spec).map((s) => [s, f(s)]));
  switch (spec.type) {
    case 'outright': {
      if (!result.standings) return null;
      const groups = result.standings;
      return all((competitor) => {
        let position = 1;
        for (const group of groups) {
          if (group.includes(competitor)) {
            const last = position + group.length - 1;
            if (position > spec.places) return LOSE;
            if (last <= spec.places) return WIN;
            return { kind: 'dead-heat', num: spec.places - position + 1, den: group.length };
          }
          position += group.length;
        }
        return LOSE;
      });
    }
    case 'mapWinner': {
      const winner = result.maps?.[spec.map - 1];
      if (!winner) return result.ft && result.maps ? all(() => VOID) : null;
      return all((s) => (s === winner ? WIN : LOSE));
    }
    case 'mapRoundHandicap':
    case 'mapTotalRounds': {
      // A map's rounds: an Asian line on the map's round difference or total; void when the series
      // ended without the map, undecided while it is still to be played.
      const r = result.rounds?.[spec.map - 1];
      if (!r) return result.ft && result.maps && result.maps.length < spec.map ? all(() => VOID) : null;
      if (spec.type === 'mapRoundHandicap')
        return all((s) => asianOutcome(4 * (s === 'home' ? r.home - r.away : r.away - r.home), s === 'home' ? spec.line : -spec.line));
      return all((s) => (s === 'over' ? asianOutcome(4 * (r.home + r.away), -spec.line) : asianOutcome(-4 * (r.home + r.away), spec.line)));
    }
    case 'mapHandicap': {
      const ft = result.ft;
      if (!ft) return null;
      return all((s) => asianOutcome(4 * (s === 'home' ? ft.home - ft.away : ft.away - ft.home), s === 'home' ? spec.line : -spec.line));
    }
    case 'totalMaps': {
      const ft = result.ft;
      if (!ft) return null;
      const total = ft.home + ft.away;
      return all((s) => (s === 'over' ? asianOutcome(4 * total, -spec.line) : asianOutcome(-4 * total, spec.line)));
    }
    default:
      break;
  }
  const score = scoreOf(result, spec.period);
  if (!score) return null;
  const { home, away } = score;
  const diff = home - away;
  const total = home + away;
  switch (spec.type) {
    case '1x2':
      return all((s) => ((s === 'home' ? diff > 0 : s === 'away' ? diff < 0 : diff === 0) ? WIN : LOSE));
    case 'moneyline':
    case 'dnb':
      // A draw refunds both sides (moneyline only draws where the sport allows it, e.g. a two-map series).
      return all((s) => (diff === 0 ? PUSH : (s === 'home') === diff > 0 ? WIN : LOSE));
    case 'ah':
      return all((s) => asianOutcome(4 * (s === 'home' ? diff : -diff), s === 'home' ? spec.line : -spec.line));
    case 'ou':
      return all((s) => (s === 'over' ? asianOutcome(4 * total, -spec.line) : asianOutcome(-4 * total, spec.line)));
    case 'oddEven':
      // No goals counts as even.
      return all((s) => ((s === 'odd') === (total % 2 === 1) ? WIN : LOSE));
    case 'doubleChance':
      return all((s) => {
        const covers = s === '1X' ? diff >= 0 : s === 'X2' ? diff <= 0 : diff !== 0;
        return covers ? WIN : LOSE;
      });
    case 'correctScore': {
      const key = scoreKey(score);
      const listed = spec.scores.some((s) => scoreKey(s) === key);
      return all((s) => (s === key || (s === 'other' && !listed) ? WIN : LOSE));
    }
  }
}
