import { ODDS_SCALE, type OddsMilli } from './model.ts';

/**
 * Cockfight (sabong) maths: Meron, Wala or Draw.
 *
 * Pari-mutuel mode. The Meron and Wala bets form two pools, M and W. The commission c (basis
 * points) is taken on the winning side: the winners share the whole pool less the commission,
 * (M + W)·(1 − c), in proportion to their stakes. The price shown per 100 staked on a side S is
 *
 *   per100(S) = (M + W)·(1 − c) / S × 100, truncated to hundredths,
 *
 * and a winning bet returns stake × per100 / 100, rounded down to the minor unit. When betting
 * closes, the fight is cancelled (every stake refunded) if either side's per100 is 107.00 or less,
 * or a side has no stake at all. Draw bets are not pooled: a draw pays 8 to 1 (the stake back and
 * 8 times it) and refunds every Meron and Wala bet; draw bets lose when a side wins.
 *
 * Fixed-odds mode. The operator sets decimal prices for Meron and Wala; a winning bet returns
 * stake × price rounded down; a draw pays 8 to 1 and refunds Meron and Wala as above. There is no
 * cancellation threshold. A cancelled fight refunds every bet in both modes.
 */
export type FightSide = 'meron' | 'wala' | 'draw';
export type FightResult = 'meron' | 'wala' | 'draw' | 'cancelled';

export const DRAW_PAYS_TO_ONE = 8;
/** A fight is cancelled when a side would return this or less per 100 (in hundredths: 107.00). */
export const CANCEL_AT_OR_BELOW_PER100 = 10_700;
const BASIS_POINTS = 10_000;

export type Pools = { meron: number; wala: number };

export function poolsOf(bets: ReadonlyArray<{ side: FightSide; stake: number }>): Pools {
  const pools = { meron: 0, wala: 0 };
  for (const b of bets) if (b.side !== 'draw') pools[b.side] += b.stake;
  return pools;
}

/** The return per 100 staked on each side, in hundredths (19000 is 190.00); null for a side with no stake. */
export function pariMutuelPer100(pools: Pools, commissionBp: number): { meron: number | null; wala: number | null } {
  if (!Number.isInteger(commissionBp) || commissionBp < 0 || commissionBp >= BASIS_POINTS)
    throw new RangeError(`bad commission ${commissionBp}`);
  const net = BigInt(pools.meron + pools.wala) * BigInt(BASIS_POINTS - commissionBp);
  // (M + W)(1 − c)/S × 100 in hundredths = (M + W)(10000 − c)/S exactly.
  const per100 = (side: number): number | null => (side > 0 ? Number(net / BigInt(side)) : null);
  return { meron: per100(pools.meron), wala: per100(pools.wala) };
}

/** Whether betting's close cancels the fight: a side that would return 107 or less per 100, or has no stake. */
export function pariMutuelCancelled(pools: Pools, commissionBp: number): boolean {
  const p = pariMutuelPer100(pools, commissionBp);
  return p.meron === null || p.wala === null || p.meron <= CANCEL_AT_OR_BELOW_PER100 || p.wala <= CANCEL_AT_OR_BELOW_PER100;
}

export type FightBet = { id: string; side: FightSide; stake: number };
export type FightMode = { mode: 'pari-mutuel'; commissionBp: number } | { mode: 'fixed'; meron: OddsMilli; wala: OddsMilli };

const drawReturn = (stake: number): number => stake * (DRAW_PAYS_TO_ONE + 1);

/**
 * Every bet's return for a fight's result. In pari-mutuel mode a fight whose pools fail the 107
 * rule is settled as cancelled whatever result is given.
 */
export function settleFight(mode: FightMode, bets: readonly FightBet[], result: FightResult): Map<string, number> {
  for (const b of bets) if (!Number.isSafeInteger(b.stake) || b.stake <= 0) throw new RangeError(`bad stake on ${b.id}`);
  const out = new Map<string, number>();
  let effective = result;
  let per100: { meron: number | null; wala: number | null } = { meron: null, wala: null };
  if (mode.mode === 'pari-mutuel') {
    const pools = poolsOf(bets);
    if (pariMutuelCancelled(pools, mode.commissionBp)) effective = 'cancelled';
    else per100 = pariMutuelPer100(pools, mode.commissionBp);
  }
  for (const b of bets) {
    let r: number;
    if (effective === 'cancelled') r = b.stake;
    else if (effective === 'draw') r = b.side === 'draw' ? drawReturn(b.stake) : b.stake;
    else if (b.side !== effective) r = 0;
    else if (mode.mode === 'fixed') r = Number((BigInt(b.stake) * BigInt(mode[effective])) / BigInt(ODDS_SCALE));
    else r = Number((BigInt(b.stake) * BigInt(per100[effective] ?? 0)) / 10_000n);
    out.set(b.id, r);
  }
  return out;
}
