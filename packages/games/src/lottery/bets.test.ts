import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetSelection,
  betTypesOf,
  comboWins,
  defaultOddsMilli,
  isSingleNumberBetType,
  LOTTERY_BET_TYPES,
  type LotteryBetType,
  lineCost,
  linePayout,
  SINGLE_NUMBER_BET_TYPES,
  selectionHits,
  selectionShape,
  singleNumberHitTable,
  stakeMultiplier,
  validateSelection,
} from './bets.ts';
import { drawFromSeed } from './draw.ts';
import {
  DA_NANG_2018_03_17,
  DA_NANG_2018_03_17_LOTO,
  HCM_2018_03_17,
  HCM_2018_03_17_LOTO,
  LONG_AN_2018_03_17,
  LONG_AN_2018_03_17_LOTO,
  NORTH_2025_07_17,
  NORTH_2025_08_02,
  NORTH_2025_08_23,
  SOUTH_HAND_BUILT,
} from './fixtures.ts';
import { type DrawResult, type LotteryRegion, validateDrawResult } from './layout.ts';

type Row = [LotteryBetType, string[], number];

/** Expected wins per bet type on real northern sheets, worked out by hand from the printed numbers. */
const NORTH_CASES: [string, DrawResult, Row[]][] = [
  [
    '2025-08-02',
    NORTH_2025_08_02,
    [
      ['lo2', ['03'], 2], // 07403 and 603
      ['lo2', ['06'], 2], // 4706 and 606
      ['lo2', ['79'], 2], // 2079 and the G7 79
      ['lo2', ['85'], 1], // the special prize counts for lô too
      ['lo2', ['46'], 1], // a two-digit G7 number
      ['lo2', ['00'], 0],
      ['lo3', ['285'], 1],
      ['lo3', ['049'], 1], // G6 with its leading zero
      ['lo3', ['079'], 1], // G5 2079
      ['lo3', ['579'], 0],
      ['lo4', ['0642'], 1],
      ['lo4', ['7810'], 1], // G2 07810
      ['lo4', ['0606'], 0], // G6 has three digits only
      ['de', ['85'], 1],
      ['de', ['03'], 0], // a lô hit is not a đề hit
      ['de_dau', ['78'], 1],
      ['de_dau', ['82'], 0],
      ['dau', ['8'], 1],
      ['dau', ['5'], 0],
      ['duoi', ['5'], 1],
      ['duoi', ['8'], 0],
      ['ba_cang', ['285'], 1],
      ['ba_cang', ['867'], 0], // G1's ending
      ['xien2', ['03', '79'], 1],
      ['xien2', ['03', '11'], 0],
      ['xien3', ['85', '46', '06'], 1],
      ['xien4', ['85', '46', '06', '00'], 0],
      ['xien4', ['85', '46', '06', '73'], 1],
    ],
  ],
  [
    '2025-08-23',
    NORTH_2025_08_23,
    [
      ['lo2', ['48'], 2],
      ['lo2', ['73'], 2],
      ['lo2', ['00'], 1], // G4 0000
      ['lo2', ['09'], 1],
      ['lo2', ['90'], 0],
      ['lo3', ['000'], 1],
      ['lo3', ['073'], 1],
      ['lo3', ['573'], 1],
      ['lo4', ['0000'], 1],
      ['lo4', ['0243'], 1],
      ['de', ['22'], 1],
      ['de_dau', ['18'], 1],
      ['dau', ['2'], 1],
      ['duoi', ['2'], 1],
      ['ba_cang', ['222'], 1],
      ['xien2', ['48', '73'], 1],
      ['xien3', ['00', '09', '22'], 1],
      ['xien3', ['00', '09', '99'], 0],
    ],
  ],
  [
    '2025-07-17',
    NORTH_2025_07_17,
    [
      ['lo2', ['72'], 3], // 97572, 2672 and the G7 72
      ['lo2', ['67'], 2],
      ['lo2', ['00'], 1], // the special prize 47000
      ['lo3', ['000'], 1],
      ['lo3', ['083'], 1],
      ['lo4', ['7000'], 1],
      ['lo4', ['5166'], 1], // G1 05166
      ['de', ['00'], 1],
      ['de_dau', ['47'], 1],
      ['dau', ['0'], 1],
      ['duoi', ['0'], 1],
      ['ba_cang', ['000'], 1],
      ['xien2', ['72', '67'], 1],
      ['xien4', ['72', '67', '00', '11'], 1],
    ],
  ],
];

