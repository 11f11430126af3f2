import type { RandomSource } from '../random-source.ts';

/**
 * Fishing: the pure rules shared by the house game server, its verify page and the offline script
 * (docs/games.md, "Fishing").
 *
 * A shot is a bet of `level × weapon.cost` minor units. The server (never the client) decides which
 * fish it hits (`hitsFor`: the aimed fish if it is still swimming, else the nearest one; a
 * multi-target weapon also hits the nearest others within its reach) and whether each is killed
 * (`resolveShot`). The stake is split into integer **shares**, one `level` per target slot; slots
 * the sea could not fill go to the first fish hit. A fish with pay multiplier m hit with share s
 * is killed with probability `rtp / m` and then pays `s × m`; its expected payout is `s × rtp`,
 * whatever the fish, so a shot returns `stake × rtp` exactly, whatever the player aims at and
 * however many fish the shot reaches. A bonus fish draws its multiplier X from a weighted table
 * when killed; its kill probability is `rtp / E[X]`, so again `s × E[X] × rtp / E[X] = s × rtp`.
 * Every probability is a ratio of integers drawn exactly (`random(10000 × m) < rtpBp`), so the
 * return is the stated RTP by construction, not by tuning.
 *
 * Fish paths come from the wave's committed seeds: `generateWave(roundRandom(seed, clientSeed, wave))`.
 * The kill draws of a wave's shot n read `roundRandom(seed, `${clientSeed}:${n}`, wave)`.
 */

/** The sea's coordinates: every path and aim point is in this box (the page scales it). */
export const SEA_WIDTH = 1600;
export const SEA_HEIGHT = 900;
export const BASIS_POINTS = 10_000;

export type FishKindCode =
  | 'MINNOW'
  | 'CLOWNFISH'
  | 'PUFFER'
  | 'ANGELFISH'
  | 'LANTERN'
  | 'TURTLE'
  | 'RAY'
  | 'SWORDFISH'
  | 'SHARK'
  | 'GOLDEN_CRAB'
  | 'LUCKY_TOAD'
  | 'KRAKEN'
  | 'DRAGON_KING';

export type FishKind = {
  code: FishKindCode;
  tier: 'small' | 'medium' | 'large' | 'bonus' | 'boss';
  /** The fixed pay multiplier; for a bonus fish, undefined (see `bonus`). */
  multiplier?: number;
  /** A bonus fish's multipliers and their integer weights. */
  bonus?: readonly { multiplier: number; weight: number }[];
  /** Hit radius in sea units. */
  radius: number;
  /** How long it takes to cross the sea, in ms (shortest, longest). */
  crossMs: readonly [number, number];
  /** Its weight among a wave's ordinary arrivals (bosses come on their own schedule). */
  spawnWeight: number;
};

export const FISH_KINDS: readonly FishKind[] = [
  { code: 'MINNOW', tier: 'small', multiplier: 2, radius: 22, crossMs: [9_000, 14_000], spawnWeight: 30 },
  { code: 'CLOWNFISH', tier: 'small', multiplier: 3, radius: 26, crossMs: [10_000, 15_000], spawnWeight: 24 },
  { code: 'PUFFER', tier: 'small', multiplier: 5, radius: 30, crossMs: [11_000, 16_000], spawnWeight: 18 },
  { code: 'ANGELFISH', tier: 'medium', multiplier: 8, radius: 34, crossMs: [12_000, 17_000], spawnWeight: 12 },
  { code: 'LANTERN', tier: 'medium', multiplier: 12, radius: 38, crossMs: [13_000, 18_000], spawnWeight: 8 },
  { code: 'TURTLE', tier: 'medium', multiplier: 15, radius: 44, crossMs: [16_000, 22_000], spawnWeight: 6 },
  { code: 'RAY', tier: 'large', multiplier: 20, radius: 52, crossMs: [15_000, 20_000], spawnWeight: 4 },
  { code: 'SWORDFISH', tier: 'large', multiplier: 30, radius: 50, crossMs: [10_000, 14_000], spawnWeight: 3 },
  { code: 'SHARK', tier: 'large', multiplier: 50, radius: 70, crossMs: [18_000, 24_000], spawnWeight: 2 },
  {
    code: 'GOLDEN_CRAB',
    tier: 'bonus',
    bonus: [
      { multiplier: 20, weight: 40 },
      { multiplier: 30, weight: 30 },
      { multiplier: 50, weight: 18 },
      { multiplier: 80, weight: 9 },
      { multiplier: 150, weight: 3 },
    ],
    radius: 46,
    crossMs: [16_000, 20_000],
    spawnWeight: 2,
  },
  {
    code: 'LUCKY_TOAD',
    tier: 'bonus',
    bonus: [
      { multiplier: 10, weight: 50 },
      { multiplier: 25, weight: 30 },
      { multiplier: 60, weight: 15 },
      { multiplier: 120, weight: 5 },
    ],
    radius: 44,
    crossMs: [16_000, 22_000],
    spawnWeight: 2,
  },
  { code: 'KRAKEN', tier: 'boss', multiplier: 120, radius: 110, crossMs: [30_000, 36_000], spawnWeight: 0 },
  { code: 'DRAGON_KING', tier: 'boss', multiplier: 300, radius: 120, crossMs: [32_000, 40_000], spawnWeight: 0 },
];

