import { loadavg } from 'node:os';
import { crashPointOf, payoutOf, sha256Hex } from '@platform/games/crash/crash';
import { baccaratMultiplier, dealBaccarat } from '@platform/games/house/baccarat';
import { actBlackjack, basicStrategy, resolveBlackjack, stakedMinor, startBlackjack } from '@platform/games/house/blackjack';
import { Shoe } from '@platform/games/house/cards';
import { diceTargetMultiplier, resolveDiceTarget, rollDiceTarget, winningRolls } from '@platform/games/house/dice-target';
import { DRAGON_TIGER_BETS, dealDragonTiger, dragonTigerMultiplier } from '@platform/games/house/dragon-tiger';
import {
  baccaratReturn,
  crashTargetReturn,
  dragonTigerReturn,
  type ExactReturn,
  jackpotTriggerFrequency,
  jackpotWheelReturn,
  returnOf,
  rouletteReturn,
  sicBoReturn,
} from '@platform/games/house/exact';
import { cashOutHiLo, guessHiLo, type HiLoGuess, resolveHiLo, startHiLo, winningRanks } from '@platform/games/house/hi-lo';
import { spinJackpotWheel, WHEEL_MAX_STAKE, wheelPayout } from '@platform/games/house/jackpot-wheel';
import { cashOutMines, minesMultiplier, resolveMines, revealCell, startMines } from '@platform/games/house/mines';
import { choose } from '@platform/games/house/payout';
import { dropPlinko, plinkoTable } from '@platform/games/house/plinko';
import { rouletteBets, rouletteMultiplier, spinRoulette } from '@platform/games/house/roulette';
import { rollSicBo, type SicBoBet, sicBoMultiplier } from '@platform/games/house/sic-bo';
import { deviationsFrom, SIMULATION_TOLERANCE_SD, type SimulationTotals, simulate, simulatedReturn } from '@platform/games/house/simulate';
import { dealVideoPoker, drawVideoPoker, videoPokerMultiplier } from '@platform/games/house/video-poker';
import { buildVideoPokerTables, optimalHold, videoPokerReturn } from '@platform/games/house/video-poker-analysis';
import { simulationRandom } from '@platform/games/random-source';
import { positiveInt } from './lib/bench-support.ts';

/**
 * Plays every house game's engine for BENCH_ROUNDS rounds (default 10,000,000) from a seeded fast
 * source and compares each bet's simulated return with its exact return (enumeration or exact
 * combinatorics), in standard errors computed from the exact variance. A bet fails beyond 4.
 * Blackjack has no enumeration here: its figure is the measurement, with its standard error.
 * The jackpot wheel's trigger rows compare the hit frequency with its exact chance
 * (stake / 1,000,000,000); crash plays a real seed chain (SHA-256 down the chain, HMAC per round).
 *
 *   BENCH_ROUNDS  rounds per game (default 10000000)
 *   BENCH_SEED    another run's streams: 1 (default), 2, ...
 *   BENCH_GAMES   comma-separated subset of: baccarat,dragon-tiger,sic-bo,roulette,blackjack,video-poker,mines,plinko,dice,hi-lo,jackpot-wheel,crash
 */
const rounds = positiveInt('BENCH_ROUNDS', 10_000_000);
const seed = 100 * (positiveInt('BENCH_SEED', 1) - 1);
const only = process.env.BENCH_GAMES?.split(',');
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(`rounds per game: ${rounds.toLocaleString('en')}\n`);
console.log('game          bet                        exact RTP    simulated RTP   std error   deviation   seconds');