/** The hand-built southern sheet: G8 07, G7 345, DB 012345 and so on. */
const SOUTH_CASES: Row[] = [
  ['lo2', ['45'], 6], // 012345, 67845, 11145, 73445, 1345, 345
  ['lo2', ['12'], 4], // 90012, 33312, 84012, 0912
  ['lo2', ['07'], 2], // 20307 and the G8 07
  ['lo2', ['08'], 2],
  ['lo2', ['99'], 2],
  ['lo2', ['00'], 1],
  ['lo2', ['50'], 0],
  ['lo3', ['345'], 3], // 012345, 1345, G7 345; 73445 ends in 445
  ['lo3', ['012'], 2], // 90012, 84012
  ['lo3', ['007'], 0], // the G8 has only two digits
  ['lo4', ['2345'], 1],
  ['lo4', ['0000'], 1],
  ['lo4', ['1345'], 1], // G5; the G7 has three digits
  ['de', ['45'], 1],
  ['de', ['07'], 0], // the G8 is not the đề
  ['de_dau', ['01'], 1],
  ['dau', ['4'], 1],
  ['duoi', ['5'], 1],
  ['ba_cang', ['345'], 1],
  ['xien2', ['45', '07'], 1],
  ['xien3', ['45', '12', '50'], 0],
  ['xien4', ['45', '12', '07', '00'], 1],
  ['da', ['45', '12'], 4], // min(6, 4) complete pairs
  ['da', ['07', '08'], 2],
  ['da', ['00', '45'], 1],
  ['da', ['45', '50'], 0],
];

describe('bet rules on real northern sheets', () => {
  for (const [date, result, rows] of NORTH_CASES) {
    it.each(rows)(`${date}: %s %j wins %i times`, (type, numbers, hits) => {
      expect(validateSelection('north', { type, numbers })).toEqual([]);
      expect(selectionHits('north', { type, numbers }, result)).toBe(hits);
    });
  }

  it('builds the whole lô 2 số table of 2025-08-02 as read off the printed sheet', () => {
    // the endings of the 27 numbers, ĐB to G7, as printed
    const printed = '85 67 96 10 03 44 55 18 64 77 62 04 99 41 42 24 06 79 23 54 06 49 03 79 46 72 73';
    const expected = new Map<string, number>();
    for (const ending of printed.split(' ')) expected.set(ending, (expected.get(ending) ?? 0) + 1);
    const table = singleNumberHitTable('north', NORTH_2025_08_02);
    expect(table.get('lo2')).toEqual(expected);
    expect([...table.get('lo2')!.values()].reduce((a, b) => a + b, 0)).toBe(27);
    expect([...table.get('lo3')!.values()].reduce((a, b) => a + b, 0)).toBe(23);
    expect([...table.get('lo4')!.values()].reduce((a, b) => a + b, 0)).toBe(20);
    expect(table.get('de')).toEqual(new Map([['85', 1]]));
    expect(table.get('de_dau')).toEqual(new Map([['78', 1]]));
    expect(table.get('dau')).toEqual(new Map([['8', 1]]));
    expect(table.get('duoi')).toEqual(new Map([['5', 1]]));
    expect(table.get('ba_cang')).toEqual(new Map([['285', 1]]));
  });

  it('covers every bet type offered in the north with the real sheets', () => {
    const covered = new Set(NORTH_CASES.flatMap(([, , rows]) => rows.map(([type]) => type)));
    expect([...covered].sort()).toEqual([...betTypesOf('north')].sort());
  });
});

type RegionCase = [string, LotteryRegion, DrawResult, string, [LotteryBetType, string[], number][]];