export const FISH_KIND_BY_CODE: ReadonlyMap<string, FishKind> = new Map(FISH_KINDS.map((k) => [k.code, k]));

export type WeaponCode = 'CANNON' | 'NET' | 'LIGHTNING';
export type Weapon = {
  code: WeaponCode;
  /** A shot costs `level × cost`; it has `cost` target slots of one `level` each. */
  cost: number;
  /** At most this many fish are hit (the aimed one and the nearest others within `reach`). */
  targets: number;
  /** How far from the first fish hit the others may be, in sea units. */
  reach: number;
  /** The stated return in basis points (9600 = 96%). */
  rtpBp: number;
};

export const WEAPONS: readonly Weapon[] = [
  { code: 'CANNON', cost: 1, targets: 1, reach: 0, rtpBp: 9_600 },
  { code: 'NET', cost: 3, targets: 3, reach: 220, rtpBp: 9_650 },
  { code: 'LIGHTNING', cost: 5, targets: 5, reach: 320, rtpBp: 9_700 },
];
export const WEAPON_BY_CODE: ReadonlyMap<string, Weapon> = new Map(WEAPONS.map((w) => [w.code, w]));

/** The mean of a bonus fish's multiplier, as an exact fraction `sum / weights`. */
export function bonusMean(kind: FishKind): { sum: number; weights: number } {
  const table = kind.bonus ?? [];
  return {
    sum: table.reduce((s, b) => s + b.multiplier * b.weight, 0),
    weights: table.reduce((s, b) => s + b.weight, 0),
  };
}

/**
 * The kill chance of one hit as an exact fraction `numerator / denominator`: `rtp / m` for a fixed
 * multiplier, `rtp / E[X]` for a bonus fish. A hit is a kill when `random(denominator) < numerator`.
 */
export function killChance(kind: FishKind, weapon: Weapon): { numerator: number; denominator: number } {
  if (kind.multiplier !== undefined) return { numerator: weapon.rtpBp, denominator: BASIS_POINTS * kind.multiplier };
  const { sum, weights } = bonusMean(kind);
  return { numerator: weapon.rtpBp * weights, denominator: BASIS_POINTS * sum };
}

// ---- waves: the fish and their paths ---------------------------------------------------------

export type Point = { x: number; y: number };
export type WaveFish = {
  id: number;
  kind: FishKindCode;
  /** When it enters, in ms after the wave's start. */
  spawnAt: number;
  /** How long it swims across, in ms. */
  duration: number;
  /** A cubic Bézier from p0 (off one edge) through p1, p2 to p3 (off another edge). */
  path: readonly [Point, Point, Point, Point];
};

export const WAVE_MS = 90_000;
/** An ordinary fish enters every ARRIVAL_MS on average (two at a time now and then: a school). */
const ARRIVAL_MS = 520;
/** Bosses enter at these times of every wave (one each, a kind drawn among the bosses). */
const BOSS_AT_MS = [20_000, 55_000] as const;
/** The sea starts full: this many fish are already on their way at the wave's start. */
const OPENING_FISH = 24;

function between(random: RandomSource, low: number, high: number): number {
  return low + random(high - low + 1);
}