let failures = 0;
const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)}%`;
function report(game: string, bets: Array<{ name: string; exact: ExactReturn }>, totals: SimulationTotals, seconds: number): void {
  bets.forEach(({ name, exact }, i) => {
    const sim = simulatedReturn(totals, i);
    const deviation = deviationsFrom(totals, i, exact);
    if (deviation >= SIMULATION_TOLERANCE_SD) failures++;
    console.log(
      `${game.padEnd(13)} ${name.padEnd(26)} ${pct(exact.rtp).padStart(10)}   ${pct(sim.rtp).padStart(12)}   ${pct(sim.standardError).padStart(9)}   ${deviation.toFixed(2).padStart(6)} sd   ${seconds.toFixed(1).padStart(6)}`,
    );
  });
}
function run(game: string, bets: Array<{ name: string; exact: ExactReturn }>, play: Parameters<typeof simulate>[2]): void {
  if (only && !only.includes(game)) return;
  const started = performance.now();
  const totals = simulate(rounds, bets.length, play);
  report(game, bets, totals, (performance.now() - started) / 1000);
}

{
  const random = simulationRandom(seed + 1);
  const shoe = new Shoe(8, random);
  const names = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
  const bets = [
    ...names.map((bet) => ({ name: bet, exact: baccaratReturn(bet, 'COMMISSION'), bet, table: 'COMMISSION' as const })),
    {
      name: 'BANKER (no commission)',
      exact: baccaratReturn('BANKER', 'NO_COMMISSION'),
      bet: 'BANKER' as const,
      table: 'NO_COMMISSION' as const,
    },
  ];
  run('baccarat', bets, (add) => {
    shoe.refill();
    const round = dealBaccarat(random, shoe);
    for (let i = 0; i < bets.length; i++) add(i, baccaratMultiplier(round, bets[i]!.bet, bets[i]!.table));
  });
}

{
  const random = simulationRandom(seed + 2);
  const shoe = new Shoe(8, random);
  run(
    'dragon-tiger',
    DRAGON_TIGER_BETS.map((bet) => ({ name: bet, exact: dragonTigerReturn(bet) })),
    (add) => {
      shoe.refill();
      const round = dealDragonTiger(random, shoe);
      for (let i = 0; i < DRAGON_TIGER_BETS.length; i++) add(i, dragonTigerMultiplier(round, DRAGON_TIGER_BETS[i]!));
    },
  );
}

{
  const random = simulationRandom(seed + 3);
  const bets: SicBoBet[] = [
    { kind: 'BIG' },
    { kind: 'SMALL' },
    { kind: 'ODD' },
    { kind: 'EVEN' },
    { kind: 'ANY_TRIPLE' },
    { kind: 'SPECIFIC_TRIPLE', face: 6 },
    { kind: 'DOUBLE', face: 3 },
    { kind: 'COMBINATION', faces: [2, 5] },
    { kind: 'SINGLE', face: 1 },
    ...[4, 5, 6, 7, 8, 9, 10].map((total) => ({ kind: 'TOTAL' as const, total })),
  ];
  const label = (bet: SicBoBet) =>
    'total' in bet
      ? `TOTAL ${bet.total}`
      : 'face' in bet
        ? `${bet.kind} ${bet.face}`
        : 'faces' in bet
          ? `${bet.kind} ${bet.faces.join('+')}`
          : bet.kind;
  run(
    'sic-bo',
    bets.map((bet) => ({ name: label(bet), exact: sicBoReturn(bet) })),
    (add) => {
      const roll = rollSicBo(random);
      for (let i = 0; i < bets.length; i++) add(i, sicBoMultiplier(roll, bets[i]!));
    },
  );
}

{
  const random = simulationRandom(seed + 4);
  const bets = [
    rouletteBets.straight(17),
    rouletteBets.split(17, 20),
    rouletteBets.street(6),
    rouletteBets.corner(17),
    rouletteBets.sixLine(4),
    rouletteBets.dozen(2),
    rouletteBets.column(3),
    rouletteBets.red(),
    rouletteBets.odd(),
    rouletteBets.low(),
  ];
  run(
    'roulette',
    bets.map((bet) => ({ name: `${bet.kind} ${bet.numbers.length > 6 ? '' : bet.numbers.join('-')}`, exact: rouletteReturn(bet) })),
    (add) => {
      const pocket = spinRoulette(random);
      for (let i = 0; i < bets.length; i++) add(i, rouletteMultiplier(pocket, bets[i]!));
    },
  );
}

if (!only || only.includes('blackjack')) {
  // No exact figure: the measurement and its standard error are the result (net per initial stake).
  const random = simulationRandom(seed + 5);
  const started = performance.now();
  for (const decks of [6, 8]) {
    const shoe = new Shoe(decks, random);
    const totals = simulate(rounds, 1, (add) => {
      shoe.refill();
      let round = startBlackjack(shoe, 1000);
      while (round.phase === 'PLAYER') round = actBlackjack(round, basicStrategy(round), shoe);
      add(0, 1000 + resolveBlackjack(round) - stakedMinor(round));
    });
    const sim = simulatedReturn(totals, 0);
    console.log(
      `${'blackjack'.padEnd(13)} ${`basic strategy, ${decks} decks`.padEnd(26)} ${'(measured)'.padStart(10)}   ${pct(sim.rtp).padStart(12)}   ${pct(sim.standardError).padStart(9)}   ${'-'.padStart(6)}      ${((performance.now() - started) / 1000).toFixed(1).padStart(6)}`,
    );
  }
}

if (!only || only.includes('video-poker')) {
  const started = performance.now();
  const tables = buildVideoPokerTables();
  const rtp = videoPokerReturn(tables);
  console.log(
    `video-poker   exact return with optimal holds ${pct(rtp)} (tables and enumeration ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const random = simulationRandom(seed + 6);
  const shoe = new Shoe(1, random);
  // Variance of 9/6 Jacks or Better with optimal holds: 19.5147 (published).
  run('video-poker', [{ name: 'optimal holds', exact: { rtp, variance: 19.5147 } }], (add) => {
    shoe.refill();
    const deal = dealVideoPoker(random, shoe);
    add(0, videoPokerMultiplier(drawVideoPoker(deal, optimalHold(tables, deal.hand).held)));
  });
}

