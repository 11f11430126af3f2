import type { RandomSource } from '../random-source.ts';
import { fishPosition, generateWave, hitsFor, resolveShot, SEA_HEIGHT, SEA_WIDTH, WAVE_MS, type WaveFish, type Weapon } from './fishing.ts';

/**
 * Plays `shots` shots of one weapon the way players do: waves generated from the source, a shot at
 * a random instant of a wave aimed at a random fish in the sea (or, one time in four, at a random
 * point), hits from `hitsFor`, kills from `resolveShot`. Returns the stake, the payout and the sum of
 * squared per-shot returns (for the standard error).
 */
export type FishingTotals = { shots: number; staked: number; paid: number; sumSquares: number };

const SHOTS_PER_WAVE = 2_000;
const INSTANTS_PER_WAVE = 40;

export function simulateWeapon(weapon: Weapon, shots: number, random: RandomSource, level = 100): FishingTotals {
  const totals: FishingTotals = { shots: 0, staked: 0, paid: 0, sumSquares: 0 };
  const isDead = () => false;
  while (totals.shots < shots) {
    const wave = generateWave(random);
    const instants: { t: number; swimming: WaveFish[] }[] = [];
    for (let i = 0; i < INSTANTS_PER_WAVE; i++) {
      const t = 3_000 + random(WAVE_MS - 6_000);
      instants.push({ t, swimming: wave.filter((f) => fishPosition(f, t) !== null) });
    }
    const batch = Math.min(SHOTS_PER_WAVE, shots - totals.shots);
    for (let s = 0; s < batch; s++) {
      const instant = instants[random(INSTANTS_PER_WAVE)] as { t: number; swimming: WaveFish[] };
      const aimed = random(4) === 0 ? undefined : instant.swimming[random(Math.max(1, instant.swimming.length))]?.id;
      const hits = hitsFor({
        fish: instant.swimming,
        isDead,
        t: instant.t,
        weapon,
        target: aimed,
        aim: { x: random(SEA_WIDTH), y: random(SEA_HEIGHT) },
      });
      if (hits.length === 0) continue;
      const shot = resolveShot({ weapon, level, hits: hits.map((f) => ({ fishId: f.id, kind: f.kind })), random });
      const r = shot.win / shot.stake;
      totals.shots += 1;
      totals.staked += shot.stake;
      totals.paid += shot.win;
      totals.sumSquares += r * r;
    }
  }
  return totals;
}

/** The simulated return and its standard error (both as fractions). */
export function returnOf(totals: FishingTotals): { rtp: number; standardError: number } {
  const mean = totals.paid / totals.staked;
  const variance = totals.sumSquares / totals.shots - mean * mean;
  return { rtp: mean, standardError: Math.sqrt(variance / totals.shots) };
}