function edgePoint(random: RandomSource, edge: number): Point {
  const margin = 140;
  switch (edge) {
    case 0:
      return { x: -margin, y: between(random, 60, SEA_HEIGHT - 60) };
    case 1:
      return { x: SEA_WIDTH + margin, y: between(random, 60, SEA_HEIGHT - 60) };
    case 2:
      return { x: between(random, 100, SEA_WIDTH - 100), y: -margin };
    default:
      return { x: between(random, 100, SEA_WIDTH - 100), y: SEA_HEIGHT + margin };
  }
}

function pathOf(random: RandomSource): readonly [Point, Point, Point, Point] {
  // Mostly side to side (edges 0 and 1), sometimes from the top or bottom to a side.
  const from = random(10) < 8 ? random(2) : 2 + random(2);
  const to = from === 0 ? 1 : from === 1 ? 0 : random(2);
  const p0 = edgePoint(random, from);
  const p3 = edgePoint(random, to);
  const p1 = { x: between(random, 200, SEA_WIDTH - 200), y: between(random, 120, SEA_HEIGHT - 120) };
  const p2 = { x: between(random, 200, SEA_WIDTH - 200), y: between(random, 120, SEA_HEIGHT - 120) };
  return [p0, p1, p2, p3];
}

function pickKind(random: RandomSource, kinds: readonly FishKind[]): FishKind {
  const total = kinds.reduce((s, k) => s + k.spawnWeight, 0);
  let r = random(total);
  for (const k of kinds) {
    if (r < k.spawnWeight) return k;
    r -= k.spawnWeight;
  }
  return kinds[kinds.length - 1] as FishKind;
}

/** A wave's fish, in order of arrival, all drawn from the wave's random source. */
export function generateWave(random: RandomSource, waveMs = WAVE_MS): WaveFish[] {
  const ordinary = FISH_KINDS.filter((k) => k.spawnWeight > 0);
  const bosses = FISH_KINDS.filter((k) => k.tier === 'boss');
  const fish: WaveFish[] = [];
  const add = (kind: FishKind, spawnAt: number, startedAlready: boolean) => {
    const duration = between(random, kind.crossMs[0], kind.crossMs[1]);
    // A fish of the opening sea is already part of the way across: it "entered" before the start.
    const entered = startedAlready ? spawnAt - random(Math.floor(duration * 0.7)) : spawnAt;
    fish.push({ id: fish.length + 1, kind: kind.code, spawnAt: entered, duration, path: pathOf(random) });
  };
  for (let i = 0; i < OPENING_FISH; i++) add(pickKind(random, ordinary), 0, true);
  let at = 0;
  let boss = 0;
  while (at < waveMs - 4_000) {
    at += between(random, ARRIVAL_MS / 2, (ARRIVAL_MS * 3) / 2);
    const nextBoss = BOSS_AT_MS[boss];
    if (nextBoss !== undefined && at >= nextBoss && nextBoss < waveMs) {
      add(bosses[random(bosses.length)] as FishKind, nextBoss, false);
      boss += 1;
    }
    const kind = pickKind(random, ordinary);
    add(kind, at, false);
    if (kind.tier === 'small' && random(4) === 0) add(kind, at + 250, false);
  }
  return fish;
}

/** Where a fish is `t` ms after the wave's start, or null when it is not in the sea then. */
export function fishPosition(fish: WaveFish, t: number): Point | null {
  const u = (t - fish.spawnAt) / fish.duration;
  if (u < 0 || u > 1) return null;
  const v = 1 - u;
  const [p0, p1, p2, p3] = fish.path;
  return {
    x: v * v * v * p0.x + 3 * v * v * u * p1.x + 3 * v * u * u * p2.x + u * u * u * p3.x,
    y: v * v * v * p0.y + 3 * v * v * u * p1.y + 3 * v * u * u * p2.y + u * u * u * p3.y,
  };
}

const isInSea = (p: Point, radius: number) => p.x > -radius && p.x < SEA_WIDTH + radius && p.y > -radius && p.y < SEA_HEIGHT + radius;

/**
 * The fish a shot hits at time t: the aimed fish if it is alive and in the sea, else the alive
 * fish nearest the aim point; a multi-target weapon adds the alive fish nearest the first one
 * within its reach, up to its number of targets. Empty when the sea is empty.
 */