{
  const random = simulationRandom(seed + 7);
  const plays = [
    { mines: 1, reveals: 20 },
    { mines: 3, reveals: 5 },
    { mines: 10, reveals: 3 },
    { mines: 24, reveals: 1 },
  ];
  const bets = plays.map(({ mines, reveals }) => {
    const survive = Number(choose(25 - reveals, mines)) / Number(choose(25, mines));
    const m = minesMultiplier(mines, reveals);
    return {
      name: `${mines} mines, ${reveals} reveals`,
      exact: returnOf([
        [survive, (Number(m.numerator) / Number(m.denominator)) * 1000],
        [1 - survive, 0],
      ]),
    };
  });
  run('mines', bets, (add) => {
    for (let i = 0; i < plays.length; i++) {
      const { mines, reveals } = plays[i]!;
      let game = startMines(random, mines);
      for (let cell = 0; cell < reveals && game.status === 'PLAYING'; cell++) game = revealCell(game, cell);
      if (game.status === 'PLAYING') game = cashOutMines(game);
      add(i, resolveMines(game, 1_000_000) / 1000);
    }
  });
}

{
  const random = simulationRandom(seed + 8);
  const tables = [
    { rows: 8, risk: 'LOW' as const },
    { rows: 12, risk: 'MEDIUM' as const },
    { rows: 16, risk: 'HIGH' as const },
  ];
  const bets = tables.map(({ rows, risk }) => ({
    name: `${rows} rows, ${risk}`,
    exact: returnOf(plinkoTable(rows, risk).map((m, k) => [Number(choose(rows, k)), m / 10] as const)),
  }));
  run('plinko', bets, (add) => {
    for (let i = 0; i < tables.length; i++) add(i, dropPlinko(random, tables[i]!.rows, tables[i]!.risk).multiplier / 10);
  });
}

{
  const random = simulationRandom(seed + 9);
  const bets = [
    { direction: 'UNDER' as const, target: 100 },
    { direction: 'UNDER' as const, target: 5000 },
    { direction: 'OVER' as const, target: 199 },
  ];
  const exact = bets.map((bet) => {
    const w = winningRolls(bet);
    const m = diceTargetMultiplier(bet);
    return {
      name: `${bet.direction} ${(bet.target / 100).toFixed(2)}`,
      exact: returnOf([
        [w, (Number(m.numerator) / Number(m.denominator)) * 1000],
        [10_000 - w, 0],
      ]),
    };
  });
  run('dice', exact, (add) => {
    const roll = rollDiceTarget(random);
    for (let i = 0; i < bets.length; i++) add(i, resolveDiceTarget(roll, bets[i]!, 1_000_000) / 1000);
  });
}