/** Real southern and central sheets of 17 March 2018, with the page's own printed lô tô tables. */
const SOUTH_CENTRAL_CASES: RegionCase[] = [
  [
    'TP. Hồ Chí Minh 2018-03-17',
    'south',
    HCM_2018_03_17,
    HCM_2018_03_17_LOTO,
    [
      ['lo2', ['55'], 1], // the G8 counts for lô
      ['lo2', ['23'], 1],
      ['lo2', ['99'], 0],
      ['lo3', ['997'], 1], // the G7
      ['lo3', ['700'], 1], // G4 00700
      ['lo3', ['024'], 1],
      ['lo3', ['023'], 0],
      ['lo4', ['0700'], 1],
      ['lo4', ['0923'], 1], // the last four of the six-digit ĐB
      ['lo4', ['9923'], 0],
      ['de', ['23'], 1],
      ['de', ['55'], 0], // the G8 is not the đề
      ['de_dau', ['92'], 1],
      ['dau', ['2'], 1],
      ['duoi', ['3'], 1],
      ['ba_cang', ['923'], 1],
      ['xien2', ['55', '23'], 1],
      ['xien3', ['55', '23', '99'], 0],
      ['xien4', ['00', '03', '04', '11'], 1],
      ['da', ['55', '23'], 1],
      ['da', ['55', '99'], 0],
    ],
  ],
  [
    'Long An 2018-03-17',
    'south',
    LONG_AN_2018_03_17,
    LONG_AN_2018_03_17_LOTO,
    [
      ['lo2', ['01'], 1],
      ['lo3', ['707'], 1],
      ['lo3', ['118'], 1],
      ['lo3', ['400'], 1],
      ['lo4', ['0342'], 1], // the G5, leading zero kept
      ['lo4', ['0400'], 1],
      ['de', ['71'], 1],
      ['de_dau', ['35'], 1],
      ['dau', ['7'], 1],
      ['duoi', ['1'], 1],
      ['ba_cang', ['471'], 1],
      ['da', ['01', '07'], 1],
      ['xien2', ['01', '02'], 0],
    ],
  ],
  [
    'Đà Nẵng 2018-03-17',
    'central',
    DA_NANG_2018_03_17,
    DA_NANG_2018_03_17_LOTO,
    [
      ['lo2', ['65'], 2], // G6 0165 and 7865
      ['lo3', ['165'], 1],
      ['lo3', ['865'], 1],
      ['lo3', ['066'], 1],
      ['lo3', ['065'], 0],
      ['lo4', ['0165'], 1],
      ['lo4', ['7865'], 1],
      ['de', ['15'], 1],
      ['de_dau', ['42'], 1],
      ['dau', ['1'], 1],
      ['duoi', ['5'], 1],
      ['ba_cang', ['215'], 1],
      ['xien2', ['65', '08'], 1],
      ['xien3', ['65', '08', '99'], 0],
      ['xien4', ['19', '66', '04', '13'], 1],
      ['da', ['65', '19'], 1], // min(2, 1)
      ['da', ['65', '66'], 1],
      ['da', ['65', '99'], 0],
    ],
  ],
];

describe('bet rules on real southern and central sheets', () => {
  for (const [name, region, result, loto, rows] of SOUTH_CENTRAL_CASES) {
    it(`${name}: is a valid sheet of its region`, () => {
      expect(validateDrawResult(region, result)).toEqual([]);
    });

    it(`${name}: builds the lô 2 số table the results page printed`, () => {
      const expected = new Map<string, number>();
      for (const ending of loto.split(' ')) expected.set(ending, (expected.get(ending) ?? 0) + 1);
      const table = singleNumberHitTable(region, result);
      expect(table.get('lo2')).toEqual(expected);
      expect([...table.get('lo2')!.values()].reduce((a, b) => a + b, 0)).toBe(18);
      expect([...table.get('lo3')!.values()].reduce((a, b) => a + b, 0)).toBe(17);
      expect([...table.get('lo4')!.values()].reduce((a, b) => a + b, 0)).toBe(16);
    });

    it.each(rows)(`${name}: %s %j wins %i times`, (type, numbers, hits) => {
      expect(validateSelection(region, { type, numbers })).toEqual([]);
      expect(selectionHits(region, { type, numbers }, result)).toBe(hits);
    });
  }

  it('covers every bet type of the central and southern draws with the real sheets', () => {
    const covered = new Set(SOUTH_CENTRAL_CASES.flatMap(([, , , , rows]) => rows.map(([type]) => type)));
    expect([...covered].sort()).toEqual([...betTypesOf('south')].sort());
  });
});