export function hitsFor(input: {
  fish: readonly WaveFish[];
  isDead: (id: number) => boolean;
  t: number;
  weapon: Weapon;
  target: number | undefined;
  aim: Point;
}): WaveFish[] {
  const swimming: { fish: WaveFish; at: Point }[] = [];
  for (const fish of input.fish) {
    if (input.isDead(fish.id)) continue;
    const at = fishPosition(fish, input.t);
    const kind = FISH_KIND_BY_CODE.get(fish.kind) as FishKind;
    if (at && isInSea(at, kind.radius * 0.5)) swimming.push({ fish, at });
  }
  if (swimming.length === 0) return [];
  const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const first =
    swimming.find((s) => s.fish.id === input.target) ??
    swimming.reduce((best, s) => (distance(s.at, input.aim) < distance(best.at, input.aim) ? s : best));
  const hits = [first.fish];
  if (input.weapon.targets > 1) {
    const others = swimming
      .filter((s) => s !== first && distance(s.at, first.at) <= input.weapon.reach)
      .sort((a, b) => distance(a.at, first.at) - distance(b.at, first.at) || a.fish.id - b.fish.id);
    for (const s of others.slice(0, input.weapon.targets - 1)) hits.push(s.fish);
  }
  return hits;
}

// ---- a shot ------------------------------------------------------------------------------------

export type ShotHit = {
  fishId: number;
  kind: FishKindCode;
  /** The part of the stake riding on this fish (minor units). */
  share: number;
  killed: boolean;
  /** The multiplier paid (a bonus fish's drawn one), 0 when not killed. */
  multiplier: number;
  win: number;
};
export type ShotResult = { weapon: WeaponCode; level: number; stake: number; hits: ShotHit[]; win: number };

/** The shares of a shot's stake over its n hits: `level` each, the unfilled slots on the first. */
export function sharesOf(weapon: Weapon, level: number, hits: number): number[] {
  if (hits < 1 || hits > weapon.targets) throw new RangeError(`a ${weapon.code} hits 1 to ${weapon.targets} fish`);
  return Array.from({ length: hits }, (_, i) => (i === 0 ? level * (weapon.cost - hits + 1) : level));
}

/**
 * Decides a shot: each hit in order draws its kill (`random(denominator) < numerator`), and a
 * killed bonus fish then draws its multiplier from its weights.
 */
export function resolveShot(input: {
  weapon: Weapon;
  level: number;
  hits: readonly { fishId: number; kind: string }[];
  random: RandomSource;
}): ShotResult {
  const { weapon, level, random } = input;
  if (!Number.isSafeInteger(level) || level < 1) throw new RangeError('a cannon level is a positive whole number of minor units');
  const shares = sharesOf(weapon, level, input.hits.length);
  const hits = input.hits.map((hit, i): ShotHit => {
    const kind = FISH_KIND_BY_CODE.get(hit.kind);
    if (!kind) throw new RangeError(`no fish kind ${hit.kind}`);
    const share = shares[i] as number;
    const chance = killChance(kind, weapon);
    const killed = random(chance.denominator) < chance.numerator;
    let multiplier = 0;
    if (killed) multiplier = kind.multiplier ?? drawBonus(kind, random);
    return { fishId: hit.fishId, kind: kind.code, share, killed, multiplier, win: share * multiplier };
  });
  return { weapon: weapon.code, level, stake: level * weapon.cost, hits, win: hits.reduce((s, h) => s + h.win, 0) };
}

function drawBonus(kind: FishKind, random: RandomSource): number {
  const { weights } = bonusMean(kind);
  let r = random(weights);
  for (const b of kind.bonus ?? []) {
    if (r < b.weight) return b.multiplier;
    r -= b.weight;
  }
  throw new Error('unreachable: the weights add up');
}

/** The client seed of a room's wave, and the one a wave's shot n draws its kills from. */
export const waveClientSeed = (gameCode: string, roomId: string, wave: number) => `${gameCode}:${roomId}:${wave}`;
export const shotClientSeed = (waveSeed: string, shotNo: number) => `${waveSeed}:${shotNo}`;
