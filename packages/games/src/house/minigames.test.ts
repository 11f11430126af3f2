import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import { rankOf } from './cards.ts';
import { diceTargetMultiplier, isValidDiceTargetBet, resolveDiceTarget, rollDiceTarget, winningRolls } from './dice-target.ts';
import { returnOf } from './exact.ts';
import { cashOutHiLo, guessHiLo, type HiLoGame, type HiLoGuess, hiLoMultiplier, resolveHiLo, startHiLo, winningRanks } from './hi-lo.ts';
import { cashOutMines, MINES_CELLS, minesMultiplier, placeMines, resolveMines, revealCell, startMines } from './mines.ts';
import { choose } from './payout.ts';
import { dropPlinko, PLINKO_RISKS, PLINKO_ROWS, PLINKO_SCALE, plinkoTable, resolvePlinko } from './plinko.ts';
import { expectWithinTolerance, SIMULATION_TIMEOUT_MS, simulate } from './simulate.test-support.ts';

const toNumber = (r: { numerator: bigint; denominator: bigint }) => Number(r.numerator) / Number(r.denominator);

describe('mines', () => {
  it('returns exactly 97% for every mine count and every number of reveals before cashing out', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= MINES_CELLS - m; k++) {
        // Placements of m mines that miss k chosen cells, out of all placements.
        const survive = choose(MINES_CELLS - k, m);
        const all = choose(MINES_CELLS, m);
        const { numerator, denominator } = minesMultiplier(m, k);
        expect(survive * numerator * 100n).toBe(97n * all * denominator);
      }
    }
  });

  it('places distinct mines on the board, the same from the same seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.nat(), (mines, nonce) => {
        const placed = placeMines(roundRandom('s', 'c', nonce), mines);
        expect(new Set(placed).size).toBe(mines);
        expect(placed.every((c) => c >= 0 && c < 25)).toBe(true);
        expect(placeMines(roundRandom('s', 'c', nonce), mines)).toEqual(placed);
      }),
      { numRuns: 100 },
    );
  });

  it('loses on a mine, pays on cash-out and cashes out by itself when every safe cell is found', () => {
    const game = { mines: 24, minePositions: Array.from({ length: 24 }, (_, i) => i + 1), revealed: [], status: 'PLAYING' as const };
    expect(resolveMines(revealCell(game, 3), 100)).toBe(0);
    const won = revealCell(game, 0);
    expect(won.status).toBe('CASHED_OUT');
    expect(resolveMines(won, 100)).toBe(2425); // 0.97 × 25
    expect(() => cashOutMines(game)).toThrow(RangeError);
    expect(() => revealCell(won, 5)).toThrow(RangeError);
  });

  it(
    'matches the exact return over 1,000,000 simulated games (3 mines, 5 reveals)',
    () => {
      const random = simulationRandom(5);
      const multiplier = toNumber(minesMultiplier(3, 5)) * 1000;
      const survive = Number(choose(20, 3)) / Number(choose(25, 3));
      const totals = simulate(1_000_000, 1, (add) => {
        let game = startMines(random, 3);
        for (let cell = 0; cell < 5 && game.status === 'PLAYING'; cell++) game = revealCell(game, cell);
        if (game.status === 'PLAYING') game = cashOutMines(game);
        add(0, resolveMines(game, 1_000_000) / 1000);
      });
      expectWithinTolerance(
        totals,
        0,
        returnOf([
          [survive, multiplier],
          [1 - survive, 0],
        ]),
      );
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('plinko', () => {
  it('returns exactly 97% on every table, with symmetric tables and a smaller centre at higher risk', () => {
    for (const rows of PLINKO_ROWS) {
      const centre: number[] = [];
      for (const risk of PLINKO_RISKS) {
        const table = plinkoTable(rows, risk);
        expect(table).toHaveLength(rows + 1);
        const sum = table.reduce((s, m, k) => s + choose(rows, k) * BigInt(m), 0n);
        expect(sum).toBe(97n * BigInt(PLINKO_SCALE / 100) * 2n ** BigInt(rows));
        table.forEach((m, k) => {
          expect(Number.isInteger(m) && m >= 0).toBe(true);
          expect(table[rows - k]).toBe(m);
        });
        centre.push(table[Math.floor(rows / 2)]!); // the centre slot (one of the two when rows is odd)
        expect(table[0]!).toBeGreaterThan(table[1]!);
      }
      expect(centre[0]!).toBeGreaterThan(centre[1]!);
      expect(centre[1]!).toBeGreaterThan(centre[2]!);
    }
    // The tables are pinned: a change to how they are built must be deliberate.
    expect(plinkoTable(8, 'LOW')).toEqual([22_300, 16_700, 12_200, 9100, 6700, 9100, 12_200, 16_700, 22_300]);
    expect(plinkoTable(16, 'HIGH')[0]).toBe(1_800_100);
  });

  it('lands in the slot its path says and pays the slot', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLINKO_ROWS), fc.constantFrom(...PLINKO_RISKS), fc.nat(), (rows, risk, nonce) => {
        const drop = dropPlinko(roundRandom('s', 'c', nonce), rows, risk);
        expect(drop.path).toHaveLength(rows);
        expect(drop.slot).toBe(drop.path.filter((s) => s === 1).length);
        expect(resolvePlinko(drop, 10_000)).toBe(plinkoTable(rows, risk)[drop.slot]);
      }),
      { numRuns: 100 },
    );
  });

  it(
    'matches the exact return over 1,000,000 simulated drops (16 rows, high risk)',
    () => {
      const random = simulationRandom(8);
      const totals = simulate(1_000_000, 1, (add) => add(0, dropPlinko(random, 16, 'HIGH').multiplier / 10));
      const exact = returnOf(plinkoTable(16, 'HIGH').map((m, k) => [Number(choose(16, k)), m / 10] as const));
      expect(exact.rtp).toBeCloseTo(0.97, 12);
      expectWithinTolerance(totals, 0, exact);
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('dice with a target', () => {
  it('returns exactly 97% for every target it accepts', () => {
    for (const direction of ['UNDER', 'OVER'] as const) {
      for (let target = 0; target < 10_000; target++) {
        const bet = { direction, target };
        if (!isValidDiceTargetBet(bet)) continue;
        const { numerator, denominator } = diceTargetMultiplier(bet);
        expect(BigInt(winningRolls(bet)) * numerator * 100n).toBe(97n * 10_000n * denominator);
      }
    }
    expect(isValidDiceTargetBet({ direction: 'UNDER', target: 99 })).toBe(false);
    expect(isValidDiceTargetBet({ direction: 'OVER', target: 199 })).toBe(true);
  });

  it(
    'matches the exact return over 1,000,000 simulated rolls (under 25.00 and over 50.00)',
    () => {
      const random = simulationRandom(9);
      const bets = [
        { direction: 'UNDER' as const, target: 2500 },
        { direction: 'OVER' as const, target: 5000 },
      ];
      const totals = simulate(1_000_000, 2, (add) => {
        const roll = rollDiceTarget(random);
        for (let i = 0; i < 2; i++) add(i, resolveDiceTarget(roll, bets[i]!, 1_000_000) / 1000);
      });
      bets.forEach((bet, i) => {
        const w = winningRolls(bet);
        const m = toNumber(diceTargetMultiplier(bet)) * 1000;
        expectWithinTolerance(
          totals,
          i,
          returnOf([
            [w, m],
            [10_000 - w, 0],
          ]),
        );
      });
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('hi-lo', () => {
  const likelier = (rank: number): HiLoGuess =>
    winningRanks(rank, 'HIGHER_OR_SAME') >= winningRanks(rank, 'LOWER_OR_SAME') ? 'HIGHER_OR_SAME' : 'LOWER_OR_SAME';
  const riskier = (rank: number): HiLoGuess => (likelier(rank) === 'HIGHER_OR_SAME' ? 'LOWER_OR_SAME' : 'HIGHER_OR_SAME');

  /** The exact return of `calls` calls chosen by `strategy`, over every sequence of ranks. */
  function exactHiLo(calls: number, strategy: (rank: number) => HiLoGuess) {
    const outcomes: Array<[number, number]> = [];
    const walk = (ranks: number[], guesses: HiLoGuess[], weight: number) => {
      if (guesses.length === calls) {
        outcomes.push([weight, toNumber(hiLoMultiplier({ cards: ranks.map((r) => r - 1), guesses })) * 1000]);
        return;
      }
      const rank = ranks[ranks.length - 1]!;
      const guess = strategy(rank);
      for (let next = 1; next <= 13; next++) {
        const wins = guess === 'HIGHER_OR_SAME' ? next >= rank : next <= rank;
        if (wins) walk([...ranks, next], [...guesses, guess], weight / 13);
        else outcomes.push([weight / 13, 0]);
      }
    };
    for (let first = 1; first <= 13; first++) walk([first], [], 1 / 13);
    return returnOf(outcomes);
  }

  it('returns exactly 97% whatever the calls and however many before cashing out', () => {
    for (const strategy of [likelier, riskier]) for (const calls of [1, 2, 3]) expect(exactHiLo(calls, strategy).rtp).toBeCloseTo(0.97, 12);
  });

  it('plays a run of calls to a loss or a cash-out', () => {
    const random = roundRandom('s', 'c', 1);
    let game: HiLoGame = startHiLo(random);
    for (let i = 0; i < 50 && game.status === 'PLAYING'; i++) game = guessHiLo(game, likelier(rankOf(game.cards.at(-1)!)), random);
    expect(game.cards).toHaveLength(game.guesses.length + 1);
    if (game.status === 'PLAYING') expect(resolveHiLo(cashOutHiLo(game), 100)).toBeGreaterThan(0);
    else expect(resolveHiLo(game, 100)).toBe(0);
  });

  it(
    'matches the exact return over 1,000,000 simulated runs (three likelier calls)',
    () => {
      const random = simulationRandom(13);
      const totals = simulate(1_000_000, 1, (add) => {
        let game = startHiLo(random);
        for (let i = 0; i < 3 && game.status === 'PLAYING'; i++) game = guessHiLo(game, likelier(rankOf(game.cards[i]!)), random);
        add(0, game.status === 'PLAYING' ? resolveHiLo(cashOutHiLo(game), 1_000_000) / 1000 : 0);
      });
      expectWithinTolerance(totals, 0, exactHiLo(3, likelier));
    },
    SIMULATION_TIMEOUT_MS,
  );
});