describe('bet rules on a hand-built southern sheet', () => {
  it.each(SOUTH_CASES)('%s %j wins %i times', (type, numbers, hits) => {
    for (const region of ['south', 'central'] as const) {
      expect(selectionHits(region, { type, numbers }, SOUTH_HAND_BUILT)).toBe(hits);
    }
  });

  it('covers every bet type', () => {
    expect([...new Set(SOUTH_CASES.map(([type]) => type))].sort()).toEqual([...LOTTERY_BET_TYPES].sort());
  });
});

describe('selection validation', () => {
  const cases: [LotteryRegion, BetSelection, string[]][] = [
    ['north', { type: 'lo2', numbers: ['27'] }, []],
    ['north', { type: 'lo2', numbers: ['7'] }, ['lottery_number_format']],
    ['north', { type: 'lo2', numbers: ['27', '28'] }, ['lottery_number_count']],
    ['north', { type: 'lo2', numbers: [] }, ['lottery_number_count']],
    ['north', { type: 'lo3', numbers: ['12a'] }, ['lottery_number_format']],
    ['north', { type: 'lo4', numbers: ['0000'] }, []],
    ['north', { type: 'dau', numbers: ['10'] }, ['lottery_number_format']],
    ['north', { type: 'ba_cang', numbers: ['٣٤٥'] }, ['lottery_number_format']],
    ['north', { type: 'xien2', numbers: ['12', '12'] }, ['lottery_number_duplicate']],
    ['north', { type: 'xien3', numbers: ['12', '34'] }, ['lottery_number_count']],
    ['north', { type: 'da', numbers: ['12', '34'] }, ['lottery_bet_type_not_in_region']],
    ['south', { type: 'da', numbers: ['12', '34'] }, []],
    ['central', { type: 'da', numbers: ['12', '12'] }, ['lottery_number_duplicate']],
    ['south', { type: 'lo9' as LotteryBetType, numbers: ['12'] }, ['lottery_bet_type_unknown']],
    ['east' as LotteryRegion, { type: 'lo2', numbers: ['12'] }, ['lottery_region_unknown']],
    ['south', { type: 'lo2', numbers: [12 as unknown as string] }, ['lottery_number_format']],
  ];
  it.each(cases)('%s %j -> %j', (region, sel, issues) => {
    expect(validateSelection(region, sel)).toEqual(issues);
  });

  it('refuses to settle a combination that is not one', () => {
    const lo2 = new Map([
      ['12', 2],
      ['34', 1],
    ]);
    expect(comboWins('xien2', ['12', '34'], lo2)).toBe(1);
    expect(comboWins('da', ['12', '34'], lo2)).toBe(1);
    expect(() => comboWins('lo2', ['12'], lo2)).toThrow(RangeError);
    expect(() => comboWins('xien3', ['12', '34'], lo2)).toThrow(RangeError);
    expect(() => comboWins('da', ['12', '12'], lo2)).toThrow(RangeError);
    expect(() => comboWins('da', [], lo2)).toThrow(RangeError);
  });

  it('refuses to settle an invalid selection or sheet', () => {
    expect(() => selectionHits('north', { type: 'da', numbers: ['12', '34'] }, NORTH_2025_08_02)).toThrow(RangeError);
    expect(() => selectionHits('south', { type: 'lo2', numbers: ['12'] }, NORTH_2025_08_02)).toThrow(RangeError);
  });
});

