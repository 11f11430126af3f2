/**
 * Payouts in minor units from an exact ratio: floor(stake x numerator / denominator), computed in
 * BigInt so no product loses precision. The floor only rounds in the house's favour, by less than
 * one minor unit. Table games use `payoutOf` (thousandths) from table-games.ts; the minigames, whose
 * multipliers come from exact probabilities, use this.
 */
export function payoutOfRatio(stakeMinor: number, numerator: bigint, denominator: bigint): number {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < 0) throw new RangeError(`bad stake ${stakeMinor}`);
  if (denominator <= 0n || numerator < 0n) throw new RangeError('bad multiplier');
  return Number((BigInt(stakeMinor) * numerator) / denominator);
}

/** The house minigames' return to player, the same for every choice a player can make: 97%. */
export const MINIGAME_RTP_PERCENT = 97n;

/** n choose k as a BigInt. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