{
  const random = simulationRandom(seed + 10);
  const likelier = (rank: number): HiLoGuess =>
    winningRanks(rank, 'HIGHER_OR_SAME') >= winningRanks(rank, 'LOWER_OR_SAME') ? 'HIGHER_OR_SAME' : 'LOWER_OR_SAME';
  // Three calls on the likelier side, then cash out: exact by enumerating every run of ranks.
  const outcomes: Array<[number, number]> = [];
  const walk = (rank: number, weight: number, product: number, calls: number) => {
    if (calls === 3) return void outcomes.push([weight, (970 * 13 ** 3) / product]);
    const guess = likelier(rank);
    for (let next = 1; next <= 13; next++) {
      const wins = guess === 'HIGHER_OR_SAME' ? next >= rank : next <= rank;
      if (wins) walk(next, weight / 13, product * winningRanks(rank, guess), calls + 1);
      else outcomes.push([weight / 13, 0]);
    }
  };
  for (let first = 1; first <= 13; first++) walk(first, 1 / 13, 1, 0);
  run('hi-lo', [{ name: '3 likelier calls', exact: returnOf(outcomes) }], (add) => {
    let game = startHiLo(random);
    for (let i = 0; i < 3 && game.status === 'PLAYING'; i++) game = guessHiLo(game, likelier((game.cards[i]! % 13) + 1), random);
    add(0, game.status === 'PLAYING' ? resolveHiLo(cashOutHiLo(game), 1_000_000) / 1000 : 0);
  });
}

{
  // Two spins a round, each from its own stream: the largest stake (jackpot chance 0.5%) and a
  // 200,000 stake (0.02%, about 2,000 hits in 10,000,000 spins). The rows "jackpot hits" read as
  // frequencies, not returns.
  const random = simulationRandom(seed + 11);
  const small = simulationRandom(seed + 12);
  const smallStake = 200_000;
  const bets = [
    { name: 'wheel pay (any stake)', exact: jackpotWheelReturn() },
    { name: `jackpot hits, ${WHEEL_MAX_STAKE.toLocaleString('en')}`, exact: jackpotTriggerFrequency(WHEEL_MAX_STAKE) },
    { name: `jackpot hits, ${smallStake.toLocaleString('en')}`, exact: jackpotTriggerFrequency(smallStake) },
  ];
  run('jackpot-wheel', bets, (add) => {
    const spin = spinJackpotWheel(random, WHEEL_MAX_STAKE);
    add(0, wheelPayout(WHEEL_MAX_STAKE, spin.multiplier) / (WHEEL_MAX_STAKE / 1000));
    add(1, spin.isJackpot ? 1000 : 0);
    add(2, spinJackpotWheel(small, smallStake).isJackpot ? 1000 : 0);
  });
}

{
  // The crash points of a real seed chain: each round's seed is the SHA-256 of the next one, and
  // its crash point the HMAC of the seed with the chain's salt (walked from the root down, the
  // rounds in reverse order of play: the same draws). A target pays stake × target when it does
  // not exceed the crash point.
  let roundSeed = sha256Hex(`house-games-rtp crash ${seed}`);
  const salt = sha256Hex(`house-games-rtp salt ${seed}`);
  const targets = [101, 200, 1_000, 10_000, 100_000];
  const stake = 1_000_000;
  run(
    'crash',
    targets.map((k) => ({ name: `cash out at ${(k / 100).toFixed(2)}x`, exact: crashTargetReturn(k) })),
    (add) => {
      roundSeed = sha256Hex(roundSeed);
      const crashPoint = crashPointOf(roundSeed, salt);
      for (let i = 0; i < targets.length; i++) add(i, targets[i]! <= crashPoint ? payoutOf(stake, targets[i]!) / 1000 : 0);
    },
  );
}

console.log(failures === 0 ? '\nevery bet within 4 standard errors of its exact return' : `\n${failures} bet(s) beyond 4 standard errors`);
if (failures > 0) process.exitCode = 1;