describe('stake multipliers and odds', () => {
  it('follows the bao lô convention: a lô unit costs one point per number that can match it', () => {
    expect(stakeMultiplier('north', 'lo2')).toBe(27);
    expect(stakeMultiplier('north', 'lo3')).toBe(23);
    expect(stakeMultiplier('north', 'lo4')).toBe(20);
    for (const region of ['central', 'south'] as const) {
      expect(stakeMultiplier(region, 'lo2')).toBe(18);
      expect(stakeMultiplier(region, 'lo3')).toBe(17);
      expect(stakeMultiplier(region, 'lo4')).toBe(16);
      expect(stakeMultiplier(region, 'da')).toBe(36);
    }
    for (const type of ['de', 'de_dau', 'dau', 'duoi', 'ba_cang', 'xien2', 'xien3', 'xien4'] as const) {
      expect(stakeMultiplier('north', type)).toBe(1);
      expect(stakeMultiplier('south', type)).toBe(1);
    }
    expect(() => stakeMultiplier('north', 'da')).toThrow(RangeError);
    expect(() => defaultOddsMilli('north', 'da')).toThrow(RangeError);
  });

  /**
   * Exact return to player of the default odds, assuming (as for the real and the seeded draws)
   * that every digit is independent and uniform: each number's last k digits are uniform over 10^k.
   */
  function exactRtp(region: LotteryRegion, type: LotteryBetType): number {
    const n = region === 'north' ? 27 : 18;
    const odds = defaultOddsMilli(region, type) / 1000;
    const cost = stakeMultiplier(region, type);
    const binom = (a: number, b: number) => {
      let r = 1;
      for (let i = 1; i <= b; i++) r = (r * (a - b + i)) / i;
      return r;
    };
    /** P(each of k given endings is drawn at least once among n numbers), by inclusion-exclusion. */
    const allDrawn = (k: number) => {
      let p = 0;
      for (let j = 0; j <= k; j++) p += (-1) ** j * binom(k, j) * (1 - j / 100) ** n;
      return p;
    };
    /** E[min(X, Y)] for the counts of two endings: sum over the multinomial of the n numbers. */
    const expectedPairs = () => {
      const fact = [1];
      for (let i = 1; i <= n; i++) fact.push(fact[i - 1]! * i);
      let e = 0;
      for (let x = 0; x <= n; x++) {
        for (let y = 0; x + y <= n; y++) {
          const p = (fact[n]! / (fact[x]! * fact[y]! * fact[n - x - y]!)) * 0.01 ** (x + y) * 0.98 ** (n - x - y);
          e += p * Math.min(x, y);
        }
      }
      return e;
    };
    const expectedHits: Record<LotteryBetType, () => number> = {
      lo2: () => n / 100,
      lo3: () => (region === 'north' ? 23 : 17) / 1000,
      lo4: () => (region === 'north' ? 20 : 16) / 10_000,
      de: () => 1 / 100,
      de_dau: () => 1 / 100,
      dau: () => 1 / 10,
      duoi: () => 1 / 10,
      ba_cang: () => 1 / 1000,
      xien2: () => allDrawn(2),
      xien3: () => allDrawn(3),
      xien4: () => allDrawn(4),
      da: expectedPairs,
    };
    return (expectedHits[type]() * odds) / cost;
  }

  it('returns 95% on single-number bets and between 91% and 95% on combinations', () => {
    for (const region of ['north', 'central', 'south'] as const) {
      for (const type of betTypesOf(region)) {
        const rtp = exactRtp(region, type);
        if ((SINGLE_NUMBER_BET_TYPES as readonly string[]).includes(type)) expect(rtp, `${region} ${type}`).toBeCloseTo(0.95, 10);
        else {
          expect(rtp, `${region} ${type}`).toBeGreaterThan(0.91);
          expect(rtp, `${region} ${type}`).toBeLessThan(0.95);
        }
      }
    }
  });

  it('pays stake × hits × odds / 1000 rounded down, exactly in integers', () => {
    expect(linePayout(1000n, 2, 95_000)).toBe(190_000n);
    expect(linePayout(7n, 1, 9_500)).toBe(66n); // 66.5 rounds down
    expect(linePayout(10n ** 15n, 3, 950_000)).toBe(2_850_000_000_000_000_000n);
    expect(linePayout(1000n, 0, 95_000)).toBe(0n);
    expect(lineCost(1000n, stakeMultiplier('north', 'lo2'))).toBe(27_000n);
    expect(() => linePayout(1n, -1, 1000)).toThrow(RangeError);
    expect(() => linePayout(1n, 1, 1.5)).toThrow(RangeError);
  });
});

