import type { SportEvent } from '@platform/sportsbook/model';
import { describe, expect, it } from 'vitest';
import { marketName, selectionName } from './sportsbook-text.ts';

const match: SportEvent = {
  kind: 'match',
  id: 'e1',
  sportId: 'football',
  competitionId: 'v-league',
  startsAt: 0,
  home: 'Hanoi Lotus',
  away: 'Saigon Stars',
  bestOf: null,
};

describe('market and selection names write lines the Asian way', () => {
  it('names handicap markets with quarter lines as the two half lines (written here from the rule, not the code)', () => {
    // Lines are in quarters: -3 is -0.75, split on -0.5 and -1.
    expect(marketName({ type: 'ah', period: 'ft', line: -3 }, 'en')).toBe('Handicap -0.5/1');
    expect(marketName({ type: 'ah', period: 'ft', line: 1 }, 'en')).toBe('Handicap +0/0.5');
    expect(marketName({ type: 'ah', period: 'h1', line: -1 }, 'vi')).toBe('Hiệp 1 – Kèo chấp -0/0.5');
    expect(marketName({ type: 'ah', period: 'ft', line: -2 }, 'en')).toBe('Handicap -0.5');
    expect(marketName({ type: 'ah', period: 'ft', line: 0 }, 'en')).toBe('Handicap 0');
    expect(marketName({ type: 'ah', period: 'ft', line: 4 }, 'en')).toBe('Handicap +1');
  });

  it('names totals with quarter lines as the two half lines', () => {
    expect(marketName({ type: 'ou', period: 'ft', line: 11 }, 'en')).toBe('Over/Under 2.5/3');
    expect(marketName({ type: 'ou', period: 'ft', line: 9 }, 'vi')).toBe('Tài/Xỉu 2/2.5');
    expect(marketName({ type: 'ou', period: 'ft', line: 10 }, 'en')).toBe('Over/Under 2.5');
    expect(marketName({ type: 'totalMaps', line: 9 }, 'en')).toBe('Total maps 2/2.5');
    expect(marketName({ type: 'mapTotalRounds', map: 1, line: 87 }, 'en')).toBe('Map 1 total rounds 21.5/22');
    expect(marketName({ type: 'mapRoundHandicap', map: 2, line: -13 }, 'en')).toBe('Map 2 round handicap -3/3.5');
  });

  it('gives each side its own signed line, quarter lines split', () => {
    const spec = { type: 'ah', period: 'ft', line: -3 } as const;
    expect(selectionName(spec, 'home', match, 'en')).toBe('Hanoi Lotus -0.5/1');
    expect(selectionName(spec, 'away', match, 'en')).toBe('Saigon Stars +0.5/1');
    expect(selectionName({ type: 'ah', period: 'ft', line: 5 }, 'home', null, 'vi')).toBe('Chủ nhà +1/1.5');
    expect(selectionName({ type: 'ah', period: 'ft', line: 6 }, 'away', null, 'en')).toBe('Away -1.5');
    expect(selectionName({ type: 'ou', period: 'ft', line: 11 }, 'over', match, 'vi')).toBe('Tài');
  });
});
