import { describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import {
  BASIS_POINTS,
  FISH_KINDS,
  type FishKind,
  fishPosition,
  generateWave,
  hitsFor,
  killChance,
  resolveShot,
  SEA_HEIGHT,
  SEA_WIDTH,
  sharesOf,
  WEAPON_BY_CODE,
  WEAPONS,
  type Weapon,
} from './fishing.ts';
import { returnOf, simulateWeapon } from './fishing-simulate.ts';

const weapon = (code: string) => WEAPON_BY_CODE.get(code) as Weapon;

/** The exact expected payout of one hit with share s, as a fraction over the kill chance's denominator. */
function expectedPay(kind: FishKind, w: Weapon, share: number): number {
  const { numerator, denominator } = killChance(kind, w);
  // Over all `denominator` equally likely draws, exactly `numerator` of them kill.
  const meanMultiplier =
    kind.multiplier ??
    (kind.bonus ?? []).reduce((s, b) => s + b.multiplier * b.weight, 0) / (kind.bonus ?? []).reduce((s, b) => s + b.weight, 0);
  return (numerator / denominator) * share * meanMultiplier;
}

describe('fishing maths', () => {
  it('pays every fish kind the stated return exactly, for every weapon', () => {
    for (const w of WEAPONS) {
      for (const kind of FISH_KINDS) {
        const { numerator, denominator } = killChance(kind, w);
        expect(numerator).toBeLessThanOrEqual(denominator);
        expect(Number.isSafeInteger(denominator) && denominator <= 2 ** 32).toBe(true);
        // share × m × rtp/m = share × rtp, to the last digit for a share of 10,000.
        expect(expectedPay(kind, w, 10_000)).toBeCloseTo(w.rtpBp, 6);
      }
    }
  });

  it('splits the stake into whole shares that add up, the unfilled slots on the first fish', () => {
    expect(sharesOf(weapon('CANNON'), 700, 1)).toEqual([700]);
    expect(sharesOf(weapon('NET'), 700, 3)).toEqual([700, 700, 700]);
    expect(sharesOf(weapon('NET'), 700, 1)).toEqual([2_100]);
    expect(sharesOf(weapon('LIGHTNING'), 100, 2)).toEqual([400, 100]);
    expect(() => sharesOf(weapon('NET'), 100, 4)).toThrow(RangeError);
    expect(() => sharesOf(weapon('NET'), 100, 0)).toThrow(RangeError);
    // Whatever the fish and however many are hit, a shot's expected payout is stake × rtp.
    for (const w of WEAPONS) {
      for (let n = 1; n <= w.targets; n++) {
        const shares = sharesOf(w, 300, n);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(300 * w.cost);
        const mix = shares.reduce((s, share, i) => s + expectedPay(FISH_KINDS[(i * 5) % FISH_KINDS.length] as FishKind, w, share), 0);
        expect(mix / (300 * w.cost)).toBeCloseTo(w.rtpBp / BASIS_POINTS, 9);
      }
    }
  });

  it('kills exactly when the draw is below the numerator, and pays share × multiplier', () => {
    const cannon = weapon('CANNON');
    const minnow = { fishId: 1, kind: 'MINNOW' };
    // MINNOW ×2, cannon 96%: kill iff random(20000) < 9600.
    const bounds: number[] = [];
    const at = (value: number) => (bound: number) => {
      bounds.push(bound);
      return value;
    };
    expect(resolveShot({ weapon: cannon, level: 500, hits: [minnow], random: at(9_599) })).toMatchObject({
      stake: 500,
      win: 1_000,
      hits: [{ killed: true, multiplier: 2, share: 500, win: 1_000 }],
    });
    expect(bounds).toEqual([20_000]);
    expect(resolveShot({ weapon: cannon, level: 500, hits: [minnow], random: at(9_600) })).toMatchObject({
      win: 0,
      hits: [{ killed: false, win: 0 }],
    });
    // A bonus fish: kill, then its multiplier by weight (GOLDEN_CRAB: draw 99 of 100 is the ×150 slot).
    const draws = [0, 99];
    const crab = resolveShot({
      weapon: cannon,
      level: 100,
      hits: [{ fishId: 2, kind: 'GOLDEN_CRAB' }],
      random: () => draws.shift() as number,
    });
    expect(crab.hits[0]).toMatchObject({ killed: true, multiplier: 150, win: 15_000 });
    expect(() => resolveShot({ weapon: cannon, level: 0, hits: [minnow], random: at(0) })).toThrow(RangeError);
    expect(() => resolveShot({ weapon: cannon, level: 10, hits: [{ fishId: 1, kind: 'WHALE' }], random: at(0) })).toThrow(RangeError);
  });

  it('generates the same wave from the same seeds, a different one from another seed', () => {
    const a = generateWave(roundRandom('seed', 'fishing:r1:1', 1));
    const b = generateWave(roundRandom('seed', 'fishing:r1:1', 1));
    const c = generateWave(roundRandom('seed', 'fishing:r1:2', 2));
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(a.filter((f) => f.kind === 'KRAKEN' || f.kind === 'DRAGON_KING')).toHaveLength(2);
    // The sea is never empty: at every second of the wave some fish swim in view.
    for (let t = 0; t < 86_000; t += 1_000) {
      const inView = a.filter((f) => {
        const p = fishPosition(f, t);
        return p && p.x >= 0 && p.x <= SEA_WIDTH && p.y >= 0 && p.y <= SEA_HEIGHT;
      });
      expect(inView.length, `fish in view at ${t} ms`).toBeGreaterThan(5);
    }
  });

  it('hits the aimed fish, else the nearest; a net adds the nearest others within reach', () => {
    const straight = (id: number, y: number, kind = 'MINNOW' as const) => ({
      id,
      kind,
      spawnAt: 0,
      duration: 10_000,
      path: [
        { x: 0, y },
        { x: 400, y },
        { x: 800, y },
        { x: 1_200, y },
      ] as const,
    });
    const fish = [straight(1, 100), straight(2, 200), straight(3, 300), straight(4, 800)];
    const t = 5_000; // all at x = 600
    const none = () => false;
    expect(hitsFor({ fish, isDead: none, t, weapon: weapon('CANNON'), target: 3, aim: { x: 0, y: 0 } }).map((f) => f.id)).toEqual([3]);
    expect(
      hitsFor({ fish, isDead: (id) => id === 3, t, weapon: weapon('CANNON'), target: 3, aim: { x: 600, y: 790 } }).map((f) => f.id),
    ).toEqual([4]);
    expect(hitsFor({ fish, isDead: none, t, weapon: weapon('NET'), target: 1, aim: { x: 0, y: 0 } }).map((f) => f.id)).toEqual([1, 2, 3]);
    // Fish 4 is 500 units away: beyond the net's reach of 220.
    expect(hitsFor({ fish, isDead: none, t, weapon: weapon('NET'), target: 4, aim: { x: 0, y: 0 } }).map((f) => f.id)).toEqual([4]);
    expect(hitsFor({ fish, isDead: none, t: 20_000, weapon: weapon('NET'), target: 4, aim: { x: 0, y: 0 } })).toEqual([]);
  });

  it('returns each weapon its RTP in 200,000 simulated shots (within 4 standard errors, which are under 1 point)', () => {
    for (const w of WEAPONS) {
      const totals = simulateWeapon(w, 200_000, simulationRandom(11 + w.cost));
      const { rtp, standardError } = returnOf(totals);
      expect(standardError).toBeLessThan(0.01);
      expect(Math.abs(rtp - w.rtpBp / BASIS_POINTS), `${w.code}: ${rtp}`).toBeLessThan(4 * standardError);
    }
  }, 60_000);
});