describe('properties over seeded draws', () => {
  const seed = fc.uint8Array({ minLength: 16, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
  const region = fc.constantFrom<LotteryRegion>('north', 'central', 'south');
  const digits = (k: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: k, maxLength: k });

  /** A valid selection of any type the region offers. */
  const selection = (r: LotteryRegion, only: (type: LotteryBetType) => boolean = () => true) =>
    fc.constantFrom(...betTypesOf(r).filter(only)).chain((type) => {
      const { count, digits: width } = selectionShape(type);
      return fc.uniqueArray(digits(width), { minLength: count, maxLength: count }).map((numbers): BetSelection => ({ type, numbers }));
    });

  it('never gives negative hits, and single-number bets win at most once except lô', () => {
    fc.assert(
      fc.property(
        region.chain((r) => fc.tuple(fc.constant(r), selection(r), seed)),
        ([r, sel, s]) => {
          const hits = selectionHits(r, sel, drawFromSeed(r, s));
          expect(Number.isSafeInteger(hits)).toBe(true);
          expect(hits).toBeGreaterThanOrEqual(0);
          if (!sel.type.startsWith('lo') && sel.type !== 'da') expect(hits).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('counts lô hits as the occurrences of the ending among all numbers of the sheet', () => {
    fc.assert(
      fc.property(region, fc.constantFrom(2, 3, 4), seed, fc.nat(), (r, width, s, pick) => {
        const result = drawFromSeed(r, s);
        const numbers = Object.values(result).flat();
        // half the time pick an ending that is drawn, so the count is often above zero
        const drawn = numbers.filter((n) => n.length >= width);
        const ending = pick % 2 === 0 ? drawn[pick % drawn.length]!.slice(-width) : String(pick % 10 ** width).padStart(width, '0');
        const expected = numbers.filter((n) => n.length >= width && n.endsWith(ending)).length;
        expect(selectionHits(r, { type: `lo${width}` as LotteryBetType, numbers: [ending] }, result)).toBe(expected);
      }),
    );
  });

  it('agrees with selectionHits for every possible number of every single-number type', () => {
    fc.assert(
      fc.property(region, seed, (r, s) => {
        const result = drawFromSeed(r, s);
        const table = singleNumberHitTable(r, result);
        expect([...table.keys()].sort()).toEqual([...SINGLE_NUMBER_BET_TYPES].sort());
        for (const type of SINGLE_NUMBER_BET_TYPES) {
          const { digits: width } = selectionShape(type);
          const row = table.get(type)!;
          for (const hits of row.values()) expect(hits).toBeGreaterThan(0);
          for (let i = 0; i < 10 ** width; i++) {
            const number = String(i).padStart(width, '0');
            expect(row.get(number) ?? 0).toBe(selectionHits(r, { type, numbers: [number] }, result));
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 60_000);

  it('settles combinations from the lô 2 số hits the same way as selectionHits', () => {
    fc.assert(
      fc.property(
        region.chain((r) =>
          fc.tuple(
            fc.constant(r),
            selection(r, (type) => !isSingleNumberBetType(type)),
            seed,
          ),
        ),
        ([r, sel, s]) => {
          const result = drawFromSeed(r, s);
          const lo2 = singleNumberHitTable(r, result).get('lo2')!;
          expect(comboWins(sel.type, sel.numbers, lo2)).toBe(selectionHits(r, sel, result));
        },
      ),
    );
  });
});
