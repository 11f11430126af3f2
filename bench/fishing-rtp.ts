import { loadavg } from 'node:os';
import { BASIS_POINTS, WEAPONS } from '@platform/games/fishing/fishing';
import { returnOf, simulateWeapon } from '@platform/games/fishing/fishing-simulate';
import { simulationRandom } from '@platform/games/random-source';
import { positiveInt } from './lib/bench-support.ts';

/**
 * Fishing: plays BENCH_SHOTS shots (default 10,000,000) of each weapon the way players do (waves
 * generated, random instants, aimed at random fish) and checks each weapon's return against its
 * stated RTP: it fails when a weapon is off by 0.5 percentage points or more (the bound),
 * and prints the standard error beside it.
 *
 *   BENCH_SHOTS  shots per weapon (default 10000000)
 *   BENCH_SEED   another run's streams: 1 (default), 2, ...
 */
const shots = positiveInt('BENCH_SHOTS', 10_000_000);
const seed = positiveInt('BENCH_SEED', 1);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(`shots per weapon: ${shots.toLocaleString('en')}\n`);
console.log('weapon      stated RTP   simulated RTP   std error   off by     seconds');
let failures = 0;
for (const weapon of WEAPONS) {
  const started = performance.now();
  const totals = simulateWeapon(weapon, shots, simulationRandom(1_000 * seed + weapon.cost));
  const { rtp, standardError } = returnOf(totals);
  const stated = weapon.rtpBp / BASIS_POINTS;
  const off = (rtp - stated) * 100;
  if (Math.abs(off) >= 0.5) failures++;
  console.log(
    `${weapon.code.padEnd(10)} ${(stated * 100).toFixed(2).padStart(9)}%   ${(rtp * 100).toFixed(4).padStart(12)}%   ${(standardError * 100).toFixed(4).padStart(8)}%   ${off.toFixed(3).padStart(6)} pp   ${((performance.now() - started) / 1000).toFixed(1).padStart(6)}`,
  );
}
if (failures > 0) {
  console.log(`\n${failures} weapon(s) off by 0.5 percentage points or more`);
  process.exitCode = 1;
} else console.log('\nevery weapon within ±0.5 percentage points of its stated RTP');
