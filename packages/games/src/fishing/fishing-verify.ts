import { roundRandom } from '../random-source.ts';
import { verifyCommitment } from '../rng.ts';
import { generateWave, resolveShot, type ShotResult, shotClientSeed, WAVE_MS, WEAPON_BY_CODE } from './fishing.ts';

/**
 * Recomputes a fishing wave from its published seeds (what the verify page and the offline script
 * scripts/verify-fishing.ts run): the fish of the wave and their paths, and, for a shot of the
 * wave, its kills from the fish it hit.
 */
export type FishingReplayInput = {
  serverSeed: string;
  /** The wave's client seed (`<game>:<room>:<wave>`). */
  clientSeed: string;
  wave: number;
  commitment?: string | undefined;
  waveMs?: number | undefined;
  shot?: { shotNo: number; weapon: string; level: number; fish: readonly number[] } | undefined;
};

export type FishingReplay = {
  commitmentMatches: boolean | null;
  fish: number;
  kinds: Record<string, number>;
  shot: ShotResult | null;
};

export function replayFishing(input: FishingReplayInput): FishingReplay {
  const fish = generateWave(roundRandom(input.serverSeed, input.clientSeed, input.wave), input.waveMs ?? WAVE_MS);
  const kinds: Record<string, number> = {};
  for (const f of fish) kinds[f.kind] = (kinds[f.kind] ?? 0) + 1;
  let shot: ShotResult | null = null;
  if (input.shot) {
    const weapon = WEAPON_BY_CODE.get(input.shot.weapon);
    if (!weapon) throw new RangeError(`the weapon is one of ${[...WEAPON_BY_CODE.keys()].join(', ')}`);
    const hits = input.shot.fish.map((id) => {
      const f = fish.find((candidate) => candidate.id === id);
      if (!f) throw new RangeError(`the wave has no fish ${id}`);
      return { fishId: id, kind: f.kind };
    });
    shot = resolveShot({
      weapon,
      level: input.shot.level,
      hits,
      random: roundRandom(input.serverSeed, shotClientSeed(input.clientSeed, input.shot.shotNo), input.wave),
    });
  }
  return {
    commitmentMatches: input.commitment === undefined ? null : verifyCommitment(input.serverSeed, input.commitment),
    fish: fish.length,
    kinds,
    shot,
  };
}
